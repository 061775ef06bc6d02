#!/usr/bin/env python3
"""A quirky engine for the checker's tests: `bao-oracle engine` behind a
filter that changes its answers the way real engines differ in notation.

    filter_engine.py MODE -- ENGINE ARGS...

MODE is one of:
  drop-result   leave the oracle's `result=` key out of every position
  flip-side     after a move that ends the game, write the mover as the side
                to move (protocol v1 says: the mover's opponent)
  drop-used     leave the oracle's `used=` key out of every position
  none          pass everything through

Requests are passed to ENGINE one by one and its answers read back, so the
filter knows which answer belongs to which request.
"""
import subprocess
import sys


def drop_key(payload, key):
    return " ".join(w for w in payload.split(" ") if not w.startswith(key + "="))


def main():
    if len(sys.argv) < 4 or sys.argv[2] != "--":
        sys.stderr.write("usage: filter_engine.py MODE -- ENGINE ARGS...\n")
        return 2
    mode = sys.argv[1]
    engine = subprocess.Popen(sys.argv[3:], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, bufsize=1)
    for line in sys.stdin:
        request = line.rstrip("\r\n")
        engine.stdin.write(request + "\n")
        engine.stdin.flush()
        answer = engine.stdout.readline()
        if not answer:
            return 1
        answer = answer.rstrip("\n")
        word = request.split(" ", 1)[0]
        if answer.startswith("= ") and word in ("play", "show"):
            payload = answer[2:]
            if mode == "drop-result":
                payload = drop_key(payload, "result")
            elif mode == "drop-used":
                payload = drop_key(payload, "used")
            answer = "= " + payload
        if mode == "flip-side" and word == "play" and answer.startswith("= "):
            # Ask the status now; a finished game gets the mover's letter.
            engine.stdin.write("status\n")
            engine.stdin.flush()
            status = engine.stdout.readline().rstrip("\n")
            payload = answer[2:]
            if status.startswith("= ") and status != "= ongoing" and payload:
                payload = ("N" if payload[0] == "S" else "S") + payload[1:]
            answer = "= " + payload
        sys.stdout.write(answer + "\n")
        sys.stdout.flush()
        if word == "quit":
            break
    engine.stdin.close()
    engine.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
