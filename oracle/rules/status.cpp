#include "oracle/rules/status.hpp"

#include <fmt/format.h>

namespace bao {

std::string to_string(const Status& s) {
  switch (s.kind) {
    case Status::Kind::Ongoing:
      return "ongoing";
    case Status::Kind::Win:
      return fmt::format("win {} {}", s.winner == Side::South ? 'S' : 'N', to_string(s.reason));
    case Status::Kind::Draw:
      return fmt::format("draw {}", to_string(s.reason));
  }
  return "ongoing";
}

Status decided_status(const Position& pos) {
  switch (pos.decided.kind) {
    case Decided::Kind::SouthWins:
      return {Status::Kind::Win, Side::South, pos.decided.reason};
    case Decided::Kind::NorthWins:
      return {Status::Kind::Win, Side::North, pos.decided.reason};
    case Decided::Kind::Draw:
      return {Status::Kind::Draw, Side::South, pos.decided.reason};
    case Decided::Kind::None:
      break;
  }
  return {};
}

}  // namespace bao
