"""The Python module bao_oracle, against facts written down apart from it:
the protocol's start position, the examples of docs/cli.md (which
Docs.Examples runs against the command line) and the perft tables of
tests/perft/ (measured with `bao-oracle perft`)."""

import doctest
import pathlib
import unittest

import bao_oracle

ROOT = pathlib.Path(__file__).resolve().parents[3]
START = "S 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 hand=22,22 house=A5,a5"


def perft_tables():
    """(ruleset, name, bpn, counts) of every position of tests/perft/."""
    for path in sorted((ROOT / "tests" / "perft").glob("*.txt")):
        name = bpn = None
        for line in path.read_text().splitlines():
            if line.startswith("position "):
                name = line.split(" ", 1)[1]
            elif line.startswith("bpn "):
                bpn = line.split(" ", 1)[1]
            elif line.startswith("counts "):
                yield path.stem, name, bpn, [int(n) for n in line.split()[1:]]


class Rulesets(unittest.TestCase):
    def test_every_ruleset_of_the_protocol_is_listed(self):
        ids = [r.id for r in bao_oracle.rulesets()]
        self.assertEqual(ids, ["ap-zanzibar", "ap-malawi-setup", "ap-bawo", "ap-kujifunza",
                               "guide-v2", "guide-r002", "site-kiswahili", "site-bank",
                               "site-maasai", "site-long-game", "ludii"])

    def test_start_position_is_the_protocols(self):
        by_id = {r.id: r for r in bao_oracle.rulesets()}
        self.assertEqual(by_id["ap-zanzibar"].start, START)
        self.assertEqual(by_id["guide-v2"].start, START)
        self.assertEqual(by_id["ap-zanzibar"].source, "ap")

    def test_clauses_name_their_ids_and_kinds(self):
        clauses = bao_oracle.clauses("ap-zanzibar")
        ids = [c.id for c in clauses]
        self.assertIn("ap.sow.consecutive", ids)
        self.assertIn("ap.kunamua.place", ids)
        self.assertEqual({c.kind for c in clauses}, {"rule", "interpretation"})
        self.assertNotIn("guide.capture.entry-first-namua-choice", ids)


class Moves(unittest.TestCase):
    def test_legal_moves_at_the_start(self):
        self.assertEqual(bao_oracle.legal_moves("ap-zanzibar", "start"), ["A6L", "A6R", "A7L", "A7R"])
        self.assertEqual(bao_oracle.legal_moves("ap-zanzibar", START), ["A6L", "A6R", "A7L", "A7R"])

    def test_play_gives_the_position_status_and_trace_of_docs_cli(self):
        first = bao_oracle.play("ap-zanzibar", "start", "A6L")
        self.assertEqual([(e.text, e.clause) for e in first.trace], [
            ("place A6", "ap.kunamua.place"),
            ("lift A6 3", "ap.kunamua.kutakata-sow"),
            ("sow A5", "ap.sow.consecutive"),
            ("sow A4", "ap.sow.consecutive"),
            ("sow A3", "ap.sow.consecutive"),
            ("stop A3", "ap.sow.empty-ends-turn"),
        ])
        self.assertEqual(first.trace_text, "place A6; lift A6 3; sow A5; sow A4; sow A3; stop A3")
        self.assertEqual((first.trace[1].kind, first.trace[1].pit, first.trace[1].count),
                         ("lift", "A6", 3))
        second = bao_oracle.play("ap-zanzibar", first.bpn, "a6L")
        self.assertEqual(second.bpn, "S 0,0,0,1,7,0,2,0/0,0,0,0,0,0,0,0 "
                                     "0,0,0,0,6,3,2,1/0,0,0,0,0,0,0,0 hand=21,21 house=A5,a5")
        self.assertEqual(second.status, "ongoing")
        self.assertEqual(second.trace[2].text, "enter a8 1")
        self.assertEqual(second.trace[2].clause, "ap.capture.entry-first-kunamua-choice")

    def test_status_of_an_empty_front_row(self):
        bpn = "S 0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0 0,0,0,0,1,0,0,0/0,0,0,0,0,0,0,0"
        self.assertEqual(bao_oracle.status("ap-zanzibar", bpn), "win N front-empty")
        self.assertEqual(bao_oracle.status("ap-zanzibar", "start"), "ongoing")


class Perft(unittest.TestCase):
    def test_counts_of_the_perft_tables(self):
        checked = 0
        for ruleset, name, bpn, counts in perft_tables():
            for depth, expected in enumerate(counts[:3], start=1):
                with self.subTest(ruleset=ruleset, position=name, depth=depth):
                    self.assertEqual(bao_oracle.perft(ruleset, bpn, depth), expected)
                    checked += 1
        self.assertGreaterEqual(checked, 11 * 3)

    def test_depth_zero_counts_the_position(self):
        self.assertEqual(bao_oracle.perft("ap-zanzibar", "start", 0), 1)


