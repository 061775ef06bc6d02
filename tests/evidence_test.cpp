// The evidence behind a finding (docs/checker.md, "The engine's own start",
// "Line games", "Evidence before a name", "Reachable evidence"), in
// process: an engine whose start differs is a deviation of the set-up
// clause, listed first; a difference an engine shows only along a line it
// plays itself (something it keeps beside the position) is found there,
// with the line from the start that reaches it; the oracle, asked along its
// own lines, agrees everywhere; a switch that fits the engine on one side
// only is not named, and one it really plays is, with reachable evidence.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <memory>

#include "oracle/checker/check.hpp"
#include "oracle/engine/engine.hpp"
#include "oracle/engine/switches.hpp"
#include "oracle/notation/bpn.hpp"
#include "tests/rules_test_support.hpp"

namespace bao::check {
namespace {

using bao::testing::ruleset;

// The oracle, with its answers along lines passed through `edit` (its
// answers set at a position are the oracle's own).
class LineFilterProbe final : public Probe {
 public:
  LineFilterProbe(const Ruleset& rules, std::function<void(LineAnswer&)> edit)
      : inner_(oracle_probe(rules, "line-filtered oracle")), edit_(std::move(edit)) {}
  std::string name() override { return inner_->name(); }
  Expected<void> select(std::string_view r) override { return inner_->select(r); }
  PositionAnswer ask(const Batch& batch) override { return inner_->ask(batch); }
  using Probe::ask;
  LineAnswer ask_line(const std::vector<std::string>& line, std::size_t skip) override {
    LineAnswer a = inner_->ask_line(line, skip);
    // The steps are numbered from the line's start.
    skip_ = skip;
    edit_(a);
    return a;
  }
  std::size_t skip() const { return skip_; }

