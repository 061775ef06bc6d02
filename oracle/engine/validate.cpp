// Which positions a ruleset can represent (the `position` command's `?`).
#include <fmt/format.h>
#include <bit>
#include <optional>

#include "oracle/core/text.hpp"
#include "oracle/engine/engine.hpp"
#include "oracle/notation/bpn.hpp"
#include "oracle/rules/site/single_lap.hpp"

namespace bao {
namespace {

std::string pit_list(std::uint32_t mask) {
  std::string out;
  for (Side s : {Side::South, Side::North})
    for (Pit p = 0; p < kPitsPerSide; ++p)
      if (mask & pit_bit(s, p)) append_item(out, ", ", pit_name(s, p));
  return out.empty() ? "none" : out;
}

// House status is never gained, so only the start position's house pits can
// hold it.
Expected<void> check_house(const Ruleset& rules, const Position& pos) {
  const std::uint32_t allowed = start_position(rules).house;
  if (const std::uint32_t bad = pos.house & ~allowed)
    return key_error("house", fmt::format("{} cannot hold house status under {} (only {})",
                                          pit_list(bad), rules.id, pit_list(allowed)));
  return {};
}

Expected<void> check_block(const Ruleset& rules, const Position& pos) {
  if (pos.block == 0) return {};
  if (rules.block == BlockRule::None)
    return key_error("block", fmt::format("{} has no blocking rule", rules.id));
  const std::uint32_t fronts = front_mask(Side::South) | front_mask(Side::North);
  if (const std::uint32_t bad = pos.block & ~fronts)
    return key_error("block", fmt::format("{} is not a front-row pit", pit_list(bad)));
  // guide.takasia.expiry: a target only ever stands against the side to move.
  if (rules.block == BlockRule::GuideTakasia &&
      (std::popcount(pos.block) > 1 || (pos.block & ~side_mask(pos.to_move)) != 0))
    return key_error("block",
                     fmt::format("a {} takasia target is one pit of the side to move", rules.id));
  // INTERPRETATION: ap.interp.block-one-per-side.
  for (Side s : {Side::South, Side::North})
    if (std::popcount(pos.block & side_mask(s)) > 1)
      return key_error("block", fmt::format("{} blocks more than one pit of one side ({})",
                                            rules.id, pit_list(pos.block & side_mask(s))));
  return {};
}

// The `used` key records kuu use for ap-bawo's compulsory kuu kutakata; it
// only makes sense for a pit that still has house status.
Expected<void> check_used(const Ruleset& rules, const Position& pos) {
  if (pos.used == 0) return {};
  if (rules.house_kutakata == HouseKutakata::None)
    return key_error("used", fmt::format("{} does not track house use", rules.id));
  if (const std::uint32_t bad = pos.used & ~pos.house)
    return key_error("used", fmt::format("{} has no house status", pit_list(bad)));
  return {};
}

// A ruleset that starts without reserves never has any.
Expected<void> check_hand(const Ruleset& rules, const Position& pos) {
  if (pos.hand[0] == 0 && pos.hand[1] == 0) return {};
  const Position start = start_position(rules);
  if (start.hand[0] == 0 && start.hand[1] == 0)
    return key_error("hand", fmt::format("{} has no reserve seeds", rules.id));
  return {};
}

// Only the cutoff decides a result the board cannot show, in these rules.
Expected<void> check_result(const Ruleset& rules, const Position& pos) {
  if (pos.decided.kind == Decided::Kind::None) return {};
  if (rules.cutoff_rule != CutoffRule::None && pos.decided.reason == Reason::Infinite &&
      pos.decided.kind != Decided::Kind::Draw)
    return {};
  return key_error("result",
                   fmt::format("{} cannot end a game with {} {}", rules.id,
                               pos.decided.kind == Decided::Kind::Draw ? "a draw by" : "a win by",
                               to_string(pos.decided.reason)));
}

}  // namespace

Expected<Position> validate_for_ruleset(const Ruleset& rules, const Position& pos) {
  if (rules.family == TurnFamily::SingleLap) return single_lap::validate(rules, pos);
  if (!position_is_ok(pos)) return Error{"position: inconsistent seed total or result"};
  // Only a game that ended in the middle of a move leaves seeds in a store
  // (guide.win.immediate, ludii.win.mid-sowing).
  if ((pos.store[0] != 0 || pos.store[1] != 0) && rules.front_empty != FrontEmptyCheck::Immediate &&
      rules.front_empty != FrontEmptyCheck::LudiiMidSowing)
    return key_error("store", fmt::format("{} never takes seeds off the board", rules.id));
  if (pos.quiet != 0)
    return key_error("quiet", fmt::format("{} has no no-progress rule", rules.id));
  for (auto check : {check_hand, check_house, check_block, check_used, check_result})
    if (auto r = check(rules, pos); !r) return r.error();
  return pos;
}

}  // namespace bao