class Errors(unittest.TestCase):
    def test_bad_bpn_names_the_field_and_offset(self):
        with self.assertRaises(ValueError) as caught:
            bao_oracle.legal_moves("ap-zanzibar", "S 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 0,0,0,6,2,2,0/0,0,0,0,0,0,0,0")
        self.assertEqual(str(caught.exception),
                         "bpn: BPN field 3 (north rows): expected 8 counts, got 7 at offset 34")
        self.assertIsInstance(caught.exception, bao_oracle.InputError)

    def test_unknown_ruleset_lists_the_known(self):
        with self.assertRaises(ValueError) as caught:
            bao_oracle.status("nope", "start")
        self.assertTrue(str(caught.exception).startswith(
            "ruleset: unknown ruleset 'nope' (known: ap-zanzibar, ap-malawi-setup"))

    def test_illegal_move_lists_the_legal_ones(self):
        with self.assertRaises(ValueError) as caught:
            bao_oracle.play("ap-zanzibar", "start", "A1L")
        self.assertEqual(str(caught.exception),
                         "move: move A1L is not legal here; legal moves for South: A6L A6R A7L A7R")

    def test_malformed_move_says_where(self):
        with self.assertRaises(ValueError) as caught:
            bao_oracle.play("ap-zanzibar", "start", "A6r")
        self.assertIn("direction must be L or R at offset 2", str(caught.exception))

    def test_depth_out_of_range(self):
        with self.assertRaises(ValueError) as caught:
            bao_oracle.perft("ap-zanzibar", "start", 99)
        self.assertEqual(str(caught.exception), "depth: must be from 0 to 12, got 99")


class Docs(unittest.TestCase):
    def test_the_python_examples_of_docs_bindings(self):
        result = doctest.testfile(str(ROOT / "docs" / "bindings.md"), module_relative=False, verbose=False)
        self.assertEqual(result.failed, 0)
        self.assertGreaterEqual(result.attempted, 15)


class Compare(unittest.TestCase):
    def oracle_plays(self, ruleset, bpn):
        return {m: (bao_oracle.play(ruleset, bpn, m).bpn, bao_oracle.play(ruleset, bpn, m).status)
                for m in bao_oracle.legal_moves(ruleset, bpn)}

    def test_the_oracles_own_answers_agree(self):
        plays = self.oracle_plays("ap-zanzibar", "start")
        self.assertIsNone(bao_oracle.compare("ap-zanzibar", "start", list(plays), "ongoing", plays))

    def test_a_missing_move(self):
        d = bao_oracle.compare("ap-zanzibar", "start", ["A6L", "A6R", "A7R"])
        self.assertEqual((d.kind, d.move, d.expected), ("missing-move", "A7L", "legal"))
        self.assertEqual(d.clause, "ap.kunamua.place")
        self.assertEqual(d.notation, "")

    def test_an_extra_move(self):
        d = bao_oracle.compare("ap-zanzibar", "start", ["A6L", "A6R", "A7L", "A7R", "A1L"])
        self.assertEqual((d.kind, d.move, d.expected), ("extra-move", "A1L", "illegal"))

    def test_a_different_result_names_the_step_where_it_departs(self):
        # A6L sown one pit short: the seeds stop at A4 instead of A3.
        wrong = "N 0,0,0,1,7,0,2,0/0,0,0,0,0,0,0,0 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 hand=21,22 house=A5,a5"
        d = bao_oracle.compare("ap-zanzibar", "start", ["A6L", "A6R", "A7L", "A7R"],
                               plays={"A6L": (wrong, "ongoing")})
        self.assertEqual((d.kind, d.move, d.actual), ("different-result", "A6L", wrong))
        self.assertEqual(d.expected, bao_oracle.play("ap-zanzibar", "start", "A6L").bpn)
        self.assertEqual(d.clause, "ap.sow.consecutive")

    def test_a_different_status(self):
        d = bao_oracle.compare("ap-zanzibar", "start", ["A6L", "A6R", "A7L", "A7R"], status="draw no-move")
        self.assertEqual((d.kind, d.expected, d.actual), ("different-status", "ongoing", "draw no-move"))

    def test_a_refused_legal_move(self):
        d = bao_oracle.compare("ap-zanzibar", "start", ["A6L", "A6R", "A7L", "A7R"],
                               plays={"A7R": (None, None)})
        self.assertEqual((d.kind, d.move), ("missing-move", "A7R"))

    def test_bad_bpn_in_compare(self):
        with self.assertRaises(ValueError):
            bao_oracle.compare("ap-zanzibar", "S 1", [])


if __name__ == "__main__":
    unittest.main()
