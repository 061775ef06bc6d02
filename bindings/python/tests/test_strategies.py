"""bao_oracle.strategies: Hypothesis strategies of reachable positions, used
as an engine author uses them, against the oracle itself."""

import unittest

import bao_oracle
from bao_oracle.strategies import position_after, positions

try:
    from hypothesis import given, settings
except ImportError:  # reported as skipped, with the reason
    given = None


class PositionAfter(unittest.TestCase):
    def test_no_picks_is_the_start_and_each_pick_a_legal_move(self):
        start = next(r.start for r in bao_oracle.rulesets() if r.id == "ap-zanzibar")
        self.assertEqual(position_after("ap-zanzibar", []), start)
        first = bao_oracle.legal_moves("ap-zanzibar", "start")
        self.assertEqual(position_after("ap-zanzibar", [1]), bao_oracle.play("ap-zanzibar", "start", first[1]).bpn)
        self.assertEqual(position_after("ap-zanzibar", [1 + len(first)]), position_after("ap-zanzibar", [1]))

    def test_an_unknown_ruleset_fails_when_the_strategy_is_made(self):
        with self.assertRaises(bao_oracle.UnknownRuleset):
            positions("nope")


@unittest.skipIf(given is None, "Hypothesis is not installed (Debian: apt-get install python3-hypothesis)")
class Strategy(unittest.TestCase):
    def test_every_position_drawn_is_valid_and_its_moves_play(self):
        seen = set()

        @settings(max_examples=40, deadline=None, database=None)
        @given(positions("ap-zanzibar", max_moves=30))
        def property_(bpn):
            seen.add(bpn)
            status = bao_oracle.status("ap-zanzibar", bpn)
            moves = bao_oracle.legal_moves("ap-zanzibar", bpn)
            self.assertEqual(status == "ongoing", bool(moves), bpn)
            for move in moves:
                bao_oracle.play("ap-zanzibar", bpn, move)

        property_()
        self.assertGreater(len(seen), 10, "the strategy draws different positions")

    def test_a_failing_property_shrinks_towards_the_start(self):
        from hypothesis import find

        found = find(positions("site-maasai", max_moves=20), lambda bpn: "store=" in bpn,
                     settings=settings(database=None, max_examples=200))
        # The smallest: one capture, at the first move that makes one.
        self.assertIn("store=", found)
        self.assertEqual(found.split()[0], "N")


if __name__ == "__main__":
    unittest.main()
