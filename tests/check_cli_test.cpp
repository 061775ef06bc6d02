// `bao-oracle check` and `report merge` as a user runs them, against real
// engine processes: the oracle's own engine, its mutants, and the hostile
// fake engine (tests/fakes/fake_engine.cpp).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "oracle/core/mutation.hpp"
#include "oracle/core/ruleset.hpp"
#include "oracle/engine/engine.hpp"
#include "oracle/notation/bpn.hpp"
#include "oracle/protocol/engine_client.hpp"
#include "oracle/rules/switches.hpp"
#include "oracle/scenario/scenario.hpp"
#include "tests/readers.hpp"
#include "tests/subprocess_support.hpp"

namespace bao {
namespace {

namespace fs = std::filesystem;

std::string oracle_engine(const std::string& extra = "") {
  return fmt::format("{} engine{}", BAO_ORACLE_BIN, extra.empty() ? "" : " " + extra);
}

std::string fake(const std::string& mode) {
  return fmt::format("{} {}", BAO_FAKE_ENGINE, mode);
}

fs::path fresh_dir(const std::string& name) {
  const fs::path d =
      fs::temp_directory_path() / fmt::format("bao-check-test-{}-{}", name, ::getpid());
  fs::remove_all(d);
  return d;
}

std::string slurp(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

nlohmann::json read_json(const fs::path& p) {
  return nlohmann::json::parse(slurp(p));
}

// Markdown with its fenced blocks and inline code spans taken out (CommonMark:
// a span ends at the next run of exactly as many backticks as opened it).
std::string outside_code(const std::string& md) {
  std::string out;
  bool fenced = false;
  std::istringstream lines(md);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("```", 0) == 0 && line.find_first_not_of('`') == std::string::npos) {
      fenced = !fenced;
      continue;
    }
    if (fenced) continue;
    for (std::size_t i = 0; i < line.size();) {
      if (line[i] == '\\') {  // an escaped character is text
        out += line.substr(i, 2);
        i += 2;
        continue;
      }
      if (line[i] != '`') {
        out += line[i++];
        continue;
      }
      const std::size_t open = line.find_first_not_of('`', i) == std::string::npos
                                   ? line.size() - i
                                   : line.find_first_not_of('`', i) - i;
      const std::string fence(open, '`');
      std::size_t j = i + open, close = std::string::npos;
      while ((j = line.find(fence, j)) != std::string::npos) {
        const std::size_t after = j + open;
        if ((after >= line.size() || line[after] != '`') && line[j - 1] != '`') {
          close = j;
          break;
        }
        j = line.find_first_not_of('`', j);
        if (j == std::string::npos) break;
      }
      if (close == std::string::npos) {  // no closing fence: the backticks are text
        out += fence;
        i += open;
        continue;
      }
      i = close + open;
    }
    out += '\n';
  }
  return out;
}

// Every file of a check report read back by a strict parser of its format.
void expect_report_files_valid(const fs::path& dir) {
  EXPECT_EQ(test::json_error(slurp(dir / "report.json")), "");
  EXPECT_EQ(test::xml_error(slurp(dir / "junit.xml")), "");
  EXPECT_EQ(test::xml_characters_error(slurp(dir / "report.md")), "");
  if (fs::exists(dir / "witnesses")) {
    for (const auto& e : fs::directory_iterator(dir / "witnesses"))
      EXPECT_EQ(test::yaml_error(slurp(e.path())), "") << e.path();
  }
}

// The deviations and findings of a JSON report without their timings and
// what the process that found them had spent (both depend on the split).
std::string findings_of(const nlohmann::json& report) {
  nlohmann::json f = report.at("unexplained");
  for (auto& x : f) x.erase("seconds");
  nlohmann::json d = report.at("deviations");
  for (auto& x : d) {
    x.at("witness").erase("seconds");
    x.erase("found_after_requests");
  }
  return f.dump() + d.dump() + report.at("notation").dump();
}

TEST(CheckCli, TheOraclesOwnEngineAgrees) {
  const RunResult r =
      run_oracle({"check", "--engine", oracle_engine(), "--ruleset", "guide-v2", "--games", "10"});
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("no findings"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("10 games"), std::string::npos) << r.out;
  EXPECT_EQ(r.err, "");  // quiet when not on a terminal
}

TEST(CheckCli, AMutantIsFoundAndTheReportIsWritten) {
  const fs::path dir = fresh_dir("mutant");
  const RunResult r =
      run_oracle({"check", "--engine", oracle_engine("--mutant capture-needs-three"), "--ruleset",
                  "ap-zanzibar", "--games", "10", "--report", dir.string()});
  ASSERT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("reproduce: bao-oracle check --engine"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("ap.capture.condition"), std::string::npos) << r.out;
  for (const char* f : {"report.md", "report.json", "junit.xml"})
    EXPECT_TRUE(fs::exists(dir / f)) << f;
  expect_report_files_valid(dir);
  const nlohmann::json report = read_json(dir / "report.json");
  // The diagnosis: one deviation, the broken clause, by the mutant's switch.
  ASSERT_EQ(report.at("deviations").size(), 1u) << report.dump(2);
  EXPECT_EQ(report.at("deviations")[0].at("clause"), "ap.capture.condition");
  EXPECT_EQ(report.at("deviations")[0].at("switch"), "capture-needs-three");
  EXPECT_TRUE(report.at("unexplained").empty());
  // Every witness loads as a scenario: the oracle passes it, the mutant fails it.
  int witnesses = 0;
  for (const auto& e : fs::directory_iterator(dir / "witnesses")) {
    ++witnesses;
    auto loaded = scenario::load_file(e.path().string());
    ASSERT_TRUE(loaded.errors.empty()) << scenario::to_string(loaded.errors[0]);
    scenario::OracleSubject oracle, mutant(find_mutant("capture-needs-three")->id);
    EXPECT_EQ(scenario::exit_code(scenario::run_scenarios(loaded.scenarios, oracle, {})), 0);
    EXPECT_EQ(scenario::exit_code(scenario::run_scenarios(loaded.scenarios, mutant, {})), 1);
  }
  EXPECT_EQ(witnesses, 1);
  // The witnesses replay against the engine through `scenarios --engine`.
  const RunResult replay = run_oracle({"scenarios", (dir / "witnesses").string(), "--engine",
                                       oracle_engine("--mutant capture-needs-three")});
  EXPECT_EQ(replay.status, 1) << replay.out << replay.err;
  // A later run into the same folder replaces the whole report: no witness
  // of this run stays beside the next one's report; a file of the user's
  // is kept, and a folder of the user's is refused before anything changes.
  { std::ofstream(dir / "notes.txt") << "mine\n"; }
  const RunResult pass = run_oracle({"check", "--engine", oracle_engine(), "--ruleset",
                                     "ap-zanzibar", "--games", "2", "--report", dir.string()});
  ASSERT_EQ(pass.status, 0) << pass.out << pass.err;
  EXPECT_FALSE(fs::exists(dir / "witnesses")) << "the old witnesses stay";
  EXPECT_TRUE(fs::exists(dir / "notes.txt"));
  EXPECT_TRUE(read_json(dir / "report.json").at("deviations").empty());
  fs::create_directories(dir / "mine");
  const RunResult refused =
      run_oracle({"check", "--engine", oracle_engine("--mutant capture-needs-three"), "--ruleset",
                  "ap-zanzibar", "--games", "10", "--report", dir.string()});
  EXPECT_EQ(refused.status, 2) << refused.out << refused.err;
  EXPECT_NE(refused.err.find("--report: "), std::string::npos) << refused.err;
  EXPECT_TRUE(read_json(dir / "report.json").at("deviations").empty());
  fs::remove_all(dir);
}

// `check` of the entry-end-flipped mutant, seed 9, 12 games, with `extra`
// options, its JSON report written to dir/json.
RunResult check_entry_end_flipped(const fs::path& dir, std::vector<std::string> extra,
                                  const std::string& json) {
  const std::string engine = oracle_engine("--mutant entry-end-flipped");
  std::vector<std::string> args{
      "check", "--engine", engine, "--ruleset",  "ap-zanzibar",        "--games",
      "12",    "--seed",   "9",    "--json-out", (dir / json).string()};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_oracle(args);
}

TEST(CheckCli, JobsAndShardsGiveTheSameFindingsAsOneProcess) {
  const fs::path dir = fresh_dir("jobs");
  auto run = [&](std::vector<std::string> extra, const std::string& json) {
    return check_entry_end_flipped(dir, std::move(extra), json);
  };
  EXPECT_EQ(run({}, "one.json").status, 1);
  EXPECT_EQ(run({"--jobs", "2"}, "two.json").status, 1);
  EXPECT_EQ(run({"--shard", "0/2"}, "s0.json").status, 1);
  EXPECT_EQ(run({"--shard", "1/2"}, "s1.json").status, 1);
  const RunResult merged =
      run_oracle({"report", "merge", (dir / "s0.json").string(), (dir / "s1.json").string(),
                  "--report", (dir / "merged").string()});
  EXPECT_EQ(merged.status, 1) << merged.err;
  const auto one = read_json(dir / "one.json");
  EXPECT_EQ(findings_of(read_json(dir / "two.json")), findings_of(one));
  EXPECT_EQ(findings_of(read_json(dir / "merged" / "report.json")), findings_of(one));
  EXPECT_EQ(read_json(dir / "merged" / "report.json").at("stats").at("games"), 12);
  // Reports of another ruleset or seed do not merge.
  EXPECT_EQ(run_oracle({"report", "merge", (dir / "one.json").string(), "/no/such.json"}).status,
            2);
  fs::remove_all(dir);
}

// The stats of a report that do not depend on how the games were split:
// everything but the time taken and the work each process does for its
// own findings (shrinking, settling, minimising).
nlohmann::json split_free_stats(const nlohmann::json& report) {
  nlohmann::json s = report.at("stats");
  for (const char* key : {"seconds", "followup_requests", "settled_deviations", "settled_findings"})
    s.erase(key);
  return s;
}

// `check --shard I/3` three times and `report merge`, and `check --jobs 3`,
// count what one process counts: the same games, positions, moves and
// requests (a position met in an earlier game of the same process used to
// be counted once for the process, so three processes counted more).
TEST(CheckCli, MergedShardsAndJobsHaveTheStatsOfOneRun) {
  const fs::path dir = fresh_dir("stats");
  auto run = [&](std::vector<std::string> extra, const std::string& json) {
    const RunResult r = check_entry_end_flipped(dir, std::move(extra), json);
    EXPECT_EQ(r.status, 1) << r.out << r.err;
    return read_json(dir / json);
  };
  const nlohmann::json one = run({}, "one.json");
  const nlohmann::json jobs = run({"--jobs", "3"}, "jobs.json");
  std::vector<std::string> merge{"report", "merge"};
  for (int i = 0; i < 3; ++i) {
    run({"--shard", fmt::format("{}/3", i)}, fmt::format("s{}.json", i));
    merge.push_back((dir / fmt::format("s{}.json", i)).string());
  }
  merge.insert(merge.end(), {"--report", (dir / "merged").string()});
  const RunResult merged_run = run_oracle(merge);
  ASSERT_EQ(merged_run.status, 1) << merged_run.out << merged_run.err;
  const nlohmann::json merged = read_json(dir / "merged" / "report.json");

  EXPECT_EQ(one.at("stats").at("games"), 12);
  EXPECT_GT(one.at("stats").at("positions").get<int>(), 12);
  EXPECT_EQ(split_free_stats(merged), split_free_stats(one));
  EXPECT_EQ(split_free_stats(jobs), split_free_stats(one));
  EXPECT_EQ(findings_of(merged), findings_of(one));
  EXPECT_EQ(findings_of(jobs), findings_of(one));
  // Each is the whole run.
  EXPECT_EQ(merged.at("shard"), "0/1");
  EXPECT_EQ(jobs.at("shard"), "0/1");
  fs::remove_all(dir);
}

// `report merge` joins the shards of one run, each once, all of them;
// anything else is refused with one line naming what is wrong, exit 2.
TEST(CheckCli, ReportMergeRefusesDuplicateMissingAndForeignShards) {
  const fs::path dir = fresh_dir("merge-refused");
  const std::string engine = oracle_engine("--mutant entry-end-flipped");
  auto shard = [&](const std::string& name, const std::string& which, const char* seed = "9",
                   const char* games = "6") {
    const RunResult r =
        run_oracle({"check", "--engine", engine, "--ruleset", "ap-zanzibar", "--games", games,
                    "--seed", seed, "--shard", which, "--json-out", (dir / name).string()});
    EXPECT_TRUE(r.status == 0 || r.status == 1) << r.out << r.err;
    return (dir / name).string();
  };
  const std::string s0 = shard("s0.json", "0/3");
  const std::string s1 = shard("s1.json", "1/3");
  const std::string s2 = shard("s2.json", "2/3");
  fs::copy_file(s1, dir / "copy-of-s1.json");
  const std::string copy = (dir / "copy-of-s1.json").string();
  const std::string seed10 = shard("seed10.json", "2/3", "10");
  const std::string games7 = shard("games7.json", "2/3", "9", "7");
  const std::string plain = [&] {
    const std::string path = (dir / "plain.json").string();
    const RunResult r =
        run_oracle({"check", "--engine", oracle_engine(), "--ruleset", "ap-zanzibar", "--games",
                    "6", "--seed", "9", "--shard", "2/3", "--json-out", path});
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    return path;
  }();
  const std::string half = shard("half.json", "0/2");
  const std::string spelled_twice = (dir / "." / "s0.json").string();

  const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
      {{s0, s1, s2, s0}, s0 + " is given twice (as REPORT 1 and 4)"},
      {{s0, spelled_twice, s1, s2}, spelled_twice + " is given twice (as REPORT 1 and 2)"},
      {{s0, s1, copy, s2}, s1 + " and " + copy + " are both shard 1/3"},
      {{s0, s1}, "missing shard 2/3 (given: 0/3, 1/3)"},
      {{s1, s2}, "missing shard 0/3 (given: 1/3, 2/3)"},
      {{s0, s1, seed10},
       s0 + " and " + seed10 +
           " are not shards of one run: they differ in seed "
           "(9 and 10)"},
      {{s0, s1, games7}, "they differ in games_requested (6 and 7)"},
      {{s0, s1, plain}, "they differ in command"},
      {{s0, s1, s2, half},
       s0 + " (shard 0/3) and " + half + " (shard 0/2) both hold games 0, 6, 12, ..."},
  };
  for (const auto& [inputs, message] : cases) {
    std::vector<std::string> args{"report", "merge"};
    args.insert(args.end(), inputs.begin(), inputs.end());
    const RunResult r = run_oracle(args);
    EXPECT_EQ(r.status, 2) << message << "\n" << r.out << r.err;
    EXPECT_EQ(r.out, "") << message;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.err.rfind("bao-oracle: report merge: ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(message), std::string::npos) << "want: " << message << "\ngot:  " << r.err;
  }
  // The three, in any order, merge.
  const RunResult ok = run_oracle({"report", "merge", s2, s0, s1});
  EXPECT_TRUE(ok.status == 0 || ok.status == 1) << ok.err;
  EXPECT_NE(ok.out.find(": 6 games,"), std::string::npos) << ok.out;
  fs::remove_all(dir);
}

TEST(CheckCli, HostileEnginesBecomeProtocolFaultFindings) {
  struct Case {
    std::string mode;
    std::string fault;
  };
  for (const Case& c : std::vector<Case>{{"crash 60", "crash"},
                                         {"hang 60", "timeout"},
                                         {"garbage 60", "malformed"},
                                         {"huge-line 60", "malformed"},
                                         {"extra 60", "extra-output"},
                                         {"version", "wrong-version"},
                                         {"exit-at-start", "crash"}}) {
    const fs::path dir = fresh_dir("hostile");
    // A generous timeout (a loaded machine must not turn slow answers into
    // findings), but a short one where the engine hangs on purpose.
    const std::string timeout = c.fault == "timeout" ? "500" : "3000";
    const RunResult r =
        run_oracle({"check", "--engine", fake(c.mode), "--ruleset", "ap-zanzibar", "--games", "2",
                    "--timeout-ms", timeout, "--json-out", (dir / "r.json").string()},
                   120);
    // An engine that fails the handshake could not be checked at all: a
    // start-up failure (exit 2, one line on stderr, nothing on stdout),
    // with its report written; one that fails later is a finding (exit 1).
    const bool at_start = c.mode == "version" || c.mode == "exit-at-start";
    ASSERT_EQ(r.status, at_start ? 2 : 1) << c.mode << "\n" << r.out << r.err;
    if (at_start) {
      EXPECT_EQ(r.out, "") << c.mode;
      EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
      EXPECT_NE(r.err.find("bao-oracle: --engine: the engine could not be checked: " + c.fault),
                std::string::npos)
          << r.err;
    }
    const auto report = read_json(dir / "r.json");
    ASSERT_FALSE(report.at("unexplained").empty()) << c.mode;
    bool found = false;
    for (const auto& f : report.at("unexplained")) {
      EXPECT_EQ(f.at("kind"), "protocol-fault") << c.mode;
      const auto kind = f.at("engine").at("fault").at("kind");
      // An extra line in the middle of a batch shifts the answers after it:
      // it is seen as extra when the answer it displaced has arrived too,
      // and as a malformed answer (a payload of the wrong shape) otherwise.
      found = found || kind == c.fault || (c.fault == "extra-output" && kind == "malformed");
    }
    EXPECT_TRUE(found) << c.mode << "\n" << report.at("unexplained").dump(2);
    fs::remove_all(dir);
  }
}

// With --jobs, each worker that meets an engine failing at the handshake
// reports the fault as the shard it stands for, so the workers' reports
// merge into one protocol-fault finding, and the run is a start-up
// failure as without --jobs: exit 2, one line on stderr.
TEST(CheckCli, AnEngineFailingAtStartUnderJobsIsOneFinding) {
  const fs::path dir = fresh_dir("start-fault-jobs");
  const RunResult r =
      run_oracle({"check", "--engine", fake("version"), "--ruleset", "ap-zanzibar", "--games", "4",
                  "--jobs", "2", "--json-out", (dir / "r.json").string()});
  ASSERT_EQ(r.status, 2) << r.out << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find("the engine could not be checked: wrong-version"), std::string::npos)
      << r.err;
  const auto report = read_json(dir / "r.json");
  ASSERT_EQ(report.at("unexplained").size(), 1u) << report.dump(2);
  EXPECT_EQ(report.at("unexplained")[0].at("engine").at("fault").at("kind"), "wrong-version");
  EXPECT_EQ(report.at("shard"), "0/1");
  fs::remove_all(dir);
}

