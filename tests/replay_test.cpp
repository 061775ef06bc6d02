// The step-through replay's data and script (oracle/notation/replay.hpp).
// The data of a move written here by hand is checked to the byte; the
// script's behaviour in a browser is checked by tests/browser_test.sh.
#include "oracle/notation/replay.hpp"

#include <gtest/gtest.h>

#include <string>

#include "oracle/catalog/clause.hpp"
#include "oracle/notation/bpn.hpp"
#include "tests/readers.hpp"

namespace bao::replay {
namespace {

// South lifts the two seeds of A1 and sows A2 and A3, where the move stops.
Move two_seed_sowing() {
  Move m;
  m.title = "A1R <by hand>";
  m.before.at(Side::South, 0) = 2;
  m.before.at(Side::North, 3) = 1;
  m.before.house = pit_bit(Side::North, 3);
  m.before.hand = {1, 0};
  m.after = m.before;
  m.after.at(Side::South, 0) = 0;
  m.after.at(Side::South, 1) = 1;
  m.after.at(Side::South, 2) = 1;
  m.events = {
      {EventKind::Lift, Side::South, 0, 2, Reason::None, ClauseId::ApMtajiStart},
      {EventKind::Sow, Side::South, 1, 1, Reason::None, ClauseId::ApSowConsecutive},
      {EventKind::Sow, Side::South, 2, 1, Reason::None, ClauseId::ApSowConsecutive},
      {EventKind::Stop, Side::South, 2, 0, Reason::None, ClauseId::ApSowEmptyEnds},
      {EventKind::End, Side::South, 0, 0, Reason::FrontEmpty, ClauseId::ApWinFrontEmpty},
  };
  return m;
}

TEST(Replay, DataIsTheBoardsAndFourDigitsPerEvent) {
  // Pits: South's sixteen, then North's, one digit each (a4 is North's
  // circuit index 3, global 19, bit 2^19 = 524288 for its house); reserves
  // S 1, N 0; no blocks, so no "k".
  const std::string before = R"({"n":"20000000000000000001000000000000","h":524288,"r":[1,0]})";
  const std::string after = R"({"n":"01100000000000000001000000000000","h":524288,"r":[1,0]})";
  // Four digits an event: kind, pit, count, clause (numbered in order of
  // first use). Kinds: lift 1, stop 6, end 14 ('e'; its count is its
  // reason, front-empty 1); the two sowings A2, A3, forward on one circuit
  // with one clause, are one run: kind 15 ('f', past the trace's kinds),
  // from pit 1, 2 of them.
  const std::string events = "1020f1216202e013";
  EXPECT_EQ(data_json(two_seed_sowing()),
            R"({"p":)" + before + R"(,"f":)" + after +
                R"(,"c":["ap.mtaji.start","ap.sow.consecutive","ap.sow.empty-ends-turn",)"
                R"("ap.win.front-empty"],"e":")" +
                events + "\"}");
}

TEST(Replay, TheWidgetIsAnEmptyPlaceholderThatParsesAsXml) {
  Move m = two_seed_sowing();
  m.beside = "figure.engine";
  const std::string html = widget_of(m);
  EXPECT_EQ(test::xml_error(html), "");
  EXPECT_TRUE(html.starts_with(R"(<div class="replay" data-title="A1R &lt;by hand&gt;")")) << html;
  EXPECT_NE(html.find(R"( data-beside="figure.engine")"), std::string::npos);
  EXPECT_NE(html.find(R"( data-replay='{"p":{"n":"20000)"), std::string::npos);
  EXPECT_TRUE(html.ends_with("></div>\n"));
}

TEST(Replay, TheScriptNeedsNoEscapingForHtmlOrXml) {
  const std::string s = script();
  ASSERT_TRUE(s.starts_with("<script>"));
  ASSERT_TRUE(s.ends_with("</script>\n"));
  const std::string body = s.substr(8, s.size() - 8 - 10);
  EXPECT_EQ(body.find('<'), std::string::npos);
  EXPECT_EQ(body.find('&'), std::string::npos);
  EXPECT_EQ(body.find("]]>"), std::string::npos);
  EXPECT_EQ(test::xml_error("<html>" + s + "</html>"), "");
  // The names the script is filled in with: every event kind and reason.
  EXPECT_NE(body.find(R"(["place","lift","sow","capture","enter","relay","stop",)"),
            std::string::npos);
  EXPECT_NE(body.find(R"("front-empty","no-move","infinite")"), std::string::npos);
  EXPECT_EQ(body.find('@'), std::string::npos);  // every placeholder filled
  EXPECT_NE(body.find("window.baoSelfTest"), std::string::npos);
  // The style sheet it adds: every rule scoped to the replays; the pits'
  // own rules are the page's.
  EXPECT_NE(body.find(".replay .cur{"), std::string::npos);
  EXPECT_NE(body.find(".replay .frame{"), std::string::npos);
  EXPECT_EQ(body.find("}.frame{"), std::string::npos);
  EXPECT_EQ(body.find(".pit{"), std::string::npos);
}

TEST(Replay, APageGetsTheScriptWithItsFirstReplayOnly) {
  PageReplays page;
  EXPECT_EQ(page.clause_table(), "");  // no widget, no table
  const std::string first = page.widget(two_seed_sowing());
  Move other = two_seed_sowing();
  other.events.back().clause = ClauseId::ApMtajiStart;  // a clause the page has
  const std::string second = page.widget(other);
  Move third = two_seed_sowing();
  third.before.hand = {2, 0};
  const std::string last = page.widget(third);
  ASSERT_TRUE(first.starts_with(script()));
  const std::string widget =
      R"(<div class="replay" data-title="A1R &lt;by hand&gt;" data-replay=')";
  const std::string before = R"({"n":"20000000000000000001000000000000","h":524288)";
  const std::string after = R"("f":{"n":"01100000000000000001000000000000","h":524288,"r":[1,0]})";
  // The clauses are numbered in the page's list, with no "c" of their own.
  EXPECT_EQ(first.substr(script().size()), widget + R"({"p":)" + before + R"(,"r":[1,0]},)" +
                                               after + R"(,"e":"1020f1216202e013"}'></div>)" +
                                               "\n");
  // The same board before as the widget before it: no "p"; the end's
  // clause is the page's first.
  EXPECT_EQ(second, widget + "{" + after + R"(,"e":"1020f1216202e010"}'></div>)" + "\n");
  EXPECT_EQ(last, widget + R"({"p":)" + before + R"(,"r":[2,0]},)" + after +
                      R"(,"e":"1020f1216202e013"}'></div>)" + "\n");
  EXPECT_EQ(page.clause_table(),
            R"(<div id="replay-clauses" data-names="ap.mtaji.start ap.sow.consecutive )"
            R"(ap.sow.empty-ends-turn ap.win.front-empty"></div>)"
            "\n");
}

}  // namespace
}  // namespace bao::replay
