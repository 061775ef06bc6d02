#!/usr/bin/env python3
"""mchezo: a stand-in for an independently written guide-v2 engine (the
far-engines benchmark, tests/far_engines/README.md). Its deviations are
listed in mchezo.json; `--only ID` plays one of them, `--only none` none.

Texture: keeps the namua as a turn number, so it cannot represent a
position whose reserves are not those of a game from the start (South's
reserve equal to North's with South to move, one less with North to
move) and answers `?` to one; separates a position's fields with tabs and
writes `hand=0,0` when both reserves are empty; lists its L moves before
its R moves.
"""
import farlib
from farlib import Position, other

RELAY_CAP = 12  # the longest relay chain its move generator keeps


class Mchezo(farlib.Engine):
    NAME = "mchezo 0.9.1"
    RULESETS = ("guide-v2",)
    DEVIATIONS = {
        "singles-always": "guide-singles-always",
        "captured-row-sown": "guide-no-immediate-end",
        "sole-end-namua-free": "sole-end-pit=mtaji-kutakata",
        "takasia-two-turns": None,
        "owned-house-kept-on-lift": None,
        "mtaji-pass": None,
        "relay-cap": None,
    }

    def accept(self, bpn):
        p = Position.parse(bpn)
        if p is not None:
            hs, hn = p.pair("hand")
            if (hs or hn) and hs != (hn if p.side == "S" else hn - 1):
                return None, "mchezo counts namua turns and cannot hold these reserves"
        return super().accept(bpn)

    # The oracle never holds a target on the side that is not to move; the
    # engine does while a target lasts a second turn, and asks the oracle
    # without it (it restricts only its owner's moves).
    def own_marks(self, p):
        if not self.on("takasia-two-turns"):
            return None, []
        return "block", [b for b in p.pits("block") if farlib.owner(b) != p.side]

    def moves_here(self, pos):
        o, q = self.oracle(), self.asked(pos)
        moves = list(o.moves(q) or [])
        if self.on("relay-cap"):
            moves = [m for m in moves
                     if sum(e.startswith("relay ") for e in o.play(q, m)[1]) <= RELAY_CAP]
        return moves

    def pass_move(self, pos):
        if not self.on("mtaji-pass"):
            return None
        p = Position.parse(pos)
        if sum(p.pair("hand")) or not self.oracle().status(self.asked(pos)).endswith("no-move"):
            return None
        front = [p.side == "S" and "A%d" % i or "a%d" % i for i in range(1, 9)]
        occupied = [f for f in front if p[f]]
        return occupied[0] + "L" if occupied else None

    def legal(self, pos):
        moves = self.moves_here(pos)
        extra = self.pass_move(pos)
        return moves + [extra] if extra else moves

    def status(self, pos):
        p = Position.parse(pos)
        s = self.oracle().status(self.asked(pos))
        if s.endswith("no-move") and self.pass_move(pos):
            return "ongoing"
        if s == "ongoing" and not self.legal(pos):
            return "win %s no-move" % other(p.side)
        return s

    def result(self, pos, move):
        before = Position.parse(pos)
        if move == self.pass_move(pos):
            p = before.copy()
            p.side = other(p.side)
            p.set_pits("block", [b for b in p.pits("block") if farlib.owner(b) != before.side])
            return p.bpn()
        after, events = self.oracle().play(self.asked(pos), move)
        if after is None:
            return None
        p = Position.parse(after)
        if self.on("owned-house-kept-on-lift"):
            # Ownership ends only at a capture of the house or a NYUMBA USE.
            for h in before.pits("house"):
                if (farlib.owner(h) == before.side and h not in p.pits("house")
                        and "house-lost " + h in events
                        and not any(e.startswith("safari " + h) for e in events)
                        and not any(e.startswith("capture ") for e in events)):
                    p.set_pits("house", p.pits("house") + [h])
        ages = self.memory.get(pos, {})
        if self.on("takasia-two-turns"):
            # A target lasts for two turns of its owner, not one.
            fresh = {b for b in p.pits("block")}
            keep = []
            for b in before.pits("block"):
                age = ages.get(b, 0 if farlib.owner(b) == before.side else 1)
                side_has_new = any(farlib.owner(x) == farlib.owner(b) for x in fresh)
                if age < 2 and not side_has_new and p[b] > 0 and b not in fresh:
                    keep.append(b)
                    ages = dict(ages, **{b: age + 1})
            p.set_pits("block", sorted(fresh) + keep)
            text = p.bpn()
            self.remember(text, {b: ages.get(b, 0) if b in keep else 0 for b in p.pits("block")})
            return text
        return p.bpn()

    def write_position(self, bpn):
        p = Position.parse(bpn)
        return p.bpn(sep="\t", explicit=("hand",))

    def write_moves(self, moves):
        return sorted(moves, key=lambda m: (m[2], m))


if __name__ == "__main__":
    farlib.main(Mchezo)
