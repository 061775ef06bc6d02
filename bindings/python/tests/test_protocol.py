"""The adapter kit bao_oracle.protocol, as an engine author uses it: a
session answering request lines for an engine object (the example engine
of examples/python/, and copies of it broken on purpose), and serve() on
byte streams. Its answers to a hostile session are compared with
`bao-oracle engine`'s byte for byte by tests/kit_conformance.py
(Kit.Python.Conformance)."""

import io
import pathlib
import sys
import unittest

from bao_oracle import protocol
from bao_oracle.protocol import Move, ProtocolError, Session, serve

ROOT = pathlib.Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "examples" / "python"))
from site_maasai import Maasai  # noqa: E402

START = "S 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2"
AFTER_A6L = "N 1,4,4,1,0,1,3,0/3,3,0,3,3,0,3,3 2,2,2,2,2,2,2,0/2,2,2,2,2,2,2,2 store=2,0"
ALL_MOVES = "= A1L A2L A3L A4L A5L A6L A7L A8L B8L B7L B6L B5L B4L B3L B2L B1L"


def served(engine, data):
    out = io.BytesIO()
    status = serve(engine, io.BytesIO(data), out)
    assert status == 0, status
    lines = out.getvalue().decode("ascii").split("\n")
    assert lines.pop() == "", "the last answer ends with a newline"
    return lines


def session(engine, *requests):
    return served(engine, "".join(r + "\n" for r in requests).encode("latin-1"))


class Broken(Maasai):
    """The example engine with one member broken on purpose."""

    def __init__(self, fault):
        self.fault = fault
        self.rulesets = ["broken", "site-maasai"] if fault == "start" else ["site-maasai"]
        if fault == "name":
            self.name = "two\nlines"
        if fault == "no-traces":
            self.traces = False

    def start(self, ruleset):
        if ruleset == "broken":
            raise RuntimeError("no board")
        return super().start(ruleset)

    def moves(self, board, ruleset):
        if self.fault == "moves":
            return self.moves(board, ruleset)  # a RecursionError
        if self.fault == "north":
            return ["a1L"]
        return super().moves(board, ruleset)

    def play(self, board, move, ruleset):
        if self.fault == "play":
            raise RuntimeError("boom at %s" % move)
        after, trace = super().play(board, move, ruleset)
        if self.fault == "encode":
            after.store[1] = 300
        if self.fault == "trace":
            trace = ["lift A3 2", "sow A2; sow A1"]
        if self.fault == "untraced":
            trace = None
        return after, trace

    def status(self, board, ruleset):
        return "won" if self.fault == "status" else super().status(board, ruleset)


class Session_(unittest.TestCase):
    def test_handle_answers_one_line_with_its_sign_as_the_node_kit(self):
        s = Session(Maasai())
        self.assertEqual(s.handle("perft 1"), "= 16")
        self.assertEqual(s.handle("hello"), "? unknown command")
        self.assertEqual(s.handle("quit"), "=")
        self.assertTrue(s.done)

    def test_the_session_of_the_protocol_page(self):
        self.assertEqual(session(Maasai(), "protocol", "name", "rulesets", "ruleset site-maasai", "show", "moves",
                                 "play A6L", "status", "position start", "perft 2", "quit"),
                         ["= 1", "= maasai-example 1.0 (python)", "= site-maasai", "=", "= " + START, ALL_MOVES,
                          "= " + AFTER_A6L, "= ongoing", "=", "= 248", "="])

    def test_invalid_utf8_nul_bytes_and_long_lines(self):
        data = (b"\xff\xfe\xc3\x28\nplay \xc3\xa9\npro\x00tocol\nshow\r\r\nplay A6\tL\r\r\n"
                + b"protocol" + b" " * (65536 - 8) + b"\n" + b"protocol" + b" " * (65536 - 7) + b"\n"
                + b"position " + b"9" * (5 << 20) + b"\nplay A6L\n" + b"x" * 65537)
        self.assertEqual(served(Maasai(), data), [
            "? unknown command", "? move '\\xC3\\xA9': pit '\\xC3\\xA9': row letter must be A, B, a or b",
            "? unknown command", "? unknown command", "? play takes one argument", "= 1",
            "? line too long", "? line too long", "= " + AFTER_A6L, "? line too long"])

    def test_quit_ends_the_session_and_the_end_of_input_too(self):
        self.assertEqual(session(Maasai(), "moves", "quit", "protocol"), [ALL_MOVES, "="])
        self.assertEqual(served(Maasai(), b"protocol\nstatus"), ["= 1", "= ongoing"])
        self.assertEqual(served(Maasai(), b""), [])


