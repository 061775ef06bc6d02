// Ludii's description of Bao (003_64707fd454846805.txt), ruleset ludii. The
// text is the least precise of the sources: every choice we made is a
// ludii.interp.* clause in clauses.def, listed with its reason in
// docs/rulesets/ludii.md.
#include "oracle/rules/ludii/rulesets.hpp"

#include <array>

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

// The record: where Ludii's text says what the guide says, the same
// variation point value; the clause comments say which statement it is.
constexpr Ruleset kRecord{
    .id = "ludii",
    .title = "Ludii's description of Bao",
    .source_file = "003_64707fd454846805.txt",
    // ludii.setup.start, ludii.interp.setup-two-holes
    .start_bpn =
        "S 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 hand=22,22 house=A5,a5",
    // ludii.house.definition (INTERPRETATION: ludii.interp.house-count-after-landing)
    .working_house = 6,
    // ludii.mtaji.start, ludii.mtaji.capture (INTERPRETATION: ludii.interp.sixteen-takata)
    .capture_start_max = 15,
    .cutoff = 512,  // INTERPRETATION: ludii.interp.relay-limit
    .kunamua_order = KunamuaKutakataOrder::Ludii,
    // ludii.takasia.set, ludii.takasia.capture-allowed (captures ignore the
    // target), ludii.takasia.not-namua (set after a mtaji-phase takata only).
    .block = BlockRule::GuideTakasia,
    .two_seed = TwoSeedStart::LudiiOneCounter,
    // ludii.namua.kichwa-outward, ludii.mtaji.sole-kichwa
    .sole_end_pit = SoleEndPit::LudiiByPhase,
    // ludii.mtaji.inner-row-first (INTERPRETATION:
    // ludii.interp.inner-row-first-takata-only); no back-row relay rule.
    .relay_restriction = RelayRestriction::None,
    .mtaji_capture_houses = MtajiCaptureHouses::LostBoth,  // ludii.interp.mtaji-first-capture
    .cutoff_rule = CutoffRule::GuideRelays,
    // ludii.win.inner-row-empty, ludii.win.mid-sowing, ludii.win.singles
    .front_empty = FrontEmptyCheck::LudiiMidSowing,
    // ludii.house.takata-stops, ludii.capture.house-question,
    // ludii.mtaji.house-rules-end (INTERPRETATION:
    // ludii.interp.house-question-namua-only, ludii.interp.safari-empties-house)
    .house_scope = HouseQuestionScope::KunamuaByTurnKind,
    .entry_choice = EntryChoice::LudiiBestEnd,
    .takasia_exempt = TakasiaExemptions::Ludii,
    .cite = kLudiiCitations,
    .clauses = kLudiiClauses,
};

}  // namespace

constinit const Ruleset kLudii = kRecord;

}  // namespace bao
