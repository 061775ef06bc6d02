// The play site's Bao la Kiswahili (004_65206f47e0fcd478.txt, the
// description at the foot of its rules page), ruleset site-kiswahili. The
// site states its setup, namua placement, the bare-row loss and its house
// rules; everything it leaves unsaid follows the illustrated guide's clauses
// (oracle/rules/guide/), each adoption an interpretation in clauses.def.
#include "oracle/rules/site_kiswahili/rulesets.hpp"

#include <array>

#include "oracle/rules/guide/rulesets.hpp"

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

// The guide's citations for the steps the site adopts; the site's own clause
// for the steps it states, and none for takasia, which it does not have.
constexpr Citations kSiteKiswahiliCitations = [] {
  Citations c = kGuideCitations;
  c.sow = C::SiteKiswSow;
  c.relay = C::SiteKiswRelay;
  c.stop_empty = C::SiteKiswStopEmpty;
  c.place = C::SiteKiswPlace;
  c.house_lost = C::SiteKiswHouseLost;
  c.house_stop_takata = C::SiteKiswQuestion;
  c.house_question = C::SiteKiswQuestion;
  c.front_empty = C::SiteKiswInterpWin;
  c.two_seed = C::SiteKiswTwoSeed;
  c.front_empty_now = C::SiteKiswInterpWin;
  c.houses_lost_mtaji = C::None;
  c.block_stop = C::None;
  c.block_clear = C::None;
  c.block_set = C::None;
  c.block_exempt = C::None;
  return c;
}();

// The record starts from the guide's, which the site follows wherever it is
// silent; what the site states, or where it departs from the guide, is set
// below. Kept from the guide:
// - the start: site.kiswahili.setup, site.interp.kiswahili-setup-right-pits;
// - the house working at 6: site.kiswahili.house-below-six;
// - captures starting from 2..15 seeds: guide.mtaji.capture-start (adopted);
// - the 512-relay cutoff: guide.limit.relay-512 (adopted);
// - the two-seed start of a lone house: site.kiswahili.house-two-seed,
//   site.interp.kiswahili-two-seed-any-count (the guide's two-piece start is
//   the same move);
// - a sole end pit never sown into the back row: guide.start.sole-end-pit
//   (adopted);
// - the entry of a capture: guide.capture.entry-first-namua-choice (adopted).
// site.kiswahili.midgame-start: the Mid-game daily starts from any position
// validate_for_ruleset accepts for this record; legal_moves, play and status
// need nothing but the position.
constexpr Ruleset kRecord = [] {
  Ruleset r = guide_based({.id = "site-kiswahili",
                           .title = "Play site, Bao la Kiswahili (also its Mid-game daily)",
                           .source_file = "004_65206f47e0fcd478.txt"},
                          kSiteKiswahiliClauses);
  // site.kiswahili.place-occupied, site.kiswahili.house-two-seed,
  // site.interp.kiswahili-singles-may-start
  r.kunamua_order = KunamuaKutakataOrder::SiteKiswahili;
  r.block = BlockRule::None;  // INTERPRETATION: site.interp.kiswahili-no-takasia
  r.mtaji_capture_houses = MtajiCaptureHouses::Kept;  // site.kiswahili.house-status-lost
  // site.kiswahili.bare-inner-row (INTERPRETATION: site.interp.kiswahili-win-end-of-move)
  r.front_empty = FrontEmptyCheck::SiteNamuaNoMove;
  // site.kiswahili.safari-question, site.interp.kiswahili-question-every-turn,
  // site.interp.kiswahili-house-in-mtaji
  r.house_scope = HouseQuestionScope::SiteEverySowing;
  r.cite = kSiteKiswahiliCitations;
  return r;
}();

}  // namespace

constinit const Ruleset kSiteKiswahili = kRecord;

}  // namespace bao
