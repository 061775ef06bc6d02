// The divergence report's HTML pages (docs/divergence.md, "The HTML
// pages"): every page parses as XML, the index links each pair's page and
// each pair page links back, the clause filter holds each group's clauses,
// the adjudication cards say which rulesets side with which answer at a
// witness worked out by hand, and the default report's pages stay small.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <tinyxml2.h>
#include <unistd.h>

#include <filesystem>
#include <functional>
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "oracle/core/files.hpp"
#include "oracle/diverge/diverge.hpp"
#include "oracle/diverge/pages.hpp"
#include "oracle/engine/engine.hpp"
#include "oracle/notation/bpn.hpp"
#include "tests/readers.hpp"
#include "tests/rules_test_support.hpp"

namespace bao::diverge {
namespace {

namespace fs = std::filesystem;

using bao::testing::rules;

// Calls `f` on every element of `e`'s subtree, `e` included.
void each_element(const tinyxml2::XMLElement* e,
                  const std::function<void(const tinyxml2::XMLElement&)>& f) {
  for (; e != nullptr; e = e->NextSiblingElement()) {
    f(*e);
    each_element(e->FirstChildElement(), f);
  }
}

struct Parsed {
  std::string error;
  std::vector<std::string> hrefs;  // of <a> elements
  std::set<std::string> ids;
  std::vector<std::string> filter_data;  // data-clauses of the groups (<details>)
  long elements = 0;
};

Parsed parse_page(const std::string& text) {
  Parsed p;
  p.error = test::html_error(text);
  if (!p.error.empty()) return p;
  tinyxml2::XMLDocument doc;
  doc.Parse(text.c_str(), text.size());
  each_element(doc.RootElement(), [&](const tinyxml2::XMLElement& e) {
    ++p.elements;
    if (const char* id = e.Attribute("id")) p.ids.insert(id);
    if (std::string_view(e.Name()) == "a" && e.Attribute("href"))
      p.hrefs.push_back(e.Attribute("href"));
    if (std::string_view(e.Name()) == "details" && e.Attribute("data-clauses"))
      p.filter_data.push_back(e.Attribute("data-clauses"));
  });
  return p;
}

// A small report written to a fresh folder, as `diverge` writes it.
class DivergeHtml : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    Options o;
    o.rulesets = {&rules("ap-zanzibar"), &rules("guide-v2"), &rules("ap-bawo")};
    o.positions = 900;
    o.seed = 7;
    o.jobs = 2;
    o.scenario_paths = {std::string(BAO_SOURCE_DIR) + "/scenarios/guide"};
    auto r = run(o);
    ASSERT_TRUE(r.ok()) << r.error().message;
    report_ = new Report(std::move(*r));
    dir_ = new fs::path(fs::temp_directory_path() / fmt::format("bao-diverge-html-{}", ::getpid()));
    fs::remove_all(*dir_);
    auto written = write_report(*report_, dir_->string());
    ASSERT_TRUE(written.ok()) << written.error().message;
  }
  static void TearDownTestSuite() {
    fs::remove_all(*dir_);
    delete dir_;
    delete report_;
  }
  static std::string page(const std::string& rel) {
    auto t = read_file((*dir_ / rel).string());
    EXPECT_TRUE(t.ok()) << rel;
    return t.ok() ? *t : std::string();
  }
  static Report* report_;
  static fs::path* dir_;
};
Report* DivergeHtml::report_ = nullptr;
fs::path* DivergeHtml::dir_ = nullptr;

TEST_F(DivergeHtml, EveryPageParsesAsXml) {
  std::vector<std::string> pages;
  for (const auto& e : fs::recursive_directory_iterator(*dir_))
    if (e.path().extension() == ".html") pages.push_back(fs::relative(e.path(), *dir_).string());
  // The index, the cards and one page per pair (three rulesets: three pairs).
  EXPECT_EQ(pages.size(), 2u + 3u);
  for (const std::string& rel : pages) EXPECT_EQ(parse_page(page(rel)).error, "") << rel;
}

TEST_F(DivergeHtml, EachMatrixCellLinksToAPairPageThatLinksBack) {
  const Parsed index = parse_page(page("report.html"));
  ASSERT_EQ(index.error, "");
  // A matrix of three rulesets has six off-diagonal cells, each pair twice;
  // the pair list links each pair once more.
  std::map<std::string, int> links;
  for (const std::string& href : index.hrefs)
    if (href.starts_with("pairs/")) ++links[href];
  ASSERT_EQ(links.size(), 3u);
  for (const char* want : {"pairs/ap-zanzibar--guide-v2.html", "pairs/ap-zanzibar--ap-bawo.html",
                           "pairs/guide-v2--ap-bawo.html"}) {
    EXPECT_EQ(links[want], 3) << want;
    ASSERT_TRUE(fs::exists(*dir_ / want)) << want;
    const Parsed pair = parse_page(page(want));
    ASSERT_EQ(pair.error, "") << want;
    int back = 0;
    for (const std::string& href : pair.hrefs) back += href == "../report.html" ? 1 : 0;
    EXPECT_EQ(back, 2) << want << ": a link back at the top and at the bottom";
  }
  // The cell shows the pair's group count.
  const PairReport& zg = report_->pairs[0];
  ASSERT_EQ(zg.b->id, "guide-v2");
  EXPECT_NE(page("report.html")
                .find(fmt::format("<a href=\"pairs/ap-zanzibar--guide-v2.html\">{} groups</a>",
                                  zg.groups.size())),
            std::string::npos);
  EXPECT_NE(std::find(index.hrefs.begin(), index.hrefs.end(), "adjudication.html"),
            index.hrefs.end());
}

