"""The package bao_oracle as a user meets it: its version, its values
(compared, hashed, pickled), its errors by kind with the argument at fault,
and bad arguments refused with a TypeError or an InputError naming them,
never a disagreement and never another library's message."""

import pathlib
import pickle
import re
import unittest

import bao_oracle
from bao_oracle import _native

ROOT = pathlib.Path(__file__).resolve().parents[3]


class Package(unittest.TestCase):
    def test_version_is_the_projects(self):
        project = re.search(r"project\(bao_oracle VERSION ([0-9.]+)", (ROOT / "CMakeLists.txt").read_text())
        self.assertEqual(bao_oracle.__version__, project.group(1))
        self.assertEqual(_native.VERSION, bao_oracle.__version__)

    def test_values_compare_hash_and_pickle(self):
        first = bao_oracle.play("ap-zanzibar", "start", "A6L")
        again = bao_oracle.play("ap-zanzibar", "start", "A6L")
        self.assertEqual(first, again)
        self.assertEqual(hash(first), hash(again))
        self.assertNotEqual(first, bao_oracle.play("ap-zanzibar", "start", "A6R"))
        for value in (first, first.trace[0], bao_oracle.rulesets()[0], bao_oracle.clauses("ap-zanzibar")[0],
                      bao_oracle.compare("ap-zanzibar", "start", ["A6L"])):
            with self.subTest(value=type(value).__name__):
                self.assertEqual(pickle.loads(pickle.dumps(value)), value)

    def test_the_stubs_name_every_function_of_the_compiled_module(self):
        stub = (pathlib.Path(bao_oracle.__file__).parent / "_native.pyi").read_text()
        functions = sorted(n for n in dir(_native) if not n.startswith("_") and callable(getattr(_native, n)))
        self.assertEqual(sorted(re.findall(r"^def (\w+)\(", stub, re.M)), functions)
        self.assertTrue((pathlib.Path(bao_oracle.__file__).parent / "py.typed").exists())


class ErrorsByKind(unittest.TestCase):
    def caught(self, kind, fn, *args, **kwargs):
        with self.assertRaises(kind) as caught:
            fn(*args, **kwargs)
        self.assertIsInstance(caught.exception, bao_oracle.InputError)
        self.assertIsInstance(caught.exception, ValueError)
        return caught.exception

    def test_each_kind_names_its_argument_field_and_offset(self):
        e = self.caught(bao_oracle.UnknownRuleset, bao_oracle.legal_moves, "nope", "start")
        self.assertEqual((e.argument, e.kind), ("ruleset", "unknown-ruleset"))
        e = self.caught(bao_oracle.InvalidPosition, bao_oracle.legal_moves, "ap-zanzibar",
                        "S 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 0,0,0,6,2,2,0/0,0,0,0,0,0,0,0")
        self.assertEqual((e.argument, e.field, e.offset), ("bpn", "north rows", 34))
        e = self.caught(bao_oracle.InvalidMove, bao_oracle.play, "ap-zanzibar", "start", "A6X")
        self.assertEqual((e.argument, e.offset), ("move", 2))
        e = self.caught(bao_oracle.IllegalMove, bao_oracle.play, "ap-zanzibar", "start", "A1L")
        self.assertEqual(str(e), "move: move A1L is not legal here; legal moves for South: A6L A6R A7L A7R")
        e = self.caught(bao_oracle.InvalidArgument, bao_oracle.perft, "ap-zanzibar", "start", 13)
        self.assertEqual((e.argument, str(e)), ("depth", "depth: must be from 0 to 12, got 13"))

    def test_errors_pickle_with_their_fields(self):
        e = self.caught(bao_oracle.InvalidPosition, bao_oracle.status, "ap-zanzibar", "S 1,2")
        back = pickle.loads(pickle.dumps(e))
        self.assertEqual((type(back), str(back), back.argument, back.field, back.offset),
                         (type(e), str(e), e.argument, e.field, e.offset))


class BadArguments(unittest.TestCase):
    def refused(self, kind, message, fn, *args, **kwargs):
        with self.assertRaises(kind) as caught:
            fn(*args, **kwargs)
        self.assertEqual(str(caught.exception), message)

    def test_a_wrong_type_is_a_type_error_naming_the_argument(self):
        self.refused(TypeError, "ruleset: expected a str, got int 3", bao_oracle.legal_moves, 3, "start")
        self.refused(TypeError, "depth: expected a whole number (int), got str '3'",
                     bao_oracle.perft, "ap-zanzibar", "start", "3")
        self.refused(TypeError, "depth: expected a whole number (int), got bool True",
                     bao_oracle.perft, "ap-zanzibar", "start", True)
        self.refused(TypeError, "moves: expected a list of str, got str 'A6L'",
                     bao_oracle.compare, "ap-zanzibar", "start", "A6L")
        self.refused(TypeError, "moves[2]: expected a str, got int 5",
                     bao_oracle.compare, "ap-zanzibar", "start", ["A6L", "A6R", 5])
        self.refused(TypeError, "plays['A6L']: expected None (refused), a BPN str or a (bpn, status) pair, "
                     "got dict {'bpn': 'x'}", bao_oracle.compare, "ap-zanzibar", "start", ["A6L"],
                     plays={"A6L": {"bpn": "x"}})
        self.refused(TypeError, "plays: expected a dict {move: (bpn, status)}, got list ['A6L']",
                     bao_oracle.compare, "ap-zanzibar", "start", ["A6L"], plays=["A6L"])

    def test_a_malformed_answer_is_an_input_error_not_a_disagreement(self):
        moves = ["A6L", "A6R", "A7L", "A7R"]
        self.refused(bao_oracle.InvalidArgument, "status: 'won' is not a status: ongoing, win S|N <reason> or "
                     "draw <reason>, with a reason word of the protocol",
                     bao_oracle.compare, "ap-zanzibar", "start", moves, "won")
        self.refused(bao_oracle.InvalidArgument, "plays['A6L'].status: 'win X no-move' is not a status: ongoing, "
                     "win S|N <reason> or draw <reason>, with a reason word of the protocol",
                     bao_oracle.compare, "ap-zanzibar", "start", moves, plays={"A6L": (None, "win X no-move")})
        self.refused(bao_oracle.InvalidMove, "moves[1]: move 'A6': direction L or R missing at offset 2",
                     bao_oracle.compare, "ap-zanzibar", "start", ["A6L", "A6"])
        self.refused(bao_oracle.InvalidPosition, "plays['A6L'].bpn: BPN field 1 (side): side must be S or N, "
                     "got 'won' at offset 0", bao_oracle.compare, "ap-zanzibar", "start", moves,
                     plays={"A6L": "won"})

    def test_a_refused_move_may_be_written_none_and_a_bpn_alone_leaves_its_status(self):
        moves = ["A6L", "A6R", "A7L", "A7R"]
        d = bao_oracle.compare("ap-zanzibar", "start", moves, plays={"A7R": None})
        self.assertEqual((d.kind, d.move), ("missing-move", "A7R"))
        after = bao_oracle.play("ap-zanzibar", "start", "A6L").bpn
        self.assertIsNone(bao_oracle.compare("ap-zanzibar", "start", moves, "ongoing", plays={"A6L": after}))
        # An opponent's move listed is the engine's mistake, not bad input.
        self.assertEqual(bao_oracle.compare("ap-zanzibar", "start", moves + ["a6L"]).kind, "extra-move")


if __name__ == "__main__":
    unittest.main()
