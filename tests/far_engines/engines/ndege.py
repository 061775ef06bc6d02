#!/usr/bin/env python3
"""ndege: a stand-in for an independently written engine of Ludii's Bao
description (ruleset ludii; the far-engines benchmark,
tests/far_engines/README.md). Its deviations are listed in ndege.json;
`--only ID` plays one of them, `--only none` none.

Texture: lists its moves sorted, writes pit lists from North to South
(`house=a5,A5`), always writes `hand`, `store` and `quiet` (zeros
included), and takes about 1 ms per `moves`.
"""
import farlib
from farlib import Position

DRAW_AFTER = 10  # turns in a row without a capture before it calls a draw


class Ndege(farlib.Engine):
    NAME = "ndege (ludii port) 1.4"
    RULESETS = ("ludii",)
    DEVIATIONS = {
        "kichwa-outward-free": "ludii-kichwa-outward-free",
        "entry-order-ignored": "ludii-entry-order-ignored",
        "three-holes-right": None,
        "house-flag-survives-capture": None,
        "capture-draw-counter": None,
        "mtaji-capture-optional": None,
        "unsown-into-kichwa": None,
    }
    MOVES_DELAY_MS = 1.0
    START = ("three-holes-right", {"A8": 2, "a8": 2}, 20)

    def rules(self, pos):
        """The inner oracle that plays `pos`."""
        p = Position.parse(pos)
        extra = []
        if self.on("mtaji-capture-optional") and not p.pair("hand")[0 if p.side == "S" else 1]:
            extra.append("capture-optional")
        return self.oracle(extra=extra)

    def own_marks(self, p):
        """A captured house keeps its flag in this engine only."""
        if not self.on("house-flag-survives-capture"):
            return None, []
        return "house", [h for h in p.pits("house") if p[h] == 0]

    def quiet_turns(self, pos):
        return self.memory.get(pos, 0)

    def legal(self, pos):
        if self.called(pos):
            return []
        return self.rules(pos).moves(self.asked(pos)) or []

    def called(self, pos):
        return self.on("capture-draw-counter") and self.quiet_turns(pos) >= DRAW_AFTER

    def status(self, pos):
        s = self.rules(pos).status(self.asked(pos))
        if s == "ongoing" and self.called(pos):
            return "draw no-progress"
        return s

    def result(self, pos, move):
        before = Position.parse(pos)
        after, events = self.rules(pos).play(self.asked(pos), move)
        if after is None:
            return None
        p = Position.parse(after)
        if self.on("house-flag-survives-capture"):
            # The flag goes when the house is lifted, not when it is taken.
            for h in before.pits("house"):
                lifted = any(e.split(" ")[:2] in (["lift", h], ["relay", h], ["safari", h])
                             for e in events)
                if h not in p.pits("house") and not lifted and p[h] == 0:
                    p.set_pits("house", p.pits("house") + [h])
        if self.on("unsown-into-kichwa"):
            # It has no store: seeds a move that ended the game left unsown
            # go into the mover's first pit.
            i = 0 if before.side == "S" else 1
            store, kept = p.pair("store"), before.pair("store")
            if store[i] > kept[i]:
                pit = ("A1", "a1")[i]
                p[pit] += store[i] - kept[i]
                store[i] = kept[i]
                p.set_pair("store", store)
        text = p.bpn()
        turns = 0 if farlib.is_capture(events) else self.quiet_turns(pos) + 1
        self.remember(text, turns)
        return text

    def write_position(self, bpn):
        p = Position.parse(bpn)
        for key in ("house", "block"):
            if key in p.keys:
                p.keys[key] = ",".join(sorted(p.pits(key), key=farlib.PIT_ORDER.index,
                                              reverse=True))
        return p.bpn(explicit=("hand", "store", "quiet"))

    def write_moves(self, moves):
        return sorted(moves)


if __name__ == "__main__":
    farlib.main(Ndege)