// Quirky engines: `bao-oracle engine` behind a filter (tests/fakes/
// filter_engine.py) that writes positions otherwise in notation only, or
// serving a rule another source's way, with and without the filter. They
// give notation findings or the right deviations, never a cloud of groups.
TEST(CheckCli, QuirkyEnginesGiveNotationOrTheRightDeviations) {
  if (std::system("python3 --version > /dev/null 2>&1") != 0) GTEST_SKIP() << "no python3";
  const std::string filter = fmt::format("python3 {}/tests/fakes/filter_engine.py", BAO_SOURCE_DIR);
  struct Case {
    std::string engine;
    int status;
    std::vector<std::string> clauses;  // the deviations, in report order
    std::vector<std::string> notation;
  };
  const std::vector<Case> cases{
      {filter + " drop-result -- " + oracle_engine(), 0, {}, {}},
      {filter + " flip-side -- " + oracle_engine(), 0, {}, {"side-letter"}},
      {oracle_engine("--mutant front-empty=immediate"), 1, {"ap.win.end-of-turn-check"}, {}},
      {filter + " flip-side -- " +
           oracle_engine("--mutant capture-needs-three,front-empty=immediate"),
       1,
       {"ap.capture.condition", "ap.win.end-of-turn-check"},
       {"side-letter"}},
  };
  for (const Case& c : cases) {
    const fs::path json = fresh_dir("quirky") += ".json";
    const RunResult r = run_oracle({"check", "--engine", c.engine, "--ruleset", "ap-zanzibar",
                                    "--games", "60", "--json-out", json.string()},
                                   300);
    ASSERT_EQ(r.status, c.status) << c.engine << "\n" << r.out << r.err;
    const auto report = read_json(json);
    fs::remove(json);
    std::vector<std::string> clauses, notation;
    for (const auto& d : report.at("deviations")) clauses.push_back(d.at("clause"));
    for (const auto& n : report.at("notation")) notation.push_back(n.at("what"));
    EXPECT_EQ(clauses, c.clauses) << c.engine << "\n" << r.out;
    EXPECT_EQ(notation, c.notation) << c.engine << "\n" << r.out;
    EXPECT_TRUE(report.at("unexplained").empty()) << c.engine << "\n" << r.out;
  }
}

