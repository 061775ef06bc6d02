"""The module answers as the native oracle: at every position of the file
bao-bindings-corpus wrote with the native build (BAO_BINDINGS_CORPUS), the
same status, legal moves, result, status and trace of every move, and
perft(2); and at some of them as the bao-oracle command (BAO_ORACLE) does."""

import json
import os
import subprocess
import unittest

import bao_oracle

CORPUS = os.environ.get("BAO_BINDINGS_CORPUS")
ORACLE = os.environ.get("BAO_ORACLE")


def positions():
    with open(CORPUS, encoding="utf-8") as f:
        return json.load(f)["positions"]


@unittest.skipUnless(CORPUS, "BAO_BINDINGS_CORPUS (the native build's bindings/corpus.json) not set")
class NativeCorpus(unittest.TestCase):
    def test_answers_as_the_native_library(self):
        seen = set()
        corpus = positions()
        for p in corpus:
            seen.add(p["ruleset"])
            where = f'{p["ruleset"]} {p["bpn"]}'
            self.assertEqual(bao_oracle.status(p["ruleset"], p["bpn"]), p["status"], where)
            self.assertEqual(bao_oracle.legal_moves(p["ruleset"], p["bpn"]), p["moves"], where)
            for m in p["plays"]:
                r = bao_oracle.play(p["ruleset"], p["bpn"], m["move"])
                self.assertEqual((r.bpn, r.status, r.trace_text), (m["bpn"], m["status"], m["trace"]),
                                 f'{where} {m["move"]}')
            self.assertEqual(bao_oracle.perft(p["ruleset"], p["bpn"], 2), p["perft2"], where)
        self.assertEqual(len(seen), len(bao_oracle.rulesets()))
        self.assertGreaterEqual(len(corpus), 10 * len(seen))

    def test_the_native_answers_agree_with_compare(self):
        for p in positions()[::7]:
            plays = {m["move"]: (m["bpn"], m["status"]) for m in p["plays"]}
            self.assertIsNone(bao_oracle.compare(p["ruleset"], p["bpn"], p["moves"], p["status"], plays),
                              p["bpn"])

    @unittest.skipUnless(ORACLE, "BAO_ORACLE (the bao-oracle program) not set")
    def test_answers_as_the_command_line(self):
        for p in positions()[::15]:
            out = subprocess.run([ORACLE, "moves", "--ruleset", p["ruleset"], "--position", p["bpn"]],
                                 check=True, capture_output=True, text=True).stdout
            self.assertEqual(out.split(), bao_oracle.legal_moves(p["ruleset"], p["bpn"]), p["bpn"])
            for m in p["plays"][:2]:
                out = subprocess.run([ORACLE, "play", "--ruleset", p["ruleset"], "--position", p["bpn"],
                                      "--move", m["move"]], check=True, capture_output=True,
                                     text=True).stdout.splitlines()
                r = bao_oracle.play(p["ruleset"], p["bpn"], m["move"])
                self.assertEqual(out, [r.bpn, r.status], f'{p["bpn"]} {m["move"]}')


if __name__ == "__main__":
    unittest.main()
