#!/usr/bin/env python3
"""Writes raw seed inputs for the fuzz targets (docs/fuzzing.md).

Every seed comes from the project itself: the positions, moves and files of
scenarios/, the examples of docs/notation.md and docs/protocol.md, and a
check report in the format oracle/checker/report.cpp writes. The output is
one folder per target under OUT; `fuzz/update_corpus.sh` merges them into
fuzz/corpus/<target>/ with libFuzzer's -merge=1, which keeps only the seeds
that add coverage.

    fuzz/seeds.py OUT
"""
import hashlib
import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent

# The requests fuzz/targets/engine_replies.cpp picks from, in its order.
REPLY_REQUESTS = [
    "protocol", "name", "rulesets", "ruleset ap-zanzibar", "position start",
    "position S 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 hand=22,22 house=A5,a5",
    "show", "moves", "play A6L", "status", "trace", "perft 1", "quit", "hello",
]


def write(out: pathlib.Path, target: str, data: bytes) -> None:
    folder = out / target
    folder.mkdir(parents=True, exist_ok=True)
    (folder / hashlib.sha1(data).hexdigest()).write_bytes(data)


def scenario_values(key: str):
    """Every `key: value` of the scenario files, value as written."""
    pattern = re.compile(r"^\s*-?\s*" + key + r":\s*(.+?)\s*$")
    for path in sorted((ROOT / "scenarios").rglob("*.yaml")):
        for line in path.read_text().splitlines():
            m = pattern.match(line)
            if m:
                yield m.group(1).strip("'\"")


def doc_code_lines(name: str):
    """The lines of the fenced code blocks of a docs page."""
    inside = False
    for line in (ROOT / "docs" / name).read_text().splitlines():
        if line.startswith("```"):
            inside = not inside
        elif inside:
            yield line


def bpn_seeds(out):
    lines = set(v for v in scenario_values("position") if v != "start")
    lines |= set(scenario_values("result"))
    lines |= {l for l in doc_code_lines("notation.md") if l[:2] in ("S ", "N ")}
    for l in sorted(lines):
        write(out, "bpn_parse", l.encode())
    # Each of the documented error examples' inputs is a variation of these;
    # two non-canonical forms the docs name as accepted:
    write(out, "bpn_parse", b"  S 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0"
                            b" house=a5,A5 hand=022,22\t\r")


def move_seeds(out):
    words = set()
    for key in ("legal", "includes", "excludes", "play", "moves", "game"):
        for v in scenario_values(key):
            words |= set(re.findall(r"[ABab][1-8][LR]t?\+?", v))
    words |= {"A5L", "b3R", "A5Rt", "a5L+", "A6Lt+", "A6L+t", "A6Ltt", "A6l", "C3", "A9", "A10"}
    for w in sorted(words):
        side = b"\x01" if w[0] in "ab" else b"\x00"
        write(out, "move_parse", side + w.encode())


def scenario_file_seeds(out):
    # Of each scenario file, its first and its last scenario, each as a file
    # of its own (a few dozen seeds in all; the files are up to 40 KiB).
    for path in sorted((ROOT / "scenarios").rglob("*.yaml")):
        body = path.read_text().split("\nscenarios:\n", 1)
        if len(body) != 2:
            continue
        items = [i for i in re.split(r"\n(?=  - id: )", body[1]) if i.strip()]
        for item in {items[0], items[-1]}:
            write(out, "scenario_load", ("scenarios:\n" + item + "\n").encode())


def session_seeds(out):
    # The session of docs/protocol.md.
    requests = [l[2:] for l in doc_code_lines("protocol.md") if l.startswith(">")]
    write(out, "engine_server", ("\n".join(requests) + "\n").encode())
    # Of each scenario file, its first scenario with a board: set the
    # ruleset and the position, then ask everything about it.
    for path in sorted((ROOT / "scenarios").rglob("*.yaml")):
        text = path.read_text()
        pos = re.search(r"^\s*position: ([SN] .+?)\s*$", text, re.M)
        if not pos:
            continue
        pos = pos.group(1)
        rules = re.findall(r"[a-z][a-z0-9-]+", re.search(r"rulesets: (.+)", text).group(1))
        play = re.search(r"play: ([ABab][1-8][LR]t?\+?)", text)
        play = play.group(1) if play else "A6L"
        session = [f"ruleset {rules[0]}", f"position {pos}", "moves", "status", f"play {play}",
                   "trace", "show", "perft 1", "quit"]
        write(out, "engine_server", ("\n".join(session) + "\n").encode())


