#include "oracle/rules/ruleset.hpp"

#include <fmt/format.h>

namespace bao {

namespace {

// The field of OffText each clause mutant sets (the threshold mutants change
// the record's numbers instead: see mutate).
struct OffTextField {
  Mutation mutant;
  bool OffText::*field;
};

constexpr OffTextField kOffTextFields[] = {
    {Mutation::CaptureNeedsThree, &OffText::capture_needs_three},
    {Mutation::EntryEndFlipped, &OffText::entry_end_flipped},
    {Mutation::EntryKimbiAsMiddle, &OffText::entry_kimbi_as_middle},
    {Mutation::EntryNoChoice, &OffText::entry_no_choice},
    {Mutation::EntryReverses, &OffText::entry_reverses},
    {Mutation::CaptureOptional, &OffText::capture_optional},
    {Mutation::KutakataCaptures, &OffText::kutakata_captures},
    {Mutation::NoRelay, &OffText::no_relay},
    {Mutation::SowIntoOrigin, &OffText::sow_into_origin},
    {Mutation::KunamuaCaptureNeedsTwo, &OffText::kunamua_capture_needs_two},
    {Mutation::HouseNeverAsks, &OffText::house_never_asks},
    {Mutation::HouseKutakataRelays, &OffText::house_kutakata_relays},
    {Mutation::HouseQuestionBeforeCapture, &OffText::house_question_before_capture},
    {Mutation::HouseKeptOnLift, &OffText::house_kept_on_lift},
    {Mutation::HouseRulesInMtaji, &OffText::house_rules_in_mtaji},
    {Mutation::KutakataFromWorkingHouse, &OffText::kutakata_from_working_house},
    {Mutation::StartOrderSinglesAlways, &OffText::start_order_singles_always},
    {Mutation::EligibilityAfterPlacement, &OffText::eligibility_after_placement},
    {Mutation::BackRowAnytime, &OffText::back_row_anytime},
    {Mutation::SoleKichwaFree, &OffText::sole_kichwa_free},
    {Mutation::NoBlock, &OffText::no_block},
    {Mutation::BlockHouseNotExempt, &OffText::block_house_not_exempt},
    {Mutation::BlockOnlyOccupiedNotExempt, &OffText::block_only_occupied_not_exempt},
    {Mutation::BlockOnlyMultiNotExempt, &OffText::block_only_multi_not_exempt},
    {Mutation::BlockedMayStart, &OffText::blocked_may_start},
    {Mutation::BlockNeverStops, &OffText::block_never_stops},
    {Mutation::BlockNoHouseException, &OffText::block_no_house_exception},
    {Mutation::CreatorUnrestricted, &OffText::creator_unrestricted},
    {Mutation::BlockSurvivesCapture, &OffText::block_survives_capture},
    {Mutation::FrontEmptyWinnerFlipped, &OffText::front_empty_winner_flipped},
    {Mutation::NoMoveWinnerFlipped, &OffText::no_move_winner_flipped},
    {Mutation::WorkingBeforeLanding, &OffText::working_before_landing},
    {Mutation::HouseStopRelayOnly, &OffText::house_stop_relay_only},
    {Mutation::BothFrontsMoverLoses, &OffText::both_fronts_mover_loses},
    {Mutation::BawoKuuStartAnyCount, &OffText::bawo_kuu_start_any_count},
    {Mutation::BawoKuuInOrder, &OffText::bawo_kuu_in_order},
    {Mutation::BawoNoProtection, &OffText::bawo_no_protection},
    {Mutation::BawoProtectionWorkingOnly, &OffText::bawo_protection_working_only},
    {Mutation::BawoKuuNotCompulsory, &OffText::bawo_kuu_not_compulsory},
    {Mutation::BawoCaptureNotUse, &OffText::bawo_capture_not_use},
    {Mutation::GuideNoImmediateEnd, &OffText::guide_no_immediate_end},
    {Mutation::GuideNoTwoPiece, &OffText::guide_no_two_piece},
    {Mutation::GuideOwnershipSurvivesMtajiCapture,
     &OffText::guide_ownership_survives_mtaji_capture},
    {Mutation::GuideSinglesAlways, &OffText::guide_singles_always},
    {Mutation::GuideNoTakasia, &OffText::guide_no_takasia},
    {Mutation::GuideTakasiaSingleNotExempt, &OffText::guide_takasia_single_not_exempt},
    {Mutation::GuideTakasiaLasts, &OffText::guide_takasia_lasts},
    {Mutation::LudiiHouseEmptied, &OffText::ludii_house_emptied},
    {Mutation::LudiiNoSingleCounter, &OffText::ludii_no_single_counter},
    {Mutation::LudiiKichwaOutwardFree, &OffText::ludii_kichwa_outward_free},
    {Mutation::LudiiEntryOrderIgnored, &OffText::ludii_entry_order_ignored},
    {Mutation::LudiiOwnRowPlayedOut, &OffText::ludii_own_row_played_out},
    {Mutation::LudiiTakasiaHouseNotExempt, &OffText::ludii_takasia_house_not_exempt},
    {Mutation::LudiiTakasiaSingleExempt, &OffText::ludii_takasia_single_exempt},
    {Mutation::SiteLiftNeedsTwo, &OffText::site_lift_needs_two},
    {Mutation::SiteSowIntoOrigin, &OffText::site_sow_into_origin},
    {Mutation::SiteBothDirections, &OffText::site_both_directions},
    {Mutation::SiteDirectionR, &OffText::site_direction_r},
    {Mutation::SiteNoRelay, &OffText::site_no_relay},
    {Mutation::SiteRelayLeavesSeed, &OffText::site_relay_leaves_seed},
    {Mutation::SiteStopAtTwo, &OffText::site_stop_at_two},
    {Mutation::SiteBankHouseA4, &OffText::site_bank_house_a4},
    {Mutation::SiteHouseLiftable, &OffText::site_house_liftable},
    {Mutation::SiteHouseNoStop, &OffText::site_house_no_stop},
    {Mutation::SiteBankCaptures, &OffText::site_bank_captures},
    {Mutation::SiteHouseFullFlipped, &OffText::site_house_full_flipped},
    {Mutation::SiteBankQuietNoReset, &OffText::site_bank_quiet_no_reset},
    {Mutation::SiteClosenessCountsPits, &OffText::site_closeness_counts_pits},
    {Mutation::SiteCaptureMidRelay, &OffText::site_capture_mid_relay},
    {Mutation::SiteCaptureSameNumber, &OffText::site_capture_same_number},
    {Mutation::SiteCaptureTakesLander, &OffText::site_capture_takes_lander},
    {Mutation::SiteSecondPitAlways, &OffText::site_second_pit_always},
    {Mutation::SiteSecondPitNever, &OffText::site_second_pit_never},
    {Mutation::SiteSecondPitMirrored, &OffText::site_second_pit_mirrored},
    {Mutation::SiteWinFrontEmpty, &OffText::site_win_front_empty},
    {Mutation::SiteQuietNoReset, &OffText::site_quiet_no_reset},
    {Mutation::SiteEndlessMoverLoses, &OffText::site_endless_mover_loses},
    {Mutation::SiteCalledFlipped, &OffText::site_called_flipped},
    {Mutation::SiteCalledLevelMoverWins, &OffText::site_called_level_mover_wins},
    {Mutation::SiteQuietPerRound, &OffText::site_quiet_per_round},
    {Mutation::SiteBothEndedMoverFirst, &OffText::site_both_ended_mover_first},
    {Mutation::SiteKiswTakataStops, &OffText::site_kiswahili_takata_stops},
    {Mutation::SiteKiswHouseNamuaOnly, &OffText::site_kiswahili_house_namua_only},
    {Mutation::SiteKiswSinglesLast, &OffText::site_kiswahili_singles_last},
    {Mutation::SiteKiswPlaceEmpty, &OffText::site_kiswahili_place_empty},
    {Mutation::SiteKiswHouseWholeStart, &OffText::site_kiswahili_house_whole_start},
    {Mutation::SiteKiswBareRowFrontEmpty, &OffText::site_kiswahili_bare_row_front_empty},
    {Mutation::SiteKiswImmediateEnd, &OffText::site_kiswahili_immediate_end},
};

}  // namespace

bool governs(const Ruleset& rules, ClauseId id) {
  for (ClauseId c : rules.clauses)
    if (c == id) return true;
  return false;
}

bool mutant_applies(const Ruleset& rules, const MutantInfo& m) {
  if (governs(rules, m.clause) || (m.also != ClauseId::None && governs(rules, m.also))) return true;
  for (ClauseId c : m.also_more)
    if (c != ClauseId::None && governs(rules, c)) return true;
  return false;
}

Expected<Ruleset> mutate(const Ruleset& rules, Mutation m) {
  if (m == Mutation::None) return rules;
  const MutantInfo& info = all_mutants()[static_cast<std::size_t>(m) - 1];
  if (!mutant_applies(rules, info))
    return Error{fmt::format("mutant {} breaks {}, which does not govern {}", info.name,
                             clause_name(info.clause), rules.id)};
  Ruleset out = rules;
  out.mutations.insert(m);
  for (const OffTextField& f : kOffTextFields)
    if (f.mutant == m) out.off.*f.field = true;
  // Threshold mutants change the record's numbers.
  switch (m) {
    case Mutation::HouseWorksAtSeven:
      out.working_house = rules.working_house + 1;
      break;
    case Mutation::CaptureStartFourteen:
      out.capture_start_max = rules.capture_start_max - 1;
      break;
    case Mutation::CutoffIgnored:
      out.cutoff_rule = CutoffRule::None;
      break;
    case Mutation::CutoffHalved:
      out.cutoff = rules.cutoff / 2;
      break;
    case Mutation::BawoCaptureFifteen:
      out.capture_start_max = rules.capture_start_max + 1;
      break;
    case Mutation::MalawiThresholdSix:
      out.working_house = 6;
      break;
    case Mutation::SiteQuietLimit51:
      out.single_lap.quiet_limit = rules.single_lap.quiet_limit + 1;
      break;
    default:
      break;
  }
  return out;
}

}  // namespace bao
