"""bao_oracle.check: the checker inside the test runner, against an engine
object of the test process. The example engine of examples/python/ passes;
a copy with one rule changed (the capture takes the opponent's pit with the
same number, not the one across) gives exactly that deviation; and the
diagnosis is the one `bao-oracle check` gives the same engine run as a
process, with the same games and seed. Needs the bao-oracle program
(BAO_ORACLE, set by the test suite, or on PATH); reported skipped without."""

import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import types
import unittest

import bao_oracle

ROOT = pathlib.Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "examples" / "python"
sys.path.insert(0, str(EXAMPLE))
from site_maasai import Maasai  # noqa: E402

GAMES, SEED = 10, 7
ORACLE = os.environ.get("BAO_ORACLE") or shutil.which("bao-oracle")


def variant_source():
    """site_maasai.py with the capture across changed to the same number."""
    text = (EXAMPLE / "site_maasai.py").read_text()
    changed = text.replace("7 - last", "last")
    assert changed != text, "the variant's change found nothing to change"
    return changed


def variant_engine():
    module = types.ModuleType("site_maasai_variant")
    exec(compile(variant_source(), "site_maasai_variant.py", "exec"), module.__dict__)
    return module.Maasai()


@unittest.skipUnless(ORACLE, "no bao-oracle program to check with (BAO_ORACLE not set, none on PATH)")
class Check(unittest.TestCase):
    def test_the_example_engine_passes(self):
        result = bao_oracle.check(Maasai(), "site-maasai", games=GAMES, seed=SEED)
        self.assertTrue(result.passed, result.summary)
        self.assertEqual((result.deviations, result.unexplained), ((), ()))
        self.assertIn("no findings: the engine agreed with the oracle everywhere", result.summary)
        self.assertEqual(result.report["stats"]["games"], GAMES)
        self.assertGreater(result.report["stats"]["positions"], 0)

    def test_one_rule_changed_is_exactly_that_deviation(self):
        result = bao_oracle.check(variant_engine(), "site-maasai", games=GAMES, seed=SEED)
        self.assertFalse(result.passed)
        self.assertEqual([d.switch for d in result.deviations], ["site-capture-same-number"])
        self.assertEqual(result.unexplained, ())
        self.assertIn("site-capture-same-number", result.summary)

    def test_the_diagnosis_is_bao_oracle_checks(self):
        oracle = ORACLE
        ours = bao_oracle.check(variant_engine(), "site-maasai", games=GAMES, seed=SEED)
        with tempfile.TemporaryDirectory() as tmp:
            engine_dir = pathlib.Path(tmp) / "engine"
            engine_dir.mkdir()
            shutil.copy(EXAMPLE / "maasai_engine.py", engine_dir)
            (engine_dir / "site_maasai.py").write_text(variant_source())
            env = dict(os.environ, PYTHONPATH=os.pathsep.join(
                [str(pathlib.Path(bao_oracle.__file__).parent.parent), os.environ.get("PYTHONPATH", "")]))
            run = subprocess.run([oracle, "check", "--engine", "%s %s" % (sys.executable,
                                                                          engine_dir / "maasai_engine.py"),
                                  "--ruleset", "site-maasai", "--games", str(GAMES), "--seed", str(SEED),
                                  "--no-corpus", "--report", str(pathlib.Path(tmp) / "report")],
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, timeout=600)
            self.assertEqual(run.returncode, 1, run.stdout.decode())
            theirs = json.loads((pathlib.Path(tmp) / "report" / "report.json").read_text())
        mine = ours.report

        def diagnosis(report):
            return ([(d["switch"], d["clause"], d["games"], d["positions"], d["witness"]["position"],
                      d["witness"]["move"], d["witness"]["expected"], d["witness"]["actual"])
                     for d in report["deviations"]],
                    [(f["kind"], f["clauses"], f["position"]) for f in report["unexplained"]],
                    {k: report["stats"][k] for k in ("games", "positions", "skipped", "moves", "requests")})

        self.assertEqual(diagnosis(mine), diagnosis(theirs))
        self.assertEqual(len(mine["deviations"]), 1)

    def test_the_report_is_written_where_asked(self):
        with tempfile.TemporaryDirectory() as tmp:
            result = bao_oracle.check(Maasai(), "site-maasai", games=2, seed=SEED, report=pathlib.Path(tmp) / "out")
            self.assertEqual(sorted(p.name for p in (pathlib.Path(tmp) / "out").iterdir()),
                             ["junit.xml", "report.html", "report.json", "report.md"])
            self.assertEqual(json.loads((pathlib.Path(tmp) / "out" / "report.json").read_text()), result.report)

    def test_an_engine_that_raises_is_a_finding_not_a_crash_of_the_test(self):
        class Raises(Maasai):
            def play(self, board, move, ruleset):
                if move.pit == "A6":
                    raise RuntimeError("boom")
                return super().play(board, move, ruleset)

        result = bao_oracle.check(Raises(), "site-maasai", games=GAMES, seed=SEED)
        self.assertFalse(result.passed)
        # The kit's answer to the exception is the engine's refusal of A6L, as the report shows it.
        answers = [f.actual for f in result.unexplained] + [d.actual for d in result.deviations]
        self.assertTrue(any("play(A6L) threw RuntimeError: boom" in a for a in answers), result.summary)

    def test_bad_arguments_are_named(self):
        with self.assertRaises(bao_oracle.UnknownRuleset):
            bao_oracle.check(Maasai(), "nope")
        with self.assertRaises(bao_oracle.InvalidArgument) as caught:
            bao_oracle.check(Maasai(), "ap-zanzibar")
        self.assertEqual(str(caught.exception), "engine: the engine 'maasai-example 1.0 (python)' does not play "
                                                "ap-zanzibar (it lists: site-maasai)")
        with self.assertRaises(TypeError) as caught:
            bao_oracle.check(object(), "site-maasai")
        self.assertEqual(str(caught.exception), "engine: engine.start must be a function")
        with self.assertRaises(TypeError) as caught:
            bao_oracle.check(Maasai(), "site-maasai", games="10")
        self.assertEqual(str(caught.exception), "games: expected a whole number (int), got str '10'")
        with self.assertRaises(bao_oracle.InvalidArgument) as caught:
            bao_oracle.check(Maasai(), "site-maasai", games=0)
        self.assertEqual(str(caught.exception), "games: must be 1 or more, got 0")
        with self.assertRaises(FileNotFoundError) as caught:
            bao_oracle.check(Maasai(), "site-maasai", oracle="/nonexistent/bao-oracle")
        self.assertEqual(str(caught.exception), "oracle: /nonexistent/bao-oracle is not an executable file")
        with self.assertRaises(bao_oracle.InvalidArgument) as caught:
            bao_oracle.check(Maasai(), "site-maasai", games=1, args=["--no-such-option"])
        self.assertTrue(str(caught.exception).startswith("bao-oracle check: "), str(caught.exception))


if __name__ == "__main__":
    unittest.main()
