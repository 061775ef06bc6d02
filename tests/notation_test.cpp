// Tests for pit names, move notation and BPN (oracle/notation/bpn.hpp).
// Error offsets below were counted by hand from the input strings.
#include "oracle/notation/bpn.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <random>
#include <string>

namespace bao {
namespace {

// An all-zero row and one side's two all-zero rows (15 and 31 characters).
const std::string kZeroRow = "0,0,0,0,0,0,0,0";
const std::string kZeroRows = kZeroRow + "/" + kZeroRow;
// An empty board: 65 characters, so a first key starts at offset 66.
const std::string kEmpty = "S " + kZeroRows + " " + kZeroRows;

const std::string kZanzibarStart =
    "S 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 hand=22,22 house=A5,a5";

// The error message of a parse that must fail, or a marker when it succeeded.
std::string bpn_error(const std::string& text) {
  auto p = parse_bpn(text);
  return p ? "<parsed>" : p.error().message;
}

std::string move_error(const std::string& text, Side mover) {
  auto m = parse_move(text, mover);
  return m ? "<parsed>" : m.error().message;
}

std::string pit_error(const std::string& text) {
  auto p = parse_pit(text);
  return p ? "<parsed>" : p.error().message;
}

// ---------------------------------------------------------------------------
// Pit names

TEST(PitName, NamesByRowAndNumber) {
  EXPECT_EQ(pit_name(Side::South, 0), "A1");
  EXPECT_EQ(pit_name(Side::South, 7), "A8");
  EXPECT_EQ(pit_name(Side::South, 8), "B8");
  EXPECT_EQ(pit_name(Side::South, 15), "B1");
  EXPECT_EQ(pit_name(Side::North, 4), "a5");
  EXPECT_EQ(pit_name(Side::North, 11), "b5");
  EXPECT_EQ(pit_name(Side::North, 15), "b1");
}

TEST(PitName, ParsesToCircuitIndex) {
  auto b1 = parse_pit("B1");
  ASSERT_TRUE(b1);
  EXPECT_EQ(b1->owner, Side::South);
  EXPECT_EQ(b1->pit, 15);
  auto a6 = parse_pit("a6");
  ASSERT_TRUE(a6);
  EXPECT_EQ(a6->owner, Side::North);
  EXPECT_EQ(a6->pit, 5);
  auto b8 = parse_pit("b8");
  ASSERT_TRUE(b8);
  EXPECT_EQ(b8->owner, Side::North);
  EXPECT_EQ(b8->pit, 8);
}

TEST(PitName, RoundTripsEveryPit) {
  for (Side side : {Side::South, Side::North})
    for (int i = 0; i < kPitsPerSide; ++i) {
      const Pit pit = static_cast<Pit>(i);
      auto back = parse_pit(pit_name(side, pit));
      ASSERT_TRUE(back) << pit_name(side, pit);
      EXPECT_EQ(back->owner, side);
      EXPECT_EQ(back->pit, pit);
    }
}

TEST(PitName, RejectsPitsThatBelongToNobody) {
  EXPECT_EQ(pit_error(""), "pit '': empty");
  EXPECT_EQ(pit_error("C3"), "pit 'C3': row letter must be A, B, a or b");
  EXPECT_EQ(pit_error("A9"), "pit 'A9': pit number must be 1 to 8");
  EXPECT_EQ(pit_error("A0"), "pit 'A0': pit number must be 1 to 8");
  EXPECT_EQ(pit_error("b10"), "pit 'b10': pit number must be 1 to 8");
  EXPECT_EQ(pit_error("a1x"), "pit 'a1x': pit number must be 1 to 8");
  EXPECT_EQ(pit_error("A"), "pit 'A': pit number missing");
}

// ---------------------------------------------------------------------------
// Moves

TEST(MoveNotation, ParsesSouthMove) {
  auto m = parse_move("A6R", Side::South);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->pit, 5);
  EXPECT_EQ(m->dir, Dir::R);
  EXPECT_FALSE(m->two_seed);
  EXPECT_FALSE(m->go_on);
}

TEST(MoveNotation, ParsesNorthBackRowMoveWithFlags) {
  auto m = parse_move("b2Lt+", Side::North);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->pit, 14);
  EXPECT_EQ(m->dir, Dir::L);
  EXPECT_TRUE(m->two_seed);
  EXPECT_TRUE(m->go_on);
}

