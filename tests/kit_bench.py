#!/usr/bin/env python3
"""Requests per second of an engine over the protocol, as the kits' READMEs
report them:

    python3 tests/kit_bench.py [--requests N] ENGINE_ARGV...

Sends two pipelined sessions of N requests each (100,000 by default) to a
site-maasai engine (every kit's example plays it) through pipes, and prints
for each the wall-clock rate and the rate the engine's own CPU time allows
(its user + system time, from the kernel's accounting of the child):
`moves` at the start position, and a mix of `position`, `moves`, `play` and
`status` over positions of a game. A measurement, not a test: the figures
depend on the machine and on its load, which it prints too.
"""

import os
import resource
import subprocess
import sys
import time

A_GAME = ["S 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2",
          "N 1,4,4,1,0,1,3,0/3,3,0,3,3,0,3,3 2,2,2,2,2,2,2,0/2,2,2,2,2,2,2,2 store=2,0",
          "S 0,4,4,1,0,1,3,0/3,3,0,3,3,0,3,3 0,3,3,0,3,0,2,1/3,3,0,3,3,0,3,3 store=2,1"]


def timed(argv, requests):
    data = "".join(r + "\n" for r in requests).encode("ascii")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    r = subprocess.run(argv, input=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=True)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    answers = r.stdout.count(b"\n")
    if answers != len(requests):
        raise SystemExit("kit_bench.py: %d answers to %d requests" % (answers, len(requests)))
    refused = r.stdout.count(b"\n? ")
    if refused:
        raise SystemExit("kit_bench.py: %d requests refused" % refused)
    return len(requests) / wall, len(requests) / cpu


def main():
    args = sys.argv[1:]
    n = 100000
    if args[:1] == ["--requests"]:
        n, args = int(args[1]), args[2:]
    if not args:
        raise SystemExit("usage: kit_bench.py [--requests N] ENGINE_ARGV...")
    mix = []
    while len(mix) < n:
        for bpn in A_GAME:
            mix += ["position " + bpn, "moves", "play " + ("A6L" if bpn[0] == "S" else "a6L"), "status"]
    print("load average %.1f %.1f %.1f, %d cores" % (os.getloadavg() + (os.cpu_count(),)))
    for name, requests in (("moves", ["moves"] * n), ("mix", mix[:n])):
        wall, cpu = timed(args, requests)
        print("%-5s %d requests in one batch: %.0f/s (engine CPU alone would allow %.0f/s)"
              % (name, len(requests), wall, cpu))


if __name__ == "__main__":
    main()
