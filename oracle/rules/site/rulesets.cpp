// The play site's three single-lap variants (004_65206f47e0fcd478.txt):
// site-bank, site-maasai and site-long-game. They share the board, the
// all-twos setup, the lift and the relay; Bank adds the house and has no
// captures, Maasai captures the pit across, and the Long Game is Maasai with
// the pit behind it taken too (the page: "Each one is the one before it with
// a rule added"). They are played by the single-lap turn
// (single_lap.cpp).
#include "oracle/rules/site/rulesets.hpp"

#include <array>

namespace bao {
namespace {

// site.setup.all-twos: two seeds in each of the 32 pits, South to move.
constexpr std::string_view kAllTwos =
    "S 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2";

// The clauses every single-lap variant shares.
#define SITE_SHARED_CLAUSES                                                                     \
  ClauseId::SiteSetup, ClauseId::SiteLift, ClauseId::SiteSowLoop, ClauseId::SiteFixedDirection, \
      ClauseId::SiteInterpDirection, ClauseId::SiteRelay, ClauseId::SiteStopEmpty,              \
      ClauseId::SiteCalled, ClauseId::SiteCalledResult, ClauseId::SiteInterpTurn,               \
      ClauseId::SiteInterpBothEnded

constexpr std::array kBankClauses{
    SITE_SHARED_CLAUSES,      ClauseId::SiteBankHouse,     ClauseId::SiteInterpBankHouse,
    ClauseId::SiteBankNoLift, ClauseId::SiteBankHouseStop, ClauseId::SiteBankNoCapture,
    ClauseId::SiteBankWin,    ClauseId::SiteBankProgress,  ClauseId::SiteInterpBankCloseness,
};

constexpr std::array kMaasaiClauses{
    SITE_SHARED_CLAUSES,  ClauseId::SiteCapture,         ClauseId::SiteCaptureStore,
    ClauseId::SiteWinAll, ClauseId::SiteProgressCapture, ClauseId::SiteInterpEndless,
};

constexpr std::array kLongGameClauses{
    SITE_SHARED_CLAUSES,      ClauseId::SiteCapture,         ClauseId::SiteCaptureStore,
    ClauseId::SiteWinAll,     ClauseId::SiteProgressCapture, ClauseId::SiteInterpEndless,
    ClauseId::SiteLongSecond, ClauseId::SiteInterpSecondPit,
};

#undef SITE_SHARED_CLAUSES

// The Bao-family fields (thresholds, kunamua order, blocks, ...) keep their
// defaults: the single-lap turn never reads them.
constexpr Ruleset kBank{
    .id = "site-bank",
    .title = "Play site: Bank (single lap, the house collects, no captures)",
    .source_file = "004_65206f47e0fcd478.txt",
    .start_bpn = kAllTwos,
    .family = TurnFamily::SingleLap,
    .single_lap =
        {
            .house_stop = HouseStop::SiteBank,
            .capture = SingleLapCapture::None,
            .goal = SingleLapGoal::SiteFillHouse,
            .quiet_limit = 50,  // site.progress.called
        },
    .clauses = kBankClauses,
};

constexpr Ruleset kMaasai{
    .id = "site-maasai",
    .title = "Play site: Maasai (single lap, captures to the store)",
    .source_file = "004_65206f47e0fcd478.txt",
    .start_bpn = kAllTwos,
    .family = TurnFamily::SingleLap,
    .single_lap =
        {
            .house_stop = HouseStop::None,
            .capture = SingleLapCapture::SiteMaasai,
            .goal = SingleLapGoal::SiteCaptureAll,
            .quiet_limit = 50,  // site.progress.called
        },
    .clauses = kMaasaiClauses,
};

// site-long-game: Maasai with the second pit.
constexpr Ruleset kLongGame = [] {
  Ruleset r = kMaasai;
  r.id = "site-long-game";
  r.title = "Play site: the Long Game (Maasai, and the outer pit behind a capture)";
  r.single_lap.capture = SingleLapCapture::SiteLongGame;
  r.clauses = kLongGameClauses;
  return r;
}();

}  // namespace

constinit const Ruleset kSiteBank = kBank;
constinit const Ruleset kSiteMaasai = kMaasai;
constinit const Ruleset kSiteLongGame = kLongGame;

}  // namespace bao
