// The corpus of a divergence report: random play under each ruleset, biased
// toward moves that show rare rules, and the positions of the scenario
// files (docs/divergence.md, "The corpus").
#include <fmt/format.h>

#include <algorithm>
#include <random>
#include <set>

#include "oracle/diverge/internal.hpp"
#include "oracle/notation/bpn.hpp"
#include "oracle/scenario/scenario.hpp"

namespace bao::diverge::detail {
namespace {

// Positions per slice of the scenario positions (a unit of work).
constexpr long kScenarioSlice = 32;

std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

std::uint64_t fnv1a(std::string_view s) {
  std::uint64_t h = 1469598103934665603ull;
  for (const char c : s) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ull;
  }
  return h;
}

// Each walk has its own generator, seeded from the report's seed, the
// ruleset's id and the walk's number, so a walk plays the same moves whichever
// worker runs it.
std::uint64_t walk_seed(std::uint64_t seed, std::string_view ruleset, long walk) {
  return splitmix64(seed ^ splitmix64(fnv1a(ruleset) + static_cast<std::uint64_t>(walk)));
}

// The step of one sowing from pit `from` to the adjacent pit `to` on the
// same circuit: +1 (R), -1 (L), or 0 when they are not adjacent.
int sowing_step(Pit from, Pit to) {
  const int d = (to - from + kPitsPerSide) % kPitsPerSide;
  return d == 1 ? 1 : d == kPitsPerSide - 1 ? -1 : 0;
}

}  // namespace

int rarity_weight(const Position& before, const Move& move, const std::vector<Event>& trace,
                  const Position& after) {
  bool turned = false;  // the sowing direction changed (a capture entered at the other end)
  bool question = false, block = false, house_lost = false, ended = false;
  int relays = 0;
  int dir = 0;
  const Event* prev = nullptr;
  for (const Event& e : trace) {
    switch (e.kind) {
      case EventKind::Sow:
        if (prev != nullptr && prev->side == e.side)
          if (const int s = sowing_step(prev->pit, e.pit); s != 0) {
            turned = turned || (dir != 0 && s != dir);
            dir = s;
          }
        prev = &e;
        break;
      case EventKind::Enter:
        prev = nullptr;  // the sowing goes on from a kichwa, not from the last pit
        break;
      case EventKind::Relay:
        ++relays;
        break;
      case EventKind::HouseQuestion:
      case EventKind::Safari:
        question = true;
        break;
      case EventKind::BlockSet:
      case EventKind::BlockCleared:
      case EventKind::BlockExempt:
        block = true;
        break;
      case EventKind::HouseLost:
        house_lost = true;
        break;
      case EventKind::End:
        ended = true;
        break;
      default:
        break;
    }
  }
  const int me = index_of(before.to_move);
  const bool reserves_out = before.hand[me] > 0 && after.hand[me] == 0;
  const bool game_over = ended || after.decided.kind != Decided::Kind::None ||
                         after.front_total(Side::South) == 0 || after.front_total(Side::North) == 0;
  int w = 1;
  if (turned) w += 4;
  if (question) w += 4;
  if (block) w += 4;
  if (relays >= 4) w += 2;
  if (relays >= 12) w += 4;
  if (reserves_out) w += 3;
  if (game_over) w += 6;
  if (move.two_seed) w += 3;
  if (house_lost) w += 2;
  return w;
}

std::vector<Unit> plan_units(const Options& options, std::size_t scenario_positions) {
  std::vector<Unit> units;
  const auto n = static_cast<long>(scenario_positions);
  for (long i = 0; i < n; i += kScenarioSlice)
    units.push_back({-1, i, std::min(kScenarioSlice, n - i)});
  const auto rulesets = static_cast<long>(options.rulesets.size());
  for (long r = 0; r < rulesets; ++r) {
    // An even share each; the first rulesets take the remainder.
    const long share = options.positions / rulesets + (r < options.positions % rulesets ? 1 : 0);
    for (long w = 0; w * kWalkLength < share; ++w)
      units.push_back(
          {static_cast<int>(r), w, std::min<long>(kWalkLength, share - w * kWalkLength)});
  }
  return units;
}

void run_walk(const Options& options, const Unit& unit, Comparer& comparer, Aggregate& agg) {
  const Ruleset& rules = *options.rulesets[static_cast<std::size_t>(unit.ruleset)];
  std::mt19937_64 rng(walk_seed(options.seed, rules.id, unit.index));
  const Position start = start_position(rules);
  Position pos = start;
  std::vector<Move> line;
  line.reserve(kMaxGamePlies);
  for (long k = 0; k < unit.count; ++k) {
    comparer.compare(Sample{pos, rules, unit.ruleset, {}, start, line}, agg);
    const Eval& e = comparer.eval(unit.ruleset);
    assert(e.invalid.empty());
    if (e.moves.empty() || line.size() >= static_cast<std::size_t>(kMaxGamePlies)) {
      pos = start;  // the game is over (or too long): the walk starts another
      line.clear();
      continue;
    }
    // A move is picked with probability proportional to its rarity weight,
    // by rng() % total: mt19937_64's output is fixed by the standard, a
    // distribution's algorithm is not.
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < e.moves.size(); ++i)
      total += static_cast<std::uint64_t>(e.weight[i]);
    std::uint64_t pick = rng() % total;
    std::size_t chosen = 0;
    while (pick >= static_cast<std::uint64_t>(e.weight[chosen])) {
      pick -= static_cast<std::uint64_t>(e.weight[chosen]);
      ++chosen;
    }
    line.push_back(e.moves[chosen]);
    pos = e.after[chosen];
  }
  agg.walked[std::string(rules.id)] += unit.count;
}

Expected<std::vector<ScenarioPosition>> scenario_positions(const std::vector<std::string>& paths,
                                                           long* files) {
  const scenario::LoadResult loaded = scenario::load_paths(paths);
  if (!loaded.errors.empty())
    return Error{fmt::format("--scenarios: {}", scenario::to_string(loaded.errors.front()))};
  *files = loaded.files;
  std::vector<ScenarioPosition> out;
  std::set<std::string> seen;
  for (const scenario::Scenario& sc : loaded.scenarios)
    for (const std::string& id : sc.rulesets) {
      const Ruleset* rules = find_ruleset(id);
      if (rules == nullptr) continue;  // a ruleset the oracle does not implement yet
      Position start;
      if (sc.position == "start") {
        start = start_position(*rules);
      } else {
        auto parsed = parse_bpn(sc.position);
        if (!parsed || !validate_for_ruleset(*rules, *parsed)) continue;
        start = *parsed;
      }
      Position pos = start;
      std::vector<Move> line;
      bool played = true;
      for (const scenario::MoveText& text : sc.moves) {
        auto move = parse_move(text.text, pos.to_move);
        auto after = move ? play(*rules, pos, *move) : Expected<Position>(move.error());
        if (!after) {
          played = false;
          break;
        }
        line.push_back(*move);
        pos = *after;
      }
      if (!played || !seen.insert(to_bpn(pos)).second) continue;
      out.push_back({pos, rules, sc.id, start, std::move(line)});
    }
  return out;
}

}  // namespace bao::diverge::detail
