// report.html of `bao-oracle check` (oracle/checker/report_html.cpp) from a
// result built by hand, so that every expected value follows from the
// boards written here: which pits differ, what the diagnosis lists, how an
// engine's bad bytes are shown. The runs against real engines are in
// tests/check_cli_test.cpp (CheckCli.ReportHtml*).
#include <gtest/gtest.h>

#include <string>

#include "oracle/checker/check.hpp"
#include "oracle/checker/check_all.hpp"
#include "oracle/notation/board_svg.hpp"
#include "oracle/notation/replay.hpp"
#include "tests/readers.hpp"

namespace bao::check {
namespace {

std::size_t occurrences(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t i = text.find(what); i != std::string::npos; i = text.find(what, i + 1)) ++n;
  return n;
}

// The text between `from` and the next `to` after it.
std::string between(const std::string& text, const std::string& from, const std::string& to) {
  const std::size_t a = text.find(from);
  if (a == std::string::npos) return {};
  const std::size_t b = text.find(to, a + from.size());
  return text.substr(a, b == std::string::npos ? std::string::npos : b - a);
}

// A run with one open deviation whose witness is a different result: from
// all twos on South's front row and North's, South plays A1R; the oracle's
// board after has A1 0, A2 3, A3 3; the engine's has A3 2 and A4 3 instead,
// and a house on A5. So A3, A4 and A5 differ between the two after boards,
// and nothing else does.
CheckResult failing_run(const std::string& engine) {
  CheckResult r;
  r.engine = engine;
  r.command = "my-engine --level 3";
  r.options.ruleset = "ap-zanzibar";
  r.options.seed = 7;
  Deviation d;
  d.switch_id = "capture-needs-three";
  d.kind = "mutant";
  d.clause = "ap.capture.condition";
  d.meaning = "a capture needs 3 or more seeds";
  d.games = 4;
  d.positions = 9;
  Finding& f = d.witness;
  f.kind = FindingKind::DifferentResult;
  f.ruleset = "ap-zanzibar";
  f.seed = 7;
  f.game = 12;
  f.start = "start";
  f.position = "S 2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0 2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0";
  f.move = "A1R";
  f.oracle_result = "N 0,3,3,2,2,2,2,2/0,0,0,0,0,0,0,0 2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0";
  f.oracle_result_status = "ongoing";
  f.expected = f.oracle_result;
  f.actual = "N 0,3,2,3,2,2,2,2/0,0,0,0,0,0,0,0 2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0 house=A5";
  f.engine.plays.push_back({"A1R", true, f.actual, "ongoing", ""});
  f.seeds = 32;
  f.origin = "start";
  f.reachable = true;  // a game of the ruleset reaches it: the run fails
  r.deviations.push_back(d);
  Deviation accepted = d;
  accepted.switch_id = "front-empty=immediate";
  accepted.clause = "ap.win.end-of-turn-check";
  accepted.meaning = "the game ends at once";
  accepted.accepted = true;
  accepted.accept_reason = "known";
  r.deviations.push_back(accepted);
  r.stats.games = 10;
  return r;
}

TEST(CheckHtml, ADeviationIsListedThenDrawnBeforeAndAfter) {
  const std::string html = to_html(failing_run("my engine 1.0"));
  EXPECT_EQ(test::html_error(html), "");  // well-formed: every tag closed, entities known
  EXPECT_TRUE(html.starts_with("<!DOCTYPE html>\n<html lang=\"en\">"));
  // The diagnosis comes first: both deviations, one accepted.
  const std::size_t diagnosis = html.find("<h2 id=\"diagnosis\">");
  const std::size_t deviations = html.find("<h2 id=\"deviations\">");
  ASSERT_NE(diagnosis, std::string::npos);
  ASSERT_NE(deviations, std::string::npos);
  EXPECT_LT(diagnosis, deviations);
  const std::string table = between(html, "<table class=\"diagnosis\">", "</table>");
  EXPECT_NE(table.find("<code>ap.capture.condition</code>"), std::string::npos) << table;
  EXPECT_NE(table.find("<code>capture-needs-three</code>"), std::string::npos) << table;
  EXPECT_NE(table.find("<td class=\"n\">4</td><td class=\"n\">9</td><td>no</td>"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("<tr class=\"accepted\">"), std::string::npos) << table;
  EXPECT_NE(table.find("<td>yes: known</td>"), std::string::npos) << table;
  EXPECT_NE(html.find("<b>my engine 1.0 plays ap-zanzibar except:</b>"), std::string::npos);
  // Before the table, the list an author reads first, as report.md opens:
  // the open deviation only (the accepted one is not a departure to fix),
  // with its games and how sure the run is.
  const std::string first = between(html, "<table class=\"first-list\">", "</table>");
  EXPECT_LT(html.find("<table class=\"first-list\">"), html.find("<table class=\"diagnosis\">"));
  EXPECT_NE(html.find("<b>my engine 1.0 departs from ap-zanzibar in 1 way</b> (most games "
                      "first)"),
            std::string::npos);
  EXPECT_EQ(occurrences(first, "<tr><td class=\"n\">"), 1u) << first;
  EXPECT_NE(first.find("<td class=\"n\">1</td><td><code>ap.capture.condition</code></td>"),
            std::string::npos)
      << first;
  EXPECT_NE(first.find("<td class=\"n\">4</td>"), std::string::npos) << first;  // its games
  EXPECT_EQ(first.find("front-empty=immediate"), std::string::npos) << first;
  EXPECT_EQ(first.find("ap.win.end-of-turn-check"), std::string::npos) << first;
  // Its section: the clause cited, three boards, the marks, the reproduction.
  const std::string section =
      between(html, "<div class=\"finding\" id=\"deviation-1\">", "</div>\n<h2");
  ASSERT_FALSE(section.empty());
  EXPECT_NE(section.find("(Abstract Play"), std::string::npos) << section;  // the citation
  EXPECT_EQ(occurrences(section, "<svg class=\"board\""), 3u);
  EXPECT_NE(section.find("aria-label=\"before: S 2,2,2,2,2,2,2,2/"), std::string::npos);
  EXPECT_NE(section.find("aria-label=\"engine after A1R: N 0,3,2,3,"), std::string::npos);
  EXPECT_NE(section.find("aria-label=\"oracle (ap-zanzibar) after A1R: N 0,3,3,2,"),
            std::string::npos);
  // Every board names its 32 pits.
  EXPECT_EQ(occurrences(section, "<text class=\"name\""), 3u * 32u + 4u);  // and the legend's 4
  for (const char* pit : {">B8</text>", ">a8</text>", ">b1</text>"})
    EXPECT_EQ(occurrences(section, pit), 3u) << pit;
  EXPECT_EQ(occurrences(section, ">A1</text>"), 3u + 4u);  // the legend's samples are A1
  // A3, A4 and A5 differ, marked on both after boards; nothing else.
  EXPECT_EQ(occurrences(section, "; differs</title>"), 6u);
  EXPECT_EQ(occurrences(section, "<title>A3: 2 seeds; differs</title>"), 1u);  // the engine's
  EXPECT_EQ(occurrences(section, "<title>A3: 3 seeds; differs</title>"), 1u);  // the oracle's
  EXPECT_EQ(occurrences(section, "<title>A4: 3 seeds; differs</title>"), 1u);
  EXPECT_EQ(occurrences(section, "<title>A5, house (nyumba): 2 seeds; differs</title>"), 1u);
  EXPECT_EQ(occurrences(section, "<title>A5: 2 seeds; differs</title>"), 1u);
  EXPECT_EQ(occurrences(section, "class=\"ring\""), 6u + 1u);  // and the legend's sample
  EXPECT_NE(section.find("<pre><code>bao-oracle check --engine &#39;my-engine --level 3&#39; "
                         "--ruleset ap-zanzibar --seed 7 --game 12"),
            std::string::npos)
      << section;
  EXPECT_NE(section.find("witnesses/check-ap-zanzibar-deviation-capture-needs-three.yaml"),
            std::string::npos);
  EXPECT_NE(html.find("<h2 id=\"coverage\">Coverage</h2>"), std::string::npos);
  // Self-contained: one inline script (the replay's), no link, no
  // reference out but SVG's namespace.
  EXPECT_EQ(occurrences(html, "<script"), 1u);
  EXPECT_NE(html.find(replay::script()), std::string::npos);
  EXPECT_EQ(html.find("<link"), std::string::npos);
  EXPECT_EQ(html.find("src="), std::string::npos);
  EXPECT_EQ(html.find("http"), html.find("http://www.w3.org/2000/svg"));
}

// The oracle's trace of the disputed move, to step through beside the
// engine's board after: played again from the board before. In the mtaji
// phase (no reserves in the position) A1R starts by lifting both seeds of
// A1 and dropping them into A2 and A3, in that order; the last lands in
// an occupied pit facing a6's two seeds, so the lift starts a capture
// (ap.mtaji.capture-start).
// The Markdown names the pits that differ as a reader of the plain file
// sees them: the arrow is not an entity there.
TEST(CheckMarkdown, TheDifferingPitsReadAsTyped) {
  const std::string md = to_markdown(failing_run("my engine 1.0"));
  const std::size_t at = md.find("- differing pits (oracle -> engine): `");
  ASSERT_NE(at, std::string::npos) << md;
  const std::string line = md.substr(at, md.find('\n', at) - at);
  EXPECT_EQ(line.find("&gt;"), std::string::npos) << line;
  EXPECT_NE(line.find(" -> ", line.find('`')), std::string::npos) << line;  // "A1 2 -> 0"
}

TEST(CheckHtml, ADeviationsMoveIsReplayedBesideTheEnginesBoard) {
  const std::string html = to_html(failing_run("my engine 1.0"));
  const std::string section =
      between(html, "<div class=\"finding\" id=\"deviation-1\">", "</div>\n<h2");
  EXPECT_EQ(occurrences(section, "<div class=\"replays\">"), 1u);
  EXPECT_EQ(occurrences(section, "<div class=\"replay\" data-title="), 1u);
  EXPECT_NE(section.find("data-title=\"oracle&#39;s trace of A1R\""), std::string::npos) << section;
  EXPECT_NE(section.find("data-beside=\"figure.engine\""), std::string::npos);
  EXPECT_EQ(occurrences(section, "<figure class=\"engine\"><svg"), 1u);
  const std::string data = between(section, "data-replay='", "'>").substr(13);
  const nlohmann::json j = nlohmann::json::parse(data);
  // One digit a pit (oracle/notation/replay.cpp), South's A1 first.
  EXPECT_EQ(j.at("p").at("n").get<std::string>().at(0), '2');  // A1 before
  EXPECT_EQ(j.at("f").at("n").get<std::string>().at(1), '3');  // A2 after, as recorded
  // Four digits an event: kind, pit, count, clause. The lift of A1's two
  // seeds (lift is kind 1), then the sowing of A2 and A3 as one run
  // forward (kind 15, 'f'; from pit 1, 2 pits).
  const std::string e = j.at("e").get<std::string>();
  ASSERT_GE(e.size(), 8u);
  EXPECT_EQ(e.size() % 4, 0u);
  EXPECT_EQ(e.substr(0, 3), "102");
  EXPECT_EQ(j.at("c").at(e[3] - '0'), "ap.mtaji.capture-start");
  EXPECT_EQ(e.substr(4, 3), "f12");
  // The script comes once, after every replay.
  EXPECT_GT(html.find("<script>"), html.find("<div class=\"replay\""));
}

TEST(CheckHtml, APositionWithoutAMoveHasNoReplayAndNoScript) {
  CheckResult r = failing_run("my engine 1.0");
  r.deviations.front().witness.move.clear();
  const std::string html = to_html(r);
  EXPECT_EQ(test::html_error(html), "");
  EXPECT_EQ(html.find("class=\"replay"), std::string::npos);
  EXPECT_EQ(html.find("<script"), std::string::npos);
}

TEST(CheckHtml, TheEnginesBadBytesAreReplacedAndItsMarkupEscaped) {
  const std::string html = to_html(failing_run("fake \xff\xfe <b>engine</b> \x01\x1b[2J 1.0"));
  EXPECT_EQ(test::html_error(html), "");
  EXPECT_EQ(test::xml_characters_error(html), "");
  EXPECT_NE(html.find("fake \\xFF\\xFE &lt;b&gt;engine&lt;/b&gt; \\x01\\x1B[2J 1.0"),
            std::string::npos);
  EXPECT_EQ(html.find("<b>engine"), std::string::npos);
  EXPECT_EQ(html.find('\x1b'), std::string::npos);
}

TEST(CheckHtml, APassingRunSaysSo) {
  CheckResult r;
  r.engine = "good engine";
  r.options.ruleset = "guide-v2";
  r.stats.games = 5;
  const std::string html = to_html(r);
  EXPECT_EQ(test::html_error(html), "");
  EXPECT_NE(html.find("<p class=\"verdict pass\"><b>good engine plays guide-v2</b> at every "
                      "position checked.</p>"),
            std::string::npos)
      << html;
  EXPECT_EQ(html.find("id=\"deviations\""), std::string::npos);
  EXPECT_EQ(html.find("<svg"), std::string::npos);
}

// A run with differences no switch explains and no deviation: the list
// says so once, with the group's clause; no "plays ... except" and no
// second verdict follow it.
TEST(CheckHtml, OnlyUnexplainedDifferencesAreListedOnce) {
  CheckResult r = failing_run("my engine 1.0");
  Finding f = r.deviations.front().witness;
  f.clauses = {"ap.capture.condition"};
  f.occurrences = 3;
  r.deviations.clear();
  r.findings.push_back(f);
  const std::string html = to_html(r);
  EXPECT_EQ(test::html_error(html), "");
  EXPECT_EQ(occurrences(html, "departs from ap-zanzibar"), 1u) << html;
  EXPECT_NE(html.find("<b>my engine 1.0 departs from ap-zanzibar in 1 way</b>"), std::string::npos)
      << html;
  const std::string first = between(html, "<table class=\"first-list\">", "</table>");
  EXPECT_NE(first.find("<code>ap.capture.condition</code></td><td>plays a move to another "
                       "position; no switch models it</td>"),
            std::string::npos)
      << first;
  EXPECT_EQ(html.find("except:"), std::string::npos);
  EXPECT_EQ(html.find("<table class=\"diagnosis\">"), std::string::npos);
}

// An unexplained item's "how sure" says whether its clause was worked out
// from the engine's answers or is a guess (the nearest step of the text's
// move, or the switch nearest the engine at one board), in the terminal
// summary, report.md and report.html alike.
TEST(CheckHtml, UnexplainedItemsSayHowFirmlyTheirClauseIsPlaced) {
  CheckResult r = failing_run("my engine 1.0");
  Finding f = r.deviations.front().witness;
  r.deviations.clear();
  f.clauses = {"ap.capture.condition"};
  f.departure_firm = true;
  r.findings.push_back(f);
  f.kind = FindingKind::ExtraMove;
  f.clauses = {"ap.mtaji.capture-start"};
  f.departure_firm = false;
  r.findings.push_back(f);
  f.kind = FindingKind::DifferentStart;
  f.clauses = {"ap.setup.start"};
  r.findings.push_back(f);
  const std::string firm = "where it departs: worked out from its answers";
  const std::string guess =
      "where it departs: a guess (the nearest rule step, or the nearest switch at one board)";
  for (const std::string& text : {summary_text(r), to_markdown(r)}) {
    EXPECT_EQ(occurrences(text, firm), 1u) << text;
    EXPECT_EQ(occurrences(text, guess), 1u) << text;
    EXPECT_EQ(occurrences(text, "its own start, compared with the ruleset's"), 1u) << text;
  }
  const std::string first = between(to_html(r), "<table class=\"first-list\">", "</table>");
  EXPECT_NE(first.find("<code>ap.capture.condition</code></td><td>plays a move to another "
                       "position; no switch models it</td><td class=\"n\">1</td><td>" +
                       firm),
            std::string::npos)
      << first;
  EXPECT_NE(first.find(guess), std::string::npos) << first;
}

TEST(CheckHtml, TheIndexLinksEachRulesetsPage) {
  AllResult a;
  a.engine = "two-faced";
  a.listed = {"ap-zanzibar", "guide-v2"};
  a.runs.push_back(failing_run("two-faced"));
  CheckResult ok;
  ok.engine = "two-faced";
  ok.options.ruleset = "guide-v2";
  a.runs.push_back(ok);
  a.not_listed = {"ludii"};
  const std::string html = to_html(a);
  EXPECT_EQ(test::html_error(html), "");
  EXPECT_NE(html.find("<a href=\"ap-zanzibar/report.html\">"), std::string::npos) << html;
  EXPECT_NE(html.find("<a href=\"guide-v2/report.html\">"), std::string::npos) << html;
  EXPECT_NE(html.find("2 rulesets checked: 1 ok, 1 with findings."), std::string::npos) << html;
  EXPECT_NE(html.find("<code>ludii</code>: rulesets of this oracle the engine does not list"),
            std::string::npos);
}

// A labelled board's pits: the name above the count, placed as
// shared/spec/protocol.md lays the rows out (a8 above A1, b8 on top).
TEST(BoardSvg, LabelledPitsAreNamedWhereTheProtocolPutsThem) {
  using svg::centre;
  using svg::kLabelled;
  const svg::Point a1 = centre(kLabelled, Side::South, front_pit(1), 0, 0);
  const svg::Point b1 = centre(kLabelled, Side::South, back_pit(1), 0, 0);
  const svg::Point a8 = centre(kLabelled, Side::North, front_pit(8), 0, 0);
  const svg::Point b8 = centre(kLabelled, Side::North, back_pit(8), 0, 0);
  const svg::Point south_a8 = centre(kLabelled, Side::South, front_pit(8), 0, 0);
  EXPECT_EQ(a1.x, a8.x);  // A1 faces a8
  EXPECT_EQ(a1.x, b1.x);
  EXPECT_EQ(a8.x, b8.x);
  EXPECT_LT(b8.y, a8.y);  // North's back row on top
  EXPECT_LT(a8.y, a1.y);
  EXPECT_LT(a1.y, b1.y);        // South's back row at the bottom
  EXPECT_LT(a1.x, south_a8.x);  // South numbers left to right
  EXPECT_EQ(south_a8.x - a1.x, 7.0 * kLabelled.cell);
}

}  // namespace
}  // namespace bao::check
