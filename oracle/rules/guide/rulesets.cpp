// The illustrated guide's rulesets (001_63d4a6713946ea72.txt): guide-v2 (the
// Japanese guide v0.2.0 with takasia) and guide-r002 (the older R-002 rules
// that version-1 records replay under: the same rules without takasia).
#include "oracle/rules/guide/rulesets.hpp"

#include <array>

namespace bao {
namespace {

constexpr bool is_takasia(ClauseId c) {
  return c == ClauseId::GuideTakasiaSet || c == ClauseId::GuideTakasiaExempt ||
         c == ClauseId::GuideTakasiaNotSet || c == ClauseId::GuideTakasiaNoStart ||
         c == ClauseId::GuideTakasiaPass || c == ClauseId::GuideTakasiaStop ||
         c == ClauseId::GuideTakasiaExpiry;
}

constexpr std::array kGuideClauses{
#define BAO_CLAUSE(ident, name, kind, file, section, paraphrase) ClauseId::ident,
#include "oracle/rules/guide/clauses.def"
#undef BAO_CLAUSE
};

constexpr std::size_t count_without_takasia() {
  std::size_t n = 0;
  for (ClauseId c : kGuideClauses) n += is_takasia(c) ? 0 : 1;
  return n;
}

constexpr auto kR002Clauses = [] {
  std::array<ClauseId, count_without_takasia()> out{};
  std::size_t i = 0;
  for (ClauseId c : kGuideClauses)
    if (!is_takasia(c)) out[i++] = c;
  return out;
}();

// The guide's own clause for each step the engine shares with other sources.
constexpr Citations kGuideCitations{
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

constexpr std::string_view kGuideStart =  // guide.setup.start
    "S 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 hand=22,22 house=A5,a5";

constexpr Ruleset kV2{
    .id = "guide-v2",
    .title = "Illustrated Kiswahili guide, v0.2.0 rules with takasia",
    .source_file = "001_63d4a6713946ea72.txt",
    .start_bpn = kGuideStart,
    .working_house = 6,       // guide.nyumba.below-six
    .capture_start_max = 15,  // guide.mtaji.capture-start, guide.mtaji.sixteen
    .cutoff = 512,            // guide.limit.relay-512
    .kunamua_order = KunamuaKutakataOrder::Guide,
    .block = BlockRule::GuideTakasia,
    .two_seed = TwoSeedStart::GuideOwnedHouseAlone,
    .sole_end_pit = SoleEndPit::EveryTakata,
    .relay_restriction = RelayRestriction::None,
    .mtaji_capture_houses = MtajiCaptureHouses::LostBoth,
    .cutoff_rule = CutoffRule::GuideRelays,
    .front_empty = FrontEmptyCheck::Immediate,
    .cite = kGuideCitations,
    .clauses = kGuideClauses,
};

// guide-r002: the same rules without takasia.
constexpr Ruleset kR002 = [] {
  Ruleset r = kV2;
  r.id = "guide-r002";
  r.title = "Illustrated Kiswahili guide, older R-002 rules (no takasia)";
  r.block = BlockRule::None;
  r.clauses = kR002Clauses;
  return r;
}();

}  // namespace

constinit const Ruleset kGuideV2 = kV2;
constinit const Ruleset kGuideR002 = kR002;

}  // namespace bao
