// The status of a game: ongoing, or won or drawn and why. A value every
// turn family answers with (the Bao turn in oracle/engine/, the single-lap
// turn in oracle/rules/site/), so it sits below both.
#pragma once

#include <cstdint>
#include <string>

#include "oracle/core/position.hpp"

namespace bao {

struct Status {
  enum class Kind : std::uint8_t { Ongoing, Win, Draw };
  Kind kind = Kind::Ongoing;
  Side winner = Side::South;  // meaningful for Win
  Reason reason = Reason::None;
  friend bool operator==(const Status&, const Status&) = default;
};

// Protocol form: "ongoing", "win S front-empty", "draw no-progress".
std::string to_string(const Status& s);

// The result the position records in its `result` key (an endless move, for
// instance), or ongoing when it records none.
Status decided_status(const Position& pos);

}  // namespace bao
