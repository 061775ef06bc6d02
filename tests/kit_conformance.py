#!/usr/bin/env python3
"""An adapter kit's example engine against `bao-oracle engine`, byte for byte.

    kit_conformance.py BAO_ORACLE ENGINE_ARGV...

Sends the same pipelined session, most of it hostile (malformed requests,
broken BPN, invalid UTF-8, NUL bytes, escape sequences, lines over 64 KiB,
unknown commands), to the engine and to `bao-oracle engine --ruleset
site-maasai`, and requires the same answers line for line: a kit answers
the protocol's framing and errors as the oracle's own server does. Then it
checks that each answer is written before the next request arrives (a kit
that buffered its output would stall a checker) and that the end of input
ends the engine with exit status 0.

Every kit's example plays site-maasai; the kits' tests run this through
tests/kit_example.sh. The session is about the protocol, not the rules: the
positions it sets are ones the example and the oracle hold alike (a
position the example refuses is refused in the example's own words, and a
game that is over refuses a move in the oracle's). Exit status 0 when all
agree, 1 with the differences.
"""

import os
import select
import subprocess
import sys
import time

ROW = "0,0,0,0,0,0,0,0"
BOARD = "S %s/%s %s/%s" % (ROW, ROW, ROW, ROW)
START = "S 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2"
AFTER_A6L = "N 1,4,4,1,0,1,3,0/3,3,0,3,3,0,3,3 2,2,2,2,2,2,2,0/2,2,2,2,2,2,2,2 store=2,0"
KEYS = ["hand=1", "store=200,56", "foo=1", "store=1,1 store=1,1", "house=C3", "house=A5,A5", "house=A55",
        "quiet=65536", "quiet=-1", "result=W:infinite", "result=N:forever", "result=N", "quiet", "=3", "store=",
        "store=1,", "house=", "house=A5,", "result=", "result=N:", "store=3,4 quiet=50",
        "store=2,1 result=S:infinite", "result=N:infinite", "hand=0,0"]
BPNS = ["S %s/%s" % (ROW, ROW), "S %s/%s %s" % (ROW, ROW, ROW), "S %s/%s 0,0,0,0,0,0,0/%s" % (ROW, ROW, ROW),
        "S -1,0,0,0,0,0,0,0/%s %s/%s" % (ROW, ROW, ROW), "S %s/%s/%s %s/%s" % (ROW, ROW, ROW, ROW, ROW),
        "S ,,,,,,,/%s %s/%s" % (ROW, ROW, ROW), "S 256,0,0,0,0,0,0,0/%s %s/%s" % (ROW, ROW, ROW),
        "S %s/%s %s/0,0,0,0,x,0,0,0" % (ROW, ROW, ROW), "X %s" % ROW, "",
        ] + ["%s %s" % (BOARD, key) for key in KEYS] + [
        "N 01,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,2/0,0,0,0,0,0,0,0   quiet=3 store=4,5 ",
        "S 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1 result=draw:infinite",
        "N 0,1,0,0,0,0,0,0/0,0,0,0,2,0,0,0 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 store=3,3 quiet=49",
        "%s store=1,0" % BOARD, "%s\tstore=0,1" % BOARD, "\t%s" % BOARD, "%s store=192,0" % START,
        "%s store=192,1" % START]
REQUESTS = [
    "", " \t ", "hello", "PROTOCOL", "protocol x", "show me", "play", "play A6L A5L", "ruleset", "ruleset nope",
    "position", "perft", "perft 7", "perft -1", "perft x", "perft +1", "perft 1.0", "perft 99999999999999999999",
    "trace", "play A6X", "play a6L", "play A6L+x", "play A6R", "play C3L", "play A", "play A6", "play A6Ltt",
    "play A6L+t", "play A6l", "play A9L", "play A6Lt", "play A6L+", "moves", "play A6L", "trace", "status", "show",
    "perft 3", "position start", "protocol" + " " * 65528, "protocol" + " " * 65529, "x" * 200000,
    "position " + "9" * 1000, "position S " + "1," * 2000, "ruleset site-maasai", "play A1L", "play a1L",
    "trace", "status", "moves", "show", "protocol", "  moves \t", "play\tA6L\r", "perft  1 ",
    "position start", "show", "perft 002", "perft 00", "perft 0x1",
] + [r for bpn in BPNS for r in ("position " + bpn, "show", "status", "moves", "perft 2")]


