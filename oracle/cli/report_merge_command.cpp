// `report merge`: shards of one check run (or of one `check --ruleset all`
// run) merged into one report, or divergence reports handed to diverge's
// merge (check_command.hpp).
#include <fmt/format.h>

#include <filesystem>
#include <ostream>

#include "oracle/checker/check.hpp"
#include "oracle/cli/check_command.hpp"
#include "oracle/cli/check_parts.hpp"
#include "oracle/cli/terminal.hpp"
#include "oracle/core/files.hpp"
#include "oracle/diverge/diverge.hpp"

namespace bao::cli {

using namespace detail;

int run_report_merge(const CheckCli& o, std::ostream& out, std::ostream& err) {
  namespace fs = std::filesystem;
  // The same file twice, however it is spelled (a/../a.json, a link).
  for (std::size_t a = 0; a < o.merge_inputs.size(); ++a)
    for (std::size_t b = a + 1; b < o.merge_inputs.size(); ++b) {
      std::error_code ec;
      if (o.merge_inputs[a] == o.merge_inputs[b] ||
          fs::equivalent(o.merge_inputs[a], o.merge_inputs[b], ec))
        return fail(err, fmt::format("report merge: {} is given twice (as REPORT {} and {})",
                                     o.merge_inputs[b], a + 1, b + 1));
    }
  // Divergence reports (`diverge --shard I/N`) merge into a report folder
  // of their own kind; a check report among them is not a shard of theirs.
  const std::string* divergence = nullptr;  // the first divergence report
  const std::string* other = nullptr;       // the first other file
  for (const std::string& path : o.merge_inputs) {
    auto text = read_file(path);
    if (!text) return fail(err, text.error().message);
    const std::string*& first = diverge::is_report_json(*text) ? divergence : other;
    if (first == nullptr) first = &path;
  }
  if (divergence != nullptr && other == nullptr)
    return diverge::run_merge_command(o.merge_inputs, o.report_dir, out, err);
  if (divergence != nullptr)
    return fail(err, fmt::format("report merge: {} and {} are not shards of one run: the first "
                                 "is a divergence report (diverge), the other is not",
                                 *divergence, *other));
  std::vector<check::CheckResult> parts;
  std::vector<check::AllResult> all_parts;
  check::MergeOptions how;
  for (const std::string& path : o.merge_inputs) {
    auto text = read_file(path);
    if (!text) return fail(err, text.error().message);
    // The reports of `check --ruleset all` merge with each other, ruleset
    // by ruleset; not with the report of one ruleset.
    const bool all = check::is_all_json(*text);
    if (&path != &o.merge_inputs.front() && all != !all_parts.empty())
      return fail(err, fmt::format("report merge: {} and {} are not shards of one run: one is a "
                                   "--ruleset all report, the other is not (its rulesets' "
                                   "reports are DIR/RULESET/report.json)",
                                   o.merge_inputs.front(), path));
    if (all) {
      auto part = check::all_from_json(*text, path);
      if (!part) return fail(err, part.error().message);
      all_parts.push_back(std::move(*part));
      how.names.push_back(path);
      continue;
    }
    auto part = check::from_json(*text, path);
    if (!part) return fail(err, part.error().message);
    parts.push_back(std::move(*part));
    how.names.push_back(path);
  }
  CheckCli none;
  none.report_dir = o.report_dir;
  none.command_line = o.command_line;
  if (!all_parts.empty()) {
    auto merged = check::merge_all(all_parts, how);
    if (!merged) return fail(err, fmt::format("report merge: {}", merged.error().message));
    return finish_all(std::move(*merged), none, out, err);
  }
  // Every shard of the run, each once: the merge is the whole run.
  auto merged = check::merge(parts, how);
  if (!merged) return fail(err, fmt::format("report merge: {}", merged.error().message));
  return finish(*merged, none, out, err);
}

}  // namespace bao::cli
