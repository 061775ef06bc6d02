#!/usr/bin/env python3
"""swahili-net: a stand-in for an independently written engine of the play
site's Bao la Kiswahili (ruleset site-kiswahili; the far-engines
benchmark, tests/far_engines/README.md). Its deviations are listed in
swahili.json; `--only ID` plays one of them, `--only none` none.

Texture: lists its moves in an order of its own (a fixed shuffle), writes
the mover as the side to move after a move that ends the game, never
writes `result=`, answers `?` to a position that carries it, and serves
no optional command.
"""
import zlib

import farlib
from farlib import Position, other


class Swahili(farlib.Engine):
    NAME = "swahili-net 3"
    RULESETS = ("site-kiswahili",)
    DEVIATIONS = {
        "singles-last": "site-kiswahili-singles-last",
        "house-namua-only": "site-kiswahili-house-namua-only",
        "two-seed-ends-house": None,
        "stuck-single-step": None,
        "north-capture-ends-game": None,
        "bare-row-waits": None,
    }

    def accept(self, bpn):
        if " result=" in bpn:
            return None, "swahili-net keeps no result in a position"
        return super().accept(bpn)

    def rules(self, pos):
        # A game it ended at a capture keeps the unsown seeds in the store,
        # which only the oracle with that rule holds.
        if self.on("north-capture-ends-game") and (pos.startswith("N") or " store=" in pos):
            return self.oracle(extra=("site-kiswahili-immediate-end",))
        return self.oracle()

    def steps(self, pos):
        """Single-seed moves of a mtaji player who has no move: a lone seed
        stepped into an empty pit next to it, front row only."""
        if not self.on("stuck-single-step"):
            return []
        p = Position.parse(pos)
        if sum(p.pair("hand")) or self.rules(pos).status(pos) != "win %s no-move" % other(p.side):
            return []
        row = "A" if p.side == "S" else "a"
        out = []
        for i in range(1, 9):
            pit = row + str(i)
            if p[pit] != 1:
                continue
            for d, j in (("L", i - 1), ("R", i + 1)):
                if 1 <= j <= 8 and p[row + str(j)] == 0:
                    out.append(pit + d)
        return out

    def bare_row_wait(self, pos):
        """A namua player whose front row is bare passes, keeping its seeds."""
        if not self.on("bare-row-waits"):
            return None
        p = Position.parse(pos)
        hand = p.pair("hand")[0 if p.side == "S" else 1]
        if not hand or any(p.front(p.side)) or not any(p.front(other(p.side))):
            return None
        return ("A" if p.side == "S" else "a") + "1L"

    def legal(self, pos):
        wait = self.bare_row_wait(pos)
        if wait:
            return [wait]
        return (self.rules(pos).moves(pos) or []) + self.steps(pos)

    def status(self, pos):
        s = self.rules(pos).status(pos)
        if s != "ongoing" and (self.steps(pos) or self.bare_row_wait(pos)):
            return "ongoing"
        return s

    def result(self, pos, move):
        p = Position.parse(pos)
        if move == self.bare_row_wait(pos):
            p.side = other(p.side)
            return p.bpn()
        if move in self.steps(pos) and move not in (self.rules(pos).moves(pos) or []):
            i = int(move[1])
            j = i - 1 if move[2] == "L" else i + 1
            p[move[:2]] = 0
            p[move[0] + str(j)] = 1
            p.side = other(p.side)
            return p.bpn()
        after, events = self.rules(pos).play(pos, move)
        if after is None:
            return None
        q = Position.parse(after)
        if self.on("two-seed-ends-house") and "t" in move[3:]:
            # A house that gave two seeds is a house no more.
            q.set_pits("house", [h for h in q.pits("house") if h != move[:2]])
        return q.bpn()

    def write_position(self, bpn):
        p = Position.parse(bpn)
        p.keys.pop("result", None)
        return p.bpn()

    def write_result(self, bpn):
        p = Position.parse(self.write_position(bpn))
        if self.status(bpn) != "ongoing":
            p.side = other(p.side)
        return p.bpn()

    def write_moves(self, moves):
        return sorted(moves, key=lambda m: zlib.crc32(m.encode()))


if __name__ == "__main__":
    farlib.main(Swahili)
