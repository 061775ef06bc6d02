// The search stage (Search::Coverage): what a compared position exercises
// (the clauses its moves' traces cite, the boundaries it sits on), and the
// plan of game starts that reaches every clause, boundary and switch of the
// ruleset early. docs/checker.md, "Search", says what each boundary is.
#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <random>
#include <set>

#include "oracle/checker/internal.hpp"
#include "oracle/checker/stages.hpp"
#include "oracle/engine/random_play.hpp"
#include "oracle/notation/bpn.hpp"

namespace bao::check::detail {
namespace {

bool has_houses(const Ruleset& rules) {
  return start_position(rules).house != 0;
}
bool starts_in_namua(const Ruleset& rules) {
  const Position s = start_position(rules);
  return s.hand[0] + s.hand[1] > 0;
}
bool bao_family(const Ruleset& rules) {
  return rules.family == TurnFamily::Bao;
}

std::string_view end_kind(Pit front) {
  return is_kichwa(front) ? "kichwa" : is_kimbi(front) ? "kimbi" : "middle";
}

// Occupied front pits of `s`.
int occupied_front(const Position& pos, Side s) {
  int n = 0;
  for (Pit p = 0; p < kRowLength; ++p) n += pos.at(s, p) > 0;
  return n;
}

int occupied(const Position& pos, Side s) {
  int n = 0;
  for (Pit p = 0; p < kPitsPerSide; ++p) n += pos.at(s, p) > 0;
  return n;
}

// The pit where `n` seeds sown from `from` in direction `d` around the
// mover's circuit end.
Pit sowing_end(Pit from, int n, Dir d) {
  Pit p = from;
  for (int i = 0; i < n; ++i) p = next_pit(p, d);
  return p;
}

// Whether the seeds of one of the mover's houses, sown either way, would
// end on a blocked pit of the mover (where a block's exception for a
// sowing from the house decides).
bool house_sowing_meets_block(const Position& pos) {
  const Side me = pos.to_move;
  if ((pos.block & side_mask(me)) == 0) return false;
  for (Pit h = 0; h < kRowLength; ++h) {
    if (!pos.has_house(me, h) || pos.at(me, h) == 0) continue;
    for (Dir d : {Dir::L, Dir::R})
      if (pos.is_blocked(me, sowing_end(h, pos.at(me, h), d))) return true;
  }
  return false;
}

// The boundary sides `pos` itself sits on (the mover's view).
void position_sides(const Ruleset& rules, const Position& pos, std::vector<std::string>& out) {
  const Side me = pos.to_move;
  const int hand = pos.hand[index_of(me)];
  if (!bao_family(rules)) {
    if (pos.quiet + 1 == rules.single_lap.quiet_limit) out.emplace_back("quiet-turn-before-limit");
    if (occupied(pos, me) == 1) out.emplace_back("sole-pit");
    return;
  }
  if (has_houses(rules)) {
    for (Pit p = 0; p < kPitsPerSide; ++p) {
      if (!pos.has_house(me, p)) continue;
      const int c = pos.at(me, p);
      for (int d = -1; d <= 1; ++d)
        if (c == rules.working_house + d) out.push_back(fmt::format("house-holds-{}", c));
    }
  }
  if (hand == 0) {
    bool seen[4] = {};
    const int values[4] = {1, 2, rules.capture_start_max, rules.capture_start_max + 1};
    for (Pit p = 0; p < kPitsPerSide; ++p)
      for (int i = 0; i < 4; ++i)
        if (pos.at(me, p) == values[i] && !seen[i]) {
          seen[i] = true;
          out.push_back(fmt::format("mtaji-pit-holds-{}", values[i]));
        }
  }
  if (occupied_front(pos, me) == 1) {
    out.emplace_back("sole-front-pit");
    for (Pit p = 0; p < kRowLength; ++p)
      if (pos.at(me, p) > 0 && is_kichwa(p)) out.emplace_back("sole-front-pit-kichwa");
  }
  if (rules.block != BlockRule::None && (pos.block & pos.house) != 0)
    out.emplace_back("block-on-house");
  if (rules.block != BlockRule::None && (pos.block & side_mask(me)) != 0)
    out.emplace_back("block-on-mover");
  if (rules.block != BlockRule::None && house_sowing_meets_block(pos))
    out.emplace_back("house-sowing-ends-on-block");
  if (starts_in_namua(rules)) {
    const int theirs = pos.hand[index_of(opponent(me))];
    if ((hand == 0) != (theirs == 0)) out.emplace_back("reserves-unequal");
    if (hand == 1) out.emplace_back("last-reserve-seed");
  }
  for (Side s : {Side::South, Side::North})
    if (pos.front_total(s) == 1) {
      out.emplace_back("front-row-one-seed");
      break;
    }
}

// The boundary sides a move's trace shows (played from `pos`).
void trace_sides(const Ruleset& rules, const Position& pos, const Move& m, const Trace& trace,
                 std::vector<std::string>& out) {
  const bool namua = pos.hand[index_of(pos.to_move)] > 0;
  int relays = 0;
  for (const Event& e : trace.events()) {
    switch (e.kind) {
      case EventKind::Capture:
        if (bao_family(rules) && is_front(e.pit))
          out.push_back(
              fmt::format("capture-at-{}-{}", end_kind(e.pit), namua ? "namua" : "mtaji"));
        if (!bao_family(rules)) out.emplace_back("capture");
        break;
      case EventKind::Stop:
        if (bao_family(rules) && e.side == pos.to_move && is_front(e.pit) &&
            (is_kichwa(e.pit) || is_kimbi(e.pit)))
          out.push_back(fmt::format("ends-at-{}", end_kind(e.pit)));
        break;
      case EventKind::BlockSet:
      case EventKind::BlockExempt:
        if (rules.block == BlockRule::None) break;
        out.emplace_back(e.kind == EventKind::BlockSet ? "block-set" : "block-exempt");
        // The blocking rule judged a house at its working threshold (a
        // working house is exempt): the count when it was judged.
        if (pos.has_house(e.side, e.pit) && e.count + 1 >= rules.working_house &&
            e.count <= rules.working_house + 1)
          out.push_back(fmt::format("block-judges-house-of-{}", e.count));
        break;
      case EventKind::Relay:
        if (++relays == 64 && rules.cutoff_rule != CutoffRule::None) out.emplace_back("relays-64");
        break;
      case EventKind::End:
        if (e.reason == Reason::Infinite) out.emplace_back("cutoff-reached");
        break;
      default:
        break;
    }
  }
  if (m.two_seed) out.emplace_back("two-seed-start");
}

// How a count `d` away from a threshold sits beside it (d in -1..1).
std::string_view next_to(int d) {
  return d < 0 ? "one below" : d > 0 ? "one above" : "exactly";
}

void sort_unique(std::vector<std::string>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

}  // namespace

std::vector<BoundarySide> boundaries_for(const Ruleset& rules) {
  std::vector<BoundarySide> out;
  auto add = [&](std::string id, std::string meaning) {
    out.push_back({std::move(id), std::move(meaning)});
  };
  if (!bao_family(rules)) {
    add("quiet-turn-before-limit", fmt::format("one quiet turn before the {} that call the game",
                                               rules.single_lap.quiet_limit));
    add("sole-pit", "the mover has one occupied pit");
    if (rules.single_lap.capture != SingleLapCapture::None) add("capture", "a move captures");
    return out;
  }
  if (has_houses(rules))
    for (int d = -1; d <= 1; ++d)
      add(fmt::format("house-holds-{}", rules.working_house + d),
          fmt::format("the mover's house holds {} seeds ({} the {} at which it works)",
                      rules.working_house + d, next_to(d), rules.working_house));
  for (int v : {1, 2, rules.capture_start_max, rules.capture_start_max + 1})
    add(fmt::format("mtaji-pit-holds-{}", v),
        fmt::format("without reserve, a pit of the mover holds {} seeds (a capture starts from 2 "
                    "to {})",
                    v, rules.capture_start_max));
  for (std::string_view phase : {"namua", "mtaji"}) {
    if (phase == "namua" && !starts_in_namua(rules)) continue;
    for (std::string_view end : {"kichwa", "kimbi", "middle"})
      add(fmt::format("capture-at-{}-{}", end, phase),
          fmt::format("a {} capture facing a {} pit", phase, end));
  }
  add("ends-at-kichwa", "a move ends in the mover's kichwa");
  add("ends-at-kimbi", "a move ends in the mover's kimbi");
  add("sole-front-pit", "the mover has one occupied front pit");
  add("sole-front-pit-kichwa", "the mover's one occupied front pit is a kichwa");
  add("front-row-one-seed", "a front row holds one seed");
  if (starts_in_namua(rules)) {
    add("reserves-unequal", "one reserve is empty and the other is not");
    add("last-reserve-seed", "the mover places its last reserve seed");
  }
  if (rules.block != BlockRule::None) {
    add("block-set", "a move sets a block");
    add("block-exempt", "the blocking rule exempts a pit");
    add("block-on-house", "a block lies on a house");
    add("block-on-mover", "a pit of the mover is blocked");
    add("house-sowing-ends-on-block",
        "a sowing of the mover's house seeds would end on a blocked pit of the mover");
    if (has_houses(rules))
      for (int d = -1; d <= 1; ++d)
        add(fmt::format("block-judges-house-of-{}", rules.working_house + d),
            fmt::format("a move's block falls on a house of {} seeds ({} the {} at which it "
                        "works and is exempt)",
                        rules.working_house + d, next_to(d), rules.working_house));
  }
  if (rules.cutoff_rule != CutoffRule::None) {
    add("relays-64",
        fmt::format("a move makes 64 relays or more (the cutoff is {})", rules.cutoff));
    add("cutoff-reached", "a move is cut off as endless");
  }
  if (rules.two_seed == TwoSeedStart::GuideOwnedHouseAlone) add("two-seed-start", "a `t` move");
  return out;
}

Exercised exercised(const Ruleset& rules, const Position& pos) {
  Exercised ex;
  position_sides(rules, pos, ex.boundaries);
  Trace trace;
  for (const Move& m : legal_moves(rules, pos)) {
    trace.clear();
    if (!play(rules, pos, m, &trace)) continue;
    for (const Event& e : trace.events())
      if (e.clause != ClauseId::None) ex.clauses.push_back(std::string(clause_name(e.clause)));
    trace_sides(rules, pos, m, trace, ex.boundaries);
  }
  sort_unique(ex.clauses);
  sort_unique(ex.boundaries);
  return ex;
}

void observe(Stats& stats, const Exercised& ex) {
  for (const std::string& c : ex.clauses) ++stats.clause_coverage[c];
  for (const std::string& b : ex.boundaries) ++stats.boundary_coverage[b];
}

bool answers_differ(const Ruleset& a, const Ruleset& b, const Position& pos) {
  if (!validate_for_ruleset(b, pos)) return false;
  if (status(a, pos) != status(b, pos)) return true;
  const MoveList ma = legal_moves(a, pos);
  const MoveList mb = legal_moves(b, pos);
  if (ma.size() != mb.size()) return true;
  for (const Move& m : ma) {
    if (std::find(mb.begin(), mb.end(), m) == mb.end()) return true;
    auto ra = play(a, pos, m);
    auto rb = play(b, pos, m);
    if (!ra || !rb) return true;
    // (Equal positions have equal BPN; only unequal ones are written out.)
    if ((*ra != *rb && to_bpn(*ra) != to_bpn(*rb)) || status(a, *ra) != status(b, *rb)) return true;
  }
  return false;
}

bool line_leads_to(const Ruleset& rules, const Position& from, const std::vector<std::string>& line,
                   const std::string& bpn) {
  if (bpn.empty()) return false;
  Position pos = from;
  for (const std::string& text : line) {
    auto m = parse_move(text, pos.to_move);
    auto next = m ? play(rules, pos, *m) : Expected<Position>(m.error());
    if (!next) return false;
    pos = *next;
  }
  return to_bpn(pos) == bpn;
}

// ---- The self-play search --------------------------------------------------

std::uint64_t salt(std::string_view id, std::uint64_t seed) {
  std::uint64_t h = seed ^ 0x5eedc0de;
  for (const char c : id) h = h * 1099511628211ULL ^ static_cast<unsigned char>(c);
  return h;
}

// Each game's first position where the two part that no earlier game found
// (the start, where they part at once, only once); a game's moves are
// picked as the checker's games pick them (one in four a rare one).
std::vector<Reached> apart_in_play(const Ruleset& rules, const Ruleset& a, const Ruleset& b,
                                   std::size_t count, std::uint64_t seed, int games) {
  constexpr int kPlies = 160;
  std::vector<Reached> out;
  std::set<std::string> found;
  std::mt19937_64 rng(seed);
  const Position start = start_position(rules);
  for (int game = 0; game < games && out.size() < count; ++game) {
    Reached r{start, {}};
    for (int ply = 0; ply < kPlies; ++ply) {
      if (answers_differ(a, b, r.pos) && found.insert(to_bpn(r.pos)).second) {
        out.push_back(r);
        break;
      }
      const MoveList moves = legal_moves(rules, r.pos);
      if (moves.empty()) break;
      const Move m = pick(rules, r.pos, moves, static_cast<std::uint16_t>(rng()));
      r.line.push_back(move_to_string(m, r.pos.to_move));
      r.pos = play(rules, r.pos, m).value();
    }
  }
  return out;
}

// ---- The plan -------------------------------------------------------------

namespace {

// How often the rounds want each clause and boundary side met at their
// starts; each round doubles it. (Each switch gets one start of its own
// first, from the sweep.)
constexpr std::uint64_t kWantBoundary = 4;
constexpr std::uint64_t kWantClause = 20;
constexpr int kRounds = 4;
// Candidates weighed for one start, and batches tried before a round ends.
constexpr int kBatch = 6;
constexpr int kBatches = 30;
// Candidates between two questions whether to give up (Plan::give_up_when).
constexpr int kGiveUpEvery = 256;

// `pos` with `c` seeds in pit `p` of `s`, the difference taken from or
// given to the side's other pits (the back row first), so the total stays.
std::optional<Position> with_count(const Ruleset& rules, Position pos, Side s, Pit p, int c) {
  int delta = c - pos.at(s, p);
  pos.at(s, p) = static_cast<std::uint8_t>(c);
  for (int i = kPitsPerSide - 1; i >= 0 && delta != 0; --i) {
    const Pit q = static_cast<Pit>(i);
    if (q == p) continue;
    std::uint8_t& n = pos.at(s, q);
    if (delta > 0) {
      const int take = std::min<int>(n, delta);
      n = static_cast<std::uint8_t>(n - take);
      delta -= take;
    } else if (n + (-delta) <= 40) {
      n = static_cast<std::uint8_t>(n - delta);
      delta = 0;
    }
  }
  if (delta != 0) return std::nullopt;
  auto v = validate_for_ruleset(rules, pos);
  if (!v) return std::nullopt;
  return *v;
}

}  // namespace

Plan::Plan(const Ruleset& rules, const std::vector<Position>& corpus, std::uint64_t seed,
           const std::vector<Switch>& switches, int sweep, const std::vector<Aim>& others,
           int self_play)
    : rules_(rules),
      corpus_(corpus),
      rng_(seed ^ 0x5eedc0fea6eULL),
      start_(start_position(rules)),
      total_(start_.total_seeds()),
      sweep_candidates_(sweep),
      seed_(seed),
      self_play_(self_play) {
  std::shuffle(corpus_.begin(), corpus_.end(), rng_);
  switched_ = others;
  for (const Switch& s : switches) {
    auto r = apply_switches(rules, std::span<const Switch>(&s, 1));
    if (r) switched_.push_back({"switch:" + s.id, *r});
  }
  for (const BoundarySide& b : boundaries_for(rules)) want_["boundary:" + b.id] = kWantBoundary;
  for (ClauseId c : rules.clauses) want_["clause:" + std::string(clause_name(c))] = kWantClause;
}

std::optional<Position> Plan::start(std::size_t k) {
  while (starts_.size() <= k && !done_) extend();
  if (k < starts_.size()) return starts_[k];
  return std::nullopt;
}

bool Plan::giving_up() {
  if (!give_up_ || !give_up_()) return false;
  sweep_ = switched_.size();
  if (!sweep_end_) sweep_end_ = starts_.size();
  done_ = true;
  return true;
}

std::size_t Plan::sweep_length() {
  while (!sweep_end_ && !done_) extend();
  return sweep_end_.value_or(starts_.size());
}

bool Plan::reachable(const Position& pos) const {
  // A finished position is a start too: its status is compared (and that is
  // all a switch of the end rules may change).
  return pos.total_seeds() <= total_ && validate_for_ruleset(rules_, pos).ok();
}

std::vector<std::string> Plan::items(const Position& pos) const {
  std::vector<std::string> out;
  const Exercised ex = exercised(rules_, pos);
  for (const std::string& c : ex.clauses) out.push_back("clause:" + c);
  for (const std::string& b : ex.boundaries) out.push_back("boundary:" + b);
  return out;
}

std::uint64_t Plan::score(const std::vector<std::string>& items) const {
  std::uint64_t s = 0;
  for (const std::string& id : items) {
    auto w = want_.find(id);
    if (w == want_.end()) continue;
    auto p = planned_.find(id);
    const std::uint64_t have = p == planned_.end() ? 0 : p->second;
    if (have >= w->second) continue;
    const std::uint64_t weight = id.rfind("boundary:", 0) == 0 ? 4 : 1;
    s += weight * (have == 0 ? 3 : 1);
  }
  return s;
}

std::optional<std::vector<std::string>> Plan::line(std::size_t k) const {
  return k < lines_.size() ? lines_[k] : std::nullopt;
}

std::optional<std::vector<std::string>> Plan::last_line() const {
  if (!last_walked_ || !walk_from_start_) return std::nullopt;
  return walk_moves_;
}

std::optional<Position> Plan::candidate() {
  last_walked_ = false;
  const int kind = static_cast<int>(made_++ % 6);
  switch (kind) {
    case 0:
      if (next_corpus_ < corpus_.size()) return corpus_[next_corpus_++];
      [[fallthrough]];
    case 1:
    case 2:
      last_walked_ = true;
      return walk();
    case 3:
      return random_position(rules_, rng_);
    case 4:
      return sparse();
    default:
      return built();
  }
}

// The next position of a random game: every position of a game is a
// candidate, from its start (the ruleset's, or a corpus position) to its
// end or a few hundred moves.
std::optional<Position> Plan::walk() {
  const bool over = walk_plies_ >= 300 || !walking_ || legal_moves(rules_, *walking_).empty();
  if (over) {
    walk_plies_ = 0;
    walk_from_start_ = corpus_.empty() || rng_() % 3 != 0;
    walking_ = walk_from_start_ ? start_ : corpus_[rng_() % corpus_.size()];
    walk_moves_.clear();
    return walking_;
  }
  const MoveList moves = legal_moves(rules_, *walking_);
  const Move m = moves[rng_() % moves.size()];
  auto next = play(rules_, *walking_, m);
  if (!next) {
    walking_.reset();
    return std::nullopt;
  }
  walk_moves_.push_back(move_to_string(m, walking_->to_move));
  ++walk_plies_;
  walking_ = *next;
  return walking_;
}

// A board of few seeds, reserves empty: where the game ends and the rules
// of the last seeds decide (a front row emptied, no move left).
std::optional<Position> Plan::sparse() {
  Position pos = start_;
  pos.hand = {0, 0};
  pos.block = 0;
  for (auto& side : pos.pits) side.fill(0);
  for (Side s : {Side::South, Side::North}) {
    const int pits = 1 + static_cast<int>(rng_() % 3);
    for (int i = 0; i < pits; ++i) {
      // Mostly front pits, where captures and the end are decided.
      const Pit p = static_cast<Pit>(rng_() % 4 == 0 ? kRowLength + rng_() % kRowLength
                                                     : rng_() % kRowLength);
      pos.at(s, p) = static_cast<std::uint8_t>(pos.at(s, p) + 1 + rng_() % 3);
    }
  }
  pos.house &= start_.house;
  for (Side s : {Side::South, Side::North})
    for (Pit p = 0; p < kPitsPerSide; ++p)
      if (pos.has_house(s, p) && (pos.at(s, p) == 0 || rng_() % 2 == 0))
        pos.house &= ~pit_bit(s, p);
  pos.to_move = rng_() % 2 ? Side::South : Side::North;
  auto v = validate_for_ruleset(rules_, pos);
  if (!v) return std::nullopt;
  return *v;
}

// A candidate made to sit on a boundary the plan has not met enough: a
// position of the plan (or of play) with one pit, a reserve or a row set.
std::optional<Position> Plan::built() {
  std::vector<std::string> short_of;
  for (const auto& [id, want] : want_)
    if (id.rfind("boundary:", 0) == 0 && (planned_.count(id) ? planned_.at(id) : 0) < want)
      short_of.push_back(id.substr(9));
  if (short_of.empty()) return std::nullopt;
  const std::string target = short_of[rng_() % short_of.size()];
  Position base = !starts_.empty() && rng_() % 2 == 0
                      ? starts_[rng_() % starts_.size()]
                      : random_play(rules_, start_, static_cast<int>(rng_() % 60), rng_);
  const Side me = base.to_move;
  auto number = [&](std::string_view prefix) { return std::atoi(target.c_str() + prefix.size()); };
  if (target.rfind("house-holds-", 0) == 0) {
    for (Pit p = 0; p < kPitsPerSide; ++p)
      if (base.has_house(me, p)) return with_count(rules_, base, me, p, number("house-holds-"));
    return std::nullopt;
  }
  if (target.rfind("block-judges-house-of-", 0) == 0)
    return block_on_house(number("block-judges-house-of-"));
  if (target.rfind("mtaji-pit-holds-", 0) == 0) {
    if (base.hand[index_of(me)] != 0) {
      // Into the mtaji phase: both reserves onto the back rows.
      for (Side s : {Side::South, Side::North}) {
        base.at(s, back_pit(1)) = static_cast<std::uint8_t>(
            std::min(60, base.at(s, back_pit(1)) + base.hand[index_of(s)]));
        base.hand[index_of(s)] = 0;
      }
    }
    return with_count(rules_, base, me, static_cast<Pit>(rng_() % kRowLength),
                      number("mtaji-pit-holds-"));
  }
  if (target == "sole-front-pit" || target == "sole-front-pit-kichwa") {
    const Pit keep = target == "sole-front-pit" ? static_cast<Pit>(rng_() % kRowLength)
                                                : (rng_() % 2 ? front_pit(1) : front_pit(8));
    int moved = 0;
    for (Pit p = 0; p < kRowLength; ++p)
      if (p != keep) {
        moved += base.at(me, p);
        base.at(me, p) = 0;
      }
    if (base.at(me, keep) == 0) {
      base.at(me, keep) = 1;
      --moved;
    }
    for (int i = 0; moved > 0; i = (i + 1) % kRowLength, --moved) ++base.at(me, back_pit(1 + i));
    if (moved < 0) return std::nullopt;
  } else if (target == "front-row-one-seed") {
    const Side them = opponent(me);
    int moved = 0;
    for (Pit p = 0; p < kRowLength; ++p) {
      moved += base.at(them, p);
      base.at(them, p) = 0;
    }
    if (moved == 0) return std::nullopt;
    base.at(them, static_cast<Pit>(rng_() % kRowLength)) = 1;
    for (int i = 0; --moved > 0; i = (i + 1) % kRowLength) ++base.at(them, back_pit(1 + i));
  } else if (target == "reserves-unequal" || target == "last-reserve-seed") {
    const Side s = target == "last-reserve-seed" ? me : opponent(me);
    const int keep = target == "last-reserve-seed" ? 1 : 0;
    const int h = base.hand[index_of(s)];
    if (h < keep) return std::nullopt;
    base.at(s, back_pit(1 + static_cast<int>(rng_() % kRowLength))) +=
        static_cast<std::uint8_t>(h - keep);
    base.hand[index_of(s)] = static_cast<std::uint8_t>(keep);
    if (target == "reserves-unequal" && base.hand[index_of(me)] == 0) return std::nullopt;
  } else if (target == "block-on-mover") {
    // A block on a front pit of the mover beside its house or a seed run,
    // where a sowing may meet it.
    base.block = pit_bit(me, static_cast<Pit>(rng_() % kRowLength));
  } else if (target == "house-sowing-ends-on-block") {
    // The pit where the house's seeds, sown one way or the other, would
    // end: blocked, and holding seeds (a block lies on an occupied pit).
    // Half of the time on a sparse board, where a sowing from the house is
    // not pre-empted by a capture.
    if (rng_() % 2 == 0) {
      if (auto thin = sparse()) {
        const std::uint32_t mine = start_.house & side_mask(me);
        for (Pit p = 0; p < kRowLength && thin->to_move == me; ++p)
          if (mine & pit_bit(me, p)) {
            thin->house |= pit_bit(me, p);
            thin->at(me, p) = static_cast<std::uint8_t>(2 + rng_() % 5);
            thin->at(me, kRowLength + static_cast<Pit>(rng_() % kRowLength)) += 1;
            base = *thin;
          }
      }
    }
    Pit house = kPitsPerSide;
    for (Pit p = 0; p < kRowLength; ++p)
      if (base.has_house(me, p) && base.at(me, p) > 0) house = p;
    if (house == kPitsPerSide) return std::nullopt;
    const Pit end = sowing_end(house, base.at(me, house), rng_() % 2 ? Dir::L : Dir::R);
    if (end == house) return std::nullopt;
    if (base.at(me, end) == 0) {
      // One seed from the back row, so the total stays.
      Pit from = kPitsPerSide;
      for (Pit p = kRowLength; p < kPitsPerSide; ++p)
        if (base.at(me, p) > 0) from = p;
      if (from == kPitsPerSide) return std::nullopt;
      --base.at(me, from);
      base.at(me, end) = 1;
    }
    base.block = pit_bit(me, end);
  } else if (target == "block-on-house") {
    if (base.house == 0) return std::nullopt;
    std::uint32_t houses = base.house;
    const int pick =
        static_cast<int>(rng_() % static_cast<std::uint64_t>(__builtin_popcount(houses)));
    for (int i = 0; i < pick; ++i) houses &= houses - 1;
    base.block = houses & ~(houses - 1);
  } else {
    return std::nullopt;  // met by play, not built
  }
  auto v = validate_for_ruleset(rules_, base);
  if (!v) return std::nullopt;
  return *v;
}

// A board where a move's block falls on a house that then holds `n` seeds:
// a random board where some move's block falls on a house (about one in
// 300 boards), with the house's count set so that it holds `n` when the
// block is judged. Whether it holds the other rules of the board is
// judged by the caller, as for any candidate.
std::optional<Position> Plan::block_on_house(int n) {
  constexpr int kTries = 256;
  Trace trace;
  for (int i = 0; i < kTries; ++i) {
    const Position base = random_position(rules_, rng_);
    for (const Move& m : legal_moves(rules_, base)) {
      trace.clear();
      if (!play(rules_, base, m, &trace)) continue;
      for (const Event& e : trace.events()) {
        if ((e.kind != EventKind::BlockSet && e.kind != EventKind::BlockExempt) ||
            !base.has_house(e.side, e.pit))
          continue;
        // The seeds the move sowed into the house before the block.
        const int sown = static_cast<int>(e.count) - base.at(e.side, e.pit);
        if (n - sown < 1) return std::nullopt;
        return with_count(rules_, base, e.side, e.pit, n - sown);
      }
    }
  }
  return std::nullopt;
}

void Plan::accept(const Position& pos, std::optional<std::vector<std::string>> line) {
  for (const std::string& id : items(pos)) ++planned_[id];
  starts_.push_back(pos);
  lines_.push_back(std::move(line));
}

void Plan::met_at(std::size_t i, const Position& pos) {
  // The switches after the i-th that this start shows too need none of their own.
  for (std::size_t j = i + 1; j < switched_.size(); ++j)
    if (!met_.count(switched_[j].id) && answers_differ(rules_, switched_[j].rules, pos))
      met_.insert(switched_[j].id);
  met_.insert(switched_[i].id);
}

void Plan::extend() {
  // First a start for each switch no start has met yet, in catalogue
  // order: a switch that random play rarely shows is met within the first
  // games (a position where it answers otherwise), found among
  // sweep_candidates_ candidates or else by the oracle's own play from the
  // start, or left to the rounds.
  while (sweep_ < switched_.size()) {
    const Aim& aim = switched_[sweep_++];
    const std::string& id = aim.id;
    const Ruleset& r = aim.rules;
    if (met_.count(id)) continue;
    for (int i = 0; i < sweep_candidates_; ++i) {
      if (i % kGiveUpEvery == 0 && giving_up()) return;
      std::optional<Position> c = candidate();
      if (c && reachable(*c) && answers_differ(rules_, r, *c)) {
        met_at(sweep_ - 1, *c);
        accept(*c, last_line());
        return;
      }
    }
    // Not among the candidates: the oracle's own games from the start, which
    // reach what single candidates seldom are (a move cut off as endless,
    // in about one game of 1,000 to 2,000 in ludii). Such a start keeps the line
    // that reached it. Its seed is the switch's own, so a search that finds
    // nothing leaves the plan as it was. Otherwise left to the rounds and
    // the random games.
    if (self_play_ == 0) continue;
    if (giving_up()) return;
    const auto reached = apart_in_play(rules_, rules_, r, 1, salt(id, seed_), self_play_);
    if (!reached.empty()) {
      met_at(sweep_ - 1, reached.front().pos);
      accept(reached.front().pos, reached.front().line);
      return;
    }
  }
  if (!sweep_end_) sweep_end_ = starts_.size();
  for (int batch = 0; batch < kBatches; ++batch) {
    std::optional<Position> best;
    std::optional<std::vector<std::string>> best_line;
    std::vector<std::string> best_items;
    std::uint64_t best_score = 0;
    for (int i = 0; i < kBatch; ++i) {
      std::optional<Position> c = candidate();
      if (!c || !reachable(*c)) continue;
      std::vector<std::string> its = items(*c);
      const std::uint64_t s = score(its);
      if (s > best_score) {
        best = c;
        best_line = last_line();
        best_items = std::move(its);
        best_score = s;
      }
    }
    if (best) {
      for (const std::string& id : best_items) ++planned_[id];
      starts_.push_back(*best);
      lines_.push_back(std::move(best_line));
      return;
    }
  }
  // Nothing left short at this round's wants: the next round wants more.
  if (++round_ >= kRounds) {
    done_ = true;
    return;
  }
  for (auto& [id, want] : want_) want *= 2;
}

std::vector<std::string> Plan::unmet() const {
  std::vector<std::string> out;
  for (const auto& [id, want] : want_)
    if (!planned_.count(id)) out.push_back(id);
  for (const Aim& aim : switched_)
    if (!met_.count(aim.id)) out.push_back(aim.id);
  return out;
}

}  // namespace bao::check::detail

namespace bao::check {

CoverageSummary coverage_summary(std::string_view ruleset, const Stats& s) {
  CoverageSummary c;
  const Ruleset* rules = find_ruleset(ruleset);
  if (!rules) return c;
  std::set<std::string> shown;  // clauses a switch of theirs showed at
  for (const Switch& sw : switches_for(*rules)) {
    ++c.switches;
    auto it = s.switch_coverage.find(sw.id);
    if (it != s.switch_coverage.end() && it->second > 0) {
      ++c.switches_met;
      shown.insert(std::string(clause_name(sw.clause)));
    }
  }
  for (ClauseId id : rules->clauses) {
    const std::string name(clause_name(id));
    auto it = s.clause_coverage.find(name);
    ++c.clauses;
    const bool traced = it != s.clause_coverage.end() && it->second > 0;
    if (!traced && !shown.count(name)) {
      c.clauses_never.push_back(name);
      continue;
    }
    ++c.clauses_met;
    if (traced && it->second >= kCoverageOften) ++c.clauses_often;
  }
  for (const detail::BoundarySide& b : detail::boundaries_for(*rules)) {
    ++c.boundaries;
    auto it = s.boundary_coverage.find(b.id);
    if (it == s.boundary_coverage.end() || it->second == 0) {
      c.boundaries_never.push_back(b.id);
    } else {
      ++c.boundaries_met;
    }
  }
  return c;
}

std::string coverage_text(const CoverageSummary& c) {
  return fmt::format("clauses {}/{} ({} traced at {}+ positions), boundaries {}/{}, switches {}/{}",
                     c.clauses_met, c.clauses, c.clauses_often, kCoverageOften, c.boundaries_met,
                     c.boundaries, c.switches_met, c.switches);
}

}  // namespace bao::check