 private:
  std::unique_ptr<Probe> inner_;
  std::function<void(LineAnswer&)> edit_;
  std::size_t skip_ = 0;
};

CheckOptions options_for(std::string_view id, std::uint64_t games) {
  CheckOptions o;
  o.ruleset = std::string(id);
  o.games = games;
  o.seed = 3;
  return o;
}

CheckResult run(Probe& probe, const CheckOptions& o) {
  auto r = run_check(probe, o);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  return r.ok() ? *r : CheckResult{};
}

// clause: ap.setup.start
TEST(Evidence, AnEngineWhoseStartDiffersIsADeviationOfTheSetUpClauseListedFirst) {
  const Ruleset& rules = ruleset("ap-zanzibar");
  // Abstract Play's start puts 2 seeds in A6 and A7 (and North's mirror);
  // this engine's start leaves A6 empty and puts both in A7.
  const std::string theirs =
      "S 0,0,0,0,6,0,4,0/0,0,0,0,0,0,0,0 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 "
      "hand=22,22 house=A5,a5";
  LineFilterProbe probe(rules, [&](LineAnswer& a) { a.start = theirs; });
  const CheckResult r = run(probe, options_for("ap-zanzibar", 20));
  ASSERT_FALSE(r.findings.empty());
  const Finding& f = r.findings.front();
  EXPECT_EQ(f.kind, FindingKind::DifferentStart);
  EXPECT_EQ(f.clauses, std::vector<std::string>{"ap.setup.start"});
  EXPECT_EQ(f.actual, theirs);
  EXPECT_EQ(f.expected, to_bpn(start_position(rules)));
  EXPECT_TRUE(failed(r));
}

TEST(Evidence, TheOracleAlongItsOwnLinesAgreesEverywhere) {
  for (const char* id : {"ap-zanzibar", "guide-v2", "site-maasai"}) {
    auto probe = oracle_probe(ruleset(id));
    // Games 19 and 39 are random games: line games from the start.
    const CheckResult r = run(*probe, options_for(id, 40));
    EXPECT_TRUE(r.findings.empty() && r.deviations.empty()) << id;
    EXPECT_GT(r.stats.positions, 0u) << id;
  }
}

TEST(Evidence, ADifferenceOnlyAlongTheEngineOwnLineIsFoundWithTheLineThatReachesIt) {
  const Ruleset& rules = ruleset("ap-zanzibar");
  // Along its own lines, from the 12th position on, this engine lists one
  // legal move too few (as if it kept a count the position does not hold);
  // set at any position it answers as the oracle.
  constexpr std::size_t kFrom = 11;
  LineFilterProbe* self = nullptr;
  LineFilterProbe probe(rules, [&](LineAnswer& a) {
    for (std::size_t s = 0; s < a.steps.size(); ++s)
      if (self->skip() + s >= kFrom && a.steps[s].moves.size() > 1) a.steps[s].moves.pop_back();
  });
  self = &probe;
  const CheckResult r = run(probe, options_for("ap-zanzibar", 40));
  std::string listed;
  for (const Finding& g : r.findings)
    listed += std::string(to_string(g.kind)) + " " + (g.clauses.empty() ? "" : g.clauses[0]) + " " +
              g.departure + " | " + std::to_string(g.line.size()) +
              " own_line=" + std::to_string(g.own_line) + "\n";
  ASSERT_EQ(r.findings.size(), 1u) << listed;
  const Finding& f = r.findings.front();
  EXPECT_EQ(f.kind, FindingKind::MissingMove);
  EXPECT_NE(f.departure.find("only along the engine's own line"), std::string::npos) << f.departure;
  // The evidence: a line of play from the ruleset's start, which reaches
  // the finding's position under the rule text.
  EXPECT_EQ(f.start, "start");
  EXPECT_EQ(f.line.size(), kFrom);
  Position pos = start_position(rules);
  for (const std::string& text : f.line) {
    auto m = parse_move(text, pos.to_move);
    ASSERT_TRUE(m.ok()) << text;
    auto next = play(rules, pos, *m);
    ASSERT_TRUE(next.ok()) << text;
    pos = *next;
  }
  EXPECT_EQ(to_bpn(pos), f.found_at);
  EXPECT_TRUE(r.deviations.empty());
}

// An engine that is `north` when North is to move and `south` otherwise.
class SidedProbe final : public Probe {
 public:
  SidedProbe(const Ruleset& south, const Ruleset& north)
      : south_(oracle_probe(south, "sided oracle")), north_(oracle_probe(north, "sided oracle")) {}
  std::string name() override { return south_->name(); }
  Expected<void> select(std::string_view r) override { return south_->select(r); }
  PositionAnswer ask(const Batch& batch) override {
    auto p = parse_bpn(batch.bpn);
    return (p && p->to_move == Side::North ? north_ : south_)->ask(batch);
  }
  using Probe::ask;

