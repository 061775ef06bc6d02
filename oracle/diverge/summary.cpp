// What `diverge` and `report merge` print of a divergence report: the
// summary line per pair and the line that says where the report went.
#include <fmt/format.h>

#include <filesystem>
#include <ostream>

#include "oracle/diverge/diverge.hpp"

namespace bao::diverge {

void print_summary(const Report& report, std::ostream& out) {
  for (const PairReport& p : report.pairs) {
    std::string top = p.groups.empty()
                          ? "no disagreement"
                          : fmt::format("top: {} vs {} ({} positions)", p.groups[0].a.label,
                                        p.groups[0].b.label, p.groups[0].positions);
    out << fmt::format("  {} vs {}: {} compared, {} groups; {}\n", p.a->id, p.b->id, p.compared,
                       p.groups.size(), top);
  }
  out << std::flush;
}

std::string written_line(const Report& report, const std::string& dir, int witnesses) {
  std::error_code ec;
  const std::filesystem::path where = std::filesystem::absolute(dir, ec).lexically_normal();
  return fmt::format(
      "divergence report written to {}: report.html (open it: the index of {} pair page{} in "
      "pairs/ and the adjudication cards), report.md, report.json, {} witnesses in witnesses/\n",
      ec ? dir : where.string(), report.pairs.size(), report.pairs.size() == 1 ? "" : "s",
      witnesses);
}

}  // namespace bao::diverge
