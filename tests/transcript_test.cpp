// The transcript of the engine exchange (oracle/protocol/transcript.hpp;
// `check --log`, `scenarios --engine --log`, docs/cli.md "Transcripts"): the
// engine client writes every request and answer line in order, whatever
// bytes the engine sends (tests/fakes/fake_engine.cpp) each entry is one
// line of valid UTF-8, the file is cut at its limit with one last line, a
// target that is not a regular file is refused, and the notes of `check`
// and `scenarios` lead to the exchange of each finding. The interrupted run
// is in tests/interrupt_test.cpp (InterruptedCheckLog).
#include "oracle/protocol/transcript.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "oracle/core/files.hpp"
#include "oracle/protocol/engine_client.hpp"
#include "tests/subprocess_support.hpp"
#include "tests/temp_folder.hpp"

namespace bao {
namespace {

namespace fs = std::filesystem;
using protocol::EngineClient;
using protocol::EngineOptions;
using protocol::Transcript;

std::string slurp(const fs::path& p) {
  return read_file(p.string()).value();
}

// One entry: TIME ENGINE PID KIND [N] TEXT.
struct Entry {
  double time = 0;
  std::string engine;  // "e1", or "-"
  std::string pid;     // or "-"
  char kind = ' ';     // > < * #
  std::string number;  // of > and < entries
  std::string text;
};

std::optional<Entry> parse_entry(const std::string& line) {
  static const std::regex form(R"(^(\d+\.\d{3}) (e\d+ \d+|- -) ([<>*#]) (.*)$)");
  std::smatch m;
  if (!std::regex_match(line, m, form)) return std::nullopt;
  Entry e;
  e.time = std::stod(m[1]);
  const std::string who = m[2];
  e.engine = who.substr(0, who.find(' '));
  e.pid = who.substr(who.find(' ') + 1);
  e.kind = m[3].str()[0];
  e.text = m[4];
  if (e.kind == '>' || e.kind == '<') {
    static const std::regex numbered(R"(^(\d+|-) (.*)$)");
    std::smatch n;
    // An empty answer line (`=` without payload is not empty; a blank one is).
    if (!std::regex_match(e.text, n, numbered)) {
      if (e.text.empty() || e.text.find(' ') != std::string::npos) return std::nullopt;
      e.number = e.text;
      e.text.clear();
    } else {
      e.number = n[1];
      e.text = n[2];
    }
  }
  return e;
}

// The entries of a transcript, each checked: complete (the file ends with a
// line end), in the format, valid UTF-8 with no control character and none
// of the characters some reader takes for a line end, times in order.
std::vector<Entry> entries_of(const std::string& text) {
  std::vector<Entry> out;
  EXPECT_TRUE(text.empty() || text.back() == '\n') << "the last entry is cut short";
  std::istringstream lines(text);
  double last = 0;
  for (std::string line; std::getline(lines, line);) {
    EXPECT_EQ(text_fault(line), std::nullopt) << line;
    for (const char* odd : {"\xE2\x80\xA8", "\xE2\x80\xA9", "\xC2\x85", "\r"})
      EXPECT_EQ(line.find(odd), std::string::npos) << line;
    const auto e = parse_entry(line);
    EXPECT_TRUE(e.has_value()) << "not an entry: " << line;
    if (!e) continue;
    EXPECT_GE(e->time, last) << line;
    last = e->time;
    out.push_back(*e);
  }
  return out;
}

std::shared_ptr<Transcript> open_log(const fs::path& p,
                                     std::uint64_t limit = Transcript::kDefaultLimit) {
  auto t = Transcript::open(p.string(), limit);
  EXPECT_TRUE(t) << t.error().message;
  return t ? *t : nullptr;
}

EngineOptions fake(std::vector<std::string> args, std::shared_ptr<Transcript> transcript) {
  EngineOptions o;
  o.argv = {BAO_FAKE_ENGINE};
  for (auto& a : args) o.argv.push_back(std::move(a));
  o.timeout = std::chrono::milliseconds(10000);
  o.kill_grace = std::chrono::milliseconds(100);
  o.transcript = std::move(transcript);
  return o;
}

// "> 4 moves", "< 4 = A6L ..." of the entries, in their order.
std::vector<std::string> exchange_of(const std::vector<Entry>& entries) {
  std::vector<std::string> out;
  for (const Entry& e : entries)
    if (e.kind == '>' || (e.kind == '<' && e.number != "-"))
      out.push_back(fmt::format("{} {} {}", e.kind, e.number, e.text));
  return out;
}

TEST(EngineClientTranscript, HoldsTheRequestsAndAnswersInOrder) {
  const bao::testing::TempFolder tmp;
  const fs::path& dir = tmp.path;
  pid_t pid = -1;
  {
    auto transcript = open_log(dir / "t.log");
    EngineClient client(fake({"good"}, transcript));
    ASSERT_TRUE(client.start());
    pid = client.pid();
    const std::vector<std::string> lines{"position start", "moves", "play A6L", "status"};
    auto answers = client.batch(lines);
    ASSERT_TRUE(answers) << protocol::describe(answers.fault());
    client.stop();
  }
  const std::vector<Entry> entries = entries_of(slurp(dir / "t.log"));
  ASSERT_FALSE(entries.empty());
  EXPECT_EQ(entries.front().kind, '*');
  EXPECT_EQ(entries.front().text, fmt::format("start: {} good", BAO_FAKE_ENGINE));
  for (const Entry& e : entries) {
    EXPECT_EQ(e.engine, "e1");
    EXPECT_EQ(e.pid, std::to_string(pid));
  }
  const std::vector<std::string> expected{
      "> 1 protocol",
      "< 1 = 1",
      "> 2 name",
      "> 3 rulesets",
      fmt::format("< 2 = bao-oracle {}", BAO_PROJECT_VERSION),
      "< 3 = ap-zanzibar ap-malawi-setup ap-bawo ap-kujifunza guide-v2 guide-r002 site-kiswahili "
      "site-bank site-maasai site-long-game ludii",
      "> 4 position start",
      "> 5 moves",
      "> 6 play A6L",
      "> 7 status",
      "< 4 =",
      "< 5 = A6L A6R A7L A7R",
      "< 6 = N 0,0,1,1,7,0,2,0/0,0,0,0,0,0,0,0 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 hand=21,22 "
      "house=A5,a5",
      "< 7 = ongoing"};
  EXPECT_EQ(exchange_of(entries), expected);
  // How it was stopped, and how it ended.
  EXPECT_EQ(entries.back().kind, '*');
  EXPECT_EQ(entries.back().text, "ended: exit status 0");
}

TEST(EngineClientTranscript, OddBytesFromAnEngineAreOneValidLineEach) {
  const bao::testing::TempFolder tmp;
  const fs::path& dir = tmp.path;
  {
    auto transcript = open_log(dir / "t.log");
    // A NUL, bytes that are not UTF-8, controls, a lone CR, U+2028 and NEL
    // in an answer; then a line that is no answer at all.
    EngineClient odd(fake({"odd-bytes", "4"}, transcript));
    ASSERT_TRUE(odd.start());
    auto moves = odd.request("moves");
    ASSERT_TRUE(moves) << protocol::describe(moves.fault());
    odd.stop();
    EngineClient garbage(fake({"garbage", "4"}, transcript));
    ASSERT_TRUE(garbage.start());
    EXPECT_FALSE(garbage.request("moves"));
    // And a name that is not UTF-8, with a control byte.
    EngineClient bad_name(fake({"bad-name"}, transcript));
    ASSERT_TRUE(bad_name.start());
  }
  const std::string text = slurp(dir / "t.log");
  const std::vector<Entry> entries = entries_of(text);
  EXPECT_EQ(static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')), entries.size());
  const auto answer = [&](const std::string& engine, const std::string& number) {
    for (const Entry& e : entries)
      if (e.engine == engine && e.kind == '<' && e.number == number) return e.text;
    return std::string("(none)");
  };
  EXPECT_EQ(answer("e1", "4"),
            "= nul\\x00here \\xFF\\xFE bad \\x01\\x1B[2J ctrl \\x0D mid \\u2028 ls \\u0085 nel");
  EXPECT_EQ(answer("e2", "8"), "garbage \\x01\\x02 here");
  EXPECT_EQ(answer("e3", "10"), "= fake \\xFF\\xFE engine \\x01 1.0");
  const bool fault_logged = std::any_of(entries.begin(), entries.end(), [](const Entry& e) {
    return e.engine == "e2" && e.kind == '*' && e.text.starts_with("fault malformed: ");
  });
  EXPECT_TRUE(fault_logged) << text;
}

TEST(EngineClientTranscript, TheLimitCutsItWithOneLastLineAndTheRunGoesOn) {
  const bao::testing::TempFolder tmp;
  const fs::path& dir = tmp.path;
  constexpr std::uint64_t kLimit = 2048;
  {
    auto transcript = open_log(dir / "t.log", kLimit);
    EngineClient client(fake({"good"}, transcript));
    ASSERT_TRUE(client.start());
    for (int i = 0; i < 100; ++i) {
      auto r = client.request("moves");
      ASSERT_TRUE(r) << protocol::describe(r.fault());
      EXPECT_EQ(r->text, "A6L A6R A7L A7R");
    }
  }
  const std::string text = slurp(dir / "t.log");
  EXPECT_LE(text.size(), kLimit);
  const std::vector<Entry> entries = entries_of(text);
  ASSERT_GT(entries.size(), 10u);
  EXPECT_EQ(entries.back().kind, '#');
  EXPECT_EQ(entries.back().text,
            "transcript cut: the next entry would take it past its limit of 2048 bytes "
            "(--log-limit); nothing more is written, the run went on");
  for (std::size_t i = 0; i + 1 < entries.size(); ++i)
    EXPECT_EQ(entries[i].text.find("transcript cut"), std::string::npos);
}

TEST(CheckCliLog, ATargetThatIsNotARegularFileIsRefusedWithOneLine) {
  const bao::testing::TempFolder tmp;
  const fs::path& dir = tmp.path;
  fs::create_directories(dir / "folder");
  ASSERT_EQ(::mkfifo((dir / "fifo").c_str(), 0644), 0);
  fs::create_symlink("/dev/null", dir / "null-link");
  struct Case {
    std::string name, kind;
  };
  for (const Case& c :
       {Case{"fifo", "a FIFO"}, Case{"null-link", "a symbolic link"}, Case{"folder", "a folder"}}) {
    const fs::path target = dir / c.name;
    const auto before = fs::symlink_status(target).type();
    for (const std::vector<std::string>& command :
         {std::vector<std::string>{"check", "--engine", "/no/such/engine", "--ruleset",
                                   "ap-zanzibar", "--games", "1", "--log", target.string()},
          std::vector<std::string>{"scenarios", BAO_SOURCE_DIR "/scenarios/abstract_play",
                                   "--engine", fmt::format("{} good", BAO_FAKE_ENGINE), "--log",
                                   target.string()}}) {
      const RunResult r = run_oracle(command);
      EXPECT_EQ(r.status, 2) << command[0] << " " << c.name << "\n" << r.out << r.err;
      EXPECT_EQ(r.out, "");
      EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
      EXPECT_NE(r.err.find("bao-oracle: --log: cannot write " + target.string()), std::string::npos)
          << r.err;
      EXPECT_NE(r.err.find(c.kind), std::string::npos) << r.err;
      EXPECT_EQ(fs::symlink_status(target).type(), before) << c.name;
    }
  }
  EXPECT_EQ(fs::read_symlink(dir / "null-link"), "/dev/null");
  // The other mistakes of the options: one line, exit 2.
  for (const std::vector<std::string>& command :
       {std::vector<std::string>{"check", "--engine", "x", "--ruleset", "ap-zanzibar", "--log",
                                 (dir / "t.log").string(), "--log-limit", "10"},
        std::vector<std::string>{"check", "--engine", "x", "--ruleset", "ap-zanzibar",
                                 "--log-limit", "100000"},
        std::vector<std::string>{"scenarios", BAO_SOURCE_DIR "/scenarios/abstract_play", "--log",
                                 (dir / "t.log").string()}}) {
    const RunResult r = run_oracle(command);
    EXPECT_EQ(r.status, 2) << r.out << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
}

// The notes (KIND #) of a transcript's entries.
std::vector<std::string> notes_of(const std::vector<Entry>& entries) {
  std::vector<std::string> out;
  for (const Entry& e : entries)
    if (e.kind == '#') out.push_back(e.text);
  return out;
}

// The game of the note `finding (1): deviation SWITCH at CLAUSE: first
// shown in game G[ in FILE]`, and FILE.
std::optional<std::pair<std::string, std::string>> deviation_game(
    const std::vector<std::string>& notes, const std::string& switch_id) {
  const std::regex form("finding \\(1\\): deviation " + switch_id +
                        " at [a-z.-]+: first shown in game (\\d+)(?: in (.*))?");
  for (const std::string& n : notes) {
    std::smatch m;
    if (std::regex_match(n, m, form)) return std::pair{m[1].str(), m[2].str()};
  }
  return std::nullopt;
}

// Requests are numbered 1, 2, ... in the order sent, and each answer
// follows its request.
void expect_numbered_in_order(const std::vector<Entry>& entries) {
  std::uint64_t sent = 0;
  std::uint64_t answered = 0;
  for (const Entry& e : entries) {
    if (e.kind == '>') {
      EXPECT_EQ(std::stoull(e.number), ++sent) << e.text;
    }
    if (e.kind == '<' && e.number != "-") {
      const std::uint64_t n = std::stoull(e.number);
      EXPECT_LE(n, sent) << e.text;
      EXPECT_GT(n, answered) << e.text;
      answered = n;
    }
  }
  EXPECT_GT(sent, 0u);
}

const std::string kMutantEngine =
    fmt::format("{} engine --mutant capture-needs-three", BAO_ORACLE_BIN);

// The notes of a run's transcript that ended with exit status 1, its
// entries checked to be numbered in order and its first and last notes to
// open and close it.
std::vector<std::string> run_notes(const fs::path& log) {
  const std::vector<Entry> entries = entries_of(slurp(log));
  expect_numbered_in_order(entries);
  std::vector<std::string> notes = notes_of(entries);
  if (notes.empty()) return notes;
  EXPECT_TRUE(notes.front().starts_with("transcript of ")) << notes.front();
  EXPECT_EQ(notes.back(), "end: exit status 1");
  return notes;
}

TEST(CheckCliLog, MarksEachGameAndWhereEachFindingWasShown) {
  const bao::testing::TempFolder tmp;
  const fs::path& dir = tmp.path;
  const fs::path run_log = dir / "run.log";
  const RunResult r = run_oracle({"check", "--engine", kMutantEngine, "--ruleset", "ap-zanzibar",
                                  "--games", "20", "--no-corpus", "--log", run_log.string()},
                                 300);
  ASSERT_EQ(r.status, 1) << r.out << r.err;
  const std::vector<std::string> notes = run_notes(run_log);
  ASSERT_FALSE(notes.empty());
  EXPECT_NE(std::find(notes.begin(), notes.end(), "game 0"), notes.end());
  const auto found = deviation_game(notes, "capture-needs-three");
  ASSERT_TRUE(found) << r.out;
  EXPECT_EQ(found->second, "");  // one process: this file
  EXPECT_NE(std::find(notes.begin(), notes.end(), "game " + found->first), notes.end());

  // The reproduction with --log: the exchange of that one game.
  const fs::path again = dir / "again.log";
  const RunResult one = run_oracle({"check", "--engine", kMutantEngine, "--ruleset", "ap-zanzibar",
                                    "--no-corpus", "--game", found->first, "--log", again.string()},
                                   300);
  ASSERT_EQ(one.status, 1) << one.out << one.err;
  const std::vector<Entry> replayed = entries_of(slurp(again));
  expect_numbered_in_order(replayed);
  const std::vector<std::string> replay_notes = notes_of(replayed);
  std::vector<std::string> games;
  for (const std::string& n : replay_notes)
    if (n.starts_with("game ")) games.push_back(n);
  EXPECT_EQ(games, std::vector<std::string>{"game " + found->first});
  const auto shown = deviation_game(replay_notes, "capture-needs-three");
  ASSERT_TRUE(shown) << one.out;
  EXPECT_EQ(shown->first, found->first);
}

TEST(CheckCliLog, WithJobsEachWorkerWritesItsOwnPart) {
  const bao::testing::TempFolder tmp;
  const fs::path& dir = tmp.path;
  const fs::path run_log = dir / "run.log";
  const RunResult r =
      run_oracle({"check", "--engine", kMutantEngine, "--ruleset", "ap-zanzibar", "--games", "20",
                  "--no-corpus", "--jobs", "2", "--log", run_log.string()},
                 300);
  ASSERT_EQ(r.status, 1) << r.out << r.err;
  const std::vector<std::string> notes = notes_of(entries_of(slurp(run_log)));
  for (int j = 0; j < 2; ++j) {
    const std::string part = fmt::format("{}.worker{}", run_log.string(), j);
    EXPECT_NE(std::find(notes.begin(), notes.end(),
                        fmt::format("worker {}: games g with g % 2 == {}, in {}", j, j, part)),
              notes.end())
        << fmt::format("{}", fmt::join(notes, "\n"));
    ASSERT_TRUE(fs::exists(part));
    const std::vector<Entry> entries = entries_of(slurp(part));
    expect_numbered_in_order(entries);
    const std::vector<std::string> own = notes_of(entries);
    EXPECT_NE(std::find(own.begin(), own.end(), fmt::format("game {}", j)), own.end());
    EXPECT_TRUE(own.back().starts_with("end: exit status ")) << own.back();
  }
  const auto found = deviation_game(notes, "capture-needs-three");
  ASSERT_TRUE(found) << fmt::format("{}", fmt::join(notes, "\n"));
  ASSERT_NE(found->second, "");
  const std::vector<std::string> own = notes_of(entries_of(slurp(found->second)));
  EXPECT_NE(std::find(own.begin(), own.end(), "game " + found->first), own.end());
  EXPECT_EQ(notes.back(), "end: exit status 1");
}

TEST(ScenarioLog, MarksEachCaseAndEachFailure) {
  const bao::testing::TempFolder tmp;
  const fs::path& dir = tmp.path;
  const fs::path run_log = dir / "run.log";
  const RunResult r =
      run_oracle({"scenarios", BAO_SOURCE_DIR "/scenarios/abstract_play", "--ruleset",
                  "ap-zanzibar", "--engine", kMutantEngine, "--log", run_log.string()},
                 300);
  ASSERT_EQ(r.status, 1) << r.out << r.err;
  const std::vector<std::string> notes = run_notes(run_log);
  ASSERT_FALSE(notes.empty());
  const auto count = [&](const std::regex& form) {
    return std::count_if(notes.begin(), notes.end(),
                         [&](const std::string& n) { return std::regex_match(n, form); });
  };
  EXPECT_GT(count(std::regex(R"(case .*abstract_play/.*\.yaml:\d+ \S+ under ap-zanzibar)")), 0);
  EXPECT_GT(count(std::regex(R"(case .*\.yaml:\d+ \S+ under ap-zanzibar failed: .+)")), 0);
  // Each failing case the output names has its note.
  const std::regex failing(R"(\n(\S+\.yaml):(\d+)-\d+ (\S+))");
  for (auto it = std::sregex_iterator(r.out.begin(), r.out.end(), failing);
       it != std::sregex_iterator(); ++it) {
    const std::string prefix =
        fmt::format("case {}:{} {} under", (*it)[1].str(), (*it)[2].str(), (*it)[3].str());
    EXPECT_TRUE(std::any_of(notes.begin(), notes.end(), [&](const std::string& n) {
      return n.starts_with(prefix) && n.find(" failed: ") != std::string::npos;
    })) << prefix;
  }
}

}  // namespace
}  // namespace bao
