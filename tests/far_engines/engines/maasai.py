#!/usr/bin/env python3
"""maasai-js: a stand-in for an independently written engine of the play
site's Maasai (ruleset site-maasai; the far-engines benchmark,
tests/far_engines/README.md). Its deviations are listed in maasai.json;
`--only ID` plays one of them, `--only none` none.

Texture: always writes `store` and `quiet` (zeros included), serves the
optional `trace` (but not `perft`), and takes about 1 ms per `play`.
"""
import farlib
from farlib import Position, other

PICKUP_CUT = 1000  # lifts after which it calls a relay endless


def circuit(side):
    """The mover's sixteen pits in the order of an L sowing (the circuit
    index going down: A8 .. A1, then B1 .. B8)."""
    front, back = ("A", "B") if side == "S" else ("a", "b")
    return [front + str(i) for i in range(8, 0, -1)] + [back + str(i) for i in range(1, 9)]


def sow_until_cut(p, pit, cut):
    """Plays the L lift of `pit` on `p` (a Position) for at most `cut`
    lifts; the board as it stands then (the move never stops)."""
    loop = circuit(p.side)
    i = loop.index(pit)
    for _ in range(cut):
        hand, p[loop[i]] = p[loop[i]], 0
        while hand:
            i = (i + 1) % 16
            p[loop[i]] += 1
            hand -= 1
        if p[loop[i]] == 1:
            return False  # it stopped
    return True


class Maasai(farlib.Engine):
    NAME = "maasai.js 0.4"
    RULESETS = ("site-maasai",)
    DEVIATIONS = {
        "win-front-empty": "site-win-front-empty",
        "capture-takes-lander": "site-capture-takes-lander",
        "level-call-mover-wins": "site-called-level-mover-wins",
        "north-sows-right": None,
        "single-capture-no-reset": None,
        "endless-cut-1000": None,
        "lone-seed-last": None,
    }
    TRACE = True
    PLAY_DELAY_MS = 1.0

    def rules(self, pos):
        if self.on("north-sows-right") and pos.startswith("N"):
            return self.oracle(extra=("site-direction-r",))
        return self.oracle()

    def legal(self, pos):
        moves = self.rules(pos).moves(pos) or []
        if self.on("lone-seed-last"):
            # A lone seed is lifted only when no own pit holds two or more.
            p = Position.parse(pos)
            if any(p[m[:2]] >= 2 for m in moves):
                moves = [m for m in moves if p[m[:2]] >= 2]
        return moves

    def status(self, pos):
        s = self.rules(pos).status(pos)
        if s == "ongoing" and not self.legal(pos):
            return "win %s no-move" % other(pos[0])
        return s

    def result(self, pos, move):
        after, events = self.rules(pos).play(pos, move)
        if after is None:
            return None
        q = Position.parse(after)
        if self.on("endless-cut-1000") and q.keys.get("result", "").endswith(":infinite"):
            p = Position.parse(pos)
            if sow_until_cut(p, move[:2], PICKUP_CUT):
                q.rows = p.rows
        if self.on("single-capture-no-reset"):
            taken = [e for e in events if e.startswith("capture ")]
            if taken and all(e.endswith(" 1") for e in taken):
                before = Position.parse(pos)
                q.set_number("quiet", before.number("quiet") + 1)
        return q.bpn()

    def trace(self):
        if self.last_trace is None:
            return "? no move played"
        pos, move = self.last_trace
        after, events = self.rules(pos).play(pos, move)
        if after != self.result(pos, move):
            return "? no trace of that move"
        return "= " + "; ".join(events)

    def write_position(self, bpn):
        return Position.parse(bpn).bpn(explicit=("store", "quiet"))


if __name__ == "__main__":
    farlib.main(Maasai)