TEST_F(DivergeHtml, EachGroupIsACollapsibleSectionWhoseClausesTheFilterMatches) {
  const PairReport& pr = report_->pairs[0];
  ASSERT_FALSE(pr.groups.empty());
  const std::string text = page("pairs/ap-zanzibar--guide-v2.html");
  const Parsed p = parse_page(text);
  ASSERT_EQ(p.error, "");
  ASSERT_EQ(p.filter_data.size(), pr.groups.size());
  for (std::size_t g = 0; g < pr.groups.size(); ++g) {
    const Group& gr = pr.groups[g];
    EXPECT_EQ(p.filter_data[g], gr.a.label + " " + gr.b.label);
    // The contents link it, and the filter's suggestions hold both clauses.
    const std::string stem = fmt::format("ap-zanzibar--guide-v2--{:02}", g + 1);
    EXPECT_TRUE(p.ids.count(stem)) << stem;
    EXPECT_NE(std::find(p.hrefs.begin(), p.hrefs.end(), "#" + stem), p.hrefs.end()) << stem;
    for (const std::string& label : {gr.a.label, gr.b.label})
      EXPECT_NE(text.find(fmt::format("<option value=\"{}\"></option>", xml_escape(label))),
                std::string::npos)
          << label;
  }
  // The first groups are open, the rest collapsed; without script the
  // filter box is hidden and everything shows.
  EXPECT_NE(text.find("<details class=\"group\" id=\"ap-zanzibar--guide-v2--01\" data-clauses="),
            std::string::npos);
  EXPECT_NE(text.find("<p id=\"filter\" hidden=\"hidden\">"), std::string::npos);
  EXPECT_NE(text.find("<script>"), std::string::npos);
  // The shared pictures are defined once per page, the legend drawn once.
  EXPECT_TRUE(p.ids.count(std::string(kPageBoard) + "p"));
  std::size_t legends = 0;
  for (std::size_t i = text.find("aria-label=\"legend\""); i != std::string::npos;
       i = text.find("aria-label=\"legend\"", i + 1))
    ++legends;
  EXPECT_EQ(legends, 1u);
}

