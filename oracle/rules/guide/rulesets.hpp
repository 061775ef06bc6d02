// The illustrated guide's rulesets, and the record the rulesets derived from
// the guide start from.
#pragma once

#include <span>
#include <string_view>

#include "oracle/rules/ruleset.hpp"

namespace bao {

extern const Ruleset kGuideV2;
extern const Ruleset kGuideR002;

// The guide's own clause for each step the engine shares with other sources.
inline constexpr Citations kGuideCitations{
    .sow = ClauseId::GuideSow,
    .relay = ClauseId::GuideRelay,
    .stop_empty = ClauseId::GuideStopEmpty,
    .capture = ClauseId::GuideLaterCapture,
    .entry_end = ClauseId::GuideEntryEnd,
    .entry_choice = ClauseId::GuideEntryChoice,
    .entry_keep = ClauseId::GuideEntryKeep,
    .place = ClauseId::GuidePhases,
    .namua_capture = ClauseId::GuideNamuaCapture,
    .namua_capture_house = ClauseId::GuideNamuaCapture,
    .takata_sow = ClauseId::GuideTakataSow,
    .mtaji_start = ClauseId::GuideMtajiTakata,
    .mtaji_capture_start = ClauseId::GuideMtajiCapture,
    .house_lost = ClauseId::GuideOwnershipLost,
    .house_stop_takata = ClauseId::GuideHouseStopTakata,
    .house_question = ClauseId::GuideHouseQuestion,
    .house_capture_first = ClauseId::GuideHouseCaptureFirst,
    .block_stop = ClauseId::GuideTakasiaStop,
    .block_clear = ClauseId::GuideTakasiaExpiry,
    .front_empty = ClauseId::GuideFrontEmpty,
    .cutoff = ClauseId::GuideRelayLimit,
};

// What every ruleset states for itself, whatever record it starts from.
struct RulesetName {
  std::string_view id;
  std::string_view title;
  std::string_view source_file;
};

// The guide-v2 rules under another name and clause list: the guide's start,
// thresholds and variation points, citing the guide's clauses. guide-v2 is
// this record; the sources that say what the guide says wherever they are not
// silent or different (ludii, site-kiswahili) start from it too and set only
// the fields where their text departs from the guide.
constexpr Ruleset guide_based(RulesetName name, std::span<const ClauseId> clauses) {
  return Ruleset{
      .id = name.id,
      .title = name.title,
      .source_file = name.source_file,
      // guide.setup.start
      .start_bpn =
          "S 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 hand=22,22 "
          "house=A5,a5",
      .working_house = 6,       // guide.nyumba.below-six
      .capture_start_max = 15,  // guide.mtaji.capture-start, guide.mtaji.sixteen
      .cutoff = 512,            // guide.limit.relay-512
      .kunamua_order = KunamuaKutakataOrder::Guide,  // guide.namua.takata-start
      .block = BlockRule::GuideTakasia,              // guide.takasia.*
      .two_seed = TwoSeedStart::GuideOwnedHouseAlone,
      .sole_end_pit = SoleEndPit::EveryTakata,
      .relay_restriction = RelayRestriction::None,
      .mtaji_capture_houses = MtajiCaptureHouses::LostBoth,
      .cutoff_rule = CutoffRule::GuideRelays,
      .front_empty = FrontEmptyCheck::Immediate,
      .house_scope = HouseQuestionScope::KunamuaByTurnKind,
      .entry_choice = EntryChoice::Free,
      .takasia_exempt = TakasiaExemptions::Guide,
      .cite = kGuideCitations,
      .clauses = clauses,
  };
}

}  // namespace bao
