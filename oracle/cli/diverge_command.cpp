// `bao-oracle diverge` (docs/cli.md): options in, report files out, a short
// summary on stdout and the time taken on stderr. The comparison itself is
// the library's (oracle/diverge/).
#include "oracle/cli/diverge_command.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <mutex>
#include <optional>
#include <ostream>
#include <stop_token>
#include <thread>

#include "oracle/cli/terminal.hpp"
#include "oracle/core/data.hpp"
#include "oracle/core/files.hpp"
#include "oracle/core/text.hpp"
#include "oracle/rules/registry.hpp"

namespace bao::cli {
namespace {

using namespace bao::diverge;

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

// The progress of a run on `err`, one line rewritten in place every
// quarter second by a thread of its own: positions done of the total, the
// rate and the time left. The line is shown once the work is planned and
// again when it is done, then cleared, so that what follows on stdout or
// stderr starts on a clean line. Nothing else writes to `err` meanwhile
// (the run writes nothing).
class ProgressLine {
 public:
  ProgressLine(std::ostream& err, const Progress& progress)
      : err_(err), progress_(progress), thread_([this](std::stop_token stop) { loop(stop); }) {}
  ~ProgressLine() { finish(); }

  // Shows the last count (once the work was planned, however short it
  // was), then clears the line; idempotent.
  void finish() {
    if (!thread_.joinable()) return;
    thread_.request_stop();
    thread_.join();
    show();
    if (shown_ > 0) err_ << '\r' << std::string(shown_, ' ') << '\r' << std::flush;
  }

 private:
  using Clock = std::chrono::steady_clock;

  void loop(std::stop_token stop) {
    std::mutex m;
    std::unique_lock lock(m);
    while (!stop.stop_requested()) {
      show();
      // Until the work is planned, look often, so that the rate counts
      // from when it began.
      const auto pause = started_ ? std::chrono::milliseconds(250) : std::chrono::milliseconds(10);
      wake_.wait_for(lock, stop, pause, [] { return false; });
    }
  }

  void show() {
    const long total = progress_.total.load();
    if (total < 0) return;  // the scenario files are still loading
    const auto now = Clock::now();
    if (!started_) started_ = now;
    const long done = progress_.done.load();
    const double seconds = std::chrono::duration<double>(now - *started_).count();
    const double rate = seconds > 0 ? static_cast<double>(done) / seconds : 0.0;
    const std::string eta = done >= total ? "done"
                            : done > 0 && rate > 0
                                ? "ETA " + duration_text(static_cast<double>(total - done) / rate)
                                : "ETA --";
    std::string line = fmt::format("diverge: {}/{} positions ({}%), {:.0f} positions/s, {}", done,
                                   total, total > 0 ? done * 100 / total : 100, rate, eta);
    err_ << redraw(std::move(line), shown_) << std::flush;
  }

  std::ostream& err_;
  const Progress& progress_;
  std::condition_variable_any wake_;
  std::optional<Clock::time_point> started_;
  std::size_t shown_ = 0;  // the width of the line on screen
  std::jthread thread_;    // last: it starts once the rest is set
};

// "I/N" as --shard gives it into `o`, or what is wrong with it.
Expected<void> parse_shard_option(const std::string& text, Options& o) {
  if (text.empty()) return {};
  const std::optional<Shard> shard = parse_shard(text);
  if (!shard)
    return Error{fmt::format("--shard: expected I/N with 0 <= I < N <= {}, got '{}'", kMaxShards,
                             printable(text))};
  o.shard_index = shard->index;
  o.shard_count = shard->count;
  return {};
}

}  // namespace

int run_diverge_command(const diverge::CommandOptions& o, std::ostream& out, std::ostream& err) {
  auto rulesets = parse_rulesets(o.rulesets);
  if (!rulesets) return fail(err, rulesets.error().message);
  Options options;
  options.rulesets = std::move(*rulesets);
  options.positions = o.positions;
  options.seed = o.seed;
  if (auto ok = parse_shard_option(o.shard, options); !ok) return fail(err, ok.error().message);
  // An --out that is no folder is said before the run, not after it.
  if (auto ok = check_output_folder(o.out); !ok)
    return fail(err, fmt::format("--out: {}", ok.error().message));
  const unsigned hardware = std::max(1u, std::thread::hardware_concurrency());
  options.jobs = o.jobs.value_or(static_cast<int>(std::min<unsigned>(hardware, kMaxJobs)));
  if (o.scenarios.empty()) {
    // The default corpus folder (oracle/core/data.hpp), as `scenarios` finds it.
    auto found = default_scenario_folder();
    if (!found) return fail(err, found.error().message);
    if (!*found)
      return fail(err, fmt::format("--scenarios: no default scenario folder ({}); name one",
                                   scenario_search_text()));
    options.scenario_paths = {found->value().string()};
  } else {
    options.scenario_paths = o.scenarios;
    options.scenario_args = o.scenarios;
  }

  const auto started = std::chrono::steady_clock::now();
  Progress progress;
  std::optional<ProgressLine> line;
  if (o.progress) {
    options.progress = &progress;
    line.emplace(err, progress);
  }
  auto report = run(options);
  line.reset();  // cleared before anything else is written
  if (!report) return fail(err, report.error().message);
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - started;
  auto written = write_report(*report, o.out);
  if (!written) return fail(err, written.error().message);

  long comparisons = 0;
  for (const PairReport& p : report->pairs) comparisons += p.compared;
  if (!o.quiet) print_summary(*report, out);
  // Timing goes to stderr so that stdout stays the same from run to run.
  const double seconds = std::max(took.count(), 1e-9);
  err << fmt::format(
             "diverge: {} positions ({} pair comparisons) in {:.2f} s with {} jobs: {:.0f} "
             "positions/s\n",
             report->corpus, comparisons, seconds, options.jobs,
             static_cast<double>(report->corpus) / seconds)
      << std::flush;
  // Where the report went, last, as a path that works from anywhere.
  if (!o.quiet) out << written_line(*report, o.out, *written) << std::flush;
  return 0;
}

}  // namespace bao::cli