def session_bytes():
    data = b"".join(r.encode("latin-1") + b"\n" for r in REQUESTS)
    return data + b"".join([
        b"position start\n",
        b"\xff\xfe\xc3\x28\n",  # not UTF-8 at all
        b"play \xc3\xa9\n",  # UTF-8 e-acute as a move
        b"pro\x00tocol\n",  # a NUL byte
        b"position S \x1b[2J\n",  # an escape sequence
        b"show\r\r\n",  # a second '\r' is part of the command
        b"play A6\tL\r\r\n",  # and of the argument, where it is dropped again
        b"play A6L\r\r\n",
        b"protocol" + b" " * 65528 + b"\r\n",  # the '\r' counts towards the limit
        b"position " + b"9" * (5 << 20) + b"\n",  # 5 MB, read and thrown away
        b"show\n",
        b"quit\n", b"protocol\n",  # nothing after quit is answered
    ])


def answers(argv, data):
    r = subprocess.run(argv, input=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=300)
    if r.returncode != 0:
        raise SystemExit("FAIL: %s exited %d; stderr: %s" % (argv[0], r.returncode, r.stderr.decode(errors="replace")[-2000:]))
    lines = r.stdout.decode("latin-1").split("\n")
    if lines.pop() != "":
        raise SystemExit("FAIL: %s: the last answer does not end with a newline" % argv[0])
    return lines


def answered_at_once(argv):
    """Each answer arrives before the next request is written, also when a
    request comes in pieces; end of input ends the engine with status 0."""
    child = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    out = b""

    def wait_for(lines):
        nonlocal out
        deadline = time.monotonic() + 30
        while out.count(b"\n") < lines:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([child.stdout], [], [], left)[0]:
                child.kill()
                raise SystemExit("FAIL: no answer %d within 30 s; got %r" % (lines, out))
            chunk = os.read(child.stdout.fileno(), 65536)
            if not chunk:
                raise SystemExit("FAIL: the engine closed its output; got %r" % out)
            out += chunk

    def send(data):
        child.stdin.write(data)
        child.stdin.flush()

    send(b"protocol\n")
    wait_for(1)
    send(b"pla")
    send(b"y A")
    time.sleep(0.05)
    send(b"6L\nsta")
    wait_for(2)
    send(b"tus\n")
    wait_for(3)
    child.stdin.close()
    status = child.wait(timeout=30)
    rest = child.stdout.read()
    expected = ("= 1\n= %s\n= ongoing\n" % AFTER_A6L).encode()
    if out + rest != expected:
        raise SystemExit("FAIL: answered %r, expected %r" % (out + rest, expected))
    if status != 0:
        raise SystemExit("FAIL: the end of input ended the engine with status %d, not 0" % status)


def main():
    if len(sys.argv) < 3:
        raise SystemExit("usage: kit_conformance.py BAO_ORACLE ENGINE_ARGV...")
    oracle, engine = sys.argv[1], sys.argv[2:]
    data = session_bytes()
    ours = answers(engine, data)
    theirs = answers([oracle, "engine", "--ruleset", "site-maasai"], data)
    differ = ["answer %d:\n  engine %s\n  oracle %s" % (i + 1, a[:300], b[:300])
              for i, (a, b) in enumerate(zip(ours, theirs)) if a != b]
    if len(ours) != len(theirs):
        differ.append("%d answers from the engine, %d from the oracle" % (len(ours), len(theirs)))
    refused = sum(1 for a in theirs if a.startswith("?"))
    if differ:
        print("\n".join(differ))
        print("FAIL: %d of %d answers differ from bao-oracle engine's" % (len(differ), len(theirs)))
        return 1
    if refused < 60:
        print("FAIL: only %d of the oracle's answers are refusals; the session is meant to be hostile" % refused)
        return 1
    answered_at_once(engine)
    print("ok: %d answers (%d refusals) the same as bao-oracle engine's, byte for byte; "
          "each answer written at once" % (len(ours), refused))
    return 0


if __name__ == "__main__":
    sys.exit(main())