TEST(CheckCli, AnAcceptFileModelsKnownDeviationsAndBadOnesAreInputErrors) {
  const fs::path dir = fresh_dir("accept");
  fs::create_directories(dir);
  auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream(dir / name) << text;
    return (dir / name).string();
  };
  const std::string engine = oracle_engine("--mutant capture-needs-three,front-empty=immediate");
  const std::string both = write("both.yaml",
                                 "accept:\n"
                                 "  - switch: front-empty=immediate\n"
                                 "    reason: we follow the guide here\n"
                                 "  - clause: ap.capture.condition\n"
                                 "    reason: known, our issue 41\n");
  const fs::path json = dir / "r.json";
  const RunResult ok = run_oracle({"check", "--engine", engine, "--ruleset", "ap-zanzibar",
                                   "--games", "60", "--accept", both, "--json-out", json.string()});
  EXPECT_EQ(ok.status, 0) << ok.out << ok.err;
  const auto report = read_json(json);
  EXPECT_TRUE(report.at("deviations").empty()) << report.dump(2);
  ASSERT_EQ(report.at("accepted").size(), 1u);  // the clause one; the switch one is modelled
  EXPECT_EQ(report.at("accepted")[0].at("clause"), "ap.capture.condition");
  EXPECT_EQ(report.at("accept").size(), 2u);
  // Accepting one only: the other still fails the run.
  const std::string one =
      write("one.yaml", "accept:\n  - switch: front-empty=immediate\n    reason: known\n");
  EXPECT_EQ(run_oracle({"check", "--engine", engine, "--ruleset", "ap-zanzibar", "--games", "60",
                        "--accept", one})
                .status,
            1);
  // Bad files: one line naming the file, exit 2, before any engine starts.
  for (const std::string& bad :
       {write("noreason.yaml", "accept:\n  - switch: front-empty=immediate\n"),
        write("unknown.yaml", "accept:\n  - switch: no-such-switch\n    reason: x\n"),
        write("clause.yaml", "accept:\n  - clause: guide.win.immediate\n    reason: x\n"),
        write("key.yaml", "accept:\n  - switch: front-empty=immediate\n    why: x\n"),
        write("top.yaml", "skip: []\n"), write("broken.yaml", "accept: [\n"),
        (dir / "missing.yaml").string()}) {
    const RunResult r = run_oracle(
        {"check", "--engine", "/no/such/engine", "--ruleset", "ap-zanzibar", "--accept", bad});
    EXPECT_EQ(r.status, 2) << bad << "\n" << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find("--accept"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(fs::path(bad).filename().string()), std::string::npos) << r.err;
  }
  fs::remove_all(dir);
}

