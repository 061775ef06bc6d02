// The checker's core against the oracle itself and its mutants, in process:
// an engine that is the oracle has no findings; a mutant is diagnosed as one
// deviation naming its clause, its witness really separates the two, and
// runs are deterministic, shardable and survive a JSON round trip.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <functional>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "oracle/catalog/mutation.hpp"
#include "oracle/catalog/sources.hpp"
#include "oracle/checker/check.hpp"
#include "oracle/checker/internal.hpp"
#include "oracle/core/files.hpp"
#include "oracle/engine/engine.hpp"
#include "oracle/notation/bpn.hpp"
#include "oracle/scenario/scenario.hpp"
#include "tests/rules_test_support.hpp"

namespace bao::check {
namespace {

CheckOptions options_for(std::string_view ruleset, std::uint64_t games, std::uint64_t seed = 7) {
  CheckOptions o;
  o.ruleset = std::string(ruleset);
  o.games = games;
  o.seed = seed;
  return o;
}

CheckResult run(const Ruleset& engine_rules, const CheckOptions& o) {
  auto probe = oracle_probe(engine_rules);
  auto r = run_check(*probe, o);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  return r.ok() ? *r : CheckResult{};
}

using bao::testing::ruleset;

// The deviations and findings without their timing, for comparing runs.
std::string findings_text(const CheckResult& r) {
  std::string out;
  for (const Deviation& d : r.deviations) {
    const Finding& f = d.witness;
    out += fmt::format("{} {} {} {} {} {} [{}] {} {}\n", d.switch_id, d.clause, d.games,
                       d.positions, f.game, f.position, f.move, f.expected, f.actual);
  }
  for (const Finding& f : r.findings)
    out += fmt::format("{} {} {} [{}] {} {} {}\n", to_string(f.kind), f.game, f.position, f.move,
                       f.expected, f.actual, f.occurrences);
  for (const NotationFinding& n : r.notation) out += fmt::format("{} {}\n", n.what, n.count);
  return out;
}

TEST(Check, TheOracleAgreesWithItselfUnderEveryRuleset) {
  for (const Ruleset* r : all_rulesets())
    for (Search search : {Search::Coverage, Search::Random}) {
      CheckOptions o = options_for(r->id, 6);
      o.search = search;
      const CheckResult res = run(*r, o);
      EXPECT_TRUE(res.findings.empty()) << r->id << "\n" << summary_text(res);
      EXPECT_TRUE(res.deviations.empty()) << r->id << "\n" << summary_text(res);
      EXPECT_TRUE(res.notation.empty()) << r->id << "\n" << summary_text(res);
      EXPECT_FALSE(failed(res));
      EXPECT_EQ(res.stats.games, 6u) << r->id;
      // Random games run for many moves; guided ones compare their start
      // and at most three moves on.
      if (search == Search::Random) {
        EXPECT_GT(res.stats.positions, 20u) << r->id;
      } else {
        EXPECT_GE(res.stats.positions, 6u) << r->id;
        EXPECT_LE(res.stats.positions, 24u) << r->id;
      }
      EXPECT_GT(res.stats.moves, res.stats.positions) << r->id;
    }
}

TEST(Check, UnknownRulesetAndBadShardAreInputErrors) {
  auto probe = oracle_probe(ruleset("ap-zanzibar"));
  EXPECT_FALSE(run_check(*probe, options_for("no-such-rules", 1)).ok());
  CheckOptions o = options_for("ap-zanzibar", 1);
  o.shard_index = 2;
  o.shard_count = 2;
  EXPECT_FALSE(run_check(*probe, o).ok());
  // A probe that does not play the asked ruleset refuses to select it.
  EXPECT_FALSE(run_check(*probe, options_for("guide-v2", 1)).ok());
}

// A mutant whose clause governs ap-zanzibar: the entry kichwa flipped.
Ruleset zanzibar_mutant(std::string_view name) {
  const MutantInfo* m = find_mutant(name);
  EXPECT_NE(m, nullptr) << name;
  auto r = mutate(ruleset("ap-zanzibar"), m->id);
  EXPECT_TRUE(r.ok()) << name;
  return *r;
}

TEST(Check, AMutantIsOneDeviationNamingItsClauseAndItsWitnessSeparatesTheTwo) {
  const MutantInfo& m = all_mutants().front();
  const Ruleset& real = ruleset("ap-zanzibar");
  auto broken = mutate(real, m.id);
  ASSERT_TRUE(broken.ok());
  const CheckResult res = run(*broken, options_for("ap-zanzibar", 30));
  ASSERT_EQ(res.deviations.size(), 1u) << summary_text(res);
  EXPECT_TRUE(res.findings.empty()) << summary_text(res);
  EXPECT_TRUE(failed(res));
  const Deviation& d = res.deviations.front();
  EXPECT_EQ(d.switch_id, m.name);
  EXPECT_EQ(d.clause, clause_name(m.clause));
  EXPECT_GE(d.games, 1u);
  EXPECT_GE(d.positions, d.games);
  const Finding& f = d.witness;
  EXPECT_TRUE(f.context.empty()) << "a lone deviation is shown against the plain ruleset";
  // The witness position, asked again of both: they really answer
  // differently there (legal set, status, or the disputed move's result).
  auto pos = parse_bpn(f.position);
  ASSERT_TRUE(pos.ok()) << f.position;
  const MoveList a = legal_moves(real, *pos), b = legal_moves(*broken, *pos);
  bool differ = moves_to_string(a, pos->to_move) != moves_to_string(b, pos->to_move) ||
                status(real, *pos) != status(*broken, *pos);
  if (!f.move.empty()) {
    auto mv = parse_move(f.move, pos->to_move);
    ASSERT_TRUE(mv.ok());
    auto ra = play(real, *pos, *mv), rb = play(*broken, *pos, *mv);
    differ = differ || ra.ok() != rb.ok() ||
             (ra.ok() && (to_bpn(*ra) != to_bpn(*rb) || status(real, *ra) != status(*broken, *rb)));
  }
  EXPECT_TRUE(differ) << f.position << " " << f.move;
  EXPECT_FALSE(f.actual.empty());
  // The witness line replays to the position the game reached, under the oracle.
  Position p = f.start == "start" ? start_position(real) : parse_bpn(f.start).value();
  for (const std::string& mv : f.line) {
    auto parsed = parse_move(mv, p.to_move);
    ASSERT_TRUE(parsed.ok()) << mv;
    auto next = play(real, p, *parsed);
    ASSERT_TRUE(next.ok()) << mv;
    p = *next;
  }
  EXPECT_EQ(to_bpn(p), f.found_at);
  // The witness is that board with seeds taken away and perhaps house,
  // block or house-use marks dropped: no pit or hand holds more, no mark
  // is new, and every other field is the same.
  Position w = *pos;
  EXPECT_EQ(w.house & ~p.house, 0u);
  EXPECT_EQ(w.block & ~p.block, 0u);
  EXPECT_EQ(w.used & ~p.used, 0u);
  w.house = p.house;
  w.block = p.block;
  w.used = p.used;
  w.quiet = p.quiet;
  for (Side s : {Side::South, Side::North}) {
    for (Pit q = 0; q < kPitsPerSide; ++q) {
      EXPECT_LE(w.at(s, q), p.at(s, q)) << f.position << " vs " << f.found_at;
      w.at(s, q) = p.at(s, q);
    }
    EXPECT_LE(w.hand[index_of(s)], p.hand[index_of(s)]);
    w.hand[index_of(s)] = p.hand[index_of(s)];
  }
  EXPECT_EQ(to_bpn(w), f.found_at);
  EXPECT_EQ(f.seeds, pos->total_seeds());
  EXPECT_EQ(f.found_seeds, p.total_seeds());
  if (f.seeds < f.found_seeds) {
    EXPECT_GT(f.minimise_steps, 0);
    EXPECT_EQ(f.origin, "built");
  }
}

// The report and the witness name the deviation's rule source by its title
// and section, not by the file the text is stored under.
TEST(Check, ReportAndWitnessCiteTheSourceByTitle) {
  const MutantInfo& m = all_mutants().front();
  auto broken = mutate(ruleset("ap-zanzibar"), m.id);
  ASSERT_TRUE(broken.ok());
  const CheckResult res = run(*broken, options_for("ap-zanzibar", 30));
  ASSERT_EQ(res.deviations.size(), 1u) << summary_text(res);
  const Clause& clause = clause_info(m.clause);
  const std::string cited = citation(clause);
  ASSERT_TRUE(cited.starts_with(std::string(source_for_file(clause.source_file)->title) + ": "));
  const std::string md = to_markdown(res);
  EXPECT_NE(md.find(md_text(cited)), std::string::npos) << cited << "\n" << md;
  EXPECT_EQ(md.find(std::string(clause.source_file)), std::string::npos) << md;
  const std::string yaml = deviation_yaml(res, res.deviations.front());
  const YAML::Node doc = YAML::Load(yaml);
  const std::string source = doc["scenarios"][0]["source"].as<std::string>();
  EXPECT_EQ(source, "found by bao-oracle check; " + cited);
}

// A named switch is never wrong where it was put to the test (step 5b);
// where some positions told it nothing, the report says it was wrong at
// none, so that "5 of 9" does not read as four misses.
TEST(Check, HowSureSaysWhereTheSwitchWasNeverWrong) {
  const MutantInfo& m = all_mutants().front();
  auto broken = mutate(ruleset("ap-zanzibar"), m.id);
  ASSERT_TRUE(broken.ok());
  CheckResult res = run(*broken, options_for("ap-zanzibar", 30));
  ASSERT_EQ(res.deviations.size(), 1u) << summary_text(res);
  Deviation& d = res.deviations.front();
  d.experiments = 9;
  d.confirmations = 9;
  d.contradictions = 0;
  EXPECT_NE(summary_text(res).find("predicted at 9 of 9 positions\n"), std::string::npos)
      << summary_text(res);
  EXPECT_EQ(to_markdown(res).find("wrong at"), std::string::npos);
  d.confirmations = 5;
  EXPECT_NE(summary_text(res).find("predicted at 5 of 9 positions, wrong at none"),
            std::string::npos)
      << summary_text(res);
  EXPECT_NE(to_markdown(res).find("it was put to, wrong at none"), std::string::npos)
      << to_markdown(res);
  // report.html's first list says it too.
  EXPECT_NE(to_html(res).find("<td>predicted at 5 of 9 positions, wrong at none</td>"),
            std::string::npos);
}

TEST(Check, WitnessesAreSmallAndTheirLinesShort) {
  const MutantInfo& m = all_mutants().front();
  auto broken = mutate(ruleset("ap-zanzibar"), m.id);
  ASSERT_TRUE(broken.ok());
  const CheckResult res = run(*broken, options_for("ap-zanzibar", 20));
  ASSERT_FALSE(res.deviations.empty());
  for (const Deviation& d : res.deviations) {
    EXPECT_LT(d.witness.line.size(), 60u) << d.witness.position;
    EXPECT_LE(d.witness.seeds, d.witness.found_seeds);
    EXPECT_LT(d.witness.seeds, 64) << d.witness.position;
  }
}

TEST(Check, SameSeedSameFindingsAndAnotherSeedPlaysOtherGames) {
  const Ruleset broken = zanzibar_mutant(all_mutants()[1].name);
  const CheckResult a = run(broken, options_for("ap-zanzibar", 12, 3));
  const CheckResult b = run(broken, options_for("ap-zanzibar", 12, 3));
  EXPECT_EQ(findings_text(a), findings_text(b));
  EXPECT_EQ(a.stats.positions, b.stats.positions);
  const CheckResult c = run(ruleset("ap-zanzibar"), options_for("ap-zanzibar", 12, 4));
  const CheckResult d = run(ruleset("ap-zanzibar"), options_for("ap-zanzibar", 12, 3));
  EXPECT_NE(c.stats.positions, d.stats.positions);
}

// `games` of ap-zanzibar with `seed`, played as shards 0/3, 1/3 and 2/3.
std::vector<CheckResult> three_shards(const Ruleset& rules, std::uint64_t games,
                                      std::uint64_t seed) {
  std::vector<CheckResult> parts;
  for (std::uint32_t i = 0; i < 3; ++i) {
    CheckOptions o = options_for("ap-zanzibar", games, seed);
    o.shard_index = i;
    o.shard_count = 3;
    parts.push_back(run(rules, o));
  }
  return parts;
}

TEST(Check, ShardsMergeToTheWholeRun) {
  const Ruleset broken = zanzibar_mutant(all_mutants()[2].name);
  const CheckResult whole = run(broken, options_for("ap-zanzibar", 16, 5));
  const std::vector<CheckResult> parts = three_shards(broken, 16, 5);
  std::uint64_t games = 0;
  for (const CheckResult& p : parts) games += p.stats.games;
  EXPECT_EQ(games, 16u);
  auto merged = merge(parts);
  ASSERT_TRUE(merged.ok());
  EXPECT_EQ(findings_text(*merged), findings_text(whole));
  EXPECT_EQ(merged->stats.failing_games, whole.stats.failing_games);
  // What the games asked is counted as one process counts it.
  EXPECT_EQ(merged->stats.positions, whole.stats.positions);
  EXPECT_EQ(merged->stats.moves, whole.stats.moves);
  EXPECT_EQ(merged->stats.skipped, whole.stats.skipped);
  EXPECT_EQ(merged->stats.requests, whole.stats.requests);
  // Two parts miss the third's games; the same part twice holds them twice.
  EXPECT_FALSE(merge({parts[0], parts[1]}).ok());
  EXPECT_FALSE(merge({parts[0], parts[1], parts[2], parts[1]}).ok());
  // Parts of different campaigns do not merge.
  CheckResult other = parts[0];
  other.options.seed = 99;
  const auto refused = merge({parts[1], parts[2], other});
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().message,
            "report 1 and report 3 are not shards of one run: they differ in seed (5 and 99)");
}

// One shard's engine failed at start (say its handshake timed out on a
// loaded machine): it never learnt the engine's name nor loaded the corpus,
// and played no game. Merged with shards that played, it is one finding of
// the run, whose engine and corpus are the others'; alone it is an engine
// that could not be checked.
TEST(Check, AShardWhoseEngineFailedAtStartMergesAsOneFinding) {
  const Ruleset broken = zanzibar_mutant(all_mutants()[2].name);
  const std::vector<CheckResult> parts = three_shards(broken, 9, 5);
  CheckResult failed_part;
  failed_part.engine = "./engine.sh";
  failed_part.command = parts[0].command;
  failed_part.options = parts[0].options;
  failed_part.provenance = parts[0].provenance;
  failed_part.provenance.corpus = "";
  Finding fault;
  fault.kind = FindingKind::ProtocolFault;
  fault.ruleset = "ap-zanzibar";
  fault.actual = "timeout: no answer to `protocol` within 5000 ms";
  failed_part.findings.push_back(fault);
  failed_part.stats.failing_games = 1;
  ASSERT_TRUE(failed_at_start(failed_part));
  ASSERT_NE(parts[1].engine, failed_part.engine);

  const auto merged = merge({failed_part, parts[1], parts[2]});
  ASSERT_TRUE(merged.ok()) << merged.error().message;
  EXPECT_EQ(merged->engine, parts[1].engine);
  EXPECT_EQ(merged->provenance.corpus, parts[1].provenance.corpus);
  EXPECT_EQ(merged->stats.games, parts[1].stats.games + parts[2].stats.games);
  EXPECT_FALSE(failed_at_start(*merged));
  EXPECT_TRUE(failed(*merged));
  EXPECT_TRUE(std::any_of(merged->findings.begin(), merged->findings.end(), [](const Finding& f) {
    return f.kind == FindingKind::ProtocolFault && f.actual.starts_with("timeout");
  }));
  // Two shards that both started still must name one engine.
  CheckResult renamed = parts[2];
  renamed.engine = "another engine";
  EXPECT_FALSE(merge({parts[0], parts[1], renamed}).ok());
}

TEST(Check, ReplayingOneGameFindsItsDeviationAgain) {
  const Ruleset broken = zanzibar_mutant(all_mutants()[0].name);
  const CheckResult res = run(broken, options_for("ap-zanzibar", 10, 11));
  ASSERT_FALSE(res.deviations.empty());
  const Deviation& d = res.deviations.front();
  CheckOptions o = options_for("ap-zanzibar", 0, 11);
  o.only_game = d.witness.game;
  const CheckResult again = run(broken, o);
  ASSERT_EQ(again.stats.games, 1u);
  ASSERT_EQ(again.deviations.size(), 1u);
  EXPECT_EQ(again.deviations[0].witness.game, d.witness.game);
  EXPECT_EQ(again.deviations[0].switch_id, d.switch_id);
}

TEST(Check, JsonRoundTripKeepsFindingsAndRejectsOtherFiles) {
  const Ruleset broken = zanzibar_mutant(all_mutants()[0].name);
  CheckResult res = run(broken, options_for("ap-zanzibar", 8));
  res.command = "my-engine --fast";
  ASSERT_FALSE(res.deviations.empty());
  // An unexplained group whose clause is firmly placed keeps saying so.
  Finding unexplained = res.deviations.front().witness;
  unexplained.departure = "from the engine's trace";
  unexplained.departure_firm = true;
  res.findings.push_back(unexplained);
  auto back = from_json(to_json(res), "report.json");
  ASSERT_TRUE(back.ok()) << back.error().message;
  ASSERT_FALSE(back->findings.empty());
  EXPECT_TRUE(back->findings.back().departure_firm);
  EXPECT_EQ(findings_text(*back), findings_text(res));
  EXPECT_EQ(back->command, res.command);
  EXPECT_EQ(to_json(*back), to_json(res));
  auto bad = from_json("{\"format\": \"something else\"}", "x.json");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("x.json"), std::string::npos);
  EXPECT_FALSE(from_json("{not json", "y.json").ok());
}

