// The switch catalogue (switches.hpp). For a ruleset: the clause mutants that
// apply to it, then the choices, the values that the other rulesets of its
// turn family give its variation points and thresholds. Each point below is
// one row of kPoints: how its values are named, which clause each value
// stands for, what the engine does with it, and when a value cannot change
// an answer of the ruleset (it is then not offered). A record that a
// combination of values would make but the engine cannot play is refused by
// incoherence().
#include "oracle/engine/switches.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <initializer_list>

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

// The first of the value's own clauses that governs `rules`, else the first
// governing one of `overridden`.
ValueClause pick(const Ruleset& rules, std::initializer_list<ClauseId> own,
                 std::initializer_list<ClauseId> overridden = {}) {
  for (ClauseId c : own)
    if (governs(rules, c)) return {c, true};
  for (ClauseId c : overridden)
    if (governs(rules, c)) return {c, false};
  return {};
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

// ---- kunamua_order ----------------------------------------------------------

std::string_view name_of(KunamuaKutakataOrder v) {
  switch (v) {
    case KunamuaKutakataOrder::ApDefault:
      return "ap-default";
    case KunamuaKutakataOrder::ApBawo:
      return "ap-bawo";
    case KunamuaKutakataOrder::Guide:
      return "guide";
    case KunamuaKutakataOrder::SiteKiswahili:
      return "site-kiswahili";
    case KunamuaKutakataOrder::Ludii:
      return "ludii";
  }
  return "?";
}

std::string_view meaning_of(KunamuaKutakataOrder v) {
  switch (v) {
    case KunamuaKutakataOrder::ApDefault:
      return "a namua turn without a capture starts beside a working house if there is one, "
             "else from a pit of 2 or more if any, else from a single seed";
    case KunamuaKutakataOrder::ApBawo:
      return "a namua turn without a capture never starts from the kuu while it has status, "
             "unless it is alone and held exactly 8 before the placement";
    case KunamuaKutakataOrder::Guide:
      return "a namua turn without a capture starts from a pit of 2 or more, from a single seed "
             "only when there is none or while a house is owned, and never from a house of 6 or "
             "more";
    case KunamuaKutakataOrder::SiteKiswahili:
      return "a namua turn without a capture may start from any occupied front pit but a house, "
             "single seeds included";
    case KunamuaKutakataOrder::Ludii:
      return "a namua turn without a capture never starts from the working house, and from a "
             "single seed only when no front pit holds more or while the house works";
  }
  return "";
}

ValueClause kunamua_order_clause(const Ruleset& r) {
  switch (r.kunamua_order) {
    case KunamuaKutakataOrder::ApDefault:
      return pick(r, {C::ApKunamuaStartOrder});
    case KunamuaKutakataOrder::ApBawo:
      return pick(r, {C::ApBawoStartOrder, C::ApBawoKuuStart});
    case KunamuaKutakataOrder::Guide:
      return pick(r, {C::GuideTakataStart});
    case KunamuaKutakataOrder::SiteKiswahili:
      return pick(r, {C::SiteKiswPlace, C::SiteKiswInterpSingles});
    case KunamuaKutakataOrder::Ludii:
      return pick(r, {C::LudiiSingles, C::LudiiHouseNotEmptied, C::LudiiInterpBeforePlacement});
  }
  return {};
}

// ---- block ------------------------------------------------------------------

std::string_view name_of(BlockRule v) {
  switch (v) {
    case BlockRule::None:
      return "none";
    case BlockRule::ApKutakatia:
      return "ap-kutakatia";
    case BlockRule::GuideTakasia:
      return "guide-takasia";
  }
  return "?";
}

std::string_view meaning_of(BlockRule v) {
  switch (v) {
    case BlockRule::None:
      return "no pit is ever blocked after a turn without a capture";
    case BlockRule::ApKutakatia:
      return "a mtaji-phase kutakata blocks the one enemy pit all of the mover's captures would "
             "take, until the block is cleared (kutakatia)";
    case BlockRule::GuideTakasia:
      return "a mtaji-phase takata makes the one enemy pit all of the mover's captures would take "
             "the takasia target for the defender's next turn";
  }
  return "";
}

ValueClause block_clause(const Ruleset& r) {
  switch (r.block) {
    case BlockRule::None:
      // Only the site says it has no blocking rule. For guide-r002 the
      // clause a block overrides most directly is the free choice of the
      // pit that starts a mtaji takata (a blocked pit may not start one).
      return pick(r, {C::SiteKiswInterpNoTakasia},
                  {C::GuideMtajiTakata, C::ApMtajiStart, C::LudiiMtajiStart});
    case BlockRule::ApKutakatia:
      return pick(r, {C::ApBlockSet});
    case BlockRule::GuideTakasia:
      return pick(r, {C::GuideTakasiaSet, C::LudiiTakasiaSet});
  }
  return {};
}

// ---- protection -------------------------------------------------------------

std::string_view name_of(CaptureProtection v) {
  switch (v) {
    case CaptureProtection::None:
      return "none";
    case CaptureProtection::ApBawoKuu:
      return "ap-bawo-kuu";
  }
  return "?";
}

std::string_view meaning_of(CaptureProtection v) {
  switch (v) {
    case CaptureProtection::None:
      return "any enemy pit facing a capturing pit may be captured, a house with status included";
    case CaptureProtection::ApBawoKuu:
      return "while the mover's own house works and the enemy pit facing it holds seeds, the "
             "enemy house with status cannot be captured";
  }
  return "";
}

ValueClause protection_clause(const Ruleset& r) {
  switch (r.protection) {
    case CaptureProtection::None:
      // No clause of its own: a protection forbids some of the captures the
      // capture rule allows.
      return pick(r, {}, {C::ApCaptureCondition, C::GuideLaterCapture, C::LudiiFurther});
    case CaptureProtection::ApBawoKuu:
      return pick(r, {C::ApBawoKuuProtection});
  }
  return {};
}

// ---- house_kutakata ---------------------------------------------------------

std::string_view name_of(HouseKutakata v) {
  switch (v) {
    case HouseKutakata::None:
      return "none";
    case HouseKutakata::ApBawoUnusedKuu:
      return "ap-bawo-unused-kuu";
  }
  return "?";
}

std::string_view meaning_of(HouseKutakata v) {
  switch (v) {
    case HouseKutakata::None:
      return "a mtaji-phase kutakata starts from any pit the start rules allow; no house must";
    case HouseKutakata::ApBawoUnusedKuu:
      return "a working house that has not started a turn yet must start the mtaji-phase "
             "kutakata, sown whole";
  }
  return "";
}

ValueClause house_kutakata_clause(const Ruleset& r) {
  switch (r.house_kutakata) {
    case HouseKutakata::None:
      // No clause of its own: the compulsory start takes away the free
      // choice of the pit a mtaji-phase kutakata starts from.
      return pick(r, {}, {C::ApMtajiStart, C::GuideMtajiTakata, C::LudiiMtajiStart});
    case HouseKutakata::ApBawoUnusedKuu:
      return pick(r, {C::ApBawoCompulsoryKuu, C::ApBawoCaptureUses});
  }
  return {};
}

// ---- two_seed ---------------------------------------------------------------

std::string_view name_of(TwoSeedStart v) {
  switch (v) {
    case TwoSeedStart::None:
      return "none";
    case TwoSeedStart::GuideOwnedHouseAlone:
      return "guide-owned-house-alone";
    case TwoSeedStart::LudiiOneCounter:
      return "ludii-one-counter";
  }
  return "?";
}

std::string_view meaning_of(TwoSeedStart v) {
  switch (v) {
    case TwoSeedStart::None:
      return "a house alone in the front row has no start of its own (no t moves)";
    case TwoSeedStart::GuideOwnedHouseAlone:
      return "a house with status that is the only occupied front pit may start by lifting just "
             "two seeds (the t moves)";
    case TwoSeedStart::LudiiOneCounter:
      return "a working house that is the only occupied front pit moves on only the seed just "
             "placed, into the next pit";
  }
  return "";
}

ValueClause two_seed_clause(const Ruleset& r) {
  switch (r.two_seed) {
    case TwoSeedStart::None:
      return pick(r, {C::ApKunamuaNoTaxation});
    case TwoSeedStart::GuideOwnedHouseAlone:
      return pick(r, {C::GuideTwoPiece, C::SiteKiswTwoSeed});
    case TwoSeedStart::LudiiOneCounter:
      return pick(r, {C::LudiiSingleCounter});
  }
  return {};
}

// ---- sole_end_pit -----------------------------------------------------------

std::string_view name_of(SoleEndPit v) {
  switch (v) {
    case SoleEndPit::MtajiKutakata:
      return "mtaji-kutakata";
    case SoleEndPit::EveryTakata:
      return "every-takata";
    case SoleEndPit::LudiiByPhase:
      return "ludii-by-phase";
  }
  return "?";
}

std::string_view meaning_of(SoleEndPit v) {
  switch (v) {
    case SoleEndPit::MtajiKutakata:
      return "only a mtaji-phase kutakata may not sow a lone occupied end pit into the back row; "
             "in namua it may";
    case SoleEndPit::EveryTakata:
      return "a lone occupied end pit is never sown into the back row, in namua as in mtaji";
    case SoleEndPit::LudiiByPhase:
      return "in namua an end pit is sown toward the back row only while no other front pit is "
             "occupied; in mtaji a lone end pit never is";
  }
  return "";
}

ValueClause sole_end_pit_clause(const Ruleset& r) {
  switch (r.sole_end_pit) {
    case SoleEndPit::MtajiKutakata:
      return pick(r, {C::ApMtajiSoleKichwa});
    case SoleEndPit::EveryTakata:
      return pick(r, {C::GuideEndPit});
    case SoleEndPit::LudiiByPhase:
      return pick(r, {C::LudiiKichwaOutward, C::LudiiSoleKichwa});
  }
  return {};
}

// ---- mtaji_capture_houses ---------------------------------------------------

std::string_view name_of(MtajiCaptureHouses v) {
  switch (v) {
    case MtajiCaptureHouses::Kept:
      return "kept";
    case MtajiCaptureHouses::LostBoth:
      return "lost-both";
  }
  return "?";
}

std::string_view meaning_of(MtajiCaptureHouses v) {
  switch (v) {
    case MtajiCaptureHouses::Kept:
      return "a mtaji-phase capture takes house status only from a house it captures";
    case MtajiCaptureHouses::LostBoth:
      return "the first mtaji-phase capture ends the house status of both players";
  }
  return "";
}

ValueClause mtaji_capture_houses_clause(const Ruleset& r) {
  switch (r.mtaji_capture_houses) {
    case MtajiCaptureHouses::Kept:
      // Abstract Play has no clause for keeping status; its rule for losing
      // it (a lift or a capture of the house itself) is what LostBoth adds to.
      return pick(r, {C::SiteKiswHouseLost}, {C::ApHouseStatusLost});
    case MtajiCaptureHouses::LostBoth:
      return pick(r, {C::GuideMtajiOwnership, C::LudiiInterpFirstCapture});
  }
  return {};
}

// ---- cutoff_rule, with its cutoff -------------------------------------------

std::string_view name_of(CutoffRule v) {
  switch (v) {
    case CutoffRule::None:
      return "none";
    case CutoffRule::ApSeedsSown:
      return "ap-seeds-sown";
    case CutoffRule::GuideRelays:
      return "guide-relays";
  }
  return "?";
}

// The cutoff `rule` at `limit`, in words.
std::string cutoff_meaning(CutoffRule rule, int limit) {
  switch (rule) {
    case CutoffRule::None:
      return "no move is ever cut off as infinite";
    case CutoffRule::ApSeedsSown:
      return fmt::format(
          "a move is cut off as infinite, and lost, once more than {} seeds have been sown", limit);
    case CutoffRule::GuideRelays:
      return fmt::format("a move is cut off as infinite, and lost, once it has made {} relays",
                         limit);
  }
  return "";
}

ValueClause cutoff_clause(const Ruleset& r) {
  return pick(
      r, {C::ApCutoff, C::GuideRelayLimit, C::LudiiInterpRelayLimit, C::SiteKiswInterpRelayLimit});
}

// ---- front_empty ------------------------------------------------------------

std::string_view name_of(FrontEmptyCheck v) {
  switch (v) {
    case FrontEmptyCheck::EndOfTurn:
      return "end-of-turn";
    case FrontEmptyCheck::Immediate:
      return "immediate";
    case FrontEmptyCheck::SiteNamuaNoMove:
      return "site-namua-no-move";
    case FrontEmptyCheck::LudiiMidSowing:
      return "ludii-mid-sowing";
  }
  return "?";
}

std::string_view meaning_of(FrontEmptyCheck v) {
  switch (v) {
    case FrontEmptyCheck::EndOfTurn:
      return "an empty front row is judged once the turn is over; a capture that empties one "
             "is sown on";
    case FrontEmptyCheck::Immediate:
      return "a capture that empties the opponent's front row ends the game at once, its seeds "
             "unsown";
    case FrontEmptyCheck::SiteNamuaNoMove:
      return "an empty front row is judged when the move ends, and a player with seeds in hand "
             "facing its own bare front row has no move";
    case FrontEmptyCheck::LudiiMidSowing:
      return "a capture that empties a front row ends the game at once, and so does a lift that "
             "bares the mover's own front row as its first seed falls into the back row";
  }
  return "";
}

ValueClause front_empty_clause(const Ruleset& r) {
  switch (r.front_empty) {
    case FrontEmptyCheck::EndOfTurn:
      return pick(r, {C::ApWinEndOfTurn});
    case FrontEmptyCheck::Immediate:
      return pick(r, {C::GuideImmediateEnd});
    case FrontEmptyCheck::SiteNamuaNoMove:
      return pick(r, {C::SiteKiswBareRow, C::SiteKiswInterpWin});
    case FrontEmptyCheck::LudiiMidSowing:
      return pick(r, {C::LudiiWinMidSowing, C::LudiiInterpMidSowing});
  }
  return {};
}

// ---- house_scope ------------------------------------------------------------

std::string_view name_of(HouseQuestionScope v) {
  switch (v) {
    case HouseQuestionScope::KunamuaByTurnKind:
      return "kunamua-by-turn-kind";
    case HouseQuestionScope::SiteEverySowing:
      return "site-every-sowing";
  }
  return "?";
}

std::string_view meaning_of(HouseQuestionScope v) {
  switch (v) {
    case HouseQuestionScope::KunamuaByTurnKind:
      return "in namua only, the working house stops a takata and asks the house question of a "
             "capturing turn";
    case HouseQuestionScope::SiteEverySowing:
      return "every sowing that ends in the working house asks the house question, takata or "
             "capture, in namua and in mtaji";
  }
  return "";
}

ValueClause house_scope_clause(const Ruleset& r) {
  switch (r.house_scope) {
    case HouseQuestionScope::KunamuaByTurnKind:
      return pick(r, {C::ApHouseKutakataStops, C::GuideHouseStopTakata, C::LudiiHouseStops});
    case HouseQuestionScope::SiteEverySowing:
      return pick(r, {C::SiteKiswQuestion, C::SiteKiswInterpEveryTurn, C::SiteKiswInterpMtaji});
  }
  return {};
}

// ---- entry_choice -----------------------------------------------------------

std::string_view name_of(EntryChoice v) {
  switch (v) {
    case EntryChoice::Free:
      return "free";
    case EntryChoice::LudiiBestEnd:
      return "ludii-best-end";
  }
  return "?";
}

std::string_view meaning_of(EntryChoice v) {
  switch (v) {
    case EntryChoice::Free:
      return "the first namua capture at a middle pit may enter at either end pit";
    case EntryChoice::LudiiBestEnd:
      return "the first namua capture at a middle pit enters only where its sowing ends best: a "
             "further capture, then the house, an occupied pit, an empty one";
  }
  return "";
}

ValueClause entry_choice_clause(const Ruleset& r) {
  switch (r.entry_choice) {
    case EntryChoice::Free:
      return pick(r, {C::ApCaptureEntryChoice, C::GuideEntryChoice});
    case EntryChoice::LudiiBestEnd:
      return pick(r, {C::LudiiEndOrder, C::LudiiInterpEndOrder});
  }
  return {};
}

// ---- takasia_exempt ---------------------------------------------------------

std::string_view name_of(TakasiaExemptions v) {
  switch (v) {
    case TakasiaExemptions::Guide:
      return "guide";
    case TakasiaExemptions::Ludii:
      return "ludii";
  }
  return "?";
}

std::string_view meaning_of(TakasiaExemptions v) {
  switch (v) {
    case TakasiaExemptions::Guide:
      return "the takasia target is never a single seed, the only occupied or only 2+ front pit, "
             "or a house with status";
    case TakasiaExemptions::Ludii:
      return "the takasia target may be a single seed; the only occupied or only 2+ front pit and "
             "a working house are exempt";
  }
  return "";
}

ValueClause takasia_exempt_clause(const Ruleset& r) {
  switch (r.takasia_exempt) {
    case TakasiaExemptions::Guide:
      return pick(r, {C::GuideTakasiaExempt});
    case TakasiaExemptions::Ludii:
      return pick(r, {C::LudiiTakasiaExempt, C::LudiiInterpTakasiaHouse});
  }
  return {};
}

// ---- single_lap.capture -----------------------------------------------------

std::string_view name_of(SingleLapCapture v) {
  switch (v) {
    case SingleLapCapture::None:
      return "none";
    case SingleLapCapture::SiteMaasai:
      return "site-maasai";
    case SingleLapCapture::SiteLongGame:
      return "site-long-game";
  }
  return "?";
}

std::string_view meaning_of(SingleLapCapture v) {
  switch (v) {
    case SingleLapCapture::None:
      return "a turn never captures";
    case SingleLapCapture::SiteMaasai:
      return "a turn that stops in an empty inner pit takes the opponent's pit across into the "
             "store";
    case SingleLapCapture::SiteLongGame:
      return "a turn that stops in an empty inner pit takes the opponent's pit across and, if "
             "that held seeds, the outer pit behind it";
  }
  return "";
}

ValueClause lap_capture_clause(const Ruleset& r) {
  switch (r.single_lap.capture) {
    case SingleLapCapture::None:
      return pick(r, {C::SiteBankNoCapture});
    case SingleLapCapture::SiteMaasai:
      return pick(r, {C::SiteCapture, C::SiteCaptureStore});
    case SingleLapCapture::SiteLongGame:
      return pick(r, {C::SiteLongSecond});
  }
  return {};
}

// ---- The points -------------------------------------------------------------

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
  // Whether the value of `from` can change an answer of `rules`.
  bool (*tellable)(const Ruleset& rules, const StartFacts& start, const Ruleset& from);
  PointMask sets = bit(id);  // the points a choice of it sets
};