 private:
  std::unique_ptr<Probe> south_;
  std::unique_ptr<Probe> north_;
};

// clause: ap.capture.condition
TEST(Evidence, ASwitchThatFitsOnlyOneSideIsNotNamedAndTheDeviationStaysAtItsClause) {
  const Ruleset& rules = ruleset("ap-zanzibar");
  const auto mutant = apply_switch_ids(rules, std::vector<std::string>{"capture-needs-three"});
  ASSERT_TRUE(mutant.ok());
  // On North's turns a capture needs 3 seeds; on South's, 2 as the text says.
  SidedProbe probe(rules, *mutant);
  CheckOptions o;
  o.ruleset = "ap-zanzibar";
  o.games = 300;
  o.seed = 5;
  const CheckResult r = run(probe, o);
  // The switch plays it so for both sides: put to the test with South to
  // move, it mispredicts, so it is not named...
  for (const Deviation& d : r.deviations) EXPECT_NE(d.switch_id, "capture-needs-three");
  // ...and the deviation is reported at its clause, as no switch models it.
  const bool at_clause = std::any_of(r.findings.begin(), r.findings.end(), [](const Finding& f) {
    return f.clauses == std::vector<std::string>{"ap.capture.condition"};
  });
  std::string seen;
  for (const Finding& f : r.findings)
    seen += "\n  " + (f.clauses.empty() ? std::string("-") : f.clauses[0]) + ": " + f.departure;
  EXPECT_TRUE(at_clause) << r.findings.size() << " findings:" << seen;
  EXPECT_GE(r.stats.unnamed, 1);
}

TEST(Evidence, ASwitchTheEngineReallyPlaysIsNamedWithItsConfirmations) {
  const Ruleset& rules = ruleset("ap-zanzibar");
  const auto mutant = apply_switch_ids(rules, std::vector<std::string>{"capture-needs-three"});
  ASSERT_TRUE(mutant.ok());
  auto probe = oracle_probe(*mutant);
  CheckOptions o;
  o.ruleset = "ap-zanzibar";
  o.games = 300;
  o.seed = 5;
  const CheckResult r = run(*probe, o);
  ASSERT_EQ(r.deviations.size(), 1u);
  const Deviation& d = r.deviations.front();
  EXPECT_EQ(d.switch_id, "capture-needs-three");
  EXPECT_GE(d.confirmations, 3u);
  EXPECT_EQ(d.contradictions, 0u);
  // Its evidence is reachable: its witness, or a position of the oracle's
  // own play from the start.
  EXPECT_TRUE(reachable(d));
  EXPECT_TRUE(r.findings.empty());
}

// The oracle under `rules`, with the result of every move it plays
// passed through `edit(before, after)` (no lines: set at each position).
class ResultFilterProbe final : public Probe {
 public:
  ResultFilterProbe(const Ruleset& rules, std::function<void(const Position&, Position&)> edit)
      : inner_(oracle_probe(rules, "result-filtered oracle")), edit_(std::move(edit)) {}
  std::string name() override { return inner_->name(); }
  Expected<void> select(std::string_view r) override { return inner_->select(r); }
  PositionAnswer ask(const Batch& batch) override {
    PositionAnswer a = inner_->ask(batch);
    const auto before = parse_bpn(batch.bpn);
    for (MoveAnswer& m : a.plays) {
      auto after = parse_bpn(m.bpn);
      if (!before || !m.accepted || !after) continue;
      Position edited = *after;
      edit_(*before, edited);
      m.bpn = to_bpn(edited);
    }
    return a;
  }
  using Probe::ask;

 private:
  std::unique_ptr<Probe> inner_;
  std::function<void(const Position&, Position&)> edit_;
};

// Two deviations that every witness of one shows together: the lander
// taken to the store (a switch) and a quiet count that a capture of a
// single seed does not restart (no switch). Each is one item at its own clause: the count is a
// departure of its own beside the stores, and the groups at the stores'
// clause that the named switch explains there are folded into it.
TEST(Evidence, TwoDeviationsShownTogetherAreOneItemEachAtTheirClauses) {
  const Ruleset& rules = ruleset("site-maasai");
  const auto lander =
      apply_switch_ids(rules, std::vector<std::string>{"site-capture-takes-lander"});
  ASSERT_TRUE(lander.ok());
  ResultFilterProbe probe(*lander, [](const Position& before, Position& after) {
    const int mover = index_of(before.to_move);
    // A single seed taken (two into the store with the lander).
    if (after.store[mover] == before.store[mover] + 2)
      after.quiet = static_cast<std::uint16_t>(before.quiet + 1);
  });
  CheckOptions o;
  o.ruleset = "site-maasai";
  o.games = 60;
  o.seed = 3;
  const CheckResult r = run(probe, o);
  std::string seen;
  for (const Deviation& d : r.deviations) seen += "\n  deviation " + d.clause + " " + d.switch_id;
  for (const Finding& f : r.findings)
    seen +=
        "\n  finding " + (f.clauses.empty() ? std::string("-") : f.clauses[0]) + ": " + f.departure;
  ASSERT_EQ(r.deviations.size(), 1u) << seen;
  EXPECT_EQ(r.deviations.front().switch_id, "site-capture-takes-lander") << seen;
  ASSERT_EQ(r.findings.size(), 1u) << seen;
  EXPECT_EQ(r.findings.front().clauses, std::vector<std::string>{"site.progress.capture-resets"})
      << seen;
}

}  // namespace
}  // namespace bao::check