// A protocol fault survives report.json: its kind, and its line with the
// engine's stderr tail, read back into the one Fault type; a kind this
// oracle does not know is refused, not guessed.
TEST(Check, AFaultReadBackKeepsItsKindAndLineAndAnUnknownKindIsRefused) {
  CheckResult r;
  r.engine = "./engine.sh";
  r.options.ruleset = "ap-zanzibar";
  Finding f;
  f.kind = FindingKind::ProtocolFault;
  f.ruleset = "ap-zanzibar";
  f.engine.fault =
      Fault{FaultKind::Timeout,  "no response within 300 ms to 'moves'", "moves", std::nullopt, {},
            "first line\nboom\n"};
  f.actual = protocol::describe(*f.engine.fault);
  r.findings.push_back(f);
  const auto back = from_json(to_json(r), "r.json");
  ASSERT_TRUE(back.ok()) << back.error().message;
  ASSERT_EQ(back->findings.size(), 1u);
  ASSERT_TRUE(back->findings[0].engine.fault.has_value());
  EXPECT_EQ(back->findings[0].engine.fault->kind, FaultKind::Timeout);
  EXPECT_EQ(protocol::describe(*back->findings[0].engine.fault),
            "timeout: no response within 300 ms to 'moves' (stderr: boom)");
  EXPECT_EQ(to_json(*back), to_json(r));
  nlohmann::json j = nlohmann::json::parse(to_json(r));
  j["unexplained"][0]["engine"]["fault"]["kind"] = "start";
  EXPECT_FALSE(from_json(j.dump(), "r.json").ok());
}

