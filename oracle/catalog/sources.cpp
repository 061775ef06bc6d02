#include "oracle/catalog/sources.hpp"

#include <fmt/format.h>
#include <array>

#include "oracle/catalog/clause.hpp"

namespace bao {
namespace {

// What is known of each document comes from the documents themselves and the
// notes kept with them; where neither records something (no document gives
// its own web address), the field says so rather than guessing.
constexpr std::string_view kNotRecorded = "not recorded in the source file";

constexpr std::array<std::string_view, 4> kApRulesets{"ap-zanzibar", "ap-malawi-setup", "ap-bawo",
                                                      "ap-kujifunza"};
constexpr std::array<std::string_view, 2> kGuideRulesets{"guide-v2", "guide-r002"};
constexpr std::array<std::string_view, 1> kLudiiRulesets{"ludii"};
constexpr std::array<std::string_view, 4> kSiteRulesets{"site-bank", "site-maasai",
                                                        "site-long-game", "site-kiswahili"};

constexpr std::array kSources{
    RuleSource{
        .id = "ap",
        .title = "Abstract Play, Bao rules page",
        .publisher = "Abstract Play (online abstract-games site)",
        .location = kNotRecorded,
        .version = "not dated; the page as stored",
        .file = "000_e996fb56c9001892.txt",
        .rulesets = kApRulesets,
        .about = "Abstract Play's default Zanzibar rules with its blocking (kutakatia) and its "
                 "192-seed cutoff for endless moves, and three variants: Malawi setup only, "
                 "Malawi with Bawo rules, Bao la Kujifunza",
    },
    RuleSource{
        .id = "guide",
        .title = "Illustrated guide to Bao la Kiswahili (browser game), after the Japanese "
                 "guide v0.2.0",
        .publisher = "bao-la-kiswahili-game contributors (CC BY-SA 4.0), adapted from the "
                     "Japanese Complete Guide by bao-la-kiswahili-ja contributors",
        .location = kNotRecorded,
        .version = "guide updated 8 October 2026; rules v0.2.0 (takasia revision), older "
                   "records under R-002; fixed reference commit "
                   "aad9fda3ffb12c2ca785509951c71ce8a42bef5a",
        .file = "001_63d4a6713946ea72.txt",
        .rulesets = kGuideRulesets,
        .about = "a browser game's illustrated rules with takasia and a 512-relay limit; "
                 "version-1 game records replay under the older R-002 rules, without takasia",
    },
    RuleSource{
        .id = "ludii",
        .title = "Ludii, Bao description",
        .publisher = "Ludii (general game system)",
        .location = kNotRecorded,
        .version = "not dated; the description as stored",
        .file = "003_64707fd454846805.txt",
        .rulesets = kLudiiRulesets,
        .about = "Ludii's short description: namua, the house rules, where captured seeds "
                 "enter, a restriction like takasia, and a win in the middle of a sowing",
    },
    RuleSource{
        .id = "site",
        .title = "Play site rules page (Bank, Maasai, Long Game, Bao la Kiswahili)",
        .publisher = "a Bao play site (its name is not recorded in the source file)",
        .location = kNotRecorded,
        .version = "not dated; the page as stored",
        .file = "004_65206f47e0fcd478.txt",
        .rulesets = kSiteRulesets,
        .about = "the site's single-direction games Bank, Maasai and the Long Game on an "
                 "all-twos board (stores, a no-progress rule, draws), and at the foot its own "
                 "short account of Bao la Kiswahili, also used by its Mid-game daily",
    },
};

}  // namespace

std::span<const RuleSource> all_sources() {
  return kSources;
}

const RuleSource* source_for_file(std::string_view file) {
  for (const RuleSource& s : kSources)
    if (s.file == file) return &s;
  return nullptr;
}

const RuleSource* find_source(std::string_view id) {
  for (const RuleSource& s : kSources)
    if (s.id == id) return &s;
  return nullptr;
}

std::string_view source_title(std::string_view file) {
  const RuleSource* s = source_for_file(file);
  return s ? s->title : file;
}

std::string citation(const Clause& c) {
  return fmt::format("{}: {}", source_title(c.source_file), c.section);
}

}  // namespace bao