// An engine whose name is not UTF-8 (and holds a control byte) is checked
// like any other, and its report.json stays valid JSON: the bad bytes are
// written as U+FFFD.
TEST(CheckCli, AnEngineNameThatIsNotUtf8StillGivesAValidReport) {
  const fs::path dir = fresh_dir("bad-name");
  const RunResult r = run_oracle({"check", "--engine", fake("bad-name"), "--ruleset", "ap-zanzibar",
                                  "--games", "3", "--report", dir.string()});
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  expect_report_files_valid(dir);
  const auto report = read_json(dir / "report.json");  // throws on invalid UTF-8
  const std::string name = report.at("engine");
  EXPECT_NE(name.find("\xEF\xBF\xBD"), std::string::npos) << name;  // U+FFFD
  EXPECT_NE(name.find("engine"), std::string::npos) << name;
  fs::remove_all(dir);
}

// An engine whose name and answers hold HTML, Markdown, a terminal escape
// sequence, a bare carriage return and invalid UTF-8: none of it reaches a
// reader raw. The Markdown shows it as text (no tag a renderer would run),
// the terminal gets no escape byte, and every file parses.
TEST(CheckCli, HostileEngineTextIsShownAsTextInEveryOutput) {
  const fs::path dir = fresh_dir("hostile");
  const RunResult r = run_oracle({"check", "--engine", fake("hostile 12"), "--ruleset",
                                  "ap-zanzibar", "--games", "3", "--report", dir.string()});
  ASSERT_EQ(r.status, 1) << r.out << r.err;  // request 12's answer is wrong
  EXPECT_EQ(r.out.find('\x1b'), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find('\r'), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\\x1B[2J"), std::string::npos) << r.out;  // shown, not obeyed
  const std::string md = slurp(dir / "report.md");
  for (const char raw : {'\x1b', '\r', '\x07'})
    EXPECT_EQ(md.find(raw), std::string::npos) << int(raw) << "\n" << md;
  // Outside code (where Markdown shows text literally) no '<' is left for a
  // renderer to take as a tag.
  const std::string prose = outside_code(md);
  EXPECT_EQ(prose.find('<'), std::string::npos) << prose;
  EXPECT_NE(md.find("&lt;script&gt;"), std::string::npos) << md;
  // The engine's answer, backticks and all, sits in one code span.
  EXPECT_NE(md.find("- engine: ```` malformed"), std::string::npos) << md;
  EXPECT_NE(md.find("<img src=x onerror=alert(2)> ``` ]]>"), std::string::npos) << md;
  expect_report_files_valid(dir);
  const auto report = read_json(dir / "report.json");
  EXPECT_NE(report.at("engine").get<std::string>().find("<script>"), std::string::npos);
  fs::remove_all(dir);
}

TEST(CheckCli, AnEngineFloodingStderrIsCheckedNormally) {
  const RunResult r = run_oracle(
      {"check", "--engine", fake("stderr-flood"), "--ruleset", "ap-zanzibar", "--games", "2"}, 120);
  EXPECT_EQ(r.status, 0) << r.out << r.err;
}

TEST(CheckCli, BadInputIsExitStatusTwoWithOneLine) {
  const std::vector<std::vector<std::string>> cases{
      {"check", "--engine", "/no/such/engine", "--ruleset", "ap-zanzibar"},
      {"check", "--engine", oracle_engine(), "--ruleset", "no-such-rules"},
      {"check", "--engine", fake("refuse-ruleset"), "--ruleset", "guide-v2"},
      {"check", "--engine", "'unbalanced", "--ruleset", "ap-zanzibar"},
      {"check", "--engine", oracle_engine(), "--ruleset", "ap-zanzibar", "--shard", "2/2"},
      {"check", "--engine", oracle_engine(), "--ruleset", "ap-zanzibar", "--jobs", "0"},
      {"check", "--ruleset", "ap-zanzibar"},
      {"report", "merge", "/no/such/report.json"},
  };
  for (const auto& args : cases) {
    const RunResult r = run_oracle(args);
    EXPECT_EQ(r.status, 2) << args[2] << "\n" << r.out << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.err.rfind("bao-oracle: ", 0), 0u) << r.err;
  }
}

// Every clause mutant, served by `engine --mutant` as a separate process, is
// caught by `check` under a ruleset its clause governs. Prints the detection
// rate, the median time to detection and the witness sizes.
TEST(CheckCli, EveryMutantIsCaughtWithinSixtySeconds) {
  std::vector<double> times;
  std::vector<int> seeds, lines;
  int caught = 0, total = 0;
  std::string missed, misnamed;
  for (const MutantInfo& m : all_mutants()) {
    const Ruleset* target = nullptr;
    for (const Ruleset* r : all_rulesets())
      if (!target && mutant_applies(*r, m)) target = r;
    if (!target) continue;
    ++total;
    const fs::path json = fresh_dir("detect") += ".json";
    const RunResult r =
        run_oracle({"check", "--engine",
                    oracle_engine(fmt::format("--ruleset {} --mutant {}", target->id, m.name)),
                    "--ruleset", std::string(target->id), "--time", "60", "--stop-after", "1",
                    "--corpus", BAO_SOURCE_DIR "/scenarios", "--json-out", json.string()},
                   120);
    if (r.status != 1) {
      missed += fmt::format(" {}({})", m.name, target->id);
      continue;
    }
    const auto report = read_json(json);
    fs::remove(json);
    ++caught;
    // A deviation naming the mutant's clause, not an engine that failed to
    // start nor an unexplained difference.
    const auto& devs = report.at("deviations");
    if (devs.size() != 1 || !report.at("unexplained").empty()) {
      missed += fmt::format(" {}({}: {} deviations, {} unexplained)", m.name, target->id,
                            devs.size(), report.at("unexplained").size());
      --caught;
      continue;
    }
    const auto& f = devs[0].at("witness");
    // Named by its own clause, or by a switch that answers alike wherever
    // this run saw it (the mutant is then among `also`).
    const auto want = find_switch(*target, m.name);
    const auto& also = devs[0].at("also");
    const bool among_also = std::find(also.begin(), also.end(), m.name) != also.end();
    if (!want || (devs[0].at("clause") != clause_name(want->clause) && !among_also)) {
      misnamed +=
          fmt::format(" {}({}: {})", m.name, target->id, devs[0].at("clause").get<std::string>());
    }
    times.push_back(f.at("seconds").get<double>());
    seeds.push_back(f.at("seeds").get<int>());
    lines.push_back(static_cast<int>(f.at("line").size()));
  }
  EXPECT_EQ(caught, total) << "not caught:" << missed;
  EXPECT_EQ(misnamed, "") << "named by another clause:" << misnamed;
  ASSERT_FALSE(times.empty());
  auto median = [](auto v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
  };
  std::cout << fmt::format(
      "mutant detection: {}/{} caught; median time to detection {:.2f} s (max {:.2f} s); "
      "witness size median {} seeds (max {}) after minimising, median line {} moves (max {})\n",
      caught, total, median(times), *std::max_element(times.begin(), times.end()), median(seeds),
      *std::max_element(seeds.begin(), seeds.end()), median(lines),
      *std::max_element(lines.begin(), lines.end()));
}

// Where an endless relay is cut cannot be worked by hand for a relay that
// neither stops nor repeats within the limit (65,536 pickups,
// site.interp.endless-relay): the example engine, which keeps every state
// of the move where the oracle uses Brent's watch, must cut this one
// (found by a search over random 64-seed boards) at the same place.
TEST(CheckCli, ThePythonExampleCutsALongRelayWhereTheOracleDoes) {
  if (std::system("python3 --version > /dev/null 2>&1") != 0) GTEST_SKIP() << "no python3";
  const std::string pos = "S 4,3,4,2,3,2,3,1/1,5,5,2,3,2,3,2 3,1,1,1,0,1,1,0/2,0,1,3,1,0,2,2";
  const Ruleset& maasai = *find_ruleset("site-maasai");
  const std::string want =
      to_bpn(play(maasai, parse_bpn(pos).value(), parse_move("B2L", Side::South).value()).value());
  protocol::EngineOptions o;
  o.argv = {"python3", std::string(BAO_SOURCE_DIR) + "/examples/python/maasai_engine.py"};
  o.timeout = std::chrono::milliseconds(60000);
  protocol::EngineClient python(o);
  ASSERT_TRUE(python.start());
  ASSERT_TRUE(python.select_ruleset("site-maasai"));
  const std::vector<std::string> lines{"position " + pos, "play B2L"};
  auto answers = python.batch(lines);
  ASSERT_TRUE(answers) << protocol::describe(answers.fault());
  EXPECT_EQ((*answers)[1].text, want);
  EXPECT_NE(want.find("result=draw:infinite"), std::string::npos) << want;
}

}  // namespace
}  // namespace bao

namespace bao {
namespace {

// The example engine in Python (examples/python/, standard library only)
// passes the checker under the ruleset it plays.
TEST(CheckCli, ThePythonExampleEngineAgrees) {
  if (std::system("python3 --version > /dev/null 2>&1") != 0) GTEST_SKIP() << "no python3";
  const RunResult r =
      run_oracle({"check", "--engine",
                  fmt::format("python3 {}/examples/python/maasai_engine.py", BAO_SOURCE_DIR),
                  "--ruleset", "site-maasai", "--games", "20"},
                 300);
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("no findings"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace bao
