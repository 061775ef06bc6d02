// Perft tables as tests, as Stockfish tests its move generator: for every
// ruleset, tests/perft/<ruleset>.txt holds the start position and a few
// mid-game positions with their perft counts, and Perft/Table recounts every
// one. The counts are regression values (measurements of the oracle, not
// worked out by hand); Perft.OpeningMovesFollowTheRuleTexts derives the one
// count the rule texts do give, the number of opening moves, independently
// of the engine. The file format is described at the top of every table.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "oracle/core/board.hpp"
#include "oracle/engine/engine.hpp"
#include "oracle/notation/bpn.hpp"
#include "oracle/rules/ruleset.hpp"
#include "oracle/scenario/scenario.hpp"

namespace bao {
namespace {

namespace fs = std::filesystem;

// Under the sanitizers (the fuzz and asan presets) perft runs several times
// slower: there the deepest count of each position is left out, and the
// test says how many it left out. Every other build checks every count.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
#else
constexpr bool kSanitized = false;
#endif

const fs::path kTables = fs::path(BAO_SOURCE_DIR) / "tests" / "perft";

fs::path table_path(std::string_view ruleset) {
  return kTables / (std::string(ruleset) + ".txt");
}

// One position of a table.
struct TablePosition {
  std::string name;
  int line = 0;                    // of its `position` line
  std::string from;                // "start", or a scenario id
  std::vector<std::string> moves;  // played from `from`
  std::string bpn;
  std::vector<std::uint64_t> counts;  // perft at depth 1, 2, ...
};

struct PerftTable {
  std::vector<TablePosition> positions;
  std::vector<std::string> errors;  // "file:line: message"
};

std::vector<std::string> words_of(const std::string& text) {
  std::vector<std::string> words;
  std::istringstream in(text);
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

// Reads a table. Lines are `#` comments, blank, or `key value...` with the
// keys position, from, bpn and counts, in that order for each position.
PerftTable read_table(const fs::path& file) {
  PerftTable t;
  std::ifstream in(file);
  if (!in) {
    t.errors.push_back(file.string() + ": missing (every ruleset needs its perft table)");
    return t;
  }
  const auto error = [&](int line, const std::string& message) {
    t.errors.push_back(file.string() + ":" + std::to_string(line) + ": " + message);
  };
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.empty() || line[0] == '#') continue;
    const std::size_t space = line.find(' ');
    const std::string key = line.substr(0, space);
    const std::string value = space == std::string::npos ? "" : line.substr(space + 1);
    if (key == "position") {
      TablePosition p;
      p.name = value;
      p.line = n;
      t.positions.push_back(p);
      if (value.empty()) error(n, "position needs a name");
      continue;
    }
    if (t.positions.empty()) {
      error(n, "'" + key + "' before the first position line");
      continue;
    }
    TablePosition& p = t.positions.back();
    if (key == "from") {
      auto words = words_of(value);
      if (words.size() >= 2 && words[0] == "scenario") {
        p.from = words[1];
        words.erase(words.begin(), words.begin() + 2);
      } else if (!words.empty() && words[0] == "start") {
        p.from = "start";
        words.erase(words.begin());
      } else {
        error(n, "from: expected 'start' or 'scenario ID', then optionally 'moves M...'");
        continue;
      }
      if (!words.empty()) {
        if (words[0] != "moves") {
          error(n, "from: expected 'moves' after the origin, got '" + words[0] + "'");
          continue;
        }
        p.moves.assign(words.begin() + 1, words.end());
      }
    } else if (key == "bpn") {
      p.bpn = value;
    } else if (key == "counts") {
      for (const std::string& w : words_of(value)) {
        std::uint64_t c = 0;
        std::istringstream ws(w);
        if (!(ws >> c) || !ws.eof()) {
          error(n, "counts: '" + w + "' is not a whole number");
          break;
        }
        p.counts.push_back(c);
      }
    } else {
      error(n, "unknown key '" + key + "'");
    }
  }
  for (const TablePosition& p : t.positions) {
    if (p.from.empty()) error(p.line, p.name + ": no 'from' line");
    if (p.bpn.empty()) error(p.line, p.name + ": no 'bpn' line");
    if (p.counts.empty()) error(p.line, p.name + ": no 'counts' line");
  }
  return t;
}

// The scenarios of scenarios/, by id (loaded once).
const std::map<std::string, scenario::Scenario>& scenarios_by_id() {
  static const std::map<std::string, scenario::Scenario> by_id = [] {
    std::map<std::string, scenario::Scenario> m;
    std::vector<scenario::InputError> errors;
    const auto files =
        scenario::collect_scenario_files({std::string(BAO_SOURCE_DIR) + "/scenarios"}, errors);
    for (scenario::Scenario& s : scenario::load_files(files).scenarios) m[s.id] = std::move(s);
    return m;
  }();
  return by_id;
}

// Plays `moves` from `pos`; the error names the move that failed.
Expected<Position> play_line(const Ruleset& rules, Position pos,
                             const std::vector<std::string>& moves) {
  for (std::size_t i = 0; i < moves.size(); ++i) {
    auto move = parse_move(moves[i], pos.to_move);
    if (!move)
      return Error{"move " + std::to_string(i + 1) + " '" + moves[i] +
                   "': " + move.error().message};
    auto after = play(rules, pos, *move);
    if (!after)
      return Error{"move " + std::to_string(i + 1) + " '" + moves[i] +
                   "': " + after.error().message};
    pos = *after;
  }
  return pos;
}

// The position a table entry says it comes from: the start or a scenario's
// position (after the scenario's own moves), then the entry's moves.
Expected<Position> derive(const Ruleset& rules, const TablePosition& p) {
  Position pos = start_position(rules);
  if (p.from != "start") {
    const auto& all = scenarios_by_id();
    const auto it = all.find(p.from);
    if (it == all.end()) return Error{"no scenario of scenarios/ has the id '" + p.from + "'"};
    const scenario::Scenario& s = it->second;
    if (s.position != "start") {
      auto parsed = parse_bpn(s.position);
      if (!parsed) return Error{"scenario " + s.id + ": " + parsed.error().message};
      pos = *parsed;
    }
    std::vector<std::string> moves;
    for (const auto& m : s.moves) moves.push_back(m.text);
    auto after = play_line(rules, pos, moves);
    if (!after) return Error{"scenario " + s.id + "'s moves: " + after.error().message};
    pos = *after;
  }
  return play_line(rules, pos, p.moves);
}

std::vector<std::string> ruleset_ids() {
  std::vector<std::string> ids;
  for (const Ruleset* r : all_rulesets()) ids.emplace_back(r->id);
  return ids;
}

// Every ruleset has a table (a missing one fails here and in its own
// Perft/Table case), the start first and at least three mid-game positions;
// no table names a ruleset that does not exist.
TEST(Perft, EveryRulesetHasATable) {
  ASSERT_TRUE(fs::is_directory(kTables)) << kTables << " is missing";
  for (const std::string& id : ruleset_ids()) {
    const PerftTable t = read_table(table_path(id));
    for (const std::string& e : t.errors) ADD_FAILURE() << e;
    ASSERT_GE(t.positions.size(), 4u) << id << ": the start and at least three mid-game positions";
    EXPECT_EQ(t.positions[0].name, "start") << id;
    EXPECT_EQ(t.positions[0].from, "start") << id;
    EXPECT_TRUE(t.positions[0].moves.empty()) << id;
    std::set<std::string> names;
    for (const TablePosition& p : t.positions)
      EXPECT_TRUE(names.insert(p.name).second) << id << ": position " << p.name << " twice";
  }
  const std::vector<std::string> ids = ruleset_ids();
  for (const auto& e : fs::directory_iterator(kTables)) {
    if (e.path().extension() != ".txt") continue;
    EXPECT_NE(std::find(ids.begin(), ids.end(), e.path().stem().string()), ids.end())
        << e.path() << " is the table of no ruleset";
  }
}

class Table : public ::testing::TestWithParam<std::string> {};

// Every position is the one its `from` line derives, and every count is
// what perft counts now.
TEST_P(Table, Counts) {
  const std::string& id = GetParam();
  const Ruleset* rules = find_ruleset(id);
  ASSERT_NE(rules, nullptr) << id;
  const fs::path file = table_path(id);
  const auto t = read_table(file);
  ASSERT_TRUE(t.errors.empty()) << t.errors.front();
  ASSERT_FALSE(t.positions.empty()) << file << " has no position";
  int counted = 0, left_out = 0;
  for (const TablePosition& p : t.positions) {
    const std::string where =
        file.string() + ":" + std::to_string(p.line) + ": " + id + ", position " + p.name;
    const auto pos = derive(*rules, p);
    if (!pos) {
      ADD_FAILURE() << where << ": cannot derive it: " << pos.error().message;
      continue;
    }
    if (to_bpn(*pos) != p.bpn) {
      ADD_FAILURE() << where << ": its 'from' line derives\n  " << to_bpn(*pos)
                    << "\nbut its 'bpn' line says\n  " << p.bpn;
      continue;
    }
    const std::size_t deepest = p.counts.size() - (kSanitized && p.counts.size() > 1 ? 1 : 0);
    left_out += static_cast<int>(p.counts.size() - deepest);
    for (std::size_t d = 1; d <= deepest; ++d) {
      const std::uint64_t got = perft(*rules, *pos, static_cast<int>(d));
      EXPECT_EQ(got, p.counts[d - 1])
          << where << ", depth " << d << ": expected " << p.counts[d - 1] << ", got " << got;
      ++counted;
    }
  }
  EXPECT_GT(counted, 0);
  if (left_out > 0)
    std::cout << id << ": " << counted << " counts checked, the deepest of each position ("
              << left_out << ") left out under the sanitizers\n";
}

// ---- Depth 1 from the start, as the rule texts give it ----------------------
//
// How each rule text says the first turn is played, applied to the start
// position of the ruleset's record (BPN: the setup clause's data) with board
// arithmetic only, none of the engine's move generation.
enum class Opening {
  // A reserve seed goes into an occupied front pit. At the start no front pit
  // faces an occupied enemy pit (checked), so nothing can capture, and the
  // non-capturing start may use any occupied front pit except the house
  // (Abstract Play, Kunamua: with a working nyumba, the other occupied front
  // pits, and none starts at a working nyumba, which the house at the start
  // is; Bawo: front pits other than
  // the kuu holding 2 or more; the guide, 03-05: pits of 2 or more, never the
  // owned house of 6; Ludii: never the working house; the site's Kiswahili:
  // any occupied front pit but the house). In the start every such pit holds
  // 2, so each reading gives the same pits, sown either way round. The
  // house-alone starts (two seeds, or the one placed seed) need the house
  // to be the only occupied front pit, which it is not.
  ReserveNoCapture,
  // Bao la Kujifunza (Abstract Play, Variants): no reserve, mtaji rules from
  // the first turn, every pit holding 2. A lift of 2 sown either way ends two
  // pits on, in a pit that held 2; it captures when that pit is a front pit,
  // since every enemy front pit holds seeds (checked). Capture is compulsory,
  // so the opening moves are exactly these.
  MtajiAllTwos,
  // The play site's single-lap games: a turn lifts any own pit holding
  // seeds and sows it in the one fixed direction; at the start all sixteen
  // hold 2 (Maasai, the Long Game), and Bank never lifts its house.
  SingleLapEveryPit,
  SingleLapEveryPitButTheHouse,
};

struct OpeningRule {
  std::string_view ruleset;
  Opening rule;
};
constexpr OpeningRule kOpenings[] = {
    {"ap-zanzibar", Opening::ReserveNoCapture},
    {"ap-malawi-setup", Opening::ReserveNoCapture},
    {"ap-bawo", Opening::ReserveNoCapture},
    {"ap-kujifunza", Opening::MtajiAllTwos},
    {"guide-v2", Opening::ReserveNoCapture},
    {"guide-r002", Opening::ReserveNoCapture},
    {"site-kiswahili", Opening::ReserveNoCapture},
    {"site-bank", Opening::SingleLapEveryPitButTheHouse},
    {"site-maasai", Opening::SingleLapEveryPit},
    {"site-long-game", Opening::SingleLapEveryPit},
    {"ludii", Opening::ReserveNoCapture},
};

// The number of opening moves `rule` gives in `pos` (South to move), or
// nullopt when the position is not the one the rule's reasoning assumes
// (`working_house`: the record's threshold, which the house must reach).
std::optional<std::uint64_t> opening_moves(Opening rule, const Position& pos, int working_house) {
  const Side me = pos.to_move;
  const Side them = opponent(me);
  std::uint64_t n = 0;
  switch (rule) {
    case Opening::ReserveNoCapture:
      if (pos.hand[index_of(me)] == 0) return std::nullopt;
      for (Pit p = 0; p < kRowLength; ++p) {
        if (pos.at(me, p) == 0) continue;
        if (pos.at(them, facing(p)) > 0) return std::nullopt;  // a capture: not this reasoning
        if (pos.has_house(me, p)) {
          if (pos.at(me, p) < working_house) return std::nullopt;  // the house must work
        } else {
          if (pos.at(me, p) < 2) return std::nullopt;  // every reading must agree
          n += 2;                                      // L and R
        }
      }
      return n;
    case Opening::MtajiAllTwos:
      if (pos.hand[index_of(me)] != 0) return std::nullopt;
      for (Pit p = 0; p < kPitsPerSide; ++p) {
        if (pos.at(me, p) != 2 || (is_front(p) && pos.at(them, facing(p)) == 0))
          return std::nullopt;
        for (int step : {-2, 2})
          if (is_front(static_cast<Pit>((p + kPitsPerSide + step) % kPitsPerSide))) ++n;
      }
      return n;
    case Opening::SingleLapEveryPit:
    case Opening::SingleLapEveryPitButTheHouse:
      for (Pit p = 0; p < kPitsPerSide; ++p) n += pos.at(me, p) > 0;
      return rule == Opening::SingleLapEveryPit ? n : n - 1;
  }
  return std::nullopt;
}

// The opening moves derived from the rule texts are the perft count at
// depth 1 from the start, in the oracle and in the table.
TEST(Perft, OpeningMovesFollowTheRuleTexts) {
  EXPECT_EQ(std::size(kOpenings), all_rulesets().size()) << "a ruleset has no opening rule";
  for (const Ruleset* r : all_rulesets()) {
    const auto* o = std::find_if(std::begin(kOpenings), std::end(kOpenings),
                                 [&](const OpeningRule& x) { return x.ruleset == r->id; });
    if (o == std::end(kOpenings)) {
      ADD_FAILURE() << r->id << " has no entry in kOpenings";
      continue;
    }
    const auto start = parse_bpn(r->start_bpn);
    ASSERT_TRUE(start) << r->id << ": " << start.error().message;
    ASSERT_EQ(start->to_move, Side::South) << r->id;
    const auto derived = opening_moves(o->rule, *start, r->working_house);
    ASSERT_TRUE(derived) << r->id << ": the start is not what its opening rule assumes";
    EXPECT_EQ(perft(*r, start_position(*r), 1), *derived) << r->id;
    const PerftTable t = read_table(table_path(r->id));
    ASSERT_FALSE(t.positions.empty() || t.positions[0].counts.empty())
        << table_path(r->id) << " has no start counts";
    EXPECT_EQ(t.positions[0].counts[0], *derived)
        << r->id << ": " << table_path(r->id) << " gives " << t.positions[0].counts[0]
        << " opening moves, the rule text " << *derived;
  }
}

INSTANTIATE_TEST_SUITE_P(Perft, Table, ::testing::ValuesIn(ruleset_ids()),
                         [](const auto& param_info) {
                           std::string name = param_info.param;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

}  // namespace
}  // namespace bao