// A report read back (report merge) whose content names what this oracle does
// not know is refused with the key at fault, never looked up blindly: an
// unknown clause id used to fail an assert (or index before the catalogue).
TEST(Check, AReportReadBackMustNameKnownRulesetsClausesSwitchesAndPositions) {
  const Ruleset broken = zanzibar_mutant(all_mutants()[0].name);
  const CheckResult res = run(broken, options_for("ap-zanzibar", 8));
  ASSERT_FALSE(res.deviations.empty());
  const nlohmann::json good = nlohmann::json::parse(to_json(res));
  ASSERT_TRUE(from_json(good.dump(), "r.json").ok());
  struct Case {
    std::function<void(nlohmann::json&)> edit;
    std::string message;
  };
  const std::vector<Case> cases{
      {[](nlohmann::json& j) { j["ruleset"] = "no-such-rules"; },
       "r.json: ruleset 'no-such-rules' is not one this oracle implements"},
      {[](nlohmann::json& j) { j["deviations"][0]["clause"] = "ap.no.such"; },
       "r.json: deviations[0].clause: 'ap.no.such' is not a clause id of the catalogue"},
      {[](nlohmann::json& j) { j["deviations"][0]["switch"] = "no-such-switch"; },
       "r.json: deviations[0].switch: 'no-such-switch' is not a switch of ap-zanzibar"},
      {[](nlohmann::json& j) { j["deviations"][0]["witness"]["position"] = "x: [injected]"; },
       "r.json: deviations[0].witness.position: 'x: [injected]' is not a position"},
      {[](nlohmann::json& j) { j["deviations"][0]["witness"]["ruleset"] = "guide-v2"; },
       "r.json: deviations[0].witness.ruleset: 'guide-v2' is not the report's ruleset"},
      {[](nlohmann::json& j) { j["deviations"][0]["witness"]["clauses"] = {"zz"}; },
       "r.json: deviations[0].witness.clauses[0]: 'zz' is not a clause id"},
  };
  for (const Case& c : cases) {
    nlohmann::json j = good;
    c.edit(j);
    const auto back = from_json(j.dump(), "r.json");
    ASSERT_FALSE(back.ok()) << c.message;
    EXPECT_EQ(back.error().message.rfind(c.message, 0), 0u) << back.error().message;
    // The key at fault is the error's field too: "r.json: <field>: ...".
    const std::string after_file = c.message.substr(std::string("r.json: ").size());
    const std::string field = after_file.substr(0, after_file.find_first_of(": "));
    EXPECT_EQ(back.error().field, field) << c.message;
  }
}

