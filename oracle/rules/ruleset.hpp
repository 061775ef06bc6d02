// A ruleset is a declarative record: its setup, its thresholds, and one enum
// value per variation point. The turn engine (oracle/engine/) switches on
// these values, one cited case each; the clauses themselves are shared.
// Adding a ruleset means adding a record here and, where it says something no
// other source says, a new enum value with its clause. See
// docs/architecture.md.
#pragma once

#include <span>
#include <string_view>

#include "oracle/catalog/clause.hpp"
#include "oracle/catalog/mutation.hpp"
#include "oracle/core/expected.hpp"
#include "oracle/rules/off_text.hpp"

namespace bao {

// How a kunamua turn without capture chooses its starting pit.
enum class KunamuaKutakataOrder : std::uint8_t {
  ApDefault,  // ap.kunamua.kutakata-start-order
  ApBawo,     // ap.bawo.kutakata-start-order, ap.bawo.kuu-start-exactly-eight
  Guide,      // guide.namua.takata-start
  // site.kiswahili.place-occupied, site.kiswahili.house-two-seed,
  // site.interp.kiswahili-singles-may-start
  SiteKiswahili,
  // ludii.namua.singles, ludii.house.not-emptied,
  // ludii.interp.judged-before-placement
  Ludii,
};

// Whether some captures are forbidden.
enum class CaptureProtection : std::uint8_t {
  None,
  ApBawoKuu,  // ap.bawo.kuu-protection
};

// Whether a house must start a kutakata turn.
enum class HouseKutakata : std::uint8_t {
  None,
  ApBawoUnusedKuu,  // ap.bawo.compulsory-kuu-kutakata, ap.bawo.capture-counts-as-use
};

// Which blocking rule follows a non-capturing turn.
enum class BlockRule : std::uint8_t {
  None,
  ApKutakatia,   // ap.kutakatia.*
  GuideTakasia,  // guide.takasia.*
};

// How a move that may not terminate is cut off.
enum class CutoffRule : std::uint8_t {
  None,
  ApSeedsSown,  // ap.cutoff.seeds-sown: more than `cutoff` seeds sown at a relay pickup
  GuideRelays,  // guide.limit.relay-512: `cutoff` relays already made at a relay pickup
};

// When a front row that has become empty ends the game.
enum class FrontEmptyCheck : std::uint8_t {
  EndOfTurn,  // ap.win.end-of-turn-check
  Immediate,  // guide.win.immediate: a capture that empties a front row ends the game
  // site.kiswahili.bare-inner-row: judged when the move ends; a player still
  // holding seeds who faces a bare front row has no move (reason no-move).
  SiteNamuaNoMove,
  // ludii.win.mid-sowing: at once, after a capture (as Immediate) and when a
  // lift leaves the mover's own front row bare as its seeds go to the back row.
  LudiiMidSowing,
};

// How the first namua capture at pits 3..6 chooses its entry kichwa.
enum class EntryChoice : std::uint8_t {
  Free,  // ap.capture.entry-first-kunamua-choice, guide.capture.entry-first-namua-choice
  // ludii.capture.end-order, ludii.interp.end-order-entry-choice: only the
  // entries whose sowing ends best (capture, house, occupied pit, empty pit).
  LudiiBestEnd,
};

// Which pits the takasia rule exempts.
enum class TakasiaExemptions : std::uint8_t {
  Guide,  // guide.takasia.exempt
  Ludii,  // ludii.takasia.exempt, ludii.interp.takasia-house-working
};

// Where a house that counts stops a sowing or asks the house question.
enum class HouseQuestionScope : std::uint8_t {
  // ap.nyumba.kutakata-stops, ap.nyumba.safari-question: kunamua turns only;
  // a kutakata stops there, a capturing turn asks.
  KunamuaByTurnKind,
  // site.kiswahili.safari-question, site.interp.kiswahili-question-every-turn,
  // site.interp.kiswahili-house-in-mtaji: every sowing that ends there asks.
  SiteEverySowing,
};

// Whether the turn may start by lifting two seeds of a house (`t` moves).
enum class TwoSeedStart : std::uint8_t {
  None,                  // ap.kunamua.no-two-seed-start
  GuideOwnedHouseAlone,  // guide.nyumba.two-piece-start
  // ludii.house.single-counter: the lone house moves on only the seed just
  // placed (written without t: the house itself may never start).
  LudiiOneCounter,
};

// Which takata turns the sole end pit (kichwa) may not sow into the back row.
enum class SoleEndPit : std::uint8_t {
  MtajiKutakata,  // ap.mtaji.sole-kichwa
  EveryTakata,    // guide.start.sole-end-pit
  // ludii.namua.kichwa-outward in namua (outward only when it is the sole
  // occupied front pit), ludii.mtaji.sole-kichwa afterwards
  // (ludii.interp.kichwa-rules-per-phase).
  LudiiByPhase,
};

// Restrictions on relays.
enum class RelayRestriction : std::uint8_t {
  None,
  ApBackRowEmptyFront,  // ap.mtaji.back-row-relay-empty-front
};

// What a capture in the mtaji phase does to house status.
enum class MtajiCaptureHouses : std::uint8_t {
  Kept,      // status is only lost by the house's own capture or lift
  LostBoth,  // guide.nyumba.first-mtaji-capture
};

// Which turn engine plays the ruleset: Bao's (reserves, captures sown back,
// houses, both directions; oracle/engine/engine.cpp) or the single-lap turn
// of the play site's variants (oracle/rules/site/single_lap.cpp), where a turn
// lifts one pit and relays in one fixed direction round the own sixteen pits.
enum class TurnFamily : std::uint8_t {
  Bao,
  SingleLap,  // site.sow.own-loop, site.sow.fixed-direction
};

// Single-lap family: whether the house ends a relay.
enum class HouseStop : std::uint8_t {
  None,
  SiteBank,  // site.bank.house-stop, site.bank.house-never-lifted
};

// Single-lap family: what a turn that ends in an empty pit takes.
enum class SingleLapCapture : std::uint8_t {
  None,          // site.bank.no-captures
  SiteMaasai,    // site.capture.condition, site.capture.to-store
  SiteLongGame,  // the Maasai capture and site.longgame.second-pit
};

// Single-lap family: what the players are after, which decides the win, the
// progress that resets the quiet count and how a called game is judged.
enum class SingleLapGoal : std::uint8_t {
  SiteFillHouse,   // site.bank.win-house-full, site.bank.progress-house
  SiteCaptureAll,  // site.win.all-captured, site.progress.capture-resets
};

// The variation points of the single-lap family (TurnFamily::SingleLap).
struct SingleLapRules {
  HouseStop house_stop = HouseStop::None;
  SingleLapCapture capture = SingleLapCapture::None;
  SingleLapGoal goal = SingleLapGoal::SiteCaptureAll;
  int quiet_limit = 50;  // site.progress.called: quiet turns that call the game
};

// The clause a ruleset cites for each step that several sources share, so a
// trace names the rule of the ruleset being played (defaults: Abstract Play).
struct Citations {
  ClauseId sow = ClauseId::ApSowConsecutive;
  ClauseId relay = ClauseId::ApSowRelay;
  ClauseId stop_empty = ClauseId::ApSowEmptyEnds;
  ClauseId capture = ClauseId::ApCaptureCondition;
  ClauseId entry_end = ClauseId::ApCaptureEntryEnd;
  ClauseId entry_choice = ClauseId::ApCaptureEntryChoice;
  ClauseId entry_keep = ClauseId::ApCaptureEntryKeep;
  ClauseId place = ClauseId::ApKunamuaPlace;
  ClauseId namua_capture = ClauseId::ApKunamuaCapture;
  ClauseId namua_capture_house = ClauseId::ApKunamuaCaptureHouse;
  ClauseId takata_sow = ClauseId::ApKunamuaKutakataSow;
  ClauseId mtaji_start = ClauseId::ApMtajiStart;
  ClauseId mtaji_capture_start = ClauseId::ApMtajiCaptureStart;
  ClauseId house_lost = ClauseId::ApHouseStatusLost;
  ClauseId house_stop_takata = ClauseId::ApHouseKutakataStops;
  ClauseId house_question = ClauseId::ApHouseQuestion;
  ClauseId house_capture_first = ClauseId::ApHouseCapturePrecedence;
  ClauseId block_stop = ClauseId::ApBlockStop;
  ClauseId block_clear = ClauseId::ApBlockClear;
  ClauseId front_empty = ClauseId::ApWinFrontEmpty;
  ClauseId cutoff = ClauseId::ApCutoff;
  ClauseId two_seed = ClauseId::GuideTwoPiece;
  ClauseId front_empty_now = ClauseId::GuideImmediateEnd;
  ClauseId houses_lost_mtaji = ClauseId::GuideMtajiOwnership;
  ClauseId block_set = ClauseId::GuideTakasiaSet;
  ClauseId block_exempt = ClauseId::GuideTakasiaExempt;
};

struct Ruleset {
  std::string_view id;           // protocol id, e.g. "ap-zanzibar"
  std::string_view title;        // one line for listings
  std::string_view source_file;  // its rule source's file (oracle/catalog/sources.hpp)
  std::string_view start_bpn;    // the start position, in BPN
  int working_house = 6;         // a house with status works while it holds this many
  int capture_start_max = 15;    // mtaji phase: a capture starts from 2..this many seeds
  int cutoff = 192;              // CutoffRule's limit
  KunamuaKutakataOrder kunamua_order = KunamuaKutakataOrder::ApDefault;
  BlockRule block = BlockRule::None;
  CaptureProtection protection = CaptureProtection::None;
  HouseKutakata house_kutakata = HouseKutakata::None;
  TwoSeedStart two_seed = TwoSeedStart::None;
  SoleEndPit sole_end_pit = SoleEndPit::MtajiKutakata;
  RelayRestriction relay_restriction = RelayRestriction::ApBackRowEmptyFront;
  MtajiCaptureHouses mtaji_capture_houses = MtajiCaptureHouses::Kept;
  CutoffRule cutoff_rule = CutoffRule::None;
  FrontEmptyCheck front_empty = FrontEmptyCheck::EndOfTurn;
  HouseQuestionScope house_scope = HouseQuestionScope::KunamuaByTurnKind;
  EntryChoice entry_choice = EntryChoice::Free;
  TakasiaExemptions takasia_exempt = TakasiaExemptions::Guide;
  TurnFamily family = TurnFamily::Bao;
  SingleLapRules single_lap{};        // read only by the single-lap turn
  Citations cite{};                   // the clauses its trace cites for shared steps
  std::span<const ClauseId> clauses;  // every clause that governs this ruleset
  OffText off{};                      // clauses played against their text (mutants only)
  MutationSet mutations{};            // the mutants that set them (mutation.hpp)
};

// Whether `id` governs the ruleset.
bool governs(const Ruleset& rules, ClauseId id);

// Whether the mutant's clause (or its other source's statement) governs it.
bool mutant_applies(const Ruleset& rules, const MutantInfo& m);

// The ruleset with one more clause broken as the mutant says (the mutants it
// already has stay); an error when the mutant's clause does not govern the
// ruleset.
Expected<Ruleset> mutate(const Ruleset& rules, Mutation m);

std::span<const Ruleset* const> all_rulesets();
// nullptr when unknown.
const Ruleset* find_ruleset(std::string_view id);

}  // namespace bao