TEST(MoveNotation, SuffixesAreIndependent) {
  auto t = parse_move("A5Lt", Side::South);
  ASSERT_TRUE(t);
  EXPECT_TRUE(t->two_seed);
  EXPECT_FALSE(t->go_on);
  auto plus = parse_move("A5L+", Side::South);
  ASSERT_TRUE(plus);
  EXPECT_FALSE(plus->two_seed);
  EXPECT_TRUE(plus->go_on);
}

TEST(MoveNotation, CanonicalText) {
  EXPECT_EQ(move_to_string(Move{4, Dir::R, true, true}, Side::South), "A5Rt+");
  EXPECT_EQ(move_to_string(Move{4, Dir::L, false, true}, Side::North), "a5L+");
  EXPECT_EQ(move_to_string(Move{15, Dir::L, true, false}, Side::South), "B1Lt");
  EXPECT_EQ(move_to_string(Move{8, Dir::R, false, false}, Side::North), "b8R");
}

TEST(MoveNotation, RoundTripsEveryMoveForBothSides) {
  for (Side side : {Side::South, Side::North})
    for (int i = 0; i < kPitsPerSide; ++i)
      for (Dir dir : {Dir::L, Dir::R})
        for (int flags = 0; flags < 4; ++flags) {
          const Move move{static_cast<Pit>(i), dir, (flags & 1) != 0, (flags & 2) != 0};
          const std::string text = move_to_string(move, side);
          auto back = parse_move(text, side);
          ASSERT_TRUE(back) << text;
          EXPECT_EQ(*back, move) << text;
          EXPECT_EQ(move_to_string(*back, side), text);
        }
}

TEST(MoveNotation, RejectsBadMoves) {
  EXPECT_EQ(move_error("", Side::South), "move '': empty");
  EXPECT_EQ(move_error("A6X", Side::South), "move 'A6X': direction must be L or R at offset 2");
  EXPECT_EQ(move_error("A6l", Side::South), "move 'A6l': direction must be L or R at offset 2");
  EXPECT_EQ(move_error("A6", Side::South), "move 'A6': direction L or R missing at offset 2");
  EXPECT_EQ(move_error("a6L", Side::South),
            "move 'a6L': pit a6 belongs to North but South is to move");
  EXPECT_EQ(move_error("B3R", Side::North),
            "move 'B3R': pit B3 belongs to South but North is to move");
  EXPECT_EQ(move_error("A6L+x", Side::South), "move 'A6L+x': unexpected character 'x' at offset 4");
  EXPECT_EQ(move_error("C6L", Side::South),
            "move 'C6L': pit 'C6': row letter must be A, B, a or b");
  EXPECT_EQ(move_error("A9L", Side::South), "move 'A9L': pit 'A9': pit number must be 1 to 8");
}

TEST(MoveNotation, RejectsSuffixesOutOfOrderOrRepeated) {
  EXPECT_EQ(move_error("A6L+t", Side::South), "move 'A6L+t': unexpected character 't' at offset 4");
  EXPECT_EQ(move_error("A6Ltt", Side::South), "move 'A6Ltt': unexpected character 't' at offset 4");
  EXPECT_EQ(move_error("a6R++", Side::North), "move 'a6R++': unexpected character '+' at offset 4");
  EXPECT_EQ(move_error("a6R x", Side::North), "move 'a6R x': unexpected character ' ' at offset 3");
}

// ---------------------------------------------------------------------------
// BPN: accepted input