// A witness says how it was built in words: one cut, several cuts.
TEST(Check, WitnessOriginCountsItsCutsInWords) {
  Finding f;
  f.origin = "built";
  f.found_seeds = 7;
  f.found_at = "S 0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0";
  f.minimise_steps = 1;
  EXPECT_EQ(detail::origin_text(f),
            "built: the board a game reached (7 seeds) with 1 cut, an illustration");
  EXPECT_EQ(detail::minimised_text(f), ", minimised from 7 in 1 cut");
  f.minimise_steps = 3;
  EXPECT_EQ(detail::origin_text(f),
            "built: the board a game reached (7 seeds) with 3 cuts, an illustration");
  // The board the game reached, reached by a line from the start: that
  // line is the evidence.
  f.start = "start";
  f.line = {"A6L"};
  f.reachable = true;
  EXPECT_EQ(detail::origin_text(f),
            "built: the board a game reached (7 seeds) with 3 cuts, an illustration; evidence: "
            "a line of 1 move from the start reaches that board");
  f.origin = "planned";
  EXPECT_EQ(detail::origin_text(f), "reached by a line of 1 move from the start");
}

// Witness YAML quotes every scalar that comes from a report, so text that
// looks like YAML structure stays one scalar.
TEST(Check, WitnessYamlQuotesItsScalars) {
  const Ruleset broken = zanzibar_mutant(all_mutants()[0].name);
  CheckResult res = run(broken, options_for("ap-zanzibar", 8));
  ASSERT_FALSE(res.deviations.empty());
  Deviation& d = res.deviations.front();
  d.witness.move = "A6L\n    rulesets: [x]";
  const std::string yaml = deviation_yaml(res, d);
  // A reachable witness is checked after its line from the start; another
  // at its board.
  if (d.witness.reachable && !d.witness.line.empty())
    EXPECT_NE(yaml.find("    position: start\n    moves: '" + join(d.witness.line, " ") + "'"),
              std::string::npos)
        << yaml;
  else
    EXPECT_NE(yaml.find("    position: '" + d.witness.position + "'"), std::string::npos) << yaml;
  EXPECT_EQ(yaml.find("\n    rulesets: [x]"), std::string::npos) << yaml;
  const YAML::Node root = YAML::Load(yaml);
  EXPECT_EQ(root["scenarios"][0]["rulesets"].size(), 1u) << yaml;
}

