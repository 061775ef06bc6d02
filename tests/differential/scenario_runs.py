#!/usr/bin/env python3
"""Runs the scenario suite against a fixed set of engines and keeps what each
run wrote, normalised, so that two builds can be compared run for run: a
change meant to leave `bao-oracle scenarios` alone (a refactoring of how the
runner asks an engine) must give the same files, down to the requests sent.

    tests/differential/scenario_runs.py --bao BIN --fake FAKE_ENGINE OUT_DIR
    diff -r OUT_BEFORE OUT_AFTER

For each run OUT_DIR/<name>/ holds results.json (the `--json` file without
its "seconds" values and the provenance's commit and command), out.txt and
err.txt (what the command printed), transcript.txt (the requests and events
of the `--log` file of an `--engine` run, without times and process ids)
and exit.txt. Folders
that differ between builds (the build's, the fake's, the repository's, the
temporary one) are written as BAO_DIR, FAKE_DIR, ROOT and TMP. Every
misbehaving fake breaks at a fixed request, so a run is the same on any
machine; the hanging one is bounded by --timeout-ms. (Fakes whose fault is
a line the engine writes unasked, `chatty` and `extra`, are left out: where
that line is read races with the requests, so two runs of one build differ.)
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from check_runs import normalise  # noqa: E402  (what varies between runs taken out)


def runs(bao, fake):
    engine = f"{bao} engine"
    filt = os.path.join(ROOT, "tests", "fakes", "filter_engine.py")
    ap = os.path.join(ROOT, "scenarios", "abstract_play")
    every = os.path.join(ROOT, "scenarios")
    return [
        # The oracle in the process, and its clause coverage.
        ("in-process", [every]),
        ("coverage", [every, "--coverage"]),
        # The oracle and three mutants as processes.
        ("engine", [every, "--engine", engine]),
        ("mutant-capture", [every, "--engine", f"{engine} --mutant capture-needs-three"]),
        ("mutant-relay", [every, "--engine", f"{engine} --mutant no-relay"]),
        ("mutant-three", [every, "--engine",
                          f"{engine} --mutant house-rules-in-mtaji,working-before-landing"]),
        ("notation", [ap, "--engine", f"python3 {filt} flip-side -- {engine}"]),
        # Fakes that break at their n-th request, or from the start.
        ("good", [ap, "--engine", f"{fake} good"]),
        ("crash", [ap, "--engine", f"{fake} crash 60"]),
        ("exit", [ap, "--engine", f"{fake} exit3 25"]),
        ("hang", [ap, "--engine", f"{fake} hang 40", "--timeout-ms", "300"]),
        ("garbage", [ap, "--engine", f"{fake} garbage 30"]),
        ("no-newline", [ap, "--engine", f"{fake} no-newline 50"]),
        ("hostile", [ap, "--engine", f"{fake} hostile 30"]),
        ("odd-text", [ap, "--engine", f"{fake} odd-text 30"]),
        ("odd-bytes", [ap, "--engine", f"{fake} odd-bytes 30"]),
        ("dup-moves", [ap, "--engine", f"{fake} dup-moves"]),
        ("refuse-ruleset", [ap, "--engine", f"{fake} refuse-ruleset"]),
        ("lists", [ap, "--engine", f"{fake} lists ap-zanzibar,no-such-ruleset"]),
        ("bad-name", [ap, "--engine", f"{fake} bad-name"]),
        ("version", [ap, "--engine", f"{fake} version"]),
        ("exit-at-start", [ap, "--engine", f"{fake} exit-at-start"]),
        ("crash-early", [ap, "--engine", f"{fake} crash 5"]),
        ("mutant-in", [every, "--engine", f"{fake} mutant-in guide-v2 no-relay"]),
        ("missing", [ap, "--engine", "/no/such/engine"]),
    ]


def rename(text, places):
    # The longest first: a build folder may lie inside the repository.
    for path, name in sorted(places.items(), key=lambda p: -len(p[0])):
        text = text.replace(path, name)
    return text


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bao", required=True)
    p.add_argument("--fake", required=True)
    p.add_argument("--only", help="comma-separated run names")
    p.add_argument("out")
    a = p.parse_args()
    bao = os.path.abspath(a.bao)
    fake = os.path.abspath(a.fake)
    os.makedirs(a.out, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="bao-differential-")
    only = set(a.only.split(",")) if a.only else None
    places = {os.path.dirname(fake): "FAKE_DIR", os.path.dirname(bao): "BAO_DIR", ROOT: "ROOT",
              tmp: "TMP"}
    try:
        for name, args in runs(bao, fake):
            if only and name not in only:
                continue
            dest = os.path.join(a.out, name)
            os.makedirs(dest, exist_ok=True)
            results = os.path.join(tmp, name + ".json")
            log = os.path.join(tmp, name + ".log")
            extra = ["--log", log] if "--engine" in args else []
            proc = subprocess.run([bao, "scenarios", *args, "--json", results, *extra],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=900)
            with open(os.path.join(dest, "exit.txt"), "w") as f:
                f.write(f"{proc.returncode}\n")
            for stream, file in ((proc.stdout, "out.txt"), (proc.stderr, "err.txt")):
                text = stream.decode("utf-8", errors="replace")
                with open(os.path.join(dest, file), "w", encoding="utf-8") as f:
                    f.write(rename(text, places))
            if os.path.exists(results):
                with open(results, encoding="utf-8") as f:
                    data = json.loads(rename(f.read(), places))
                with open(os.path.join(dest, "results.json"), "w", encoding="utf-8") as f:
                    json.dump(normalise(data), f, indent=1, sort_keys=True)
                    f.write("\n")
            if os.path.exists(log):
                with open(log, encoding="utf-8", errors="replace") as f:
                    lines = f.read().splitlines()
                kept = []
                for line in lines:
                    # How a stopped engine ended races with its stopping.
                    line = re.sub(r"\* ended: .*", "* ended", line)
                    # Answers: after a fault, how many of a batch's answers
                    # are read before the engine is stopped races with the
                    # stopping (the answers that count are in the results).
                    if " < " in line:
                        continue
                    # "0.004 e1 30143 > 2 name": the time and the process id go.
                    parts = line.split(" ", 3)
                    if len(parts) == 4 and re.fullmatch(r"\d+", parts[2]):
                        parts[2] = "PID"
                    kept.append(rename(" ".join(parts[1:]), places))
                with open(os.path.join(dest, "transcript.txt"), "w", encoding="utf-8") as f:
                    f.write("\n".join(kept) + "\n")
            print(f"{name}: exit {proc.returncode}", flush=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