class EngineFaults(unittest.TestCase):
    def test_an_exception_is_a_refusal_naming_the_request_and_the_session_goes_on(self):
        self.assertEqual(session(Broken("play"), "play A6L", "show", "moves"), [
            "? engine error in 'play A6L': play(A6L) threw RuntimeError: boom at A6L", "= " + START, ALL_MOVES])
        answers = session(Broken("moves"), "moves", "play A6L", "status")
        self.assertTrue(answers[0].startswith("? engine error in 'moves': moves threw RecursionError"), answers)
        self.assertTrue(answers[1].startswith("? engine error in 'play A6L': moves threw RecursionError"))
        self.assertEqual(answers[2], "= ongoing")

    def test_what_the_engine_answers_is_checked_before_it_reaches_the_peer(self):
        self.assertEqual(session(Broken("name"), "name"), [
            "? engine error in 'name': the answer holds \\x0A at offset 3; answers are printable ASCII"])
        self.assertEqual(session(Broken("north"), "moves"), [
            "? engine error in 'moves': moves returned 'a1L': move 'a1L': pit a1 belongs to North but South is "
            "to move"])
        self.assertEqual(session(Broken("status"), "status"), [
            "? engine error in 'status': status returned 'won', not ongoing, win S|N <reason> or draw <reason>"])
        self.assertEqual(session(Broken("encode"), "play A6L", "show"), [
            "? engine error in 'play A6L': codec.encode after play(A6L) gave a bad position: store must be "
            "[south, north], two counts 0..255", "= " + START])
        self.assertEqual(session(Broken("trace"), "play A6L", "show"), [
            "? engine error in 'play A6L': play(A6L) gave a trace that is not a list of printable items "
            "without ';'", "= " + START])

    def test_an_engine_that_fails_at_start_up_still_answers_and_recovers(self):
        self.assertEqual(session(Broken("start"), "protocol", "rulesets", "show", "ruleset broken",
                                 "ruleset site-maasai", "show"), [
            "= 1", "= broken site-maasai",
            "? engine error in 'show': at start-up, start(broken) threw RuntimeError: no board",
            "? engine error in 'ruleset broken': start(broken) threw RuntimeError: no board", "=",
            "= " + START])

    def test_an_engine_without_traces_says_so_the_protocols_way(self):
        self.assertEqual(session(Broken("no-traces"), "trace", "play A6L", "trace"),
                         ["? unknown command", "= " + AFTER_A6L, "? unknown command"])
        self.assertEqual(session(Broken("untraced"), "play A6L", "trace"),
                         ["= " + AFTER_A6L, "? the engine gave no trace for the last move"])

    def test_an_engine_object_without_a_member_is_refused_before_any_request(self):
        class NoMoves:
            name, rulesets, codec = "x", ["site-maasai"], Maasai.codec
            start = play = status = staticmethod(lambda *a: None)

        with self.assertRaises(TypeError) as caught:
            Session(NoMoves())
        self.assertEqual(str(caught.exception), "serve(engine): engine.moves must be a function")


class Notation(unittest.TestCase):
    def test_bpn_and_moves_round_trip_as_values(self):
        pos = protocol.parse_bpn("N 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,3 house=b8,A1 quiet=2")
        self.assertEqual(protocol.format_bpn(pos),
                         "N 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,3 house=A1,b8 quiet=2")
        self.assertEqual(pos.pits["b"][7], 3)
        self.assertEqual(protocol.parse_move("a5Rt+", "N"), Move("a5", "R", True, True))
        self.assertEqual(str(Move("A6", "L")), "A6L")
        with self.assertRaises(ProtocolError) as caught:
            protocol.parse_bpn("S 1,2")
        self.assertEqual(str(caught.exception),
                         "BPN field 2 (south rows): expected 2 rows (front/back) separated by '/', got 1 at offset 2")


if __name__ == "__main__":
    unittest.main()