def reply_seeds(out):
    # Requests and answers of the docs/protocol.md session, as batches.
    lines = [l for l in doc_code_lines("protocol.md") if l[:1] in "<>"]
    pairs = []
    for a, b in zip(lines, lines[1:]):
        if a.startswith("> ") and b.startswith("<"):
            pairs.append((a[2:], b[2:]))
    known = [(REPLY_REQUESTS.index(r), answer) for r, answer in pairs if r in REPLY_REQUESTS]
    for size in range(1, 9):
        for start in range(0, len(known) - size + 1, 2):
            batch = known[start:start + size]
            for piece, crlf in ((0, False), (7, True)):
                head = bytes([size - 1]) + bytes(i for i, _ in batch) + bytes([piece])
                end = "\r\n" if crlf else "\n"
                write(out, "engine_replies", head + "".join(a + end for _, a in batch).encode())
    # The faults of docs/protocol.md: an info line, a cut last line, an extra
    # line, a wrong payload shape, an overlong line.
    for body in (b"info depth 3\n= 1\n", b"= 1", b"= 1\n= unsolicited\n", b"= x\n=\n",
                 b"= " + b"A6L " * 20 + b"\n"):
        write(out, "engine_replies", bytes([0x81, 3, 9, 3]) + body)


def report_seeds(out):
    answer = {"representable": True, "status": "ongoing", "moves": ["A6L", "A6R"],
              "plays": [{"move": "A6L", "accepted": True, "bpn": "N 0,0,1,1,7,0,2,0/0,0,0,0,0,0,0,0"
                         " 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 hand=21,22 house=A5,a5",
                         "status": "ongoing", "refusal": ""}]}
    finding = {"kind": "missing-move", "ruleset": "ap-zanzibar", "seed": 1, "game": 3,
               "start": "start", "line": ["A6L"], "position": answer["plays"][0]["bpn"],
               "move": "a6L", "expected": "legal", "actual": "refused", "clauses": ["ap.capture.condition"],
               "oracle_moves": ["a6L", "a6R"], "oracle_status": "ongoing", "oracle_result": "",
               "oracle_result_status": "", "engine": answer, "seeds": 64, "found_at": "start",
               "found_seeds": 64, "minimise_steps": 2, "shrinks": 1, "seconds": 0.25,
               "occurrences": 2, "origin": "start", "context": [], "departure": "", "impossible": ""}
    deviation = {"clause": "ap.capture.condition", "switch": "capture-needs-three",
                 "switch_kind": "mutant", "plays_as": "", "meaning": "a capture needs three",
                 "also": [], "games": 2, "positions": 5, "accepted": False, "accept_reason": "",
                 "witness": finding}
    report = {"format": "bao-oracle-check-2", "engine": "demo 1.0", "command": "demo --x",
              "ruleset": "ap-zanzibar", "seed": 1, "games_requested": 200, "time_limit": 0,
              "request_budget": 0, "accept": [{"switch": "front-empty=immediate", "reason": "known"},
                                              {"clause": "ap.capture.condition", "reason": "known"}],
              "shard": "0/1",
              "stats": {"games": 200, "positions": 900, "skipped": 1, "moves": 3000, "requests": 9000,
                        "failing_games": 2, "settled_deviations": 0, "settled_findings": 0,
                        "seconds": 1.5},
              "deviations": [deviation], "unexplained": [dict(finding, kind="different-result")],
              "notation": [{"what": "side-letter", "description": "the side letter", "count": 1,
                            "example": finding}],
              "accepted": [dict(deviation, accepted=True, accept_reason="known")]}
    write(out, "report_json", json.dumps(report, indent=2).encode())
    empty = dict(report, accept=[], deviations=[], unexplained=[], notation=[], accepted=[])
    write(out, "report_json", json.dumps(empty).encode())


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__.strip().splitlines()[-1].strip())
    out = pathlib.Path(sys.argv[1])
    bpn_seeds(out)
    move_seeds(out)
    scenario_file_seeds(out)
    session_seeds(out)
    reply_seeds(out)
    report_seeds(out)
    for folder in sorted(out.iterdir()):
        print(f"{folder.name}: {len(list(folder.iterdir()))} seeds")


if __name__ == "__main__":
    main()
