// `bao-oracle diverge` (docs/cli.md): options in, report files out, a short
// summary on stdout and the time taken on stderr.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <ostream>
#include <thread>

#include "oracle/core/text.hpp"
#include "oracle/diverge/diverge.hpp"

namespace bao::diverge {
namespace {

int fail(std::ostream& err, std::string_view message) {
  std::string line;
  for (const char c : message) line += (static_cast<unsigned char>(c) < 0x20 ? ' ' : c);
  err << "bao-oracle: " << line << '\n' << std::flush;
  return 2;
}

Expected<std::vector<const Ruleset*>> parse_rulesets(std::string_view list) {
  std::vector<const Ruleset*> out;
  std::size_t start = 0;
  while (start <= list.size()) {
    const std::size_t comma = std::min(list.find(',', start), list.size());
    const std::string_view id = list.substr(start, comma - start);
    const Ruleset* rules = find_ruleset(id);
    if (rules == nullptr) {
      std::string known;
      for (const Ruleset* r : all_rulesets()) append_item(known, ", ", r->id);
      return Error{fmt::format("--rulesets: unknown ruleset '{}' (known: {})", id, known)};
    }
    out.push_back(rules);
    start = comma + 1;
  }
  return out;
}

}  // namespace

int run_command(const CommandOptions& o, std::ostream& out, std::ostream& err) {
  auto rulesets = parse_rulesets(o.rulesets);
  if (!rulesets) return fail(err, rulesets.error().message);
  Options options;
  options.rulesets = std::move(*rulesets);
  options.positions = o.positions;
  options.seed = o.seed;
  const unsigned hardware = std::max(1u, std::thread::hardware_concurrency());
  options.jobs = o.jobs.value_or(static_cast<int>(std::min<unsigned>(hardware, kMaxJobs)));
  if (o.scenarios.empty()) {
    options.scenario_paths = {BAO_DEFAULT_SCENARIOS};
    if (!std::filesystem::is_directory(BAO_DEFAULT_SCENARIOS))
      return fail(err, fmt::format("--scenarios: the default folder {} is missing; name one",
                                   BAO_DEFAULT_SCENARIOS));
  } else {
    options.scenario_paths = o.scenarios;
    options.scenario_args = o.scenarios;
  }

  const auto started = std::chrono::steady_clock::now();
  auto report = run(options);
  if (!report) return fail(err, report.error().message);
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - started;
  auto written = write_report(*report, o.out);
  if (!written) return fail(err, written.error().message);

  long comparisons = 0;
  for (const PairReport& p : report->pairs) comparisons += p.compared;
  if (!o.quiet) {
    for (const PairReport& p : report->pairs) {
      std::string top = p.groups.empty()
                            ? "no disagreement"
                            : fmt::format("top: {} vs {} ({} positions)", p.groups[0].a.label,
                                          p.groups[0].b.label, p.groups[0].positions);
      out << fmt::format("  {} vs {}: {} compared, {} groups; {}\n", p.a->id, p.b->id, p.compared,
                         p.groups.size(), top);
    }
    out << std::flush;
  }
  // Timing goes to stderr so that stdout stays the same from run to run.
  const double seconds = std::max(took.count(), 1e-9);
  err << fmt::format(
             "diverge: {} positions ({} pair comparisons) in {:.2f} s with {} jobs: {:.0f} "
             "positions/s\n",
             report->corpus, comparisons, seconds, options.jobs,
             static_cast<double>(report->corpus) / seconds)
      << std::flush;
  // Where the report went, last, as a path that works from anywhere.
  if (!o.quiet) {
    std::error_code ec;
    const std::filesystem::path where = std::filesystem::absolute(o.out, ec).lexically_normal();
    out << fmt::format(
               "divergence report written to {}: report.md, report.html, report.json, "
               "{} witnesses in witnesses/\n",
               ec ? o.out : where.string(), *written)
        << std::flush;
  }
  return 0;
}

}  // namespace bao::diverge
