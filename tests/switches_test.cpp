// The switch catalogue (oracle/engine/switches.hpp) and several switches at
// once: the catalogue is well formed, every switch alone and in random pairs
// and triples plays random positions without tripping an assert (the dev
// build keeps them on), every choice changes some answer of its ruleset, and
// `bao-oracle engine --mutant a,b` serves two switches at once.
#include "oracle/engine/switches.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "oracle/cli/commands.hpp"
#include "oracle/engine/random_play.hpp"
#include "oracle/notation/bpn.hpp"
#include "oracle/protocol/engine_server.hpp"
#include "tests/cli_support.hpp"
#include "tests/rules_test_support.hpp"

namespace bao {
namespace {

using bao::testing::ruleset;

Switch switch_of(const Ruleset& rules, std::string_view id) {
  auto s = find_switch(rules, id);
  EXPECT_TRUE(s.has_value()) << rules.id << " has no switch " << id;
  return s.value_or(Switch{});
}

Expected<Ruleset> apply_ids(const Ruleset& rules, std::vector<std::string> ids) {
  return apply_switch_ids(rules, ids);
}

// ---------------------------------------------------------------------------
// MutationSet

TEST(MutationSet, HoldsSeveralMutants) {
  MutationSet set;
  EXPECT_TRUE(set.empty());
  set.insert(Mutation::CaptureNeedsThree);
  const Mutation last = all_mutants().back().id;
  set.insert(last);
  EXPECT_FALSE(set.empty());
  EXPECT_TRUE(set.contains(Mutation::CaptureNeedsThree));
  EXPECT_TRUE(set.contains(last));
  EXPECT_FALSE(set.contains(Mutation::EntryEndFlipped));
  EXPECT_FALSE(set.contains(Mutation::None));
  set.insert(Mutation::None);
  MutationSet same;
  same.insert(last);
  EXPECT_NE(set, same);
  same.insert(Mutation::CaptureNeedsThree);
  EXPECT_EQ(set, same);
}

// Every ruleset of the catalogue plays its clauses as written: no OffText
// value is set in a record, only by a mutant.
TEST(MutationSet, CatalogueRulesetsPlayTheirTexts) {
  for (const Ruleset* r : all_rulesets()) {
    EXPECT_EQ(r->off, OffText{}) << r->id;
    EXPECT_TRUE(r->mutations.empty()) << r->id;
  }
}

// Each clause mutant changes its record: its own OffText value, or a
// threshold.
TEST(MutationSet, EveryMutantChangesTheRecord) {
  for (const MutantInfo& m : all_mutants())
    for (const Ruleset* r : all_rulesets()) {
      if (!mutant_applies(*r, m)) continue;
      auto out = mutate(*r, m.id);
      ASSERT_TRUE(out.ok()) << m.name << " on " << r->id;
      const bool thresholds_differ = out->working_house != r->working_house ||
                                     out->capture_start_max != r->capture_start_max ||
                                     out->cutoff != r->cutoff ||
                                     out->cutoff_rule != r->cutoff_rule ||
                                     out->single_lap.quiet_limit != r->single_lap.quiet_limit;
      EXPECT_TRUE(out->off != r->off || thresholds_differ) << m.name << " on " << r->id;
      EXPECT_EQ(out->off != r->off, out->off[m.id]) << m.name << " sets another's value";
      EXPECT_FALSE(out->off != r->off && thresholds_differ) << m.name << " sets two things";
    }
}

TEST(MutationSet, MutateAddsToTheMutantsAlreadyThere) {
  const Ruleset& zanzibar = ruleset("ap-zanzibar");
  EXPECT_TRUE(zanzibar.mutations.empty());
  auto one = mutate(zanzibar, Mutation::CaptureNeedsThree);
  ASSERT_TRUE(one.ok());
  auto two = mutate(*one, Mutation::HouseWorksAtSeven);
  ASSERT_TRUE(two.ok());
  EXPECT_TRUE(two->mutations.contains(Mutation::CaptureNeedsThree));
  EXPECT_TRUE(two->mutations.contains(Mutation::HouseWorksAtSeven));
  EXPECT_FALSE(two->mutations.contains(Mutation::EntryEndFlipped));
  EXPECT_TRUE(two->off[Mutation::CaptureNeedsThree]) << "a clause mutant sets its OffText value";
  EXPECT_FALSE(two->off[Mutation::EntryEndFlipped]);
  EXPECT_FALSE(two->off[Mutation::HouseWorksAtSeven]) << "a threshold mutant has none";
  EXPECT_EQ(two->working_house, 7) << "a threshold mutant still changes the record";
}

// ---------------------------------------------------------------------------
// (a) The catalogue is well formed

TEST(Switches, EveryRulesetHasAWellFormedCatalogue) {
  static const std::regex choice_id(R"([a-z0-9-]+=[a-z0-9-]+)");
  for (const Ruleset* r : all_rulesets()) {
    const std::vector<Switch> switches = switches_for(*r);
    int choices = 0;
    std::set<std::string> ids;
    for (const Switch& s : switches) {
      SCOPED_TRACE(std::string(r->id) + " " + s.id);
      EXPECT_TRUE(ids.insert(s.id).second) << "duplicate id";
      ASSERT_NE(s.clause, ClauseId::None);
      EXPECT_TRUE(governs(*r, s.clause)) << clause_name(s.clause) << " does not govern";
      EXPECT_FALSE(s.meaning.empty());
      EXPECT_EQ(s.meaning.find('\n'), std::string::npos);
      if (s.kind == SwitchKind::Mutant) {
        ASSERT_NE(s.mutant, Mutation::None);
        const MutantInfo* m = find_mutant(s.id);
        ASSERT_NE(m, nullptr);
        EXPECT_EQ(m->id, s.mutant);
        EXPECT_TRUE(mutant_applies(*r, *m));
      } else {
        ++choices;
        EXPECT_TRUE(std::regex_match(s.id, choice_id));
        EXPECT_EQ(s.mutant, Mutation::None);
        ASSERT_NE(s.source, nullptr);
        EXPECT_NE(s.source->id, r->id);
        EXPECT_EQ(s.source->family, r->family) << "a choice never switches the turn family";
        ASSERT_NE(s.plays_as, ClauseId::None);
        EXPECT_TRUE(governs(*s.source, s.plays_as));
      }
      const std::optional<Switch> found = find_switch(*r, s.id);
      ASSERT_TRUE(found.has_value());
      EXPECT_EQ(found->kind, s.kind);
      EXPECT_EQ(found->clause, s.clause);
      EXPECT_EQ(found->plays_as, s.plays_as);
      EXPECT_EQ(found->meaning, s.meaning);
      EXPECT_EQ(found->mutant, s.mutant);
      EXPECT_EQ(found->source, s.source);
      // Alone, every switch applies and changes the record.
      auto applied = apply_switches(*r, std::span(&s, 1));
      ASSERT_TRUE(applied.ok()) << applied.error().message;
    }
    EXPECT_GT(choices, 0) << r->id;
    // Mutants first, in catalogue order, then the choices.
    const auto first_choice = std::find_if(switches.begin(), switches.end(), [](const Switch& s) {
      return s.kind == SwitchKind::Choice;
    });
    EXPECT_TRUE(std::all_of(first_choice, switches.end(),
                            [](const Switch& s) { return s.kind == SwitchKind::Choice; }));
    EXPECT_FALSE(find_switch(*r, "no-such-switch").has_value());
  }
}

// A record that switches made has its own catalogue: a point switched
// already offers no more values (no clause of the record stands for its
// value), the others as before.
TEST(Switches, ASwitchedRecordHasACatalogueToo) {
  const Ruleset& zanzibar = ruleset("ap-zanzibar");
  const Ruleset switched = apply_ids(zanzibar, {"front-empty=immediate"}).value();
  const std::vector<Switch> more = switches_for(switched);
  for (const Switch& s : more) EXPECT_NE(s.id.rfind("front-empty=", 0), 0u) << s.id;
  EXPECT_TRUE(
      std::any_of(more.begin(), more.end(), [](const Switch& s) { return s.id == "block=none"; }));
  EXPECT_TRUE(apply_ids(switched, {"block=none", "capture-needs-three"}).ok());
}

// A choice cites the ruleset's own clause for the question and the source's
// for the answer it plays instead.
TEST(Switches, ChoicesNameBothClauses) {
  const Switch s = switch_of(ruleset("ap-zanzibar"), "front-empty=immediate");
  EXPECT_EQ(s.kind, SwitchKind::Choice);
  EXPECT_EQ(s.clause, ClauseId::ApWinEndOfTurn);
  EXPECT_EQ(s.plays_as, ClauseId::GuideImmediateEnd);
  const Switch back = switch_of(ruleset("guide-v2"), "front-empty=end-of-turn");
  EXPECT_EQ(back.clause, ClauseId::GuideImmediateEnd);
  EXPECT_EQ(back.plays_as, ClauseId::ApWinEndOfTurn);
  // A value without a clause of its own names the clause the other value
  // overrides: guide-r002 has no takasia, and a block takes away the free
  // choice of the pit that starts a mtaji takata.
  EXPECT_EQ(switch_of(ruleset("guide-r002"), "block=guide-takasia").clause,
            ClauseId::GuideMtajiTakata);
  EXPECT_EQ(switch_of(ruleset("ap-zanzibar"), "protection=ap-bawo-kuu").clause,
            ClauseId::ApCaptureCondition);
  // A mutant names the statement of its rule that governs the ruleset.
  EXPECT_EQ(switch_of(ruleset("guide-v2"), "capture-needs-three").clause,
            ClauseId::GuideLaterCapture);
  // Thresholds carry their number.
  const Switch threshold = switch_of(ruleset("ap-zanzibar"), "working-house=8");
  EXPECT_EQ(threshold.plays_as, ClauseId::ApMalawiThreshold);
  EXPECT_EQ(apply_switches(ruleset("ap-zanzibar"), std::span(&threshold, 1))->working_house, 8);
}

// The ruleset's own value and the choices that could not change an answer
// are not offered.
TEST(Switches, OnlyValuesThatCanMatterAreOffered) {
  const Ruleset& zanzibar = ruleset("ap-zanzibar");
  EXPECT_FALSE(find_switch(zanzibar, "front-empty=end-of-turn"));
  EXPECT_FALSE(find_switch(zanzibar, "family=single-lap"));
  // takasia-exempt is read only by the takasia rule.
  EXPECT_FALSE(find_switch(zanzibar, "takasia-exempt=ludii"));
  EXPECT_TRUE(find_switch(ruleset("guide-v2"), "takasia-exempt=ludii"));
  // Kujifunza has neither reserves nor houses.
  for (const Switch& s : switches_for(ruleset("ap-kujifunza")))
    for (std::string_view point : {"kunamua-order=", "two-seed=", "working-house=", "house-scope="})
      EXPECT_NE(s.id.rfind(point, 0), 0u) << s.id;
  // Only values some other ruleset of the same family uses.
  for (const Switch& s : switches_for(ruleset("site-maasai")))
    if (s.kind == SwitchKind::Choice) {
      EXPECT_EQ(s.id.rfind("capture=", 0), 0u) << s.id;
    }
  // No source has a relay restriction choice that can be told apart.
  for (const Ruleset* r : all_rulesets())
    for (const Switch& s : switches_for(*r))
      EXPECT_NE(s.id.rfind("relay-restriction=", 0), 0u) << r->id << " " << s.id;
}

TEST(Switches, ApplyingSeveralSetsEachOne) {
  const Ruleset& zanzibar = ruleset("ap-zanzibar");
  auto r = apply_ids(zanzibar, {"capture-needs-three", "front-empty=immediate", "working-house=8",
                                "cutoff-rule=guide-relays"});
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_TRUE(r->off[Mutation::CaptureNeedsThree]);
  EXPECT_EQ(r->front_empty, FrontEmptyCheck::Immediate);
  EXPECT_EQ(r->working_house, 8);
  // The cutoff rule comes with its source's limit.
  EXPECT_EQ(r->cutoff_rule, CutoffRule::GuideRelays);
  EXPECT_EQ(r->cutoff, 512);
  EXPECT_EQ(r->id, zanzibar.id);
  EXPECT_EQ(r->clauses.data(), zanzibar.clauses.data());
  // A step the ruleset cites nothing for is cited as the source does.
  const Ruleset& site = ruleset("site-kiswahili");
  EXPECT_EQ(site.cite.block_set, ClauseId::None);
  auto takasia = apply_ids(site, {"block=guide-takasia"});
  ASSERT_TRUE(takasia.ok());
  EXPECT_EQ(takasia->cite.block_set, ClauseId::GuideTakasiaSet);
  EXPECT_EQ(takasia->cite.sow, site.cite.sow);
}

TEST(Switches, TwoSwitchesOfOnePointCannotBeCombined) {
  const Ruleset& zanzibar = ruleset("ap-zanzibar");
  const auto refused = [&](std::vector<std::string> ids) {
    auto r = apply_ids(zanzibar, ids);
    EXPECT_FALSE(r.ok()) << ids[0] << " with " << ids[1];
    if (r.ok()) return;
    for (const std::string& id : ids)
      EXPECT_NE(r.error().message.find(id), std::string::npos) << r.error().message;
  };
  refused({"house-works-at-seven", "working-house=8"});
  refused({"capture-start-fourteen", "capture-start-max=14"});
  refused({"cutoff-rule=guide-relays", "cutoff=512"});
  refused({"cutoff-halved", "cutoff-rule=guide-relays"});
  refused({"cutoff-ignored", "cutoff-rule=guide-relays"});
  refused({"front-empty=immediate", "front-empty=ludii-mid-sowing"});
  refused({"capture-needs-three", "capture-needs-three"});
  // Different points, or a mutant that is no threshold, combine.
  EXPECT_TRUE(apply_ids(zanzibar, {"cutoff-halved", "working-house=8"}).ok());
  EXPECT_TRUE(apply_ids(zanzibar, {"capture-needs-three", "entry-end-flipped"}).ok());
  EXPECT_TRUE(apply_ids(zanzibar, {"house-works-at-seven", "front-empty=immediate"}).ok());
}

TEST(Switches, ErrorsSayWhyASwitchDoesNotApply) {
  const auto message = [](std::string_view ruleset_id, std::vector<std::string> ids) {
    auto r = apply_ids(ruleset(ruleset_id), ids);
    return r.ok() ? std::string("<applied>") : r.error().message;
  };
  EXPECT_EQ(message("ap-zanzibar", {"no-such-switch"}),
            "unknown mutant or switch 'no-such-switch'");
  EXPECT_EQ(message("guide-v2", {"front-empty=immediate"}),
            "switch front-empty=immediate is guide-v2's own value");
  EXPECT_EQ(message("ap-zanzibar", {"takasia-exempt=ludii"}),
            "switch takasia-exempt=ludii does not apply to ap-zanzibar");
  EXPECT_NE(message("guide-v2", {"no-block"}).find("does not govern guide-v2"), std::string::npos);
  // Bawo's kuu start and Ludii's one-seed start would be one move text.
  EXPECT_NE(message("guide-v2", {"kunamua-order=ap-bawo", "two-seed=ludii-one-counter"})
                .find("cannot be combined"),
            std::string::npos);
  EXPECT_FALSE(find_switch(ruleset("ludii"), "kunamua-order=ap-bawo").has_value());
}

// ---------------------------------------------------------------------------
// Random positions (oracle/engine/random_play.hpp)

// A random valid position under `rules`, from one of two generators: the
// shared one (counts 1..7) and one with the sparse boards and larger counts
// of the property tests.
Position any_position(const Ruleset& rules, std::mt19937_64& rng) {
  if (rng() % 2 == 0) return bao::random_position(rules, rng);
  PositionSeed s;
  for (int i = 0; i < 2 * kPitsPerSide; ++i) {
    const int roll = static_cast<int>(rng() % 13);
    s.pits.push_back(static_cast<std::uint8_t>(roll < 6    ? 0
                                               : roll < 11 ? 1 + rng() % 3
                                                           : 4 + rng() % 14));
  }
  if (rng() % 4 == 0) s.hand_south = static_cast<std::uint8_t>(1 + rng() % 22);
  if (rng() % 4 == 0) s.hand_north = static_cast<std::uint8_t>(1 + rng() % 22);
  s.north_to_move = rng() % 2 == 1;
  s.house_keep = static_cast<std::uint8_t>(rng() % 4);
  s.block_south = static_cast<std::int8_t>(static_cast<int>(rng() % 16) - 8);
  s.block_north = static_cast<std::int8_t>(static_cast<int>(rng() % 16) - 8);
  s.used = static_cast<std::uint8_t>(rng() % 4);
  return build_position(rules, s);
}

// One position played under switched rules: every legal move plays, traced;
// for choices alone (the mutants are wrong on purpose, some so that a
// position has no move while the game goes on) the status agrees with the
// move list and every result is a position the record can represent.
void check_position(const Ruleset& rules, const Position& pos, bool choices_only,
                    const std::string& what) {
  const MoveList moves = legal_moves(rules, pos);
  const Status st = status(rules, pos);
  if (choices_only) {
    ASSERT_EQ(moves.empty(), st.kind != Status::Kind::Ongoing) << what << " at " << to_bpn(pos);
  }
  for (const Move& m : moves) {
    Trace trace;
    auto after = play(rules, pos, m, &trace);
    ASSERT_TRUE(after.ok()) << what << " at " << to_bpn(pos) << ": " << after.error().message;
    ASSERT_EQ(after->total_seeds(), pos.total_seeds());
    if (choices_only) {
      ASSERT_TRUE(validate_for_ruleset(rules, *after).ok())
          << what << " at " << to_bpn(pos) << " then " << move_to_string(m, pos.to_move);
    }
  }
}

// Plays `switches` of `base` over random positions: `games` short games of
// random play from the start and as many random valid positions.
void play_switched(const Ruleset& base, const std::vector<Switch>& switches, int positions,
                   std::mt19937_64& rng) {
  auto applied = apply_switches(base, switches);
  if (!applied) return;  // a combination the catalogue refuses
  const Ruleset& rules = *applied;
  std::string what = std::string(base.id) + " with";
  bool choices_only = true;
  for (const Switch& s : switches) {
    what += " " + s.id;
    choices_only = choices_only && s.kind == SwitchKind::Choice;
  }
  Position pos = start_position(rules);
  for (int i = 0; i < positions; ++i) {
    check_position(rules, any_position(rules, rng), choices_only, what);
    const MoveList moves = legal_moves(rules, pos);
    pos = moves.empty() ? start_position(rules)
                        : play(rules, pos, moves[rng() % moves.size()]).value();
    check_position(rules, pos, choices_only, what);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

// ---------------------------------------------------------------------------
// (b) Switches play without tripping an assert

TEST(Switches, EverySwitchAlonePlaysRandomPositions) {
  std::mt19937_64 rng(20261201);
  for (const Ruleset* r : all_rulesets())
    for (const Switch& s : switches_for(*r)) {
      play_switched(*r, {s}, 6, rng);
      if (HasFatalFailure()) return;
    }
}

TEST(Switches, RandomPairsAndTriplesPlayRandomPositions) {
  std::mt19937_64 rng(20261202);
  for (const Ruleset* r : all_rulesets()) {
    const std::vector<Switch> all = switches_for(*r);
    for (int size : {2, 3})
      for (int sample = 0; sample < 40; ++sample) {
        std::vector<Switch> pick;
        for (int k = 0; k < size; ++k) pick.push_back(all[rng() % all.size()]);
        // Combinations with a choice in them are the new ones: bias toward them.
        if (sample % 2 == 0) {
          std::vector<Switch> choices;
          for (const Switch& s : all)
            if (s.kind == SwitchKind::Choice) choices.push_back(s);
          pick[0] = choices[rng() % choices.size()];
          if (sample % 4 == 0) pick[1] = choices[rng() % choices.size()];
        }
        play_switched(*r, pick, 3, rng);
        if (HasFatalFailure()) return;
      }
  }
}

// ---------------------------------------------------------------------------
// (c) Every choice changes an answer

// Whether `a` and `b` answer differently at `pos`, a position both can
// represent: its status, its legal moves, or the result of a move.
bool answers_differ(const Ruleset& a, const Ruleset& b, const Position& pos) {
  if (!validate_for_ruleset(a, pos).ok() || !validate_for_ruleset(b, pos).ok()) return false;
  if (status(a, pos) != status(b, pos)) return true;
  const MoveList ma = legal_moves(a, pos), mb = legal_moves(b, pos);
  if (ma.size() != mb.size()) return true;
  for (const Move& m : ma)
    if (!mb.contains(m)) return true;
  for (const Move& m : ma)
    if (play(a, pos, m).value() != play(b, pos, m).value()) return true;
  return false;
}

// A bounded search for a position where the choice shows: positions of
// random play from the ruleset's start and random valid positions (under the
// ruleset and under the switched record, in turn). The catalogue leaves out
// the choices no such search tells apart (see oracle/engine/switches.cpp).
TEST(Switches, EveryChoiceChangesAnAnswer) {
  constexpr int kBudget = 4000;
  for (const Ruleset* r : all_rulesets())
    for (const Switch& s : switches_for(*r)) {
      if (s.kind != SwitchKind::Choice) continue;
      const Ruleset switched = apply_switches(*r, std::span(&s, 1)).value();
      std::mt19937_64 rng(7);
      Position pos = start_position(*r);
      int ply = 0;
      bool shown = false;
      for (int i = 0; i < kBudget && !shown; ++i) {
        const MoveList moves = legal_moves(*r, pos);
        if (moves.empty() || ply == 150) {
          pos = start_position(*r);
          ply = 0;
        } else {
          pos = play(*r, pos, moves[rng() % moves.size()]).value();
          ++ply;
        }
        shown = answers_differ(*r, switched, pos) ||
                answers_differ(*r, switched, any_position(i % 2 ? *r : switched, rng));
      }
      EXPECT_TRUE(shown) << r->id << ": " << s.id << " changed no answer in " << kBudget
                         << " positions";
    }
}

// ---------------------------------------------------------------------------
// (d) Several switches through the engine protocol

// In this mtaji-phase position A3 (2) sown right makes A5 2, facing a4 (1):
// a capture, so the real rules allow only A3R; with capture-needs-three
// there is no capture and both directions are kutakata.
const std::string kNeedsThree = "S 0,0,2,0,1,0,0,0/0,0,0,0,0,0,0,0 0,0,0,1,0,0,0,0/0,0,0,0,0,0,0,0";
// Here A3R makes A5 3, enough under either rule, and takes a4, North's last
// front seed: at once the game is over with the seed in South's store
// (front-empty=immediate), where ap-zanzibar sows it on from A1.
const std::string kLastFrontSeed =
    "S 0,0,2,0,2,0,0,0/0,0,0,0,0,0,0,0 0,0,0,1,0,0,0,0/0,0,0,0,0,0,0,0";

std::string payload(const std::string& response) {
  if (response == "=") return "";
  if (response.rfind("= ", 0) == 0) return response.substr(2);
  return "<not a success: " + response + ">";
}

TEST(EngineSwitches, ServesTwoSwitchesAtOnce) {
  using protocol::EngineServer;
  EngineServer both(protocol::default_ruleset(), {"capture-needs-three", "front-empty=immediate"});
  EngineServer needs_three(protocol::default_ruleset(), {"capture-needs-three"});
  EngineServer immediate(protocol::default_ruleset(), {"front-empty=immediate"});
  EXPECT_EQ(both.handle("name"), fmt::format("= bao-oracle {} (mutants capture-needs-three, "
                                             "front-empty=immediate)",
                                             protocol::oracle_version()));
  EXPECT_EQ(immediate.handle("name"), fmt::format("= bao-oracle {} (mutant front-empty=immediate)",
                                                  protocol::oracle_version()));
  // capture-needs-three shows under both, not under front-empty=immediate alone.
  for (EngineServer* s : {&both, &immediate}) ASSERT_EQ(s->handle("position " + kNeedsThree), "=");
  EXPECT_EQ(both.handle("moves"), "= A3L A3R");
  EXPECT_EQ(immediate.handle("moves"), "= A3R");
  // front-empty=immediate shows under both, not under capture-needs-three alone.
  for (EngineServer* s : {&both, &needs_three, &immediate})
    ASSERT_EQ(s->handle("position " + kLastFrontSeed), "=");
  const std::string after = payload(both.handle("play A3R"));
  EXPECT_EQ(after, payload(immediate.handle("play A3R")));
  EXPECT_NE(after, payload(needs_three.handle("play A3R")));
  EXPECT_NE(after.find("store=1,0"), std::string::npos) << after;
  EXPECT_EQ(both.handle("status"), "= win S front-empty");
}

TEST(EngineSwitches, RulesetsAreThoseEverySwitchAppliesTo) {
  protocol::EngineServer server(protocol::default_ruleset(),
                                {"capture-needs-three", "front-empty=immediate"});
  // The guide's rulesets play front-empty=immediate already, and the
  // single-lap ones have no such point.
  EXPECT_EQ(server.handle("rulesets"),
            "= ap-zanzibar ap-malawi-setup ap-bawo ap-kujifunza site-kiswahili ludii");
  ASSERT_EQ(server.handle("position " + kNeedsThree), "=");
  EXPECT_EQ(server.handle("ruleset guide-v2"),
            "? switch front-empty=immediate is guide-v2's own value");
  EXPECT_EQ(server.ruleset().id, "ap-zanzibar") << "a refused ruleset keeps the state";
  EXPECT_EQ(server.handle("moves"), "= A3L A3R");
  // Another ruleset resolves each id anew: its own clause for the choice.
  EXPECT_EQ(server.handle("ruleset ludii"), "=");
  EXPECT_EQ(server.ruleset().front_empty, FrontEmptyCheck::Immediate);
  EXPECT_TRUE(server.ruleset().off[Mutation::CaptureNeedsThree]);
  // The first id that does not apply is the one named.
  EXPECT_EQ(server.handle("ruleset site-bank"),
            "? mutant capture-needs-three breaks ap.capture.condition, which does not govern "
            "site-bank");
}

TEST(EngineSwitches, CommandLineServesAList) {
  const CliRun r = run_cli({"engine", "--mutant", "capture-needs-three,front-empty=immediate"},
                           "name\nposition " + kNeedsThree + "\nmoves\nquit\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("(mutants capture-needs-three, front-empty=immediate)"), std::string::npos);
  EXPECT_NE(r.out.find("= A3L A3R"), std::string::npos) << r.out;
}

TEST(EngineSwitches, BadListsAreOneLineAndStatusTwo) {
  const auto refused = [](const char* list, const char* ruleset_id, std::string_view expected) {
    const CliRun r = run_cli({"engine", "--ruleset", ruleset_id, "--mutant", list}, "name\n");
    EXPECT_EQ(r.status, cli::kExitBadInput) << list;
    EXPECT_EQ(r.out, "") << "nothing is served";
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.err.rfind("bao-oracle: --mutant: ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(expected), std::string::npos) << r.err;
  };
  refused("capture-needs-three,no-such-thing", "ap-zanzibar", "no-such-thing");
  refused("front-empty=immediate", "guide-v2", "guide-v2's own value");
  refused("no-block,capture-needs-three", "guide-v2", "does not govern guide-v2");
  refused("takasia-exempt=ludii", "ap-zanzibar", "does not apply to ap-zanzibar");
  refused("house-works-at-seven,working-house=8", "ap-zanzibar",
          "house-works-at-seven and working-house=8");
  refused("capture-needs-three,,entry-end-flipped", "ap-zanzibar", "an empty item");
  refused("capture-needs-three,", "ap-zanzibar", "an empty item");
}

TEST(SwitchesCommand, ListsEverySwitchOfTheRuleset) {
  const CliRun r = run_cli({"switches", "ap-zanzibar"});
  EXPECT_EQ(r.status, 0) << r.err;
  const std::vector<Switch> switches = switches_for(ruleset("ap-zanzibar"));
  std::istringstream lines(r.out);
  std::size_t n = 0;
  for (std::string line; std::getline(lines, line); ++n) {
    ASSERT_LT(n, switches.size());
    std::istringstream words(line);
    std::string id, kind, clause, plays_as;
    words >> id >> kind >> clause >> plays_as;
    EXPECT_EQ(id, switches[n].id);
    EXPECT_EQ(kind, switches[n].kind == SwitchKind::Mutant ? "mutant" : "choice");
    EXPECT_EQ(clause, clause_name(switches[n].clause));
    EXPECT_EQ(plays_as, clause_name(switches[n].plays_as));
    EXPECT_TRUE(line.ends_with(switches[n].meaning)) << line;
  }
  EXPECT_EQ(n, switches.size());
  EXPECT_EQ(run_cli({"switches", "no-such-ruleset"}).status, cli::kExitBadInput);
}

}  // namespace
}  // namespace bao
