// The play site's Bao la Kiswahili (004_65206f47e0fcd478.txt, the
// description at the foot of its rules page), ruleset site-kiswahili. The
// site states its setup, namua placement, the bare-row loss and its house
// rules; everything it leaves unsaid follows the illustrated guide's clauses
// (oracle/rules/guide/), each adoption an interpretation in clauses.def.
#include "oracle/rules/site_kiswahili/rulesets.hpp"

#include <array>

namespace bao {
namespace {

using C = ClauseId;

constexpr std::array kSiteKiswahiliClauses{
// The site's own statements and interpretations.
#define BAO_CLAUSE(ident, name, kind, file, section, paraphrase) C::ident,
#include "oracle/rules/site_kiswahili/clauses.def"
#undef BAO_CLAUSE
    // INTERPRETATION: site.interp.kiswahili-captures-as-guide
    C::GuideNamuaCapture, C::GuideCaptureKeeps, C::GuideEntryEnd, C::GuideEntryChoice,
    C::GuideEntryKeep, C::GuideLaterCapture, C::GuideHouseCaptureFirst,
    // INTERPRETATION: site.interp.kiswahili-takata-as-guide
    C::GuideTakataSow, C::GuideEndPit,
    // INTERPRETATION: site.interp.kiswahili-mtaji-as-guide
    C::GuideMtajiCapture, C::GuideMtajiTakata, C::GuideSixteen, C::GuideInterpPhasePerMover,
    // INTERPRETATION: site.interp.kiswahili-win-end-of-move
    C::GuideFrontEmpty, C::GuideNoMove, C::GuideInterpOwnFrontEmpty,
    // INTERPRETATION: site.interp.kiswahili-relay-limit
    C::GuideRelayLimit, C::GuideInterpRelayCount};

// The site's clause for the steps it states, the guide's for those it adopts.
constexpr Citations kSiteKiswahiliCitations{
    .sow = C::SiteKiswSow,
    .relay = C::SiteKiswRelay,
    .stop_empty = C::SiteKiswStopEmpty,
    .capture = C::GuideLaterCapture,
    .entry_end = C::GuideEntryEnd,
    .entry_choice = C::GuideEntryChoice,
    .entry_keep = C::GuideEntryKeep,
    .place = C::SiteKiswPlace,
    .namua_capture = C::GuideNamuaCapture,
    .namua_capture_house = C::GuideNamuaCapture,
    .takata_sow = C::GuideTakataSow,
    .mtaji_start = C::GuideMtajiTakata,
    .mtaji_capture_start = C::GuideMtajiCapture,
    .house_lost = C::SiteKiswHouseLost,
    .house_stop_takata = C::SiteKiswQuestion,
    .house_question = C::SiteKiswQuestion,
    .house_capture_first = C::GuideHouseCaptureFirst,
    .block_stop = C::None,
    .block_clear = C::None,
    .front_empty = C::SiteKiswInterpWin,
    .cutoff = C::GuideRelayLimit,
    .two_seed = C::SiteKiswTwoSeed,
    .front_empty_now = C::SiteKiswInterpWin,
    .houses_lost_mtaji = C::None,
    .block_set = C::None,
    .block_exempt = C::None,
};

// site.kiswahili.midgame-start: the Mid-game daily starts from any position
// validate_for_ruleset accepts for this record; legal_moves, play and status
// need nothing but the position.
constexpr Ruleset kRecord{
    .id = "site-kiswahili",
    .title = "Play site, Bao la Kiswahili (also its Mid-game daily)",
    .source_file = "004_65206f47e0fcd478.txt",
    // site.kiswahili.setup, site.interp.kiswahili-setup-right-pits
    .start_bpn =
        "S 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 hand=22,22 house=A5,a5",
    .working_house = 6,       // site.kiswahili.house-below-six
    .capture_start_max = 15,  // guide.mtaji.capture-start (adopted)
    .cutoff = 512,            // guide.limit.relay-512 (adopted)
    .kunamua_order = KunamuaKutakataOrder::SiteKiswahili,
    // INTERPRETATION: site.interp.kiswahili-no-takasia
    .block = BlockRule::None,
    // site.kiswahili.house-two-seed, site.interp.kiswahili-two-seed-any-count:
    // the guide's two-piece start is the same move.
    .two_seed = TwoSeedStart::GuideOwnedHouseAlone,
    .sole_end_pit = SoleEndPit::EveryTakata,  // guide.start.sole-end-pit (adopted)
    .relay_restriction = RelayRestriction::None,
    .mtaji_capture_houses = MtajiCaptureHouses::Kept,  // site.kiswahili.house-status-lost
    .cutoff_rule = CutoffRule::GuideRelays,
    .front_empty = FrontEmptyCheck::SiteNamuaNoMove,
    .house_scope = HouseQuestionScope::SiteEverySowing,
    .cite = kSiteKiswahiliCitations,
    .clauses = kSiteKiswahiliClauses,
};

}  // namespace

constinit const Ruleset kSiteKiswahili = kRecord;

}  // namespace bao
