#!/usr/bin/env python3
"""kuu: a stand-in for an independently written engine of Abstract Play's
Bawo rules (ruleset ap-bawo; the far-engines benchmark,
tests/far_engines/README.md). Its deviations are listed in kuu.json;
`--only ID` plays one of them, `--only none` none.

Texture: holds a pit's count in five bits, so it answers `?` to a
position with a pit of more than 31 seeds; never writes the oracle's
`used=` key; writes `quiet=0` and `store=0,0`.
"""
import farlib
from farlib import Position, other


class Kuu(farlib.Engine):
    NAME = "kuu 1.0-rc2"
    RULESETS = ("ap-bawo",)
    DEVIATIONS = {
        "kuu-start-any-count": "bawo-kuu-start-any-count",
        "kuu-never-asks": "house-never-asks",
        "entry-left-only": "entry-no-choice",
        "no-move-draw": None,
        "owner-capture-clears-block": None,
        "infinite-moves-dropped": None,
        "north-entry-flipped": None,
    }

    def accept(self, bpn):
        p = Position.parse(bpn)
        if p is not None and max(max(r) for r in p.rows.values()) > 31:
            return None, "kuu holds at most 31 seeds in a pit"
        return super().accept(bpn)

    def rules(self, pos):
        """The inner oracle that plays `pos`: North's captures enter at the
        wrong kichwa (its board is mirrored and the entry not turned back)."""
        if self.on("north-entry-flipped") and pos.startswith("N"):
            return self.oracle(extra=("entry-end-flipped",))
        return self.oracle()

    def legal(self, pos):
        o = self.rules(pos)
        moves = o.moves(pos) or []
        if self.on("infinite-moves-dropped"):
            moves = [m for m in moves if ":infinite" not in (o.play(pos, m)[0] or "")]
        return moves

    def status(self, pos):
        s = self.rules(pos).status(pos)
        if s == "ongoing" and not self.legal(pos):
            s = "win %s no-move" % other(pos[0])
        if self.on("no-move-draw") and s.endswith(" no-move"):
            return "draw no-move"
        return s

    def result(self, pos, move):
        after, events = self.rules(pos).play(pos, move)
        if after is None:
            return None
        before, p = Position.parse(pos), Position.parse(after)
        if self.on("owner-capture-clears-block") and farlib.is_capture(events):
            # A capture by the owner of a blocked pit frees it.
            p.set_pits("block", [b for b in p.pits("block") if farlib.owner(b) != before.side])
        return p.bpn()

    def write_position(self, bpn):
        p = Position.parse(bpn)
        p.keys.pop("used", None)
        return p.bpn(explicit=("store", "quiet"))


if __name__ == "__main__":
    farlib.main(Kuu)