// A witness whose game began on a planned board is checked after its line
// from that board, where the plain ruleset replays it to the board the game
// met (a deviation kept outside the position shows only so); a line the
// text does not replay leaves the scenario at the witness's board.
TEST(Check, WitnessYamlReplaysTheLineFromAPlannedStart) {
  const Ruleset& rules = ruleset("ap-zanzibar");
  CheckResult r;
  r.engine = "e";
  Finding f;
  f.kind = FindingKind::DifferentResult;
  f.ruleset = "ap-zanzibar";
  f.origin = "planned";
  f.start = "S 0,0,0,4,0,0,0,0/0,0,0,0,0,0,0,0 0,3,0,0,0,0,0,0/0,0,0,0,0,0,0,0";
  const Position start = bao::testing::position("ap-zanzibar", f.start);
  const MoveList moves = legal_moves(rules, start);
  ASSERT_FALSE(moves.empty());
  const std::string first = move_to_string(moves[0], start.to_move);
  f.line = {first};
  f.found_at = to_bpn(play(rules, start, moves[0]).value());
  f.position = f.found_at;
  std::string yaml = witness_yaml(r, f, 0);
  EXPECT_NE(yaml.find("    position: '" + f.start + "'\n    moves: '" + first + "'\n"),
            std::string::npos)
      << yaml;
  EXPECT_EQ(YAML::Load(yaml)["scenarios"][0]["moves"].as<std::string>(), first);
  // A line that does not reach the board the game met: checked at the board.
  f.found_at = f.start;
  f.position = f.start;
  yaml = witness_yaml(r, f, 0);
  EXPECT_NE(yaml.find("    position: '" + f.start + "'\n    checks:"), std::string::npos) << yaml;
  EXPECT_EQ(yaml.find("    moves:"), std::string::npos) << yaml;
}

