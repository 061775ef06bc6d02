// Move traces: the events of one move, each with the clause that decided it.
//
// The turn engine is a template over its tracer. NoTrace compiles every
// event away, so tracing costs nothing when off; Trace records them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "oracle/core/board.hpp"
#include "oracle/core/clause_id.hpp"
#include "oracle/core/enum_names.hpp"
#include "oracle/core/position.hpp"

namespace bao {

// What each value means:
//   Place:         a reserve seed is placed: pit
//   Lift:          the turn's first lift: pit, count
//   Sow:           one seed dropped: pit
//   Capture:       seeds taken from an opponent pit: pit (opponent's), count
//   Enter:         captured seeds enter at a kichwa: pit, count
//   Relay:         the last pit is lifted to continue: pit, count
//   Stop:          the move ends: pit where it ended
//   HouseQuestion: the house question arises: pit
//   Safari:        the mover goes on from the house: pit, count
//   HouseLost:     a pit loses house status: pit
//   BlockSet:      a block is set: pit
//   BlockCleared:  a block is cleared: pit
//   BlockExempt:   a pit the blocking rule chose is exempt: pit
//   HouseUsed:     a house counts as having started a turn: pit
//   End:           the game ends: reason
#define BAO_EVENT_KINDS(X)           \
  X(Place, "place")                  \
  X(Lift, "lift")                    \
  X(Sow, "sow")                      \
  X(Capture, "capture")              \
  X(Enter, "enter")                  \
  X(Relay, "relay")                  \
  X(Stop, "stop")                    \
  X(HouseQuestion, "house-question") \
  X(Safari, "safari")                \
  X(HouseLost, "house-lost")         \
  X(BlockSet, "block")               \
  X(BlockCleared, "unblock")         \
  X(BlockExempt, "no-block")         \
  X(HouseUsed, "use")                \
  X(End, "end")
BAO_NAMED_ENUM(EventKind, std::uint8_t, BAO_EVENT_KINDS)

inline constexpr EventKind kLastEventKind = EventKind::End;

struct Event {
  EventKind kind;
  Side side;  // owner of `pit`
  Pit pit;
  std::uint16_t count;
  Reason reason;  // for End
  ClauseId clause;
};

// Records events.
class Trace {
 public:
  static constexpr bool kEnabled = true;
  void add(EventKind k, Side s, Pit p, int count, ClauseId c, Reason r = Reason::None) {
    events_.push_back(Event{k, s, p, static_cast<std::uint16_t>(count), r, c});
  }
  const std::vector<Event>& events() const { return events_; }
  void clear() { events_.clear(); }

 private:
  std::vector<Event> events_;
};

// Discards events; every call compiles to nothing.
struct NoTrace {
  static constexpr bool kEnabled = false;
  void add(EventKind, Side, Pit, int, ClauseId, Reason = Reason::None) {}
};

}  // namespace bao
