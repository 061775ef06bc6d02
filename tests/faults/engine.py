#!/usr/bin/env python3
"""A hostile engine for the fault table (tests/faults/run.py).

`bao-oracle engine` answers behind it; the options choose how it
misbehaves:

  engine.py ORACLE [--name-hex HEX] [--answer-from K --answer-hex HEX]
                   [--hang-at K] [--ignore-term]

  --name-hex HEX     answer `name` with these bytes (hex of any bytes)
  --answer-from K    answer request K (1-based; the handshake is requests
                     1 to 3) and every later one but `quit` with
                     `= ` and the bytes of --answer-hex
  --hang-at K        stop answering at request K and sleep
  --ignore-term      ignore SIGTERM, so that only SIGKILL ends it

Standard library only.
"""
import argparse
import signal
import subprocess
import sys
import time


def main():
    p = argparse.ArgumentParser()
    p.add_argument("oracle")
    p.add_argument("--name-hex")
    p.add_argument("--answer-from", type=int, default=0)
    p.add_argument("--answer-hex", default="")
    p.add_argument("--hang-at", type=int, default=0)
    p.add_argument("--ignore-term", action="store_true")
    a = p.parse_args()
    if a.ignore_term:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    oracle = subprocess.Popen([a.oracle, "engine"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE)
    out = sys.stdout.buffer
    n = 0
    for line in sys.stdin.buffer:
        n += 1
        if n == a.hang_at:
            while True:
                time.sleep(3600)
        oracle.stdin.write(line if line.endswith(b"\n") else line + b"\n")
        oracle.stdin.flush()
        answer = oracle.stdout.readline().rstrip(b"\n")
        request = line.strip()
        if request == b"name" and a.name_hex is not None:
            answer = b"= " + bytes.fromhex(a.name_hex)
        if a.answer_from and n >= a.answer_from and request != b"quit":
            answer = b"= " + bytes.fromhex(a.answer_hex)
        out.write(answer + b"\n")
        out.flush()
        if request == b"quit":
            break
    oracle.stdin.close()
    oracle.wait()


if __name__ == "__main__":
    main()