// A small report with one open and one accepted deviation, as JSON.
nlohmann::json small_report_json() {
  CheckResult r;
  r.engine = "e";
  r.options.ruleset = "ap-zanzibar";
  Deviation open;
  open.switch_id = "capture-needs-three";
  open.clause = "ap.capture.condition";
  open.witness.ruleset = "ap-zanzibar";
  Deviation accepted = open;
  accepted.switch_id = "front-empty=immediate";
  accepted.clause = "ap.win.end-of-turn-check";
  accepted.accepted = true;
  r.deviations = {open, accepted};
  return nlohmann::json::parse(to_json(r));
}

// Found by fuzz/targets/report_json: get<T>() cast any JSON number, so a
// float out of range was undefined behaviour and a negative or fractional
// count came back changed.
TEST(Check, JsonReaderRefusesCountsThatAreNotWholeNumbersOfTheirType) {
  ASSERT_TRUE(from_json(small_report_json().dump(), "r.json").ok());
  const auto refused = [](const char* what, const nlohmann::json& j) {
    auto r = from_json(j.dump(), "r.json");
    ASSERT_FALSE(r.ok()) << what << " was read";
    EXPECT_NE(r.error().message.find("r.json: '"), std::string::npos) << r.error().message;
    EXPECT_NE(r.error().message.find("must be a whole number"), std::string::npos)
        << r.error().message;
  };
  nlohmann::json j = small_report_json();
  j["stats"]["games"] = 1e300;
  refused("games 1e300", j);
  j = small_report_json();
  j["seed"] = -1;
  refused("seed -1", j);
  j = small_report_json();
  j["deviations"][0]["witness"]["seeds"] = 2.5;
  refused("seeds 2.5", j);
  j = small_report_json();
  j["stats"]["settled_findings"] = 4294967296u;
  refused("settled_findings 2^32", j);
}