TEST(Bpn, ZanzibarStartPosition) {
  auto p = parse_bpn(kZanzibarStart);
  ASSERT_TRUE(p) << p.error().message;
  EXPECT_EQ(p->to_move, Side::South);
  EXPECT_EQ(p->pits[0][4], 6);  // A5
  EXPECT_EQ(p->pits[0][5], 2);  // A6
  EXPECT_EQ(p->pits[0][6], 2);  // A7
  EXPECT_EQ(p->pits[0][7], 0);  // A8
  EXPECT_EQ(p->pits[1][4], 6);  // a5
  EXPECT_EQ(p->pits[1][5], 2);  // a6
  EXPECT_EQ(p->side_total(Side::South), 10);
  EXPECT_EQ(p->side_total(Side::North), 10);
  EXPECT_EQ(p->hand[0], 22);
  EXPECT_EQ(p->hand[1], 22);
  EXPECT_EQ(p->house, (1u << 4) | (1u << 20));  // A5 is bit 4, a5 is bit 16 + 4
  EXPECT_EQ(p->block, 0u);
  EXPECT_EQ(p->store[0] + p->store[1], 0);
  EXPECT_EQ(p->quiet, 0);
  EXPECT_EQ(p->decided, Decided{});
  EXPECT_EQ(p->total_seeds(), 64);
  EXPECT_EQ(to_bpn(*p), kZanzibarStart);
}

TEST(Bpn, RowsAreInOwnersPitOrder) {
  const std::string text =
      "N 1,2,3,4,5,6,7,8/11,12,13,14,15,16,17,18 0,0,0,0,0,0,0,9/21,0,0,0,0,0,0,28";
  auto p = parse_bpn(text);
  ASSERT_TRUE(p) << p.error().message;
  EXPECT_EQ(p->to_move, Side::North);
  EXPECT_EQ(p->pits[0][0], 1);    // A1
  EXPECT_EQ(p->pits[0][7], 8);    // A8
  EXPECT_EQ(p->pits[0][15], 11);  // B1 is circuit index 15
  EXPECT_EQ(p->pits[0][14], 12);  // B2
  EXPECT_EQ(p->pits[0][8], 18);   // B8 is circuit index 8
  EXPECT_EQ(p->pits[1][7], 9);    // a8
  EXPECT_EQ(p->pits[1][15], 21);  // b1
  EXPECT_EQ(p->pits[1][8], 28);   // b8
  EXPECT_EQ(to_bpn(*p), text);
}

TEST(Bpn, EveryKeyParsesAndRoundTrips) {
  const std::string text = kEmpty +
                           " hand=3,4 house=A5,B2,a5 block=A1,b7 store=5,6 quiet=17"
                           " result=N:infinite";
  auto p = parse_bpn(text);
  ASSERT_TRUE(p) << p.error().message;
  EXPECT_EQ(p->hand[0], 3);
  EXPECT_EQ(p->hand[1], 4);
  EXPECT_EQ(p->house, pit_bit(Side::South, 4) | pit_bit(Side::South, 14) | pit_bit(Side::North, 4));
  EXPECT_EQ(p->block, pit_bit(Side::South, 0) | pit_bit(Side::North, 9));
  EXPECT_EQ(p->store[0], 5);
  EXPECT_EQ(p->store[1], 6);
  EXPECT_EQ(p->quiet, 17);
  EXPECT_EQ(p->decided.kind, Decided::Kind::NorthWins);
  EXPECT_EQ(p->decided.reason, Reason::Infinite);
  EXPECT_EQ(to_bpn(*p), text);
}

TEST(Bpn, DefaultsAreLeftOut) {
  Position p;
  EXPECT_EQ(to_bpn(p), kEmpty);
  p.hand = {0, 1};
  EXPECT_EQ(to_bpn(p), kEmpty + " hand=0,1");
  p.hand = {0, 0};
  p.store = {2, 0};
  EXPECT_EQ(to_bpn(p), kEmpty + " store=2,0");
}

TEST(Bpn, KeysInAnyOrderAreWrittenInProtocolOrder) {
  auto p = parse_bpn(kEmpty + " result=draw:no-progress quiet=3 store=1,2 block=b2 house=a5" +
                     " hand=1,1");
  ASSERT_TRUE(p) << p.error().message;
  EXPECT_EQ(to_bpn(*p), kEmpty +
                            " hand=1,1 house=a5 block=b2 store=1,2 quiet=3"
                            " result=draw:no-progress");
}

