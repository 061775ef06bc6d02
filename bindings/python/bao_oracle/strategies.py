"""Hypothesis strategies of valid, reachable positions, for an engine's
property-based tests:

    from hypothesis import given
    from bao_oracle.strategies import positions

    @given(positions("ap-zanzibar"))
    def test_my_engine_lists_the_oracles_moves(bpn):
        assert sorted(my_engine.moves(bpn)) == sorted(bao_oracle.legal_moves("ap-zanzibar", bpn))

A position is the one reached from the ruleset's start by a random line of
legal moves, each chosen by a number drawn by Hypothesis (its index among
the legal moves, modulo their count), so every position is reachable in a
game, and Hypothesis shrinks a failing one towards the start: to fewer
moves, each the first legal one. Needs Hypothesis (Debian: python3-hypothesis).
"""

from typing import Any, Sequence

import bao_oracle


def position_after(ruleset: str, picks: Sequence[int]) -> str:
    """The position (BPN) reached from the start of `ruleset` by playing, for
    each number of `picks`, the legal move of that index modulo their count;
    the line stops early where the game ends."""
    bpn = "start"
    for pick in picks:
        moves = bao_oracle.legal_moves(ruleset, bpn)
        if not moves:
            break
        bpn = bao_oracle.play(ruleset, bpn, moves[pick % len(moves)]).bpn
    return bpn if bpn != "start" else next(r.start for r in bao_oracle.rulesets() if r.id == ruleset)


def positions(ruleset: str, max_moves: int = 80) -> Any:
    """A strategy of BPN positions reachable in `ruleset` within `max_moves` moves."""
    from hypothesis import strategies as st

    if not isinstance(max_moves, int) or isinstance(max_moves, bool) or max_moves < 0:
        raise TypeError("max_moves: expected a whole number 0 or more, got %r" % (max_moves,))
    bao_oracle.legal_moves(ruleset, "start")  # an unknown ruleset fails here, not inside a test
    return st.lists(st.integers(min_value=0, max_value=(1 << 16) - 1), max_size=max_moves).map(
        lambda picks: position_after(ruleset, picks))
