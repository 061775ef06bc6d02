// Abstract Play's rulesets (000_e996fb56c9001892.txt) as declarative records.
// The variants "otherwise follow" the default rules: each one's clause list is
// the default list with the clauses it replaces taken out and its own added.
#include "oracle/rules/abstract_play/rulesets.hpp"

#include <array>
#include <initializer_list>

namespace bao {
namespace {

// The default (Zanzibar) rules: every clause of clauses.def.
constexpr std::array kDefaultClauses{
#define BAO_CLAUSE(ident, name, kind, file, section, paraphrase) ClauseId::ident,
#include "oracle/rules/abstract_play/clauses.def"
#undef BAO_CLAUSE
};

// A clause list computed at compile time.
struct ClauseList {
  std::array<ClauseId, 96> ids{};
  std::size_t size = 0;
  constexpr std::span<const ClauseId> span() const { return {ids.data(), size}; }
};

constexpr bool contains(std::initializer_list<ClauseId> list, ClauseId id) {
  for (ClauseId c : list)
    if (c == id) return true;
  return false;
}

// The default clauses less `drop`, plus `add`.
constexpr ClauseList derive(std::initializer_list<ClauseId> drop,
                            std::initializer_list<ClauseId> add) {
  ClauseList out;
  for (ClauseId c : kDefaultClauses)
    if (!contains(drop, c)) out.ids[out.size++] = c;
  for (ClauseId c : add) out.ids[out.size++] = c;
  return out;
}

using C = ClauseId;

constexpr ClauseList kMalawiSetupClauses =
    derive({C::ApSetupStart}, {C::ApMalawiSetup, C::ApMalawiThreshold});

// Bawo replaces the kunamua start order (and with it the ban on starting at a
// working nyumba) and narrows the capture starts; the generic mtaji start
// clauses still describe the shape of a capturing start, with its own limit.
constexpr ClauseList kBawoClauses =
    derive({C::ApSetupStart, C::ApKunamuaStartOrder, C::ApHouseNoKutakataStart},
           {C::ApMalawiSetup, C::ApMalawiThreshold, C::ApBawoStartOrder, C::ApBawoKuuStart,
            C::ApBawoKuuProtection, C::ApBawoCaptureRange, C::ApBawoCompulsoryKuu,
            C::ApBawoCaptureUses, C::ApInterpBawoKuuMtaji});

// Kujifunza has no reserve and no nyumba: nothing of kunamua or of the house
// can ever apply.
constexpr ClauseList kKujifunzaClauses = derive({C::ApSetupStart,
                                                 C::ApInterpPhasePerMover,
                                                 C::ApKunamuaPlace,
                                                 C::ApKunamuaCapture,
                                                 C::ApKunamuaCaptureHouse,
                                                 C::ApKunamuaStartOrder,
                                                 C::ApKunamuaBeforePlacement,
                                                 C::ApKunamuaNoTaxation,
                                                 C::ApKunamuaKutakataSow,
                                                 C::ApHouseWorking,
                                                 C::ApHouseNoKutakataStart,
                                                 C::ApHouseKutakataStops,
                                                 C::ApHouseQuestion,
                                                 C::ApHouseCapturePrecedence,
                                                 C::ApHouseStatusLost,
                                                 C::ApHouseMtajiOrdinary,
                                                 C::ApCaptureEntryChoice,
                                                 C::ApBlockExemptHouse,
                                                 C::ApBlockHouseException,
                                                 C::ApInterpWorkingAfterLanding,
                                                 C::ApInterpStopAnySowing,
                                                 C::ApInterpStatusLostAtLift,
                                                 C::ApInterpBlockPhase},
                                                {C::ApKujifunzaSetup});

constexpr std::string_view kMalawiStart =
    "S 0,0,0,0,8,2,2,0/0,0,0,0,0,0,0,0 0,0,0,0,8,2,2,0/0,0,0,0,0,0,0,0 hand=20,20 house=A5,a5";

// Abstract Play's default (Zanzibar) rules.
constexpr Ruleset kDefault{
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
    .clauses = kDefaultClauses,
};

// Each variant "otherwise follows" the default rules: it is the default
// record with only what the page changes written out.

constexpr Ruleset kMalawiSetup = [] {
  Ruleset r = kDefault;
  r.id = "ap-malawi-setup";
  r.title = "Abstract Play, Malawi (setup only)";
  r.start_bpn = kMalawiStart;  // ap.malawi.setup
  r.working_house = 8;         // ap.malawi.kuu-threshold
  r.clauses = kMalawiSetupClauses.span();
  return r;
}();

constexpr Ruleset kBawo = [] {
  Ruleset r = kMalawiSetup;  // the same start and threshold
  r.id = "ap-bawo";
  r.title = "Abstract Play, Malawi (Bawo rules)";
  r.capture_start_max = 14;                           // ap.bawo.capture-start-range
  r.kunamua_order = KunamuaKutakataOrder::ApBawo;     // ap.bawo.kutakata-start-order
  r.protection = CaptureProtection::ApBawoKuu;        // ap.bawo.kuu-protection
  r.house_kutakata = HouseKutakata::ApBawoUnusedKuu;  // ap.bawo.compulsory-kuu-kutakata
  r.clauses = kBawoClauses.span();
  return r;
}();

constexpr Ruleset kKujifunza = [] {
  Ruleset r = kDefault;
  r.id = "ap-kujifunza";
  r.title = "Abstract Play, Bao la Kujifunza";
  // ap.kujifunza.setup: two seeds everywhere, straight into the mtaji-phase rules.
  r.start_bpn = "S 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2";
  r.clauses = kKujifunzaClauses.span();
  return r;
}();

}  // namespace

// constinit: the records are ready before any other static initialiser
// (test parameter lists, for one) reads them.
constinit const Ruleset kApZanzibar = kDefault;
constinit const Ruleset kApMalawiSetup = kMalawiSetup;
constinit const Ruleset kApBawo = kBawo;
constinit const Ruleset kApKujifunza = kKujifunza;

}  // namespace bao