TEST(Bpn, PitListsAreWrittenInCanonicalOrder) {
  auto p = parse_bpn(kEmpty + " house=b1,a8,a1,B8,B1,A8,A1 block=b8,b1");
  ASSERT_TRUE(p) << p.error().message;
  EXPECT_EQ(to_bpn(*p), kEmpty + " house=A1,A8,B1,B8,a1,a8,b1 block=b1,b8");
}

TEST(Bpn, EveryResultWinnerAndReason) {
  const std::pair<const char*, Decided> cases[] = {
      {"S:front-empty", {Decided::Kind::SouthWins, Reason::FrontEmpty}},
      {"N:no-move", {Decided::Kind::NorthWins, Reason::NoMove}},
      {"draw:infinite", {Decided::Kind::Draw, Reason::Infinite}},
      {"S:all-captured", {Decided::Kind::SouthWins, Reason::AllCaptured}},
      {"N:house-full", {Decided::Kind::NorthWins, Reason::HouseFull}},
      {"draw:no-progress", {Decided::Kind::Draw, Reason::NoProgress}},
  };
  for (const auto& [word, decided] : cases) {
    const std::string text = kEmpty + " result=" + word;
    auto p = parse_bpn(text);
    ASSERT_TRUE(p) << p.error().message;
    EXPECT_EQ(p->decided, decided) << word;
    EXPECT_EQ(to_bpn(*p), text);
  }
}

TEST(Bpn, ToleratesExtraWhitespaceAndLineEnds) {
  auto p = parse_bpn("S\t" + kZeroRows + "   \t" + kZeroRows + "  hand=1,2\t quiet=4 \r");
  ASSERT_TRUE(p) << p.error().message;
  EXPECT_EQ(p->hand[1], 2);
  EXPECT_EQ(p->quiet, 4);
  EXPECT_TRUE(parse_bpn(kEmpty + "\r"));
  EXPECT_TRUE(parse_bpn(kEmpty + "   "));
}

TEST(Bpn, NonCanonicalInputComesBackCanonical) {
  // Leading whitespace and leading zeros are read; the output drops them.
  auto p = parse_bpn(" S 007,0,0,0,0,0,0,0/" + kZeroRow + " " + kZeroRows + " quiet=0012");
  ASSERT_TRUE(p) << p.error().message;
  EXPECT_EQ(p->pits[0][0], 7);
  EXPECT_EQ(p->quiet, 12);
  EXPECT_EQ(to_bpn(*p), "S 7,0,0,0,0,0,0,0/" + kZeroRow + " " + kZeroRows + " quiet=12");
}

TEST(Bpn, OffsetsCountExtraWhitespace) {
  // "S   " puts the south rows at offset 4; the 'x' is the eighth count, 14 further on.
  EXPECT_EQ(bpn_error("S   0,0,0,0,0,0,0,x/" + kZeroRow + " " + kZeroRows),
            "BPN field 2 (south rows): 'x' is not a number at offset 18");
}

// The error says where as data too: the field and the offset in the text.
TEST(Bpn, ErrorsCarryTheFieldAndOffset) {
  auto p = parse_bpn("S   0,0,0,0,0,0,0,x/" + kZeroRow + " " + kZeroRows);
  ASSERT_FALSE(p);
  EXPECT_EQ(p.error().field, "south rows");
  EXPECT_EQ(p.error().offset, std::optional<std::size_t>(18));
  auto key = parse_bpn(kEmpty + " house=A5,zz");
  ASSERT_FALSE(key);
  EXPECT_EQ(key.error().field, "house");
  ASSERT_TRUE(key.error().offset.has_value());
  EXPECT_GT(*key.error().offset, kEmpty.size());
  auto m = parse_move("A6L+x", Side::South);
  ASSERT_FALSE(m);
  EXPECT_EQ(m.error().field, "move");
  EXPECT_EQ(m.error().offset, std::optional<std::size_t>(4));
  auto d = parse_move("A6", Side::South);
  ASSERT_FALSE(d);
  EXPECT_EQ(d.error().offset, std::optional<std::size_t>(2));
  // A fault of the whole move has no offset.
  auto e = parse_move("", Side::South);
  ASSERT_FALSE(e);
  EXPECT_EQ(e.error().field, "move");
  EXPECT_FALSE(e.error().offset.has_value());
}

