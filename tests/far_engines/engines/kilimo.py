#!/usr/bin/env python3
"""kilimo: a stand-in for an independently written ap-zanzibar engine (the
far-engines benchmark, tests/far_engines/README.md). Its deviations are
listed in kilimo.json; `--only ID` plays one of them, `--only none` none.

Texture: lists its moves in reverse order, writes the keys of a position in
its own order (house, hand, block) and never writes `result=`, refuses a
position that carries `result=`, and takes about 2 ms per `play`.
"""
import farlib
from farlib import Position, other


class Kilimo(farlib.Engine):
    NAME = "kilimo 2.3"
    RULESETS = ("ap-zanzibar",)
    DEVIATIONS = {
        "sole-kichwa-free": "sole-kichwa-free",
        "creator-free": "creator-unrestricted",
        "immediate-end": "front-empty=immediate",
        "stop-relay-only": "house-stop-relay-only",
        "start-two-empty": None,
        "block-lapses": None,
        "block-needs-no-defence": None,
        "blocked-pit-passes": None,
        "north-house-seven": None,
    }
    PLAY_DELAY_MS = 2.0
    START = ("start-two-empty", {"A7": 0, "a7": 0}, 24)

    def accept(self, bpn):
        if " result=" in bpn:
            return None, "kilimo cannot represent a decided game"
        return super().accept(bpn)

    def rules(self, pos):
        """The inner oracle that plays `pos`: North's house works from 7."""
        if self.on("north-house-seven") and pos.startswith("N"):
            return self.oracle(extra=("house-works-at-seven",))
        return self.oracle()

    def pass_move(self, pos):
        """The blocked pit's move that sows nothing, when it is offered."""
        if not self.on("blocked-pit-passes"):
            return None
        p = Position.parse(pos)
        if sum(p.pair("hand")) or " result=" in pos:
            return None
        own = [b for b in p.pits("block") if farlib.owner(b) == p.side]
        if not own or p[own[0]] < 2:
            return None
        moves = self.rules(pos).moves(pos) or []
        if moves and farlib.is_capture(self.rules(pos).play(pos, moves[0])[1]):
            return None
        return own[0] + "L"

    def legal(self, pos):
        moves = list(self.rules(pos).moves(pos) or [])
        extra = self.pass_move(pos)
        if extra and extra not in moves:
            moves.append(extra)
        return moves

    def status(self, pos):
        s = self.rules(pos).status(pos)
        if s.endswith("no-move") and self.pass_move(pos):
            return "ongoing"
        return s

    def result(self, pos, move):
        if move == self.pass_move(pos) and move not in (self.rules(pos).moves(pos) or []):
            p = Position.parse(pos)
            p.side = other(p.side)
            p.set_pits("block", [b for b in p.pits("block") if b != move[:2]])
            return p.bpn()
        after, events = self.rules(pos).play(pos, move)
        if after is None:
            return None
        before = Position.parse(pos)
        p = Position.parse(after)
        ages = self.memory.get(pos, {})
        new_ages = {}
        for b in p.pits("block"):
            if b in before.pits("block"):
                new_ages[b] = ages.get(b, 0) + 1
            else:
                new_ages[b] = 0
        if self.on("block-lapses"):
            # A block lapses by itself three turns after it was set.
            for b, age in list(new_ages.items()):
                if age >= 3:
                    del new_ages[b]
        if self.on("block-needs-no-defence"):
            # A new block only when the blocked side has no capture to make.
            fresh = [b for b, age in new_ages.items() if age == 0]
            if fresh and self.defender_captures(after):
                for b in fresh:
                    del new_ages[b]
        p.set_pits("block", list(new_ages))
        text = p.bpn()
        self.remember(text, new_ages)
        return text

    def defender_captures(self, after):
        o = self.rules(after)
        moves = o.moves(after) or []
        return bool(moves) and farlib.is_capture(o.play(after, moves[0])[1])

    def write_position(self, bpn):
        p = Position.parse(bpn)
        p.keys.pop("result", None)
        return p.bpn(order=("house", "hand", "block", "store", "quiet", "used"))

    def write_moves(self, moves):
        return list(reversed(moves))


if __name__ == "__main__":
    farlib.main(Kilimo)
