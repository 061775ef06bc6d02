// The witnesses' step-through replays (diverge.hpp, witness_replays): each
// ruleset's trace of the move it shows, from the witness position to the
// board after that the ruleset recorded.
#include <fmt/format.h>

#include <string>

#include "oracle/diverge/diverge.hpp"
#include "oracle/notation/bpn.hpp"

namespace bao::diverge {

std::string witness_replays(const Witness& witness, replay::PageReplays& page) {
  const Expected<Position> before = parse_bpn(witness.position);
  if (!before) return {};
  std::string out;
  for (const WitnessSide* side : {&witness.a, &witness.b}) {
    if (side->shown_move.empty()) continue;  // no move of this ruleset to show
    const Expected<Position> after = parse_bpn(side->result);
    if (!after) continue;
    out += page.widget({fmt::format("{}: trace of {}", side->ruleset, side->shown_move), *before,
                        side->trace, *after, ""});
  }
  if (out.empty()) return out;
  return "<div class=\"replays\">\n" + out + "</div>\n";
}

}  // namespace bao::diverge