template <class V>
std::string value_text(V v) {
  return std::string(name_of(v));
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

const std::array kPoints{
    Point{
        .id = PointId::KunamuaOrder,
        .name = "kunamua-order",
        .family = TurnFamily::Bao,
        .value = [](const Ruleset& r) { return value_text(r.kunamua_order); },
        .set = [](Ruleset& to, const Ruleset& from) { to.kunamua_order = from.kunamua_order; },
        .clause = kunamua_order_clause,
        .meaning = [](const Ruleset&,
                      const Ruleset& from) { return std::string(meaning_of(from.kunamua_order)); },
        .tellable =
            [](const Ruleset& r, const StartFacts& start, const Ruleset& from) {
              // Abstract Play's order and Ludii's say the same (beside a
              // working house any other pit, else pits of 2 or more first)
              // and part only where the working house itself is blocked,
              // which no blocking rule sets (ap.kutakatia.exempt-house,
              // ludii.takasia.exempt) and no bounded search of play or of
              // random positions reaches: that pair is not offered.
              using K = KunamuaKutakataOrder;
              const bool ap_and_ludii =
                  (r.kunamua_order == K::ApDefault && from.kunamua_order == K::Ludii) ||
                  (r.kunamua_order == K::Ludii && from.kunamua_order == K::ApDefault);
              return start.reserve && !ap_and_ludii;
            },
    },
    Point{
        .id = PointId::Block,
        .name = "block",
        .family = TurnFamily::Bao,
        .value = [](const Ruleset& r) { return value_text(r.block); },
        .set = [](Ruleset& to, const Ruleset& from) { to.block = from.block; },
        .clause = block_clause,
        .meaning = [](const Ruleset&,
                      const Ruleset& from) { return std::string(meaning_of(from.block)); },
        .tellable = always,
    },
    Point{
        .id = PointId::Protection,
        .name = "protection",
        .family = TurnFamily::Bao,
        .value = [](const Ruleset& r) { return value_text(r.protection); },
        .set = [](Ruleset& to, const Ruleset& from) { to.protection = from.protection; },
        .clause = protection_clause,
        .meaning = [](const Ruleset&,
                      const Ruleset& from) { return std::string(meaning_of(from.protection)); },
        .tellable = with_houses,
    },
    Point{
        .id = PointId::HouseKutakata,
        .name = "house-kutakata",
        .family = TurnFamily::Bao,
        .value = [](const Ruleset& r) { return value_text(r.house_kutakata); },
        .set = [](Ruleset& to, const Ruleset& from) { to.house_kutakata = from.house_kutakata; },
        .clause = house_kutakata_clause,
        .meaning = [](const Ruleset&,
                      const Ruleset& from) { return std::string(meaning_of(from.house_kutakata)); },
        .tellable = with_houses,
    },
    Point{
        .id = PointId::TwoSeed,
        .name = "two-seed",
        .family = TurnFamily::Bao,
        .value = [](const Ruleset& r) { return value_text(r.two_seed); },
        .set = [](Ruleset& to, const Ruleset& from) { to.two_seed = from.two_seed; },
        .clause = two_seed_clause,
        .meaning = [](const Ruleset&,
                      const Ruleset& from) { return std::string(meaning_of(from.two_seed)); },
        // A start of the house in namua.
        .tellable = [](const Ruleset&, const StartFacts& start,
                       const Ruleset&) { return start.houses && start.reserve; },
    },
    Point{
        .id = PointId::SoleEndPit,
        .name = "sole-end-pit",
        .family = TurnFamily::Bao,
        .value = [](const Ruleset& r) { return value_text(r.sole_end_pit); },
        .set = [](Ruleset& to, const Ruleset& from) { to.sole_end_pit = from.sole_end_pit; },
        .clause = sole_end_pit_clause,
        .meaning = [](const Ruleset&,
                      const Ruleset& from) { return std::string(meaning_of(from.sole_end_pit)); },
        // The values differ in namua only: every ruleset plays the mtaji
        // phase by ap.mtaji.sole-kichwa.
        .tellable = in_namua,
    },
    Point{
        .id = PointId::MtajiCaptureHouses,
        .name = "mtaji-capture-houses",
        .family = TurnFamily::Bao,
        .value = [](const Ruleset& r) { return value_text(r.mtaji_capture_houses); },
        .set = [](Ruleset& to,
                  const Ruleset& from) { to.mtaji_capture_houses = from.mtaji_capture_houses; },
        .clause = mtaji_capture_houses_clause,
        .meaning =
            [](const Ruleset&, const Ruleset& from) {
              return std::string(meaning_of(from.mtaji_capture_houses));
            },
        .tellable = with_houses,
    },
    Point{
        .id = PointId::CutoffRule,
        .name = "cutoff-rule",
        .family = TurnFamily::Bao,
        .value = [](const Ruleset& r) { return value_text(r.cutoff_rule); },
        // The rule comes with the source's limit, which is in its unit.
        .set =
            [](Ruleset& to, const Ruleset& from) {
              to.cutoff_rule = from.cutoff_rule;
              to.cutoff = from.cutoff;
            },
        .clause = cutoff_clause,
        .meaning =
            [](const Ruleset&, const Ruleset& from) {
              return cutoff_meaning(from.cutoff_rule, from.cutoff);
            },
        .tellable = always,
        .sets = bit(PointId::CutoffRule) | bit(PointId::Cutoff),
    },
    Point{
        .id = PointId::FrontEmpty,
        .name = "front-empty",
        .family = TurnFamily::Bao,
        .value = [](const Ruleset& r) { return value_text(r.front_empty); },
        .set = [](Ruleset& to, const Ruleset& from) { to.front_empty = from.front_empty; },
        .clause = front_empty_clause,
        .meaning = [](const Ruleset&,
                      const Ruleset& from) { return std::string(meaning_of(from.front_empty)); },
        .tellable =
            [](const Ruleset& r, const StartFacts& start, const Ruleset& from) {
              switch (from.front_empty) {
                case FrontEmptyCheck::SiteNamuaNoMove:
                  // The bare-row loss is for a player with seeds in hand;
                  // without reserves the value plays as end-of-turn.
                  return start.reserve;
                case FrontEmptyCheck::LudiiMidSowing:
                  // Beside Immediate it only adds the namua lift that bares
                  // the own front row, which is a lone end pit sown outward:
                  // not there when every takata keeps a lone end pit in the
                  // front row (guide.start.sole-end-pit).
                  return r.front_empty != FrontEmptyCheck::Immediate ||
                         (start.reserve && r.sole_end_pit != SoleEndPit::EveryTakata);
                default:
                  return true;
              }
            },
    },
    Point{
        .id = PointId::HouseScope,
        .name = "house-scope",
        .family = TurnFamily::Bao,
        .value = [](const Ruleset& r) { return value_text(r.house_scope); },
        .set = [](Ruleset& to, const Ruleset& from) { to.house_scope = from.house_scope; },
        .clause = house_scope_clause,
        .meaning = [](const Ruleset&,
                      const Ruleset& from) { return std::string(meaning_of(from.house_scope)); },
        .tellable = with_houses,
    },
    Point{
        .id = PointId::EntryChoice,
        .name = "entry-choice",
        .family = TurnFamily::Bao,
        .value = [](const Ruleset& r) { return value_text(r.entry_choice); },
        .set = [](Ruleset& to, const Ruleset& from) { to.entry_choice = from.entry_choice; },
        .clause = entry_choice_clause,
        .meaning = [](const Ruleset&,
                      const Ruleset& from) { return std::string(meaning_of(from.entry_choice)); },
        // The choice of entry belongs to the first namua capture.
        .tellable = in_namua,
    },
    Point{
        .id = PointId::TakasiaExempt,
        .name = "takasia-exempt",
        .family = TurnFamily::Bao,
        .value = [](const Ruleset& r) { return value_text(r.takasia_exempt); },
        .set = [](Ruleset& to, const Ruleset& from) { to.takasia_exempt = from.takasia_exempt; },
        .clause = takasia_exempt_clause,
        .meaning = [](const Ruleset&,
                      const Ruleset& from) { return std::string(meaning_of(from.takasia_exempt)); },
        // Read only by the takasia rule.
        .tellable = [](const Ruleset& r, const StartFacts&,
                       const Ruleset&) { return r.block == BlockRule::GuideTakasia; },
    },
    Point{
        .id = PointId::LapCapture,
        .name = "capture",
        .family = TurnFamily::SingleLap,
        .value = [](const Ruleset& r) { return value_text(r.single_lap.capture); },
        .set = [](Ruleset& to,
                  const Ruleset& from) { to.single_lap.capture = from.single_lap.capture; },
        .clause = lap_capture_clause,
        .meaning =
            [](const Ruleset&, const Ruleset& from) {
              return std::string(meaning_of(from.single_lap.capture));
            },
        .tellable = always,
    },
    Point{
        .id = PointId::WorkingHouse,
        .name = "working-house",
        .family = TurnFamily::Bao,
        .value = [](const Ruleset& r) { return fmt::format("{}", r.working_house); },
        .set = [](Ruleset& to, const Ruleset& from) { to.working_house = from.working_house; },
        .clause =
            [](const Ruleset& r) {
              return pick(r, {C::ApMalawiThreshold, C::ApHouseWorking, C::GuideHouseBelowSix,
                              C::LudiiHouse, C::SiteKiswBelowSix});
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
              return pick(r, {C::ApBawoCaptureRange, C::ApMtajiCaptureStart, C::GuideMtajiCapture,
                              C::LudiiMtajiCapture});
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
        .clause = cutoff_clause,
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
