// Divergence reports (docs/divergence.md): comparison and attribution on
// hand-made positions where two rule sources are known to differ (the
// positions of scenarios/guide/guide_vs_zanzibar.yaml and
// scenarios/abstract_play/bawo_vs_zanzibar.yaml, whose comments give the
// working), skipped positions, escaping, pictures, determinism, witnesses
// that load as scenarios, the command's errors, and the committed report.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "oracle/catalog/sources.hpp"
#include "oracle/cli/diverge_command.hpp"
#include "oracle/core/files.hpp"
#include "oracle/diverge/diverge.hpp"
#include "oracle/engine/engine.hpp"
#include "oracle/notation/bpn.hpp"
#include "oracle/notation/replay.hpp"
#include "oracle/notation/trace_text.hpp"
#include "oracle/scenario/scenario.hpp"
#include "tests/readers.hpp"
#include "tests/rules_test_support.hpp"

namespace bao::diverge {
namespace {

namespace fs = std::filesystem;

using bao::testing::rules;

Position bpn(std::string_view text) {
  auto p = parse_bpn(text);
  EXPECT_TRUE(p.ok()) << text;
  return p.value();
}

const Group* find_group(const PairReport& p, std::string_view a, std::string_view b) {
  for (const Group& g : p.groups)
    if (g.a.label == a && g.b.label == b) return &g;
  return nullptr;
}

// Every HTML page of the report, one after another.
std::string all_html(const Report& r) {
  std::string out;
  for (const HtmlPage& page : render_html_pages(r)) out += page.text;
  return out;
}

std::string groups_text(const PairReport& p) {
  std::string out;
  for (const Group& g : p.groups) out += g.a.label + " vs " + g.b.label + "\n";
  return out;
}

// ---- Comparison and attribution ------------------------------------------------

TEST(DivergeCompare, TheSameRulesAgreeAtTheStart) {
  // guide-v2 and guide-r002 differ only in takasia, which no start move sets.
  const PairReport p =
      compare_position(rules("guide-v2"), rules("guide-r002"), start_position(rules("guide-v2")));
  EXPECT_EQ(p.compared, 1);
  EXPECT_EQ(p.moves_differ, 0);
  EXPECT_EQ(p.results_differ, 0);
  EXPECT_EQ(p.outcomes_differ, 0);
  EXPECT_TRUE(p.groups.empty()) << groups_text(p);
}

TEST(DivergeCompare, ImmediateEndPartsAtTheGuidesEnd) {
  // guide-vs-zanzibar-immediate-end: A4 1 captures a5 3, North's last front
  // seeds. guide-v2 ends the game at the capture; ap-zanzibar sows them.
  const Position pos =
      bpn("S 0,0,0,1,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,3,0,0,0/0,0,0,2,0,0,0,0 hand=5,5");
  const PairReport p = compare_position(rules("ap-zanzibar"), rules("guide-v2"), pos);
  EXPECT_EQ(p.results_differ, 1);
  ASSERT_FALSE(p.groups.empty());
  const Group& g = p.groups.front();
  EXPECT_EQ(g.b.label, "guide.win.immediate") << groups_text(p);
  EXPECT_EQ(g.b.clause, ClauseId::GuideImmediateEnd);
  EXPECT_TRUE(g.a.label.starts_with("ap.capture.entry")) << g.a.label;
  EXPECT_EQ(g.items[static_cast<int>(Kind::Result)], g.total_items());
  // The witness shows where: both traces agree up to the capture.
  const Witness& w = g.witness;
  ASSERT_NE(w.a.step, kNoStep);
  ASSERT_EQ(w.a.step, w.b.step);
  EXPECT_EQ(w.b.trace[w.b.step].kind, EventKind::End);
  EXPECT_EQ(w.b.trace[w.b.step - 1].kind, EventKind::Capture);
  EXPECT_EQ(w.a.trace[w.a.step].kind, EventKind::Enter);
}

TEST(DivergeCompare, TwoPieceStartAgainstNoMove) {
  // guide-vs-zanzibar-two-piece-start: the owned house alone. guide-v2 has
  // the two-piece start; ap-zanzibar has no move, so South loses.
  const Position pos =
      bpn("S 0,0,0,0,6,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=5,5 house=A5");
  const PairReport p = compare_position(rules("ap-zanzibar"), rules("guide-v2"), pos);
  EXPECT_EQ(p.moves_differ, 1);
  EXPECT_EQ(p.outcomes_differ, 1);
  const Group* g = find_group(p, "(game over: no-move)", "guide.nyumba.two-piece-start");
  ASSERT_NE(g, nullptr) << groups_text(p);
  EXPECT_EQ(g->items[static_cast<int>(Kind::OnlyB)], 2);  // A5Lt and A5Rt
  EXPECT_EQ(g->positions, 1);
  EXPECT_EQ(g->witness.a.legal.size(), 0u);
  EXPECT_EQ(g->witness.a.status, "win N no-move");
  EXPECT_FALSE(g->witness.a.move_legal);
  EXPECT_TRUE(g->witness.b.move_legal);
}

TEST(DivergeCompare, TakasiaExemptionAgainstKutakatia) {
  // guide-vs-zanzibar-takasia-one-piece: after A2L ap-zanzibar blocks a6;
  // for guide-v2 a pit holding one seed is exempt.
  const Position pos = bpn("S 1,2,1,0,0,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,1,0,0/0,0,0,2,0,0,0,0");
  const PairReport p = compare_position(rules("ap-zanzibar"), rules("guide-v2"), pos);
  const Group* g = find_group(p, "ap.kutakatia.set", "guide.takasia.exempt");
  ASSERT_NE(g, nullptr) << groups_text(p);
  EXPECT_EQ(g->witness.move, "A2L");
  EXPECT_NE(g->witness.a.result.find("block=a6"), std::string::npos) << g->witness.a.result;
  EXPECT_EQ(g->witness.b.result.find("block="), std::string::npos) << g->witness.b.result;
}

TEST(DivergeCompare, KuuThresholdStopsOneAndRelaysTheOther) {
  // ap-bvz-kuu-threshold: A8L ends in the house with 7: working for
  // ap-zanzibar (6), not for ap-bawo (8), which relays it.
  const Position pos =
      bpn("S 0,0,0,0,6,0,0,2/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0 hand=5,5 house=A5");
  const PairReport p = compare_position(rules("ap-zanzibar"), rules("ap-bawo"), pos);
  EXPECT_EQ(p.moves_differ, 0);
  const Group* g = find_group(p, "ap.nyumba.kutakata-stops", "ap.sow.relay");
  ASSERT_NE(g, nullptr) << groups_text(p);
  EXPECT_EQ(g->witness.move, "A8L");
  EXPECT_EQ(format_protocol_trace({g->witness.a.trace[g->witness.a.step]}), "stop A5");
  EXPECT_EQ(format_protocol_trace({g->witness.b.trace[g->witness.b.step]}), "relay A5 7");
}

TEST(DivergeCompare, StartOrderWithoutATraceStepIsNamedByTheSwitchThatAllowsIt) {
  // ap-bvz-start-order-working-kuu: ap-zanzibar may start from the single
  // A1, ap-bawo may not; no trace step records the start order. Switched to
  // Abstract Play's default start order (the choice kunamua-order=ap-default),
  // ap-bawo allows A1 as ap-zanzibar does, so its own start order is the
  // clause that forbids it.
  const Position pos =
      bpn("S 1,0,2,0,8,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 hand=5,5 house=A5");
  const PairReport p = compare_position(rules("ap-zanzibar"), rules("ap-bawo"), pos);
  const Group* g = find_group(p, "ap.kunamua.kutakata-sow", "ap.bawo.kutakata-start-order");
  ASSERT_NE(g, nullptr) << groups_text(p);
  EXPECT_EQ(g->items[static_cast<int>(Kind::OnlyA)], 2);  // A1L, A1R
  EXPECT_EQ(g->witness.b.legal, (std::vector<std::string>{"A3L", "A3R"}));
}

// clause: site.bank.house-never-lifted
TEST(DivergeCompare, AForbiddenLiftIsAttributedToTheClauseThatForbidsIt) {
  // Bank never lifts its house A5 (004 file, Lifting); Maasai lifts any
  // occupied pit of the mover. So A5L is Maasai's only. No trace step of
  // Bank says why; its mutants do: letting the house be lifted adds A5L and
  // nothing else, while moving the house to A4 also takes A4L away.
  const Position pos = bpn("S 0,0,0,1,2,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0");
  const PairReport p = compare_position(rules("site-bank"), rules("site-maasai"), pos);
  const Group* g = find_group(p, "site.bank.house-never-lifted", "site.lift.any-own-pit");
  ASSERT_NE(g, nullptr) << groups_text(p);
  EXPECT_EQ(g->a.clause, ClauseId::SiteBankNoLift);
  EXPECT_EQ(g->items[static_cast<int>(Kind::OnlyB)], 1);
  EXPECT_EQ(g->witness.move, "A5L");
  EXPECT_EQ(g->witness.a.legal, (std::vector<std::string>{"A4L"}));
  EXPECT_EQ(g->witness.a.step, kNoStep);  // no step of Bank's is the reason
}

// clause: site.bank.progress-house
// clause: site.progress.capture-resets
TEST(DivergeCompare, AQuietCountDifferenceCitesEachProgressRule) {
  // A7L sows A6 and A5, Bank's house, and stops in the empty A5 (a4 is
  // empty: no Maasai capture). The same steps under both; but a seed in the
  // house is progress in Bank (quiet 3 -> 0), while Maasai counts a turn
  // without capture (quiet 3 -> 4).
  const Position pos =
      bpn("S 0,0,0,0,0,0,2,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 quiet=3");
  const PairReport p = compare_position(rules("site-bank"), rules("site-maasai"), pos);
  const Group* g = find_group(p, "site.bank.progress-house", "site.progress.capture-resets");
  ASSERT_NE(g, nullptr) << groups_text(p);
  EXPECT_EQ(g->items[static_cast<int>(Kind::Result)], 1);
  EXPECT_EQ(g->witness.move, "A7L");
  EXPECT_EQ(g->witness.a.result,
            "N 0,0,0,0,1,1,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0");
  EXPECT_EQ(g->witness.b.result,
            "N 0,0,0,0,1,1,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 quiet=4");
}

// clause: ludii.interp.end-order-entry-choice
// clause: guide.capture.entry-first-namua-choice
TEST(DivergeCompare, AnEntryTheOtherForbidsPartsAtTheKichwa) {
  // ludii-house-question: A3 1 faces a6 4, house A5 6. The guide lets the
  // first namua capture enter at either kichwa (A3L, A3R); Ludii's ordering
  // of sowing ends, applied to the entry (our interpretation), prefers the
  // end in the house: A3L only. A3R parts from Ludii's A3L at the entry.
  const Position pos =
      bpn("S 0,0,1,0,6,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,4,0,0/0,0,0,0,0,0,0,0 hand=3,3 house=A5");
  const PairReport p = compare_position(rules("guide-v2"), rules("ludii"), pos);
  const Group* g = find_group(p, "guide.capture.entry-first-namua-choice",
                              "ludii.interp.end-order-entry-choice");
  ASSERT_NE(g, nullptr) << groups_text(p);
  EXPECT_EQ(g->witness.move, "A3R");
  ASSERT_NE(g->witness.a.step, kNoStep);
  EXPECT_EQ(format_protocol_trace({g->witness.a.trace[g->witness.a.step]}), "enter A1 4");
  EXPECT_EQ(g->witness.b.shown_move, "A3L");  // how Ludii plays from A3 instead
}

TEST(DivergeCompare, StateOneRulesetLacksIsSkippedAndCounted) {
  // A takasia target means nothing to a ruleset with another blocking rule.
  const Position takasia =
      bpn("N 0,2,0,0,1,1,0,0/0,0,2,2,0,2,6,4 1,0,1,2,10,0,0,10/2,2,8,4,1,2,1,0 block=a4");
  PairReport p = compare_position(rules("guide-v2"), rules("ap-zanzibar"), takasia);
  EXPECT_EQ(p.compared, 0);
  EXPECT_EQ(p.skipped["block"], 1);
  // guide-r002 has no takasia at all.
  p = compare_position(rules("guide-v2"), rules("guide-r002"), takasia);
  EXPECT_EQ(p.skipped["block"], 1);
  // Seeds kept off the board by the guide's immediate end.
  const Position stored =
      bpn("N 0,0,0,2,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 hand=4,5 store=3,0");
  p = compare_position(rules("guide-v2"), rules("ap-zanzibar"), stored);
  EXPECT_EQ(p.skipped["store"], 1);
  // ap-bawo's record of kuu use.
  const Position used =
      bpn("S 0,0,0,0,9,2,2,0/0,0,0,0,0,0,0,0 0,0,0,0,8,2,2,0/0,0,0,0,0,0,0,0 hand=19,20 "
          "house=A5,a5 used=A5");
  p = compare_position(rules("ap-bawo"), rules("ap-malawi-setup"), used);
  EXPECT_EQ(p.skipped["used"], 1);
}

// ---- Output ------------------------------------------------------------------------

TEST(DivergeOutput, HtmlEscapeEscapesTheFiveCharacters) {
  EXPECT_EQ(xml_escape(R"(<a href="x">Tom & Jerry's</a>)"),
            "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;");
  EXPECT_EQ(xml_escape("plain A6L"), "plain A6L");
}

// A report with one group whose witness carries hostile text where input
// reaches the page (a scenario id and a move line come from files).
Report hostile_report() {
  Report r;
  r.rulesets = {&rules("ap-zanzibar"), &rules("guide-v2")};
  r.positions = 0;
  r.walked = {{"ap-zanzibar", 0}, {"guide-v2", 0}};
  PairReport p = compare_position(
      rules("ap-zanzibar"), rules("guide-v2"),
      bpn("S 0,0,0,1,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,3,0,0,0/0,0,0,2,0,0,0,0 hand=5,5"));
  EXPECT_FALSE(p.groups.empty());
  for (Group& g : p.groups) g.witness.scenario = "<script>alert('x')</script> & co";
  r.pairs.push_back(std::move(p));
  return r;
}

TEST(DivergeOutput, HtmlEscapesWhatComesFromInput) {
  const std::string html = all_html(hostile_report());
  // The scripts are the pages' own: the pair page's clause filter and the
  // replays' player (oracle/notation/replay.hpp); the scenario id is text.
  EXPECT_EQ(html.find("<script>alert"), std::string::npos);
  int scripts = 0;
  for (std::size_t at = html.find("<script"); at != std::string::npos;
       at = html.find("<script", at + 1), ++scripts) {
    const std::string body = html.substr(at, html.find("</script>", at) - at);
    const bool player = html.compare(at, replay::script().size(), replay::script()) == 0;
    const bool filter = body.find("openTarget") != std::string::npos;
    EXPECT_TRUE(player || filter) << body.substr(0, 200);
  }
  EXPECT_GE(scripts, 2);
  EXPECT_NE(html.find("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; co"),
            std::string::npos);
  // Self-contained: no external stylesheet, script or image.
  EXPECT_EQ(html.find("<link"), std::string::npos);
  EXPECT_EQ(html.find("src="), std::string::npos);
  EXPECT_EQ(html.find("http://"), html.find("http://www.w3.org/2000/svg"));
  const std::string md = render_markdown(hostile_report());
  EXPECT_EQ(md.find("<script"), std::string::npos);
  // Each page is written as XML-compatible HTML, so an XML parser reads it whole.
  for (const HtmlPage& page : render_html_pages(hostile_report()))
    EXPECT_EQ(test::xml_error(page.text), "") << page.path;
}

// Each witness side that shows a move has its trace to step through, named
// by its ruleset and the move, all in one row per witness.
TEST(DivergeOutput, EachWitnessSidesTraceIsAReplay) {
  const Report r = hostile_report();
  // The pair pages draw every group's witness (the cards only some).
  std::string html;
  for (const HtmlPage& page : render_html_pages(r))
    if (page.path.starts_with("pairs/")) html += page.text;
  std::size_t shown = 0;
  for (const Group& g : r.pairs.front().groups)
    for (const WitnessSide* s : {&g.witness.a, &g.witness.b}) {
      if (s->shown_move.empty()) continue;
      ++shown;
      EXPECT_NE(html.find(fmt::format("<div class=\"replay\" data-title=\"{}: "
                                      "trace of {}\"",
                                      s->ruleset, s->shown_move)),
                std::string::npos)
          << s->ruleset << " " << s->shown_move;
    }
  ASSERT_GT(shown, 0u);
  std::size_t placeholders = 0;
  for (std::size_t i = html.find("<div class=\"replay\" "); i != std::string::npos;
       i = html.find("<div class=\"replay\" ", i + 1))
    ++placeholders;
  EXPECT_EQ(placeholders, shown);
}

// Checks that every tag is closed in order (no attribute holds '<' or '>').
std::string tag_balance(std::string_view xml) {
  std::vector<std::string> open;
  for (std::size_t i = xml.find('<'); i != std::string_view::npos; i = xml.find('<', i + 1)) {
    const std::size_t end = xml.find('>', i);
    if (end == std::string_view::npos) return "unterminated tag";
    const std::string_view tag = xml.substr(i + 1, end - i - 1);
    if (tag.empty()) return "empty tag";
    if (tag.back() == '/') continue;
    const std::size_t name_end = tag.find_first_of(" \n");
    if (tag.front() == '/') {
      const std::string name(tag.substr(1));
      if (open.empty() || open.back() != name)
        return "closing " + name + " without opening" +
               (open.empty() ? "" : " (" + open.back() + ")");
      open.pop_back();
    } else {
      open.emplace_back(tag.substr(0, name_end));
    }
  }
  return open.empty() ? "" : "unclosed " + open.back();
}

TEST(DivergeOutput, SvgIsWellFormedAndShowsTheBoard) {
  const Report r = hostile_report();
  const Group& g = r.pairs.front().groups.front();
  const std::string svg = witness_svg(g.witness, "w1");
  EXPECT_TRUE(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\"")) << svg.substr(0, 80);
  EXPECT_TRUE(svg.ends_with("</svg>\n"));
  EXPECT_EQ(tag_balance(svg), "");
  // The empty board is drawn once, with its 32 pits each named as the
  // protocol names it, and placed for each ruleset.
  std::size_t pits = 0;
  for (std::size_t i = svg.find("class=\"pit\""); i != std::string::npos;
       i = svg.find("class=\"pit\"", i + 1))
    ++pits;
  EXPECT_EQ(pits, 32u + 1u);  // and the legend's plain pit
  for (const char* name : {">A1</tspan>", ">B8</tspan>", ">a8</tspan>", ">b1</tspan>"})
    EXPECT_NE(svg.find(name), std::string::npos) << name;
  // The position's counts once, one text per row; the second board places
  // them again.
  // b4 2 (North's back row, fifth column from the left), a5 3 and A4 1 (the
  // fourth column); South's back row is empty, and so shows no count.
  EXPECT_NE(svg.find("<text class=\"count\" y=\"79\"><tspan x=\"230\">2</tspan></text>"),
            std::string::npos);
  EXPECT_NE(svg.find("<text class=\"count\" y=\"127\"><tspan x=\"182\">3</tspan></text>"),
            std::string::npos);
  EXPECT_NE(svg.find("<text class=\"count\" y=\"175\"><tspan x=\"182\">1</tspan></text>"),
            std::string::npos);
  EXPECT_EQ(svg.find("<text class=\"count\" y=\"223\">"), std::string::npos);
  EXPECT_NE(svg.find("<use href=\"#w1-pos\" x=\"428\"/>"), std::string::npos);
  EXPECT_NE(svg.find("house (nyumba)</text>"), std::string::npos);  // the legend
  EXPECT_NE(svg.find("class=\"part\""), std::string::npos);         // the parting step is ringed
  EXPECT_NE(svg.find("class=\"capture\""), std::string::npos);
  EXPECT_NE(svg.find("<path class=\"sow\" d=\"M"), std::string::npos);
  EXPECT_EQ(test::xml_error(svg), "");
  const std::string html = render_html_pages(r)[2].text;  // the pair's page
  const std::size_t body = html.find("<body>");
  const std::size_t end = html.find("</body>") + std::string_view("</body>").size();
  EXPECT_EQ(tag_balance(std::string_view(html).substr(body, end - body)), "");
}

TEST(DivergeOutput, SvgLabelsEachPitWithItsSowingSteps) {
  // A hand-made trace: lift A1, then sow A2, A3, A2, A2. A2 is reached at
  // steps 1, 3 and 4, A3 at step 2: one label per pit, "1 +2" and "2".
  Witness w;
  w.position = "S 4,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0";
  w.move = "A1R";
  w.kind = Kind::Result;
  w.a.ruleset = "ap-zanzibar";
  w.a.shown_move = "A1R";
  w.a.move_legal = true;
  w.a.trace = {{EventKind::Lift, Side::South, front_pit(1), 4, {}, ClauseId::None},
               {EventKind::Sow, Side::South, front_pit(2), 1, {}, ClauseId::None},
               {EventKind::Sow, Side::South, front_pit(3), 1, {}, ClauseId::None},
               {EventKind::Sow, Side::South, front_pit(2), 1, {}, ClauseId::None},
               {EventKind::Sow, Side::South, front_pit(2), 1, {}, ClauseId::None}};
  w.b = w.a;
  w.b.ruleset = "guide-v2";
  const std::string svg = witness_svg(w, "w");
  std::vector<std::string> labels;
  const std::string open = "<text class=\"step\" y=";
  for (std::size_t i = svg.find(open); i != std::string::npos; i = svg.find(open, i + 1)) {
    const std::size_t end = svg.find("</text>", i);
    for (std::size_t t = svg.find("<tspan", i); t < end; t = svg.find("<tspan", t + 1)) {
      const std::size_t from = svg.find('>', t) + 1;
      labels.push_back(svg.substr(from, svg.find('<', from) - from));
    }
  }
  // Per board one row, pits in order South A1..., so A2's label, then A3's.
  EXPECT_EQ(labels, (std::vector<std::string>{"1 +2", "2", "1 +2", "2"}));
}

// ---- Whole reports ----------------------------------------------------------------

Options small_options(int jobs) {
  Options o;
  o.rulesets = {&rules("ap-zanzibar"), &rules("guide-v2"), &rules("ap-bawo")};
  o.positions = 900;
  o.seed = 7;
  o.jobs = jobs;
  o.scenario_paths = {std::string(BAO_SOURCE_DIR) + "/scenarios/guide"};
  return o;
}

TEST(DivergeRun, TheReportDoesNotDependOnJobs) {
  auto one = run(small_options(1));
  auto two = run(small_options(2));
  auto three = run(small_options(3));
  ASSERT_TRUE(one.ok()) << one.error().message;
  ASSERT_TRUE(two.ok() && three.ok());
  EXPECT_EQ(one->corpus, 900 + one->scenario_positions);
  EXPECT_GT(one->scenario_positions, 0);
  EXPECT_EQ(render_json(*one), render_json(*two));
  EXPECT_EQ(render_json(*one), render_json(*three));
  EXPECT_EQ(render_markdown(*one), render_markdown(*two));
  EXPECT_EQ(all_html(*one), all_html(*two));
  // Another seed plays other games.
  Options other = small_options(2);
  other.seed = 8;
  EXPECT_NE(render_json(*run(other)), render_json(*one));
}

TEST(DivergeRun, WitnessesLoadAsScenariosAndPass) {
  auto report = run(small_options(2));
  ASSERT_TRUE(report.ok());
  const auto files = witness_files(*report);
  ASSERT_FALSE(files.empty());
  std::vector<scenario::Scenario> all;
  for (const WitnessFile& f : files) {
    const std::string yaml = witness_yaml(f);
    EXPECT_NE(yaml.find("not worked out by hand"), std::string::npos);
    auto loaded = scenario::load_string(yaml, f.stem + ".yaml");
    ASSERT_TRUE(loaded.errors.empty()) << scenario::to_string(loaded.errors.front()) << "\n"
                                       << yaml;
    ASSERT_EQ(loaded.scenarios.size(), 1u);
    EXPECT_EQ(loaded.scenarios[0].expectations.size(), 2u);
    all.push_back(loaded.scenarios[0]);
  }
  auto oracle = protocol::oracle_probe();
  const scenario::RunSummary summary = scenario::run_scenarios(all, *oracle, {});
  EXPECT_EQ(summary.failed, 0) << scenario::format_report(summary);
  EXPECT_EQ(summary.passed, static_cast<int>(2 * files.size()));
}

// Every citation a reader sees names the rule source by its title and the
// clause's section; the file name stays in the JSON only.
TEST(DivergeRun, CitationsNameTheSourceByTitle) {
  auto report = run(small_options(2));
  ASSERT_TRUE(report.ok());
  const std::string md = render_markdown(*report);
  const std::string html = all_html(*report);
  EXPECT_NE(md.find(" cites `"), std::string::npos);
  EXPECT_NE(md.find("(Abstract Play, Bao rules page: "), std::string::npos) << md;
  EXPECT_NE(html.find("(Abstract Play, Bao rules page: "), std::string::npos);
  for (const RuleSource& s : all_sources()) {
    EXPECT_EQ(md.find(std::string(s.file)), std::string::npos) << s.file;
    EXPECT_EQ(html.find(std::string(s.file)), std::string::npos) << s.file;
  }
  EXPECT_NE(render_json(*report).find("\"source_file\": \"000_e996fb56c9001892.txt\""),
            std::string::npos);
  const auto files = witness_files(*report);
  ASSERT_FALSE(files.empty());
  for (const WitnessFile& f : files) {
    const std::string yaml = witness_yaml(f);
    const std::size_t at = yaml.find("\n    source: ");
    ASSERT_NE(at, std::string::npos) << yaml;
    const std::string line = yaml.substr(at + 1, yaml.find('\n', at + 1) - at - 1);
    EXPECT_EQ(line.find(".txt"), std::string::npos) << line;
    bool titled = false;
    for (const RuleSource& s : all_sources())
      titled = titled || line.find(std::string(s.title) + ": ") != std::string::npos;
    EXPECT_TRUE(titled) << line;
  }
}

TEST(DivergeRun, BadOptionsAreErrors) {
  Options o = small_options(0);
  EXPECT_FALSE(run(o).ok());
  o = small_options(1);
  o.rulesets = {&rules("ap-zanzibar")};
  EXPECT_FALSE(run(o).ok());
  o.rulesets = {&rules("ap-zanzibar"), &rules("ap-zanzibar")};
  EXPECT_FALSE(run(o).ok());
}

// ---- The command ---------------------------------------------------------------------

struct Ran {
  int status = -1;
  std::string out, err;
};

// Runs `bao-oracle ARGS` through the shell, in `cwd` when given, with
// stdout and stderr each captured in a file (so neither is a terminal).
Ran run_oracle(const std::string& args, const fs::path& cwd = {}) {
  const fs::path dir =
      fs::temp_directory_path() / ("bao-diverge-cli-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string cmd = (cwd.empty() ? "" : "cd '" + cwd.string() + "' && ") +
                          std::string(BAO_ORACLE_BIN) + " " + args + " >" + (dir / "out").string() +
                          " 2>" + (dir / "err").string();
  const int raw = std::system(cmd.c_str());
  Ran r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  r.out = read_file((dir / "out").string()).value();
  r.err = read_file((dir / "err").string()).value();
  fs::remove_all(dir);
  return r;
}

void expect_one_line_error(const Ran& r, std::string_view what) {
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_TRUE(r.err.starts_with("bao-oracle: ")) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find(what), std::string::npos) << r.err;
}

TEST(DivergeCli, BadInputIsOneLineWithStatusTwo) {
  expect_one_line_error(run_oracle("diverge --rulesets ap-zanzibar,nope --out /tmp/x"),
                        "--rulesets: unknown ruleset 'nope'");
  expect_one_line_error(run_oracle("diverge --rulesets ap-zanzibar --out /tmp/x"), "--rulesets");
  expect_one_line_error(run_oracle("diverge --jobs 0 --out /tmp/x"), "--jobs");
  expect_one_line_error(run_oracle("diverge --jobs many"), "--jobs");
  expect_one_line_error(run_oracle("diverge --positions -5"), "--positions");
  // A file where the folder should be.
  expect_one_line_error(
      run_oracle("diverge --positions 10 --rulesets ap-zanzibar,guide-v2 --out /dev/null/report"),
      "--out");
}

TEST(DivergeCli, WritesTheReportAndSaysWhere) {
  const fs::path dir =
      fs::temp_directory_path() / ("bao-diverge-out-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  // A stale witness from an earlier run is removed.
  fs::create_directories(dir / "witnesses");
  std::ofstream(dir / "witnesses" / "old--pair--99.yaml") << "scenarios: []\n";
  const Ran r = run_oracle(
      "diverge --rulesets ap-zanzibar,guide-v2 --positions 200 --jobs 2 "
      "--out " +
      dir.string());
  EXPECT_EQ(r.status, 0) << r.err;
  // Where it went is the last line.
  ASSERT_TRUE(r.out.ends_with("\n")) << r.out;
  const std::string last = r.out.substr(r.out.rfind('\n', r.out.size() - 2) + 1);
  EXPECT_TRUE(last.starts_with("divergence report written to " + dir.string() + ": ")) << r.out;
  EXPECT_NE(r.err.find("positions/s"), std::string::npos);  // timings on stderr only
  for (const char* f : {"report.md", "report.html", "report.json"})
    EXPECT_TRUE(fs::exists(dir / f)) << f;
  EXPECT_FALSE(fs::exists(dir / "witnesses" / "old--pair--99.yaml"));
  EXPECT_TRUE(fs::exists(dir / "witnesses" / "ap-zanzibar--guide-v2--01.yaml"));
  EXPECT_TRUE(fs::exists(dir / "witnesses" / "ap-zanzibar--guide-v2--01.svg"));
  for (const auto& e : fs::directory_iterator(dir))
    EXPECT_EQ(e.path().string().find(".tmp"), std::string::npos) << e.path();
  fs::remove_all(dir);
}

// Without --out the report goes to diverge-report/ in the current folder,
// never to the committed reports/default, and the path printed is that
// folder's, absolute.
TEST(DivergeCli, WithoutOutItWritesDivergeReportInTheCurrentFolder) {
  const fs::path cwd =
      fs::temp_directory_path() / ("bao-diverge-cwd-" + std::to_string(::getpid()));
  fs::remove_all(cwd);
  fs::create_directories(cwd);
  const Ran r = run_oracle("diverge --rulesets ap-zanzibar,guide-v2 --positions 100 --jobs 2", cwd);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(fs::exists(cwd / "diverge-report" / "report.json"));
  EXPECT_TRUE(fs::exists(cwd / "diverge-report" / "witnesses"));
  EXPECT_FALSE(fs::exists(cwd / "reports"));
  std::set<std::string> entries;
  for (const auto& e : fs::directory_iterator(cwd)) entries.insert(e.path().filename().string());
  EXPECT_EQ(entries, std::set<std::string>{"diverge-report"});
  const std::string where = "divergence report written to " + (cwd / "diverge-report").string();
  EXPECT_NE(r.out.find("\n" + where +
                       ": report.html (open it: the index of 1 pair page in "
                       "pairs/ and the adjudication cards), report.md, report.json, "),
            std::string::npos)
      << r.out;
  EXPECT_TRUE(r.out.ends_with(" witnesses in witnesses/\n")) << r.out;
  fs::remove_all(cwd);
}

// The progress line: on stderr only, and only when asked for (--progress)
// or when stderr is a terminal (here it is a file). It counts up to the
// corpus, then is cleared: carriage return, spaces, carriage return.
TEST(DivergeCli, TheProgressLineIsShownOnlyWhenAskedAndThenCleared) {
  const fs::path dir =
      fs::temp_directory_path() / ("bao-diverge-progress-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  const std::string args =
      "diverge --rulesets ap-zanzibar,guide-v2 --positions 600 --jobs 2 --out " + dir.string();
  const Ran quiet = run_oracle(args);
  ASSERT_EQ(quiet.status, 0) << quiet.err;
  EXPECT_EQ(quiet.err.find('\r'), std::string::npos) << quiet.err;
  EXPECT_EQ(std::count(quiet.err.begin(), quiet.err.end(), '\n'), 1) << quiet.err;

  const Ran shown = run_oracle(args + " --progress");
  ASSERT_EQ(shown.status, 0) << shown.err;
  EXPECT_EQ(shown.out, quiet.out);  // stdout untouched
  EXPECT_EQ(shown.out.find('\r'), std::string::npos);
  const long corpus = nlohmann::json::parse(read_file((dir / "report.json").string()).value())
                          .at("corpus")
                          .at("positions");
  ASSERT_GT(corpus, 600);
  const std::string last = fmt::format("\rdiverge: {0}/{0} positions (100%), ", corpus);
  const std::size_t at = shown.err.rfind(last);
  ASSERT_NE(at, std::string::npos) << shown.err;
  EXPECT_EQ(shown.err.find("\rdiverge: "), shown.err.find('\r'));  // the first \r starts a line
  EXPECT_NE(shown.err.find(" positions/s, done"), std::string::npos) << shown.err;
  // The last line is wiped with as many spaces as the widest line, and
  // the timing follows on a clean line.
  const std::size_t wipe = shown.err.find('\r', at + 1);
  ASSERT_NE(wipe, std::string::npos);
  const std::size_t back = shown.err.find('\r', wipe + 1);
  ASSERT_NE(back, std::string::npos);
  EXPECT_EQ(shown.err.substr(wipe + 1, back - wipe - 1).find_first_not_of(' '), std::string::npos);
  EXPECT_GE(back - wipe - 1, last.size());
  EXPECT_TRUE(shown.err.substr(back + 1).starts_with("diverge: ")) << shown.err;
  EXPECT_EQ(shown.err.substr(back + 1).find('\r'), std::string::npos);

  // On a terminal it is shown unasked: `script` runs the command on a
  // pseudo-terminal (stdout and stderr both go there, in write order).
  if (std::system("script --version > /dev/null 2>&1") != 0) GTEST_SKIP() << "no script(1)";
  const std::string typescript = dir.string() + ".tty";
  const std::string cmd =
      fmt::format("script -qec '{} {}' /dev/null > '{}' 2>&1", BAO_ORACLE_BIN, args, typescript);
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  const std::string tty = read_file(typescript).value();
  EXPECT_NE(tty.find(last), std::string::npos) << tty;
  // Cleared before stdout's first line, which starts at the left margin.
  const std::size_t first_pair = tty.find("  ap-zanzibar vs guide-v2: ");
  ASSERT_NE(first_pair, std::string::npos) << tty;
  EXPECT_EQ(tty[first_pair - 1], '\r') << tty;
  EXPECT_LT(tty.rfind(last), first_pair);
  fs::remove(typescript);
  fs::remove_all(dir);
}

// ---- The committed report ------------------------------------------------------------

std::set<std::string> files_under(const fs::path& root) {
  std::set<std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(root))
    if (e.is_regular_file()) out.insert(fs::relative(e.path(), root).string());
  return out;
}

// Each committed report under reports/ is a fresh run's, byte for byte.
// When a rule or the corpus changes, regenerate them with
//   reports/regenerate.sh
// which passes each the options below (RegenerateScript.* checks that).
struct CommittedReport {
  std::string_view dir;
  std::string_view rulesets;
  long positions;
};

void PrintTo(const CommittedReport& c, std::ostream* os) {
  *os << c.dir;
}

class DivergeCommitted : public ::testing::TestWithParam<CommittedReport> {};

// The text with the commit of its provenance (JSON, Markdown, HTML) blanked:
// `"commit": "H"`, `commit: \`H\``, `<dt>commit</dt><dd><code>H`.
std::string without_commit(const std::string& text) {
  static const std::regex commit(
      R"((commit(?:[^0-9a-z<\n]|</?[a-z]+>){1,24})([0-9a-f]{7,40}(-dirty)?|unknown))");
  return std::regex_replace(text, commit, "$1*");
}

TEST_P(DivergeCommitted, MatchesAFreshRun) {
  const CommittedReport& c = GetParam();
  const fs::path committed = fs::path(BAO_SOURCE_DIR) / c.dir;
  const std::string command =
      fmt::format("reports/regenerate.sh {}", fs::path(c.dir).filename().string());
  ASSERT_TRUE(fs::exists(committed / "report.json"))
      << committed << " is missing; run `" << command << "` from the repository root";
  const fs::path fresh =
      fs::temp_directory_path() /
      fmt::format("bao-diverge-{}-{}", fs::path(c.dir).filename().string(), ::getpid());
  fs::remove_all(fresh);
  CommandOptions o;
  o.rulesets = std::string(c.rulesets);
  o.positions = c.positions;
  o.out = fresh.string();
  o.jobs = 2;
  o.quiet = true;
  std::ostringstream out, err;
  ASSERT_EQ(cli::run_diverge_command(o, out, err), 0) << err.str();
  const std::set<std::string> want = files_under(fresh);
  std::set<std::string> have = files_under(committed);
  have.erase("README.md");
  EXPECT_EQ(have, want) << "regenerate with `" << command << "` from the repository root";
  for (const std::string& f : want) {
    // Every file read back by a strict parser of its format.
    const std::string text = read_file((fresh / f).string()).value();
    const std::string ext = fs::path(f).extension().string();
    std::string problem;
    if (ext == ".html") problem = test::html_error(text);
    if (ext == ".svg") problem = test::xml_error(text);
    if (ext == ".json") problem = test::json_error(text);
    if (ext == ".yaml") problem = test::yaml_error(text);
    EXPECT_EQ(problem, "") << f;
    if (!have.count(f)) continue;
    // The committed report was made by an earlier commit of the tree: the
    // commit it records is the one thing a fresh run may change.
    EXPECT_TRUE(without_commit(read_file((committed / f).string()).value()) ==
                without_commit(read_file((fresh / f).string()).value()))
        << f << " differs from a fresh run; regenerate with `" << command << "`";
  }
  fs::remove_all(fresh);
}

// A file's text, or "" when it cannot be read.
std::string text_of(const fs::path& p) {
  auto t = read_file(p.string());
  return t ? *t : std::string();
}

// The committed reports and their options as reports/regenerate.sh lists
// them: folder name, then the options.
std::vector<std::pair<std::string, std::string>> script_entries() {
  const std::string script =
      read_file((fs::path(BAO_SOURCE_DIR) / "reports" / "regenerate.sh").string()).value();
  std::vector<std::pair<std::string, std::string>> out;
  const std::size_t open = script.find("\nreports=(\n");
  const std::size_t close = script.find("\n)\n", open);
  EXPECT_NE(open, std::string::npos);
  EXPECT_NE(close, std::string::npos);
  if (open == std::string::npos || close == std::string::npos) return out;
  std::istringstream lines(script.substr(open + 11, close - open - 11));
  for (std::string line; std::getline(lines, line);) {
    const std::size_t q1 = line.find('"'), q2 = line.rfind('"');
    EXPECT_TRUE(q1 != std::string::npos && q2 > q1) << line;
    if (q1 == std::string::npos || q2 <= q1) continue;
    const std::string entry = line.substr(q1 + 1, q2 - q1 - 1);
    const std::size_t space = entry.find(' ');
    const std::size_t options = entry.find_first_not_of(' ', space);
    out.emplace_back(entry.substr(0, space), entry.substr(options));
  }
  return out;
}

// reports/regenerate.sh names every committed report, and the options it
// passes are the command the report itself records, and the ones the
// committed-report test runs.
TEST(RegenerateScript, PassesEachCommittedReportTheOptionsItRecords) {
  const auto entries = script_entries();
  std::set<std::string> committed, listed;
  for (const auto& e : fs::directory_iterator(fs::path(BAO_SOURCE_DIR) / "reports"))
    if (fs::exists(e.path() / "report.json")) committed.insert(e.path().filename().string());
  for (const auto& [name, options] : entries) {
    EXPECT_TRUE(listed.insert(name).second) << name << " is listed twice";
    const fs::path json = fs::path(BAO_SOURCE_DIR) / "reports" / name / "report.json";
    if (!fs::exists(json)) {
      ADD_FAILURE() << "reports/" << name << " is listed but not committed";
      continue;
    }
    const auto report = nlohmann::json::parse(read_file(json.string()).value());
    EXPECT_EQ("bao-oracle diverge " + options, report.at("command").get<std::string>()) << name;
  }
  EXPECT_EQ(listed, committed);
  EXPECT_EQ(entries.size(), 3u);
  // The test below runs the same options.
  const std::vector<std::pair<std::string, std::string>> tested{
      {"default",
       fmt::format("--rulesets {} --positions {} --seed 1", kDefaultRulesets, kDefaultPositions)},
      {"kiswahili",
       "--rulesets guide-v2,ludii,site-kiswahili,ap-zanzibar --positions 20000 --seed 1"},
      {"single-lap", "--rulesets site-bank,site-maasai,site-long-game --positions 20000 --seed 1"},
  };
  EXPECT_EQ(entries, tested);
}

// The script itself, run with this build's binary into a folder of its
// own, writes a committed report byte for byte (the smallest one, to keep
// the test short), and refuses a report it does not know.
TEST(RegenerateScript, WritesTheCommittedReportByteForByte) {
  const fs::path into =
      fs::temp_directory_path() / ("bao-regenerate-" + std::to_string(::getpid()));
  fs::remove_all(into);
  const std::string script = (fs::path(BAO_SOURCE_DIR) / "reports" / "regenerate.sh").string();
  const std::string env = fmt::format("BAO_ORACLE='{}' ", BAO_ORACLE_BIN);
  const std::string log = (into.string() + ".log");
  int raw = std::system(
      (env + "bash '" + script + "' --into '" + into.string() + "' single-lap >'" + log + "' 2>&1")
          .c_str());
  ASSERT_TRUE(WIFEXITED(raw) && WEXITSTATUS(raw) == 0) << text_of(log);
  const fs::path committed = fs::path(BAO_SOURCE_DIR) / "reports" / "single-lap";
  std::set<std::string> have = files_under(committed);
  have.erase("README.md");
  EXPECT_EQ(files_under(into / "single-lap"), have);
  for (const std::string& f : have)
    EXPECT_TRUE(without_commit(read_file((committed / f).string()).value()) ==
                without_commit(text_of(into / "single-lap" / f)))
        << f;
  // Only what was asked for.
  std::set<std::string> written;
  for (const auto& e : fs::directory_iterator(into)) written.insert(e.path().filename().string());
  EXPECT_EQ(written, std::set<std::string>{"single-lap"});
  raw = std::system(
      (env + "bash '" + script + "' --into '" + into.string() + "' nope >'" + log + "' 2>&1")
          .c_str());
  EXPECT_TRUE(WIFEXITED(raw) && WEXITSTATUS(raw) == 2);
  EXPECT_NE(text_of(log).find("no committed report 'nope'"), std::string::npos);
  fs::remove_all(into);
  fs::remove(log);
}

INSTANTIATE_TEST_SUITE_P(
    Reports, DivergeCommitted,
    ::testing::Values(
        CommittedReport{"reports/default", kDefaultRulesets, kDefaultPositions},
        CommittedReport{"reports/kiswahili", "guide-v2,ludii,site-kiswahili,ap-zanzibar", 20000},
        CommittedReport{"reports/single-lap", "site-bank,site-maasai,site-long-game", 20000}),
    [](const ::testing::TestParamInfo<CommittedReport>& param) {
      std::string name = fs::path(param.param.dir).filename().string();
      std::replace(name.begin(), name.end(), '-', '_');
      return name;
    });

}  // namespace
}  // namespace bao::diverge
