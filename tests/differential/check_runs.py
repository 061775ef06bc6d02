#!/usr/bin/env python3
"""Runs a fixed set of `bao-oracle check` runs and keeps what each wrote,
normalised, so that two builds can be compared report for report: a change
that is meant to leave the checker's output alone (a refactoring) must give
the same files.

    tests/differential/check_runs.py --bao BIN --fake FAKE_ENGINE OUT_DIR
    diff -r OUT_BEFORE OUT_AFTER

For each run OUT_DIR/<name>/ holds report.json (or summary.json for
`--ruleset all`, and the merged report for the shard run) with what varies
from one run to the next taken out: every "seconds" value, the
provenance's commit and command (the build's own), and the folders of the
builds, the scenarios and the temporary files in any text (written as
BAO_DIR, FAKE_DIR, SCENARIOS, ROOT and TMP); and the exit status in
exit.txt. Runs are bounded by --games or --budget, never by time, so that
they are the same on any machine.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# A filter that sends SIGTERM to the checker (its parent) when it reads its
# K-th request, then goes on answering: an interruption at a fixed point.
INTERRUPTER = r'''
import os, signal, subprocess, sys
k = int(sys.argv[1])
engine = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          text=True, bufsize=1)
n = 0
for line in sys.stdin:
    n += 1
    if n == k:
        os.kill(os.getppid(), signal.SIGTERM)
    engine.stdin.write(line)
    engine.stdin.flush()
    answer = engine.stdout.readline()
    if not answer:
        break
    sys.stdout.write(answer)
    sys.stdout.flush()
    if line.strip() == "quit":
        break
'''


def runs(bao, fake, tmp):
    engine = f"{bao} engine"
    filt = os.path.join(ROOT, "tests", "fakes", "filter_engine.py")
    interrupter = os.path.join(tmp, "interrupter.py")
    with open(interrupter, "w") as f:
        f.write(INTERRUPTER)
    accept = os.path.join(tmp, "accept.yaml")
    with open(accept, "w") as f:
        f.write("accept:\n  - switch: capture-needs-three\n    reason: known, to be fixed\n")
    mut = lambda m: f"{bao} engine --mutant {m}"
    return [
        ("oracle", ["--engine", engine, "--ruleset", "ap-zanzibar", "--games", "60"]),
        ("zanzibar-pair", ["--engine", mut("capture-needs-three,front-empty=immediate"),
                           "--ruleset", "ap-zanzibar", "--games", "300"]),
        ("ludii-three", ["--engine", mut("working-before-landing,house-works-at-seven,no-relay"),
                         "--ruleset", "ludii", "--budget", "20000"]),
        ("guide-three", ["--engine",
                         mut("house-stop-relay-only,house-rules-in-mtaji,working-before-landing"),
                         "--ruleset", "guide-v2", "--budget", "20000"]),
        ("kiswahili-pair", ["--engine", mut("capture-needs-three,no-relay"),
                            "--ruleset", "site-kiswahili", "--budget", "15000"]),
        ("random-search", ["--engine", mut("capture-needs-three"), "--ruleset", "ap-zanzibar",
                           "--search", "random", "--games", "150"]),
        ("accepted", ["--engine", mut("capture-needs-three,front-empty=immediate"),
                      "--ruleset", "ap-zanzibar", "--games", "200", "--accept", accept]),
        ("crash", ["--engine", f"{fake} crash 60", "--ruleset", "ap-zanzibar", "--games", "20"]),
        ("garbage", ["--engine", f"{fake} garbage 45", "--ruleset", "ap-zanzibar",
                     "--games", "20"]),
        ("hang", ["--engine", f"{fake} hang 50", "--ruleset", "ap-zanzibar", "--games", "10",
                  "--timeout-ms", "300"]),
        ("hostile", ["--engine", f"{fake} hostile 30", "--ruleset", "ap-zanzibar",
                     "--games", "10"]),
        ("notation", ["--engine", f"python3 {filt} flip-side -- {engine}",
                      "--ruleset", "ap-zanzibar", "--games", "60"]),
        ("jobs", ["--engine", mut("capture-needs-three,front-empty=immediate"),
                  "--ruleset", "ap-zanzibar", "--games", "120", "--jobs", "2"]),
        ("all", ["--engine", f"{fake} mutant-in guide-v2 no-relay", "--ruleset", "all",
                 "--games", "12"]),
        ("interrupted", ["--engine", f"python3 {interrupter} 800 {mut('capture-needs-three')}",
                         "--ruleset", "ap-zanzibar", "--games", "300"]),
    ]


def normalise(value):
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if k == "seconds":
                continue
            if k == "provenance" and isinstance(v, dict):
                v = {pk: pv for pk, pv in v.items() if pk not in ("commit", "command")}
            out[k] = normalise(v)
        return out
    if isinstance(value, list):
        return [normalise(v) for v in value]
    return value


def keep(src, dst, places):
    with open(src, encoding="utf-8") as f:
        text = f.read()
    # The longest first: a build folder may lie inside the repository.
    for path, name in sorted(places.items(), key=lambda p: -len(p[0])):
        text = text.replace(json.dumps(path)[1:-1], name)
    data = json.loads(text)
    with open(dst, "w", encoding="utf-8") as f:
        json.dump(normalise(data), f, indent=1, sort_keys=True)
        f.write("\n")


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
    scenarios = os.path.realpath(os.path.join(os.path.dirname(bao), "scenarios"))
    # (BAO_DIR last: where the two are one folder, it names it.)
    places = {os.path.dirname(fake): "FAKE_DIR", os.path.dirname(bao): "BAO_DIR",
              scenarios: "SCENARIOS", os.path.join(os.path.dirname(bao), "scenarios"): "SCENARIOS",
              ROOT: "ROOT", tmp: "TMP"}
    try:
        for name, args in runs(bao, fake, tmp):
            if only and name not in only:
                continue
            report = os.path.join(tmp, name)
            dest = os.path.join(a.out, name)
            os.makedirs(dest, exist_ok=True)
            proc = subprocess.run([bao, "check", *args, "--report", report],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            with open(os.path.join(dest, "exit.txt"), "w") as f:
                f.write(f"{proc.returncode}\n")
            for file in ("report.json", "summary.json"):
                if os.path.exists(os.path.join(report, file)):
                    keep(os.path.join(report, file), os.path.join(dest, file), places)
            print(f"{name}: exit {proc.returncode}", flush=True)
        # Two shards of one run, merged.
        if not only or "shards" in only:
            parts = []
            for i in range(2):
                d = os.path.join(tmp, f"shard{i}")
                subprocess.run([bao, "check", "--engine",
                                f"{bao} engine --mutant capture-needs-three,no-relay",
                                "--ruleset", "ap-zanzibar", "--games", "120",
                                "--shard", f"{i}/2", "--report", d],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                parts.append(os.path.join(d, "report.json"))
            merged = os.path.join(tmp, "merged")
            proc = subprocess.run([bao, "report", "merge", *parts, "--report", merged],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            dest = os.path.join(a.out, "shards")
            os.makedirs(dest, exist_ok=True)
            with open(os.path.join(dest, "exit.txt"), "w") as f:
                f.write(f"{proc.returncode}\n")
            if os.path.exists(os.path.join(merged, "report.json")):
                keep(os.path.join(merged, "report.json"), os.path.join(dest, "report.json"), places)
            print(f"shards: exit {proc.returncode}", flush=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
