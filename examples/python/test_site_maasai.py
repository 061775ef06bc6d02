"""Tests of the example engine, through the protocol as a checker sees it.

    python3 -m unittest discover -s examples/python

The expected answers are the hand-worked scenarios of scenarios/site/
(docs/rulesets/site-maasai.md); standard library only.
"""

import os
import subprocess
import sys
import unittest

ENGINE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "maasai_engine.py")
START = "S 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2"
ENDLESS = "S 1,0,1,0,1,0,1,0/0,1,0,2,1,0,1,2 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 store=3,3"
# B2L relays on without stopping or repeating past the limit (found by a
# search over random 64-seed boards; tests/check_cli_test.cpp compares the
# board where this engine cuts it with the oracle's).
LONG_RELAY = "S 4,3,4,2,3,2,3,1/1,5,5,2,3,2,3,2 3,1,1,1,0,1,1,0/2,0,1,3,1,0,2,2"


def session(*requests):
    """Sends the requests in one batch (pipelined) and returns the answers."""
    text = "".join(r + "\n" for r in requests)
    out = subprocess.run([sys.executable, ENGINE], input=text.encode("ascii"),
                         stdout=subprocess.PIPE, check=True, timeout=60).stdout
    return out.decode("ascii").splitlines()


class Protocol(unittest.TestCase):
    def test_handshake(self):
        self.assertEqual(session("protocol", "rulesets", "ruleset site-maasai", "show"),
                         ["= 1", "= site-maasai", "=", "= " + START])

    def test_one_answer_per_request(self):
        answers = session("", "hello", "show me", "play", "play A6L A5L", "ruleset ap-zanzibar",
                          "position S 1,2", "perft 7", "trace", "quit", "protocol")
        self.assertEqual(len(answers), 10)  # nothing after quit
        self.assertEqual(answers[0], "? empty request")
        self.assertEqual(answers[1], "? unknown command")
        self.assertTrue(all(a.startswith("?") for a in answers[2:9]), answers)
        self.assertEqual(answers[9], "=")

    def test_failure_leaves_state(self):
        answers = session("play A6L", "play a1R", "position S 9", "show")
        self.assertEqual(answers[3], answers[0])


class Rules(unittest.TestCase):
    def test_start_moves(self):
        moves = session("moves")[0][2:].split()
        self.assertEqual(sorted(moves), sorted("%s%dL" % (r, n) for r in "AB" for n in range(1, 9)))

    def test_opening_a6_captures_a8(self):
        # 21 seeds sown, stop in the empty A1 across from a8 (2).
        self.assertEqual(session("play A6L", "status"), [
            "= N 1,4,4,1,0,1,3,0/3,3,0,3,3,0,3,3 2,2,2,2,2,2,2,0/2,2,2,2,2,2,2,2 store=2,0",
            "= ongoing"])

    def test_other_direction_and_empty_pit_are_illegal(self):
        pos = "position S 0,0,1,0,0,0,0,0/0,0,0,0,2,0,0,0 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0"
        answers = session(pos, "moves", "play A3R", "play A4L", "play A3L+")
        self.assertEqual(answers[1], "= A3L B5L")
        self.assertTrue(all(a.startswith("?") for a in answers[2:]))

    def test_capture_wins(self):
        pos = "position S 0,0,1,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,2,0/0,0,0,0,0,0,0,0"
        self.assertEqual(session(pos, "play A3L", "status", "trace", "moves")[1:], [
            "= N 0,1,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 store=2,0",
            "= win S all-captured",
            "= lift A3 1; sow A2; stop A2; capture a7 2; end all-captured",
            "="])

    def test_called_game_level_is_a_draw(self):
        pos = ("position N 0,1,0,0,0,0,0,0/0,0,0,0,2,0,0,0 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 "
               "store=3,3 quiet=49")
        self.assertEqual(session(pos, "play b4L", "status")[2], "= draw no-progress")

    def test_endless_relay_is_called(self):
        answers = session("position " + ENDLESS, "play B8L", "status")
        self.assertEqual(answers[1], "= N 1,0,1,0,1,0,2,1/0,1,0,2,1,0,1,0 "
                         "0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 store=3,3 quiet=1 result=draw:infinite")
        self.assertEqual(answers[2], "= draw infinite")

    def test_a_relay_without_a_repeat_is_cut_at_the_limit(self):
        answers = session("position " + LONG_RELAY, "play B2L", "trace", "status")
        self.assertTrue(answers[1].endswith(" result=draw:infinite"), answers[1])
        self.assertEqual(answers[2].count("relay "), 1 << 16)
        self.assertEqual(answers[3], "= draw infinite")

    def test_positions_maasai_cannot_hold(self):
        for bad in (START + " hand=1,0", START + " house=A5", START + " quiet=51",
                    START + " result=S:no-move", START + " colour=red"):
            self.assertTrue(session("position " + bad)[0].startswith("?"), bad)

    def test_perft(self):
        # A cross-check with the oracle's own measurement
        # (docs/rulesets/site-maasai.md), not a hand-worked value beyond depth 1.
        self.assertEqual(session("perft 1", "perft 2", "perft 3"), ["= 16", "= 248", "= 2856"])


if __name__ == "__main__":
    unittest.main()