// Found by fuzz/targets/report_json: an accepted deviation in the list of
// open ones was read, then written to the other list, so the report read
// back in another order.
TEST(Check, JsonReaderRefusesADeviationInTheWrongList) {
  nlohmann::json j = small_report_json();
  j["deviations"].push_back(j["accepted"][0]);
  j["accepted"] = nlohmann::json::array();
  auto r = from_json(j.dump(), "r.json");
  ASSERT_FALSE(r.ok()) << "an accepted deviation was read from the open list";
  EXPECT_NE(r.error().message.find("deviations[2]: 'accepted' is true"), std::string::npos)
      << r.error().message;
}

TEST(Check, WitnessScenarioLoadsPassesTheOracleAndFailsTheMutant) {
  const MutantInfo& m = all_mutants().front();
  const Ruleset broken = zanzibar_mutant(m.name);
  const CheckResult res = run(broken, options_for("ap-zanzibar", 10));
  ASSERT_FALSE(res.deviations.empty());
  for (const Deviation& d : res.deviations) {
    const std::string yaml = deviation_yaml(res, d);
    auto loaded = scenario::load_string(yaml, "witness.yaml");
    ASSERT_TRUE(loaded.errors.empty()) << scenario::to_string(loaded.errors[0]) << "\n" << yaml;
    ASSERT_EQ(loaded.scenarios.size(), 1u);
    auto oracle = protocol::oracle_probe();
    auto mutant = protocol::oracle_probe(m.id);
    const auto pass = scenario::run_scenarios(loaded.scenarios, *oracle, {});
    EXPECT_EQ(scenario::exit_code(pass), 0) << scenario::format_report(pass);
    EXPECT_EQ(scenario::exit_code(scenario::run_scenarios(loaded.scenarios, *mutant, {})), 1)
        << yaml;
  }
}

