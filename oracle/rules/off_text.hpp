// Ways of playing a clause against its text. Every field holds the text's
// value (false) in every ruleset of the catalogue; a clause mutant
// (oracle/catalog/mutation.hpp) is the record with the field of its name set,
// by the table in oracle/rules/ruleset.cpp. The rule code reads these like
// any other value of the record, so a mutant needs no hook of its own there.
// What each plays is said by its mutant's line in the source's mutants.def;
// the comment names the clause it departs from.
#pragma once

namespace bao {

struct OffText {
  // Abstract Play's clauses (and the same rules as other sources state them).
  bool capture_needs_three = false;             // ap.capture.condition
  bool entry_end_flipped = false;               // ap.capture.entry-kichwa-kimbi
  bool entry_kimbi_as_middle = false;           // ap.capture.entry-kichwa-kimbi
  bool entry_no_choice = false;                 // ap.capture.entry-first-kunamua-choice
  bool entry_reverses = false;                  // ap.capture.entry-keep-direction
  bool capture_optional = false;                // ap.turn.capture-compulsory
  bool kutakata_captures = false;               // ap.turn.kutakata-never-captures
  bool no_relay = false;                        // ap.sow.relay
  bool sow_into_origin = false;                 // ap.sow.consecutive
  bool kunamua_capture_needs_two = false;       // ap.kunamua.capture
  bool house_never_asks = false;                // ap.nyumba.safari-question
  bool house_kutakata_relays = false;           // ap.nyumba.kutakata-stops
  bool house_question_before_capture = false;   // ap.nyumba.capture-precedence
  bool house_kept_on_lift = false;              // ap.nyumba.status-lost
  bool house_rules_in_mtaji = false;            // ap.nyumba.mtaji-ordinary
  bool kutakata_from_working_house = false;     // ap.nyumba.no-kutakata-start
  bool start_order_singles_always = false;      // ap.kunamua.kutakata-start-order
  bool eligibility_after_placement = false;     // ap.kunamua.eligibility-before-placement
  bool back_row_anytime = false;                // ap.mtaji.front-row-first
  bool sole_kichwa_free = false;                // ap.mtaji.sole-kichwa
  bool no_block = false;                        // ap.kutakatia.set
  bool block_house_not_exempt = false;          // ap.kutakatia.exempt-house
  bool block_only_occupied_not_exempt = false;  // ap.kutakatia.exempt-only-occupied
  bool block_only_multi_not_exempt = false;     // ap.kutakatia.exempt-only-multi
  bool blocked_may_start = false;               // ap.kutakatia.no-start
  bool block_never_stops = false;               // ap.kutakatia.stop
  bool block_no_house_exception = false;        // ap.kutakatia.house-relay-exception
  bool creator_unrestricted = false;            // ap.kutakatia.creator-must-clear
  bool block_survives_capture = false;          // ap.kutakatia.clear
  bool front_empty_winner_flipped = false;      // ap.win.front-empty
  bool no_move_winner_flipped = false;          // ap.win.no-move
  bool working_before_landing = false;          // ap.interp.working-after-landing
  bool house_stop_relay_only = false;           // ap.interp.house-stop-any-sowing
  bool both_fronts_mover_loses = false;         // ap.interp.both-fronts-empty
  bool bawo_kuu_start_any_count = false;        // ap.bawo.kuu-start-exactly-eight
  bool bawo_kuu_in_order = false;               // ap.bawo.kutakata-start-order
  bool bawo_no_protection = false;              // ap.bawo.kuu-protection
  bool bawo_protection_working_only = false;    // ap.bawo.kuu-protection
  bool bawo_kuu_not_compulsory = false;         // ap.bawo.compulsory-kuu-kutakata
  bool bawo_capture_not_use = false;            // ap.bawo.capture-counts-as-use

  // The guide's clauses.
  bool guide_no_immediate_end = false;                  // guide.win.immediate
  bool guide_no_two_piece = false;                      // guide.nyumba.two-piece-start
  bool guide_ownership_survives_mtaji_capture = false;  // guide.nyumba.first-mtaji-capture
  bool guide_singles_always = false;                    // guide.namua.takata-start
  bool guide_no_takasia = false;                        // guide.takasia.set
  bool guide_takasia_single_not_exempt = false;         // guide.takasia.exempt
  bool guide_takasia_lasts = false;                     // guide.takasia.expiry

  // Ludii's clauses.
  bool ludii_house_emptied = false;             // ludii.house.not-emptied
  bool ludii_no_single_counter = false;         // ludii.house.single-counter
  bool ludii_kichwa_outward_free = false;       // ludii.namua.kichwa-outward
  bool ludii_entry_order_ignored = false;       // ludii.interp.end-order-entry-choice
  bool ludii_own_row_played_out = false;        // ludii.win.mid-sowing
  bool ludii_takasia_house_not_exempt = false;  // ludii.takasia.exempt
  bool ludii_takasia_single_exempt = false;     // ludii.takasia.exempt

  // The play site's single-lap clauses.
  bool site_lift_needs_two = false;           // site.lift.any-own-pit
  bool site_sow_into_origin = false;          // site.sow.own-loop
  bool site_both_directions = false;          // site.sow.fixed-direction
  bool site_direction_r = false;              // site.interp.direction-l
  bool site_no_relay = false;                 // site.sow.relay
  bool site_relay_leaves_seed = false;        // site.sow.relay
  bool site_stop_at_two = false;              // site.sow.stop-empty
  bool site_bank_house_a4 = false;            // site.bank.house-pit
  bool site_house_liftable = false;           // site.bank.house-never-lifted
  bool site_house_no_stop = false;            // site.bank.house-stop
  bool site_bank_captures = false;            // site.bank.no-captures
  bool site_house_full_flipped = false;       // site.bank.win-house-full
  bool site_bank_quiet_no_reset = false;      // site.bank.progress-house
  bool site_closeness_counts_pits = false;    // site.interp.bank-closeness
  bool site_capture_mid_relay = false;        // site.capture.condition
  bool site_capture_same_number = false;      // site.capture.condition
  bool site_capture_takes_lander = false;     // site.capture.to-store
  bool site_second_pit_always = false;        // site.longgame.second-pit
  bool site_second_pit_never = false;         // site.longgame.second-pit
  bool site_second_pit_mirrored = false;      // site.interp.second-pit-same-column
  bool site_win_front_empty = false;          // site.win.all-captured
  bool site_quiet_no_reset = false;           // site.progress.capture-resets
  bool site_endless_mover_loses = false;      // site.interp.endless-relay
  bool site_called_flipped = false;           // site.progress.called-result
  bool site_called_level_mover_wins = false;  // site.progress.called-result
  bool site_quiet_per_round = false;          // site.interp.turn-is-one-move
  bool site_both_ended_mover_first = false;   // site.interp.both-ended

  // The play site's Kiswahili clauses.
  bool site_kiswahili_takata_stops = false;          // site.interp.kiswahili-question-every-turn
  bool site_kiswahili_house_namua_only = false;      // site.interp.kiswahili-house-in-mtaji
  bool site_kiswahili_singles_last = false;          // site.interp.kiswahili-singles-may-start
  bool site_kiswahili_place_empty = false;           // site.kiswahili.place-occupied
  bool site_kiswahili_house_whole_start = false;     // site.kiswahili.house-two-seed
  bool site_kiswahili_bare_row_front_empty = false;  // site.kiswahili.bare-inner-row
  bool site_kiswahili_immediate_end = false;         // site.interp.kiswahili-win-end-of-move

  friend bool operator==(const OffText&, const OffText&) = default;
};

}  // namespace bao
