// The switch catalogue (switches.hpp). For a ruleset: the clause mutants that
// apply to it, then the choices, the values that the other rulesets of its
// turn family give its variation points and thresholds. Each point below is
// one row of kPoints: the field of the record it reads and sets, and when a
// value cannot change an answer of the ruleset (it is then not offered). A
// variation point's values are named, cited and explained by their lines in
// oracle/rules/variation_points.def; a threshold's are here. A record that a
// combination of values would make but the engine cannot play is refused by
// incoherence().
#include "oracle/engine/switches.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <span>

#include "oracle/engine/engine.hpp"

namespace bao {
namespace {

// The variation points and thresholds a switch sets, one bit each: two
// switches that set the same one cannot be combined.
enum class PointId : std::uint8_t {
  KunamuaOrder,
  Block,
  Protection,
  HouseKutakata,
  TwoSeed,
  SoleEndPit,
  MtajiCaptureHouses,
  CutoffRule,
  FrontEmpty,
  HouseScope,
  EntryChoice,
  TakasiaExempt,
  LapCapture,
  WorkingHouse,
  CaptureStartMax,
  Cutoff,
  QuietLimit,
};

using PointMask = std::uint32_t;

constexpr PointMask bit(PointId p) {
  return PointMask{1} << static_cast<unsigned>(p);
}

// The clause that stands for a ruleset's value of a point.
struct ValueClause {
  ClauseId clause = ClauseId::None;
  // False when the value has no clause of its own in the ruleset and
  // `clause` is the one the other values override most directly.
  bool own = false;
};

// The first of `own` that governs `rules`, else the first governing one of
// `overridden` (ClauseId::None, an unused slot, governs nothing).
ValueClause pick(const Ruleset& rules, std::span<const ClauseId> own,
                 std::span<const ClauseId> overridden = {}) {
  for (ClauseId c : own)
    if (governs(rules, c)) return {c, true};
  for (ClauseId c : overridden)
    if (governs(rules, c)) return {c, false};
  return {};
}

// The clause that stands for `value` in `rules`, from the value's line in
// oracle/rules/variation_points.def.
template <class V>
ValueClause value_clause(const Ruleset& rules, V value) {
  const ChoiceText& text = choice_text(value);
  return pick(rules, text.own, text.overrides);
}

// What a ruleset's start has, which decides whether some points can matter
// at all: a ruleset without reserves never plays namua, and one whose start
// has no house never has one.
struct StartFacts {
  bool reserve = false;
  bool houses = false;
};

StartFacts start_facts(const Ruleset& rules) {
  const Position start = start_position(rules);
  return {.reserve = start.hand[0] != 0 || start.hand[1] != 0, .houses = start.house != 0};
}

using C = ClauseId;

// The cutoff `rule` at `limit`, in words: the rule's meaning has a `{}`
// where the limit goes, as the limit is the record's, not the value's.
std::string cutoff_meaning(CutoffRule rule, int limit) {
  return fmt::format(fmt::runtime(choice_text(rule).meaning), limit);
}

// ---- The points -------------------------------------------------------------

// Whether the value of `from` can change an answer of `rules`.
using Tellable = bool (*)(const Ruleset& rules, const StartFacts& start, const Ruleset& from);

// One variation point or threshold of the record. Not points:
// - `family`: another turn engine altogether, never a switch.
// - `relay_restriction` (ap.mtaji.back-row-relay-empty-front, no rule in the
//   guide-based rulesets): no choice can be told apart from the ruleset. A
//   mtaji kutakata can bare its own front row only by sowing a lone end pit
//   outward, and every ruleset forbids that in mtaji (ap.mtaji.sole-kichwa,
//   guide.start.sole-end-pit, ludii.mtaji.sole-kichwa): a relay never meets
//   the restriction.
// - the single-lap `house_stop` and `goal`: each only goes with the other.
//   The Bank's house is never lifted, so under the capture goal a side whose
//   seeds are all in it would have no move while the game goes on; and the
//   house-filling goal without a house would reward a side for having no
//   seeds at all, reported as a full house.
// - `quiet_limit`: every single-lap ruleset calls the game at 50.
struct Point {
  PointId id;
  std::string_view name;  // the part of a choice id before '='
  TurnFamily family;
  // The value's name in a choice id ("immediate", "8").
  std::string (*value)(const Ruleset& rules);
  // Sets the point of `to` to the value of `from`.
  void (*set)(Ruleset& to, const Ruleset& from);
  ValueClause (*clause)(const Ruleset& rules);
  // What `rules` plays like with the value of `from`, one line.
  std::string (*meaning)(const Ruleset& rules, const Ruleset& from);
  Tellable tellable;
  PointMask sets = bit(id);  // the points a choice of it sets
};

// The field of a record that a point reads and sets, by its members' path:
// `&Ruleset::front_empty`, or `&Ruleset::single_lap, &SingleLapRules::capture`
// (a fold of `.*` over the path: rules.*single_lap.*capture).
template <auto... path>
constexpr auto& field_of(auto& rules) {
  return (rules.*....*path);
}

// A point whose values are listed in oracle/rules/variation_points.def: the
// value's word, its clause and its meaning are its line there.
template <auto... path>
constexpr Point listed_point(PointId id, std::string_view name, TurnFamily family,
                             Tellable tellable) {
  return Point{
      .id = id,
      .name = name,
      .family = family,
      .value = [](const Ruleset& r) { return std::string(to_string(field_of<path...>(r))); },
      .set = [](Ruleset& to,
                const Ruleset& from) { field_of<path...>(to) = field_of<path...>(from); },
      .clause = [](const Ruleset& r) { return value_clause(r, field_of<path...>(r)); },
      .meaning =
          [](const Ruleset&, const Ruleset& from) {
            return std::string(choice_text(field_of<path...>(from)).meaning);
          },
      .tellable = tellable,
  };
}

bool always(const Ruleset&, const StartFacts&, const Ruleset&) {
  return true;
}

// A point that only matters in namua (the kunamua phase), which a ruleset
// without reserves never plays.
bool in_namua(const Ruleset&, const StartFacts& start, const Ruleset&) {
  return start.reserve;
}

// A point about houses, which a ruleset whose start has none never has.
bool with_houses(const Ruleset&, const StartFacts& start, const Ruleset&) {
  return start.houses;
}

// Abstract Play's order and Ludii's say the same (beside a working house any
// other pit, else pits of 2 or more first) and part only where the working
// house itself is blocked, which no blocking rule sets
// (ap.kutakatia.exempt-house, ludii.takasia.exempt) and no bounded search of
// play or of random positions reaches: that pair is not offered.
bool kunamua_order_tellable(const Ruleset& r, const StartFacts& start, const Ruleset& from) {
  using K = KunamuaKutakataOrder;
  const bool ap_and_ludii = (r.kunamua_order == K::ApDefault && from.kunamua_order == K::Ludii) ||
                            (r.kunamua_order == K::Ludii && from.kunamua_order == K::ApDefault);
  return start.reserve && !ap_and_ludii;
}

// Where another source's front-row check can end a game otherwise.
bool front_empty_tellable(const Ruleset& r, const StartFacts& start, const Ruleset& from) {
  switch (from.front_empty) {
    case FrontEmptyCheck::SiteNamuaNoMove:
      // The bare-row loss is for a player with seeds in hand; without
      // reserves the value plays as end-of-turn.
      return start.reserve;
    case FrontEmptyCheck::LudiiMidSowing:
      // Beside Immediate it only adds the namua lift that bares the own
      // front row, which is a lone end pit sown outward: not there when
      // every takata keeps a lone end pit in the front row
      // (guide.start.sole-end-pit).
      return r.front_empty != FrontEmptyCheck::Immediate ||
             (start.reserve && r.sole_end_pit != SoleEndPit::EveryTakata);
    default:
      return true;
  }
}

// The cutoff rule comes with the source's limit, which is in its unit.
constexpr Point cutoff_rule_point() {
  Point p = listed_point<&Ruleset::cutoff_rule>(PointId::CutoffRule, "cutoff-rule", TurnFamily::Bao,
                                                always);
  p.set = [](Ruleset& to, const Ruleset& from) {
    to.cutoff_rule = from.cutoff_rule;
    to.cutoff = from.cutoff;
  };
  p.meaning = [](const Ruleset&, const Ruleset& from) {
    return cutoff_meaning(from.cutoff_rule, from.cutoff);
  };
  p.sets = bit(PointId::CutoffRule) | bit(PointId::Cutoff);
  return p;
}

const std::array kPoints{
    listed_point<&Ruleset::kunamua_order>(PointId::KunamuaOrder, "kunamua-order", TurnFamily::Bao,
                                          kunamua_order_tellable),
    listed_point<&Ruleset::block>(PointId::Block, "block", TurnFamily::Bao, always),
    listed_point<&Ruleset::protection>(PointId::Protection, "protection", TurnFamily::Bao,
                                       with_houses),
    listed_point<&Ruleset::house_kutakata>(PointId::HouseKutakata, "house-kutakata",
                                           TurnFamily::Bao, with_houses),
    // A start of the house in namua.
    listed_point<&Ruleset::two_seed>(PointId::TwoSeed, "two-seed", TurnFamily::Bao,
                                     [](const Ruleset&, const StartFacts& start, const Ruleset&) {
                                       return start.houses && start.reserve;
                                     }),
    // The values differ in namua only: every ruleset plays the mtaji phase by
    // ap.mtaji.sole-kichwa.
    listed_point<&Ruleset::sole_end_pit>(PointId::SoleEndPit, "sole-end-pit", TurnFamily::Bao,
                                         in_namua),
    listed_point<&Ruleset::mtaji_capture_houses>(
        PointId::MtajiCaptureHouses, "mtaji-capture-houses", TurnFamily::Bao, with_houses),
    cutoff_rule_point(),
    listed_point<&Ruleset::front_empty>(PointId::FrontEmpty, "front-empty", TurnFamily::Bao,
                                        front_empty_tellable),
    listed_point<&Ruleset::house_scope>(PointId::HouseScope, "house-scope", TurnFamily::Bao,
                                        with_houses),
    // The choice of entry belongs to the first namua capture.
    listed_point<&Ruleset::entry_choice>(PointId::EntryChoice, "entry-choice", TurnFamily::Bao,
                                         in_namua),
    // Read only by the takasia rule.
    listed_point<&Ruleset::takasia_exempt>(PointId::TakasiaExempt, "takasia-exempt",
                                           TurnFamily::Bao,
                                           [](const Ruleset& r, const StartFacts&, const Ruleset&) {
                                             return r.block == BlockRule::GuideTakasia;
                                           }),
    listed_point<&Ruleset::single_lap, &SingleLapRules::capture>(PointId::LapCapture, "capture",
                                                                 TurnFamily::SingleLap, always),
    Point{
        .id = PointId::WorkingHouse,
        .name = "working-house",
        .family = TurnFamily::Bao,
        .value = [](const Ruleset& r) { return fmt::format("{}", r.working_house); },
        .set = [](Ruleset& to, const Ruleset& from) { to.working_house = from.working_house; },
        .clause =
            [](const Ruleset& r) {
              return pick(r, std::array{C::ApMalawiThreshold, C::ApHouseWorking,
                                        C::GuideHouseBelowSix, C::LudiiHouse, C::SiteKiswBelowSix});
            },
        .meaning =
            [](const Ruleset&, const Ruleset& from) {
              return fmt::format("a house with status works while it holds {} or more seeds",
                                 from.working_house);
            },
        .tellable = with_houses,
    },
    Point{
        .id = PointId::CaptureStartMax,
        .name = "capture-start-max",
        .family = TurnFamily::Bao,
        .value = [](const Ruleset& r) { return fmt::format("{}", r.capture_start_max); },
        .set = [](Ruleset& to,
                  const Ruleset& from) { to.capture_start_max = from.capture_start_max; },
        .clause =
            [](const Ruleset& r) {
              return pick(r, std::array{C::ApBawoCaptureRange, C::ApMtajiCaptureStart,
                                        C::GuideMtajiCapture, C::LudiiMtajiCapture});
            },
        .meaning =
            [](const Ruleset&, const Ruleset& from) {
              return fmt::format("a mtaji-phase capture starts from a pit of 2 to {} seeds",
                                 from.capture_start_max);
            },
        .tellable = always,
    },
    Point{
        .id = PointId::Cutoff,
        .name = "cutoff",
        .family = TurnFamily::Bao,
        .value = [](const Ruleset& r) { return fmt::format("{}", r.cutoff); },
        .set = [](Ruleset& to, const Ruleset& from) { to.cutoff = from.cutoff; },
        // The limit's clause is the ruleset's cutoff clause, whichever rule
        // it counts by.
        .clause =
            [](const Ruleset& r) {
              return pick(r, std::array{C::ApCutoff, C::GuideRelayLimit, C::LudiiInterpRelayLimit,
                                        C::SiteKiswInterpRelayLimit});
            },
        // The ruleset's own rule, at the other source's number.
        .meaning =
            [](const Ruleset& rules, const Ruleset& from) {
              return cutoff_meaning(rules.cutoff_rule, from.cutoff);
            },
        // Counted in relays (the guide's rule), a move that reaches 192 is
        // in practice an endless one: random valid positions give about one
        // in 60 000, and it is lost either way, only cut at another point.
        // No bounded search tells 192 from 512 apart there, so only the
        // seeds-sown count is offered the other number.
        .tellable = [](const Ruleset& r, const StartFacts&,
                       const Ruleset&) { return r.cutoff_rule != CutoffRule::GuideRelays; },
    },
};

const Point* find_point(std::string_view name) {
  for (const Point& p : kPoints)
    if (p.name == name) return &p;
  return nullptr;
}

// The points a threshold mutant sets (mutate() changes the record's data for
// them); none for the others, which are consulted where their clause is
// played.
PointMask points_of(Mutation m) {
  switch (m) {
    case Mutation::HouseWorksAtSeven:
    case Mutation::MalawiThresholdSix:
      return bit(PointId::WorkingHouse);
    case Mutation::CaptureStartFourteen:
    case Mutation::BawoCaptureFifteen:
      return bit(PointId::CaptureStartMax);
    case Mutation::CutoffIgnored:
      return bit(PointId::CutoffRule);
    case Mutation::CutoffHalved:
      return bit(PointId::Cutoff);
    case Mutation::SiteQuietLimit51:
      return bit(PointId::QuietLimit);
    default:
      return 0;
  }
}

// The name of the first point in `mask`, for messages.
std::string_view point_name(PointMask mask) {
  for (const Point& p : kPoints)
    if (mask & bit(p.id)) return p.name;
  return "quiet-limit";  // the only point no choice sets
}

PointMask points_of(const Switch& s) {
  if (s.kind == SwitchKind::Mutant) return points_of(s.mutant);
  const Point* p = find_point(std::string_view(s.id).substr(0, s.id.find('=')));
  return p != nullptr ? p->sets : 0;
}

// Why a record that switches made cannot be played, or empty. A choice
// whose record this refuses is not offered.
std::string_view incoherence(const Ruleset& r) {
  // Bawo's lone kuu, holding exactly 8, starts whole; Ludii's lone working
  // house moves only the seed placed. Both are the move <kuu><dir>, and
  // the engine cannot tell which one a move means.
  if (r.kunamua_order == KunamuaKutakataOrder::ApBawo &&
      r.two_seed == TwoSeedStart::LudiiOneCounter)
    return "the Bawo kuu start and the Ludii one-seed start would be the same move";
  return {};
}

// The mutant as a switch of `rules`, if it applies.
std::optional<Switch> mutant_switch(const Ruleset& rules, const MutantInfo& m) {
  if (!mutant_applies(rules, m) || !mutate(rules, m.id).ok()) return std::nullopt;
  // The mutant's clause, or the statement of the same rule that governs the
  // ruleset.
  ClauseId clause = ClauseId::None;
  for (ClauseId c : {m.clause, m.also, m.also_more[0], m.also_more[1]})
    if (c != ClauseId::None && governs(rules, c)) {
      clause = c;
      break;
    }
  return Switch{.kind = SwitchKind::Mutant,
                .id = std::string(m.name),
                .clause = clause,
                .meaning = std::string(m.change),
                .mutant = m.id};
}

// The choices of one point: every value another ruleset of the family uses,
// once, taken from the first such ruleset whose clause for it is its own.
void add_choices(const Ruleset& rules, const StartFacts& start, const Point& point,
                 std::vector<Switch>& out) {
  const std::string own = point.value(rules);
  const ValueClause clause = point.clause(rules);
  // A record that switches made can hold a value no clause of its list
  // stands for (ap-zanzibar played front-empty=immediate): that point is
  // switched already and offers nothing more. Every ruleset of
  // all_rulesets() has a clause for each point it offers (the catalogue
  // test).
  if (clause.clause == ClauseId::None) return;
  std::vector<std::string> seen{own};
  for (const Ruleset* from : all_rulesets()) {
    if (from->family != rules.family || from->id == rules.id) continue;
    const std::string value = point.value(*from);
    if (std::find(seen.begin(), seen.end(), value) != seen.end()) continue;
    seen.push_back(value);
    if (!point.tellable(rules, start, *from)) continue;
    // The source: the first ruleset with the value whose clause stands for it.
    const Ruleset* source = from;
    for (const Ruleset* other : all_rulesets())
      if (other->family == rules.family && other->id != rules.id && point.value(*other) == value &&
          point.clause(*other).own) {
        source = other;
        break;
      }
    Ruleset switched = rules;
    point.set(switched, *source);
    if (!incoherence(switched).empty()) continue;
    out.push_back(Switch{.kind = SwitchKind::Choice,
                         .id = fmt::format("{}={}", point.name, value),
                         .clause = clause.clause,
                         .plays_as = point.clause(*source).clause,
                         .meaning = point.meaning(rules, *source),
                         .source = source});
  }
}

// The Citations a trace names, as members.
constexpr std::array kCitationSteps{
    &Citations::sow,
    &Citations::relay,
    &Citations::stop_empty,
    &Citations::capture,
    &Citations::entry_end,
    &Citations::entry_choice,
    &Citations::entry_keep,
    &Citations::place,
    &Citations::namua_capture,
    &Citations::namua_capture_house,
    &Citations::takata_sow,
    &Citations::mtaji_start,
    &Citations::mtaji_capture_start,
    &Citations::house_lost,
    &Citations::house_stop_takata,
    &Citations::house_question,
    &Citations::house_capture_first,
    &Citations::block_stop,
    &Citations::block_clear,
    &Citations::block_set,
    &Citations::block_exempt,
    &Citations::front_empty,
    &Citations::cutoff,
    &Citations::two_seed,
    &Citations::front_empty_now,
    &Citations::houses_lost_mtaji,
};
static_assert(sizeof(Citations) == kCitationSteps.size() * sizeof(ClauseId),
              "kCitationSteps names every step of Citations");

// A choice can bring in a step the ruleset cites nothing for (site-kiswahili
// has no takasia to cite): the trace then cites the source's clause.
void cite_missing_steps(Citations& cite, const Citations& source) {
  for (ClauseId Citations::*step : kCitationSteps)
    if (cite.*step == ClauseId::None) cite.*step = source.*step;
}

}  // namespace

std::vector<Switch> switches_for(const Ruleset& rules) {
  std::vector<Switch> out;
  for (const MutantInfo& m : all_mutants())
    if (std::optional<Switch> s = mutant_switch(rules, m)) out.push_back(std::move(*s));
  const StartFacts start = start_facts(rules);
  for (const Point& point : kPoints)
    if (point.family == rules.family) add_choices(rules, start, point, out);
  return out;
}

// OPTIMIZATION: only the mutant or the one point the id names is looked at
// (apply_switches looks every switch up, and the checker applies switches in
// its search); the catalogue test checks that every switch of switches_for
// is found so.
std::optional<Switch> find_switch(const Ruleset& rules, std::string_view id) {
  const std::size_t equals = id.find('=');
  if (equals == std::string_view::npos) {
    const MutantInfo* m = find_mutant(id);
    return m != nullptr ? mutant_switch(rules, *m) : std::nullopt;
  }
  const Point* point = find_point(id.substr(0, equals));
  if (point == nullptr || point->family != rules.family) return std::nullopt;
  std::vector<Switch> choices;
  add_choices(rules, start_facts(rules), *point, choices);
  for (Switch& s : choices)
    if (s.id == id) return std::move(s);
  return std::nullopt;
}

Expected<Ruleset> apply_switches(const Ruleset& rules, std::span<const Switch> switches) {
  Ruleset out = rules;
  std::vector<std::pair<PointMask, std::string_view>> taken;
  for (std::size_t i = 0; i < switches.size(); ++i) {
    const std::string& id = switches[i].id;
    for (std::size_t j = 0; j < i; ++j)
      if (switches[j].id == id) return Error{fmt::format("switch {} is named twice", id)};
    // Only the ruleset's own switches apply, as the catalogue has them.
    const std::optional<Switch> s = find_switch(rules, id);
    if (!s) return Error{fmt::format("{} is not a switch of {}", id, rules.id)};
    const PointMask points = points_of(*s);
    for (const auto& [mask, other] : taken)
      if (mask & points)
        return Error{
            fmt::format("switches {} and {} both set {}", other, id, point_name(mask & points))};
    if (points != 0) taken.emplace_back(points, id);
    if (s->kind == SwitchKind::Mutant) {
      auto mutated_rules = mutate(out, s->mutant);
      if (!mutated_rules) return mutated_rules.error();
      out = *mutated_rules;
      continue;
    }
    const Point* point = find_point(std::string_view(id).substr(0, id.find('=')));
    assert(point != nullptr && s->source != nullptr);
    point->set(out, *s->source);
    cite_missing_steps(out.cite, s->source->cite);
  }
  if (const std::string_view why = incoherence(out); !why.empty())
    return Error{fmt::format("these switches cannot be combined under {}: {}", rules.id, why)};
  return out;
}

Expected<Ruleset> apply_switch_ids(const Ruleset& rules, std::span<const std::string> ids) {
  std::vector<Switch> switches;
  for (const std::string& id : ids) {
    if (std::optional<Switch> s = find_switch(rules, id)) {
      switches.push_back(std::move(*s));
      continue;
    }
    // Say why: a mutant whose clause does not govern the ruleset, a choice
    // the ruleset does not offer, or no such switch at all.
    if (const MutantInfo* m = find_mutant(id)) {
      auto applied = mutate(rules, m->id);
      if (!applied) return applied.error();
    }
    if (const std::size_t equals = id.find('='); equals != std::string::npos) {
      const Point* point = find_point(std::string_view(id).substr(0, equals));
      if (point != nullptr && point->family == rules.family &&
          point->value(rules) == std::string_view(id).substr(equals + 1))
        return Error{fmt::format("switch {} is {}'s own value", id, rules.id)};
    }
    for (const Ruleset* other : all_rulesets())
      if (find_switch(*other, id))
        return Error{fmt::format("switch {} does not apply to {}", id, rules.id)};
    return Error{fmt::format("unknown mutant or switch '{}'", id)};
  }
  return apply_switches(rules, switches);
}

}  // namespace bao