TEST(Check, ReportsLeadWithTheDiagnosisAndNameTheReproduction) {
  const MutantInfo& m = all_mutants().front();
  const Ruleset broken = zanzibar_mutant(m.name);
  CheckResult res = run(broken, options_for("ap-zanzibar", 6, 21));
  res.command = "engine 'with quote";
  ASSERT_FALSE(res.deviations.empty());
  const Deviation& d = res.deviations.front();
  const std::string md = to_markdown(res);
  const auto except = md.find("plays ap-zanzibar except:");
  ASSERT_NE(except, std::string::npos) << md;
  EXPECT_LT(except, md.find("engine command"));  // the diagnosis comes first
  EXPECT_NE(md.find("`" + d.clause + "`"), std::string::npos);
  EXPECT_NE(md.find(d.witness.position), std::string::npos);
  EXPECT_NE(md.find("--seed 21 --game " + std::to_string(d.witness.game)), std::string::npos);
  EXPECT_NE(md.find("'engine '\\''with quote'"), std::string::npos);
  const std::string junit = to_junit(res);
  EXPECT_NE(junit.find("failures=\"" + std::to_string(res.deviations.size()) + "\""),
            std::string::npos);
  // The deviation fails the testcase named by its clause id.
  const auto testcase = junit.find("name=\"" + d.clause + "\">");
  ASSERT_NE(testcase, std::string::npos) << junit;
  EXPECT_EQ(junit.find("<failure", testcase), junit.find('\n', testcase) + 7) << junit;
  EXPECT_EQ(junit.find("'with"), std::string::npos);  // escaped
  const std::string text = summary_text(res);
  EXPECT_NE(text.find("plays ap-zanzibar except:"), std::string::npos) << text;
  EXPECT_NE(text.find("reproduce: bao-oracle check"), std::string::npos);
  const auto j = nlohmann::json::parse(to_json(res));
  ASSERT_EQ(j.at("deviations").size(), res.deviations.size());
  EXPECT_EQ(j.at("deviations")[0].at("clause"), d.clause);
  EXPECT_TRUE(j.at("unexplained").empty());
  EXPECT_TRUE(j.at("notation").empty());
  EXPECT_TRUE(j.at("accepted").empty());
}

TEST(Check, AnAcceptedDeviationIsModelledListedAndDoesNotFail) {
  const MutantInfo& m = all_mutants().front();
  const Ruleset broken = zanzibar_mutant(m.name);
  CheckOptions o = options_for("ap-zanzibar", 30);
  o.accepted = {std::string(m.name)};
  o.accept_reasons = {"known: our engine counts the capture differently"};
  const CheckResult res = run(broken, o);
  EXPECT_FALSE(failed(res)) << summary_text(res);
  EXPECT_TRUE(res.findings.empty()) << summary_text(res);
  EXPECT_TRUE(res.deviations.empty()) << "modelled from the start, it is never found again";
  const auto j = nlohmann::json::parse(to_json(res));
  ASSERT_EQ(j.at("accept").size(), 1u);
  EXPECT_EQ(j.at("accept")[0].at("switch"), m.name);
  // The same run without accepting it fails.
  EXPECT_TRUE(failed(run(broken, options_for("ap-zanzibar", 30))));
  // Accepting by clause: found, listed as accepted, not failing.
  CheckOptions by_clause = options_for("ap-zanzibar", 30);
  by_clause.accepted_clauses = {std::string(clause_name(m.clause))};
  by_clause.accepted_clause_reasons = {"known"};
  const CheckResult res2 = run(broken, by_clause);
  EXPECT_FALSE(failed(res2)) << summary_text(res2);
  ASSERT_EQ(res2.deviations.size(), 1u);
  EXPECT_TRUE(res2.deviations[0].accepted);
  EXPECT_EQ(nlohmann::json::parse(to_json(res2)).at("accepted").size(), 1u);
  // An accepted id that is no switch of the ruleset is an input error.
  CheckOptions bad = options_for("ap-zanzibar", 1);
  bad.accepted = {"no-such-switch"};
  auto probe = oracle_probe(broken);
  EXPECT_FALSE(run_check(*probe, bad).ok());
}

}  // namespace
}  // namespace bao::check