// guide-vs-zanzibar-immediate-end (scenarios/guide/guide_vs_zanzibar.yaml):
// South's A4 1 faces a5 3, North's only front seeds. The guide's text ends
// the game at the capture, before the captured seeds are sown ("the game
// ends immediately, before sowing the captured pieces"): the 3 go to
// South's store. guide-r002 is the guide without takasia, so it ends there
// too. Abstract Play's page checks the front row when the turn finishes,
// so ap-zanzibar sows the 3 from the end pit the move enters at, and
// ap-bawo (the same page's variant, which changes the house and the
// kutakatia, neither of which is here) does the same.
TEST(DivergeAdjudication, TheOtherRulesetsSideWithTheAnswerTheirTextGives) {
  const Position pos =
      parse_bpn("S 0,0,0,1,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,3,0,0,0/0,0,0,2,0,0,0,0 hand=5,5")
          .value();
  Report r;
  r.rulesets = {&rules("ap-zanzibar"), &rules("guide-v2"), &rules("guide-r002"), &rules("ap-bawo")};
  for (std::size_t i = 0; i < r.rulesets.size(); ++i) {
    r.walked[std::string(r.rulesets[i]->id)] = 0;
    for (std::size_t j = i + 1; j < r.rulesets.size(); ++j)
      r.pairs.push_back(compare_position(*r.rulesets[i], *r.rulesets[j], pos));
  }
  const PairReport& zg = r.pairs[0];
  ASSERT_EQ(zg.b->id, "guide-v2");
  const Group* g = nullptr;
  for (const Group& gr : zg.groups)
    if (gr.b.label == "guide.win.immediate") g = &gr;
  ASSERT_NE(g, nullptr);
  EXPECT_TRUE(source_conflict(*g));
  // Worked by hand from the texts. The reserve seed goes into A4 (2), which
  // captures a5's 3. guide: the game ends, 3 to South's store. Abstract
  // Play: A4 is a middle pit, so the first capture enters at the end the
  // move names: A4L at A8 (A8, A7, A6), A4R at A1 (A1, A2, A3), and then
  // North's empty front row loses.
  const std::map<std::string, std::string> ap_after{
      {"A4L", "N 0,0,0,2,0,1,1,1/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 hand=4,5"},
      {"A4R", "N 1,1,1,2,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 hand=4,5"}};
  const std::string guide_after =
      "N 0,0,0,2,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 hand=4,5 store=3,0";
  const std::string& move = g->witness.move;
  ASSERT_TRUE(ap_after.count(move)) << move;
  const std::vector<Verdict> v = adjudicate(r, zg, *g);
  ASSERT_EQ(v.size(), 4u);
  std::map<std::string, std::pair<Stance, std::string>> by;
  for (const Verdict& x : v) by[x.ruleset] = {x.stance, x.answer};
  const std::string ap_answer =
      fmt::format("{} leads to {} (win S front-empty)", move, ap_after.at(move));
  const std::string guide_answer =
      fmt::format("{} leads to {} (win S front-empty)", move, guide_after);
  EXPECT_EQ(by["ap-zanzibar"], std::pair(Stance::WithA, ap_answer));
  EXPECT_EQ(by["ap-bawo"], std::pair(Stance::WithA, ap_answer));
  EXPECT_EQ(by["guide-v2"], std::pair(Stance::WithB, guide_answer));
  EXPECT_EQ(by["guide-r002"], std::pair(Stance::WithB, guide_answer));
  // The card lists them so, each side with its answer.
  const std::string html = render_adjudication_html(r);
  EXPECT_EQ(test::html_error(html), "");
  EXPECT_NE(html.find(fmt::format("<li data-stance=\"a\"><b>ap-zanzibar, ap-bawo</b>: {}</li>",
                                  xml_escape(ap_answer))),
            std::string::npos)
      << html;
  EXPECT_NE(html.find(fmt::format("<li data-stance=\"b\"><b>guide-v2, guide-r002</b>: {}</li>",
                                  xml_escape(guide_answer))),
            std::string::npos);
  // Both clauses side by side, with the catalog's paraphrase.
  EXPECT_NE(html.find(xml_escape(clause_info(ClauseId::GuideImmediateEnd).paraphrase)),
            std::string::npos);
}

TEST(DivergeAdjudication, ARulesetThatCannotHoldThePositionIsListedSo) {
  // A store is state the Bao family of Abstract Play has no key for: with
  // South's store at 3, the guide's rulesets hold the position, ap-zanzibar
  // cannot.
  const Position pos = parse_bpn(
                           "S 0,0,0,1,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,3,0,0,0/0,0,0,2,0,0,0,0 "
                           "hand=5,5 store=3,0")
                           .value();
  Report r;
  r.rulesets = {&rules("guide-v2"), &rules("guide-r002"), &rules("ap-zanzibar")};
  PairReport p = compare_position(rules("guide-v2"), rules("guide-r002"), pos);
  Group g;
  g.witness.position = to_bpn(pos);
  g.witness.move = "A4R";
  const std::vector<Verdict> v = adjudicate(r, p, g);
  ASSERT_EQ(v.size(), 3u);
  EXPECT_EQ(v[0].stance, Stance::WithA);
  EXPECT_EQ(v[1].stance, Stance::WithA);  // the same rules here
  EXPECT_EQ(v[2].stance, Stance::CannotHold);
  EXPECT_TRUE(v[2].answer.starts_with("cannot hold the position (")) << v[2].answer;
}

// The committed default report's pages, weighed: the numbers are printed
// for docs/divergence.md. Issue "Reports a person would rather look at than
// read" asks for no more than a third of the one 2.98 MB page it started
// from, 993,333 bytes, replays included (docs/divergence.md, "Size").
TEST(DivergeHtmlSize, TheDefaultReportsPagesStaySmall) {
  const fs::path dir = fs::path(BAO_SOURCE_DIR) / "reports" / "default";
  if (!fs::exists(dir / "report.html")) GTEST_SKIP() << dir << " is missing";
  std::uintmax_t total = 0;
  std::uintmax_t largest = 0;
  long elements = 0;
  int pages = 0;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    if (e.path().extension() != ".html") continue;
    const std::string text = read_file(e.path().string()).value();
    const Parsed p = parse_page(text);
    EXPECT_EQ(p.error, "") << e.path();
    total += text.size();
    largest = std::max<std::uintmax_t>(largest, text.size());
    elements += p.elements;
    ++pages;
    std::cout << fmt::format("{:>40} {:>8} bytes {:>6} elements\n",
                             fs::relative(e.path(), dir).string(), text.size(), p.elements);
  }
  std::cout << fmt::format("{} pages, {} bytes, {} elements in all\n", pages, total, elements);
  EXPECT_LE(total, 993'333u);
  EXPECT_LE(largest, 300'000u);
  EXPECT_LE(fs::file_size(dir / "report.html"), 30'000u);
}

}  // namespace
}  // namespace bao::diverge
