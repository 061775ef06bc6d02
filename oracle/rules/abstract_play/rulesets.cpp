// Abstract Play's rulesets (000_e996fb56c9001892.txt) as declarative records.
#include "oracle/rules/abstract_play/rulesets.hpp"

#include <array>

namespace bao {
namespace {

// ap-zanzibar is governed by every clause of the Abstract Play catalog.
constexpr std::array kZanzibarClauses{
#define BAO_CLAUSE(ident, name, kind, file, section, paraphrase) ClauseId::ident,
#include "oracle/rules/abstract_play/clauses.def"
#undef BAO_CLAUSE
};

}  // namespace

// Abstract Play's default (Zanzibar) rules.
const Ruleset kApZanzibar{
    .id = "ap-zanzibar",
    .title = "Abstract Play, default Zanzibar rules",
    .source_file = "000_e996fb56c9001892.txt",
    // ap.setup.start
    .start_bpn =
        "S 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 hand=22,22 house=A5,a5",
    .working_house = 6,       // ap.nyumba.working
    .capture_start_max = 15,  // ap.mtaji.capture-start, ap.mtaji.sixteen-kutakata
    .cutoff = 192,            // ap.cutoff.seeds-sown
    .kunamua_order = KunamuaKutakataOrder::ApDefault,
    .block = BlockRule::ApKutakatia,
    .cutoff_rule = CutoffRule::ApSeedsSown,
    .front_empty = FrontEmptyCheck::EndOfTurn,
    .clauses = kZanzibarClauses,
};

}  // namespace bao
