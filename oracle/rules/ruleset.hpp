// A ruleset is a declarative record: its setup, its thresholds, and one enum
// value per variation point. The turn engine (oracle/engine/) switches on
// these values, one cited case each; the clauses themselves are shared.
// Adding a ruleset means adding a record here and, where it says something no
// other source says, a new value with its clause: a line of its point's list
// in variation_points.def. See docs/architecture.md.
#pragma once

#include <span>
#include <string_view>

#include "oracle/catalog/clause.hpp"
#include "oracle/catalog/mutation.hpp"
#include "oracle/core/expected.hpp"
#include "oracle/rules/choice.hpp"
#include "oracle/rules/off_text.hpp"
#include "oracle/rules/variation_points.def"

namespace bao {

// The variation points whose values the switch catalogue offers as choices:
// each value's word, clauses and meaning are its line in
// variation_points.def (oracle/rules/choice.hpp says what each declares).
BAO_CHOICE_ENUM(KunamuaKutakataOrder, BAO_KUNAMUA_KUTAKATA_ORDER_VALUES)
BAO_CHOICE_ENUM(BlockRule, BAO_BLOCK_RULE_VALUES)
BAO_CHOICE_ENUM(CaptureProtection, BAO_CAPTURE_PROTECTION_VALUES)
BAO_CHOICE_ENUM(HouseKutakata, BAO_HOUSE_KUTAKATA_VALUES)
BAO_CHOICE_ENUM(TwoSeedStart, BAO_TWO_SEED_START_VALUES)
BAO_CHOICE_ENUM(SoleEndPit, BAO_SOLE_END_PIT_VALUES)
BAO_CHOICE_ENUM(MtajiCaptureHouses, BAO_MTAJI_CAPTURE_HOUSES_VALUES)
BAO_CHOICE_ENUM(CutoffRule, BAO_CUTOFF_RULE_VALUES)
BAO_CHOICE_ENUM(FrontEmptyCheck, BAO_FRONT_EMPTY_CHECK_VALUES)
BAO_CHOICE_ENUM(HouseQuestionScope, BAO_HOUSE_QUESTION_SCOPE_VALUES)
BAO_CHOICE_ENUM(EntryChoice, BAO_ENTRY_CHOICE_VALUES)
BAO_CHOICE_ENUM(TakasiaExemptions, BAO_TAKASIA_EXEMPTIONS_VALUES)
BAO_CHOICE_ENUM(SingleLapCapture, BAO_SINGLE_LAP_CAPTURE_VALUES)

// Restrictions on relays. Not a choice: no ruleset's mtaji kutakata can
// meet the restriction (oracle/engine/switches.cpp).
enum class RelayRestriction : std::uint8_t {
  None,
  ApBackRowEmptyFront,  // ap.mtaji.back-row-relay-empty-front
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