TEST(Bpn, AcceptsAnyTotalUpToTheLimit) {
  auto sparse = parse_bpn(kEmpty);
  ASSERT_TRUE(sparse);
  EXPECT_EQ(sparse->total_seeds(), 0);
  // 200 + 50 on the board, 3 + 1 in hand, 1 in store: exactly 255.
  auto full = parse_bpn("S 200,0,0,0,0,0,0,0/" + kZeroRow + " 0,0,0,0,0,0,0,50/" + kZeroRow +
                        " hand=3,1 store=0,1");
  ASSERT_TRUE(full) << full.error().message;
  EXPECT_EQ(full->total_seeds(), kMaxTotalSeeds);
}

TEST(Bpn, QuietAcceptsFullRange) {
  auto p = parse_bpn(kEmpty + " quiet=65535");
  ASSERT_TRUE(p) << p.error().message;
  EXPECT_EQ(p->quiet, 65535);
}

TEST(Bpn, PositionsRoundTrip) {
  std::mt19937 rng(12345);
  auto below = [&rng](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
  for (int round = 0; round < 500; ++round) {
    Position p;
    int budget = kMaxTotalSeeds;
    auto take = [&](int most) {
      const int n = below(std::min(most, budget) + 1);
      budget -= n;
      return static_cast<std::uint8_t>(n);
    };
    for (auto& side : p.pits)
      for (auto& count : side) count = take(below(4) == 0 ? 30 : 4);
    p.hand = {take(30), take(30)};
    p.store = {take(20), take(20)};
    p.house = static_cast<std::uint32_t>(rng());
    p.block = static_cast<std::uint32_t>(rng()) & static_cast<std::uint32_t>(rng());
    p.quiet = static_cast<std::uint16_t>(rng());
    p.to_move = below(2) == 0 ? Side::South : Side::North;
    if (below(3) == 0)
      p.decided =
          Decided{static_cast<Decided::Kind>(1 + below(3)), static_cast<Reason>(1 + below(6))};
    ASSERT_TRUE(position_is_ok(p));
    const std::string text = to_bpn(p);
    auto back = parse_bpn(text);
    ASSERT_TRUE(back) << text << ": " << back.error().message;
    EXPECT_EQ(*back, p) << text;
    EXPECT_EQ(to_bpn(*back), text);
  }
}

// ---------------------------------------------------------------------------
// BPN: rejected input

TEST(BpnErrors, EmptyInput) {
  EXPECT_EQ(bpn_error(""), "BPN field 1 (side): empty input at offset 0");
  EXPECT_EQ(bpn_error("  \r"), "BPN field 1 (side): empty input at offset 0");
}

TEST(BpnErrors, WrongSideLetter) {
  EXPECT_EQ(bpn_error("X " + kZeroRows + " " + kZeroRows),
            "BPN field 1 (side): side must be S or N, got 'X' at offset 0");
  EXPECT_EQ(bpn_error("s " + kZeroRows + " " + kZeroRows),
            "BPN field 1 (side): side must be S or N, got 's' at offset 0");
  EXPECT_EQ(bpn_error("SN " + kZeroRows + " " + kZeroRows),
            "BPN field 1 (side): side must be S or N, got 'SN' at offset 0");
}

TEST(BpnErrors, MissingFields) {
  EXPECT_EQ(bpn_error("S"), "BPN field 2 (south rows): missing at offset 1");
  EXPECT_EQ(bpn_error("S " + kZeroRows), "BPN field 3 (north rows): missing at offset 33");
  EXPECT_EQ(bpn_error("S " + kZeroRows + " \r"), "BPN field 3 (north rows): missing at offset 33");
}

TEST(BpnErrors, WrongNumberOfRows) {
  EXPECT_EQ(bpn_error("S " + kZeroRows + " " + kZeroRow),
            "BPN field 3 (north rows): expected 2 rows (front/back) separated by '/', got 1 "
            "at offset 34");
  EXPECT_EQ(bpn_error("S " + kZeroRows + "/" + kZeroRow + " " + kZeroRows),
            "BPN field 2 (south rows): expected 2 rows (front/back) separated by '/', got 3 "
            "at offset 2");
}

TEST(BpnErrors, WrongNumberOfCounts) {
  EXPECT_EQ(bpn_error("S " + kZeroRows + " 0,0,0,0,0,0,0/" + kZeroRow),
            "BPN field 3 (north rows): expected 8 counts, got 7 at offset 34");
  // North back row: 34 + 15 + 1 = 50.
  EXPECT_EQ(bpn_error("S " + kZeroRows + " " + kZeroRow + "/0,0,0,0,0,0,0,0,0"),
            "BPN field 3 (north rows): expected 8 counts, got 9 at offset 50");
  // South back row: 2 + 15 + 1 = 18; an empty row is one empty count.
  EXPECT_EQ(bpn_error("S " + kZeroRow + "/ " + kZeroRows),
            "BPN field 2 (south rows): expected 8 counts, got 1 at offset 18");
}

TEST(BpnErrors, BadCounts) {
  EXPECT_EQ(bpn_error("S 0,,0,0,0,0,0,0/" + kZeroRow + " " + kZeroRows),
            "BPN field 2 (south rows): empty count at offset 4");
  EXPECT_EQ(bpn_error("S -1,0,0,0,0,0,0,0/" + kZeroRow + " " + kZeroRows),
            "BPN field 2 (south rows): negative counts are not allowed at offset 2");
  EXPECT_EQ(bpn_error("S " + kZeroRows + " " + kZeroRow + "/0,0,x,0,0,0,0,0"),
            "BPN field 3 (north rows): 'x' is not a number at offset 54");
  EXPECT_EQ(bpn_error("S " + kZeroRows + " " + kZeroRow + "/0,0,+3,0,0,0,0,0"),
            "BPN field 3 (north rows): '+3' is not a number at offset 54");
  EXPECT_EQ(bpn_error("S 256,0,0,0,0,0,0,0/" + kZeroRow + " " + kZeroRows),
            "BPN field 2 (south rows): 256 is above 255 at offset 2");
  EXPECT_EQ(bpn_error("S 0,99999999999999999999999,0,0,0,0,0,0/" + kZeroRow + " " + kZeroRows),
            "BPN field 2 (south rows): 99999999999999999999999 is above 255 at offset 4");
}

TEST(BpnErrors, TotalAboveLimit) {
  // The error points at the count that takes the total past 255.
  // South field is 2..34 ("200,..." is 17 characters), north starts at 36.
  EXPECT_EQ(bpn_error("S 200,0,0,0,0,0,0,0/" + kZeroRow + " 56,0,0,0,0,0,0,0/" + kZeroRow),
            "BPN field 3 (north rows): seed total 256 is above the limit of 255 at offset 36");
  // hand= starts at 66, its value at 71, the second count at 75.
  EXPECT_EQ(bpn_error(kEmpty + " hand=200,56"),
            "BPN field 4 (hand): seed total 256 is above the limit of 255 at offset 75");
  // Rows take 255; store= starts at 68, its second count at 76.
  EXPECT_EQ(bpn_error("S 255,0,0,0,0,0,0,0/" + kZeroRow + " " + kZeroRows + " store=0,1"),
            "BPN field 4 (store): seed total 256 is above the limit of 255 at offset 76");
}

TEST(BpnErrors, KeyItems) {
  EXPECT_EQ(bpn_error(kEmpty + " foo=1"), "BPN field 4 (foo): unknown key 'foo' at offset 66");
  EXPECT_EQ(bpn_error(kEmpty + " hand=1,1 hand=2,2"),
            "BPN field 5 (hand): duplicate key 'hand' at offset 75");
  EXPECT_EQ(bpn_error(kEmpty + " hand"),
            "BPN field 4 (key=value): expected key=value, got 'hand' at offset 66");
  EXPECT_EQ(bpn_error(kEmpty + " =3"),
            "BPN field 4 (key=value): expected key=value, got '=3' at offset 66");
  // Field numbers count the items before: hand (4), house (5), Hand (6).
  EXPECT_EQ(bpn_error(kEmpty + " hand=1,1 house=A5 Hand=1,1"),
            "BPN field 6 (Hand): unknown key 'Hand' at offset 84");
}

TEST(BpnErrors, HandAndStoreNeedTwoCounts) {
  EXPECT_EQ(bpn_error(kEmpty + " hand=5"),
            "BPN field 4 (hand): expected two counts S,N at offset 71");
  EXPECT_EQ(bpn_error(kEmpty + " store=1,2,3"),
            "BPN field 4 (store): expected two counts S,N at offset 72");
  EXPECT_EQ(bpn_error(kEmpty + " hand=1,-2"),
            "BPN field 4 (hand): negative counts are not allowed at offset 73");
  EXPECT_EQ(bpn_error(kEmpty + " store=,2"), "BPN field 4 (store): empty count at offset 72");
}

TEST(BpnErrors, PitsThatBelongToNobody) {
  EXPECT_EQ(bpn_error(kEmpty + " house=C3"),
            "BPN field 4 (house): pit 'C3': row letter must be A, B, a or b at offset 72");
  EXPECT_EQ(bpn_error(kEmpty + " house=A0"),
            "BPN field 4 (house): pit 'A0': pit number must be 1 to 8 at offset 72");
  EXPECT_EQ(bpn_error(kEmpty + " block=A1,a9"),
            "BPN field 4 (block): pit 'a9': pit number must be 1 to 8 at offset 75");
  EXPECT_EQ(bpn_error(kEmpty + " block=A1,"), "BPN field 4 (block): pit '': empty at offset 75");
  EXPECT_EQ(bpn_error(kEmpty + " house="), "BPN field 4 (house): empty pit list at offset 72");
}

TEST(BpnErrors, PitListedTwice) {
  EXPECT_EQ(bpn_error(kEmpty + " house=A5,b2,A5"),
            "BPN field 4 (house): pit A5 listed twice at offset 78");
  EXPECT_EQ(bpn_error(kEmpty + " block=a1,a1"),
            "BPN field 4 (block): pit a1 listed twice at offset 75");
  // The same pit in house and block is two different facts, not a repeat.
  EXPECT_TRUE(parse_bpn(kEmpty + " house=a1 block=a1"));
}

TEST(BpnErrors, Quiet) {
  EXPECT_EQ(bpn_error(kEmpty + " quiet=65536"),
            "BPN field 4 (quiet): 65536 is above 65535 at offset 72");
  EXPECT_EQ(bpn_error(kEmpty + " quiet=-3"),
            "BPN field 4 (quiet): negative counts are not allowed at offset 72");
  EXPECT_EQ(bpn_error(kEmpty + " quiet=3x"),
            "BPN field 4 (quiet): '3x' is not a number at offset 72");
}

TEST(BpnErrors, MalformedResult) {
  EXPECT_EQ(bpn_error(kEmpty + " result=S"),
            "BPN field 4 (result): expected <winner>:<reason>, e.g. N:infinite at offset 73");
  EXPECT_EQ(bpn_error(kEmpty + " result=W:infinite"),
            "BPN field 4 (result): winner must be S, N or draw, got 'W' at offset 73");
  EXPECT_EQ(bpn_error(kEmpty + " result=s:infinite"),
            "BPN field 4 (result): winner must be S, N or draw, got 's' at offset 73");
  EXPECT_EQ(bpn_error(kEmpty + " result=N:forever"),
            "BPN field 4 (result): unknown reason 'forever' at offset 75");
  EXPECT_EQ(bpn_error(kEmpty + " result=N:"),
            "BPN field 4 (result): unknown reason '' at offset 75");
}

}  // namespace
}  // namespace bao
