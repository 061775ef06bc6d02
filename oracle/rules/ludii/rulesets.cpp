// Ludii's description of Bao (003_64707fd454846805.txt), ruleset ludii. The
// text is the least precise of the sources: every choice we made is a
// ludii.interp.* clause in clauses.def, listed with its reason in
// docs/rulesets/ludii.md.
#include "oracle/rules/ludii/rulesets.hpp"

#include <array>

#include "oracle/rules/guide/rulesets.hpp"

namespace bao {
namespace {

using C = ClauseId;

constexpr std::array kLudiiClauses{
#define BAO_CLAUSE(ident, name, kind, file, section, paraphrase) C::ident,
#include "oracle/rules/ludii/clauses.def"
#undef BAO_CLAUSE
};

// Ludii's clause for every step the engine shares with other sources.
constexpr Citations kLudiiCitations{
    .sow = C::LudiiSow,
    .relay = C::LudiiRelay,
    .stop_empty = C::LudiiStopEmpty,
    .capture = C::LudiiFurther,
    .entry_end = C::LudiiEntryNearest,
    .entry_choice = C::LudiiEntryChoice,
    .entry_keep = C::LudiiEntryDirection,
    .place = C::LudiiPlace,
    .namua_capture = C::LudiiNamuaCapture,
    .namua_capture_house = C::LudiiNamuaCapture,
    .takata_sow = C::LudiiNamuaTakata,
    .mtaji_start = C::LudiiMtajiStart,
    .mtaji_capture_start = C::LudiiMtajiCapture,
    .house_lost = C::LudiiHouse,
    .house_stop_takata = C::LudiiHouseStops,
    .house_question = C::LudiiHouseQuestion,
    .house_capture_first = C::LudiiEndOrder,
    .block_stop = C::LudiiInterpTakasiaStop,
    .block_clear = C::LudiiInterpTakasiaTurn,
    .front_empty = C::LudiiWinFront,
    .cutoff = C::LudiiInterpRelayLimit,
    .two_seed = C::LudiiSingleCounter,
    .front_empty_now = C::LudiiWinMidSowing,
    .houses_lost_mtaji = C::LudiiInterpFirstCapture,
    .block_set = C::LudiiTakasiaSet,
    .block_exempt = C::LudiiTakasiaExempt,
};

// The record starts from the guide's: where Ludii's text says what the guide
// says, the same variation point value. Those kept are
// - the start: ludii.setup.start, ludii.interp.setup-two-holes;
// - the house working at 6: ludii.house.definition (INTERPRETATION:
//   ludii.interp.house-count-after-landing);
// - captures starting from 2..15 seeds: ludii.mtaji.start, ludii.mtaji.capture
//   (INTERPRETATION: ludii.interp.sixteen-takata);
// - the 512-relay cutoff: INTERPRETATION: ludii.interp.relay-limit;
// - takasia: ludii.takasia.set, ludii.takasia.capture-allowed (captures
//   ignore the target), ludii.takasia.not-namua (set after a mtaji-phase
//   takata only);
// - no back-row relay rule: ludii.mtaji.inner-row-first (INTERPRETATION:
//   ludii.interp.inner-row-first-takata-only);
// - both houses lost at the first mtaji capture:
//   ludii.interp.mtaji-first-capture;
// - the house rules in namua only, a takata stopping and a capture asking:
//   ludii.house.takata-stops, ludii.capture.house-question,
//   ludii.mtaji.house-rules-end (INTERPRETATION:
//   ludii.interp.house-question-namua-only, ludii.interp.safari-empties-house).
// What Ludii says differently is set below, its clauses next to each value.
constexpr Ruleset kRecord = [] {
  Ruleset r = guide_based({.id = "ludii",
                           .title = "Ludii's description of Bao",
                           .source_file = "003_64707fd454846805.txt"},
                          kLudiiClauses);
  // ludii.namua.singles, ludii.house.not-emptied (INTERPRETATION:
  // ludii.interp.judged-before-placement)
  r.kunamua_order = KunamuaKutakataOrder::Ludii;
  r.two_seed = TwoSeedStart::LudiiOneCounter;  // ludii.house.single-counter
  r.sole_end_pit = SoleEndPit::LudiiByPhase;  // ludii.namua.kichwa-outward, ludii.mtaji.sole-kichwa
  // ludii.win.inner-row-empty, ludii.win.mid-sowing, ludii.win.singles
  r.front_empty = FrontEmptyCheck::LudiiMidSowing;
  // ludii.capture.end-order (INTERPRETATION: ludii.interp.end-order-entry-choice)
  r.entry_choice = EntryChoice::LudiiBestEnd;
  // ludii.takasia.exempt (INTERPRETATION: ludii.interp.takasia-house-working)
  r.takasia_exempt = TakasiaExemptions::Ludii;
  r.cite = kLudiiCitations;
  return r;
}();

}  // namespace

constinit const Ruleset kLudii = kRecord;

}  // namespace bao
