#!/usr/bin/env python3
"""The far-engines benchmark: checks each stand-in engine with `bao-oracle
check` and scores the diagnosis against the engine's own list of
deviations (tests/far_engines/README.md).

    run.py --bao build/dev/bao-oracle [--budget 50000] [--seed 1]
           [--engines a,b] [--out DIR] [--jobs J]
    run.py --bao ... --find-probes [--engines a,b] [--games N]
    run.py --bao ... --selftest [--engines a,b] [--budget N]

Standard library only.
"""
import argparse
import concurrent.futures
import json
import os
import random
import shlex
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ENGINES = os.path.join(HERE, "engines")
PROBES = os.path.join(HERE, "probes.json")
sys.path.insert(0, ENGINES)
from farlib import Position  # noqa: E402

DIRECTIONS = (
    "allows what the text forbids",
    "forbids what the text allows",
    "plays it otherwise",
    "ends the game where the text does not",
    "does not end the game where the text does",
    "set-up",
)
DEVIATION_FIELDS = ("id", "ruleset", "clauses", "switch", "direction", "description", "reachable")


# ---- manifests ----------------------------------------------------------------

def load_manifests(names=None):
    out = []
    for f in sorted(os.listdir(ENGINES)):
        if not f.endswith(".json"):
            continue
        with open(os.path.join(ENGINES, f)) as fh:
            m = json.load(fh)
        m["_file"] = f
        if names is None or m["engine"] in names:
            out.append(m)
    if names is not None:
        missing = set(names) - {m["engine"] for m in out}
        if missing:
            raise SystemExit("unknown engine(s): " + ", ".join(sorted(missing)))
    return out


def engine_command(m, bao, only="all"):
    """The engine's command line, as one string for `check --engine`."""
    words = [sys.executable, os.path.join(ENGINES, m["script"]), "--bao", bao, "--only", only]
    return " ".join(shlex.quote(w) for w in words)


def engine_argv(m, bao, only="all"):
    return shlex.split(engine_command(m, bao, only))


def bao_lines(bao, *args):
    out = subprocess.run([bao] + list(args), capture_output=True, text=True, check=True).stdout
    return out.splitlines()


def validate(manifests, bao):
    """Every problem with the manifests, as lines (empty: none)."""
    problems = []
    clauses, switches = {}, {}
    for m in manifests:
        where = m["_file"]
        for key in ("engine", "script", "name", "rulesets", "texture", "deviations"):
            if key not in m:
                problems.append("%s: no %s" % (where, key))
        if problems:
            continue
        listed = subprocess.run([sys.executable, os.path.join(ENGINES, m["script"]), "--list"],
                                capture_output=True, text=True).stdout.split()
        ids = [d.get("id") for d in m["deviations"]]
        if sorted(listed) != sorted(ids):
            problems.append("%s: the engine plays %s, the list has %s" % (where, listed, ids))
        if not 6 <= len(ids) <= 12:
            problems.append("%s: %d deviations, not 6 to 12" % (where, len(ids)))
        for d in m["deviations"]:
            name = "%s: %s" % (where, d.get("id"))
            for key in DEVIATION_FIELDS:
                if key not in d:
                    problems.append("%s: no %s" % (name, key))
            if any(key not in d for key in DEVIATION_FIELDS):
                continue
            r = d["ruleset"]
            if r not in m["rulesets"]:
                problems.append("%s: ruleset %s is not the engine's" % (name, r))
                continue
            if r not in clauses:
                clauses[r] = {l.split()[0] for l in bao_lines(bao, "clauses", r)[1:] if l.strip()}
                switches[r] = {l.split()[0] for l in bao_lines(bao, "switches", r) if l.strip()}
            for c in d["clauses"]:
                if c not in clauses[r]:
                    problems.append("%s: %s is no clause of %s" % (name, c, r))
            if not d["clauses"]:
                problems.append("%s: no clause" % name)
            named = [d["switch"]] if d["switch"] is not None else []
            for s in named + d.get("also_switches", []) + d.get("near_switches", []):
                if s not in switches[r]:
                    problems.append("%s: %s is no switch of %s" % (name, s, r))
            if d["direction"] not in DIRECTIONS:
                problems.append("%s: direction %r" % (name, d["direction"]))
    return problems


# ---- talking to engines ----------------------------------------------------------

class Peer:
    """A protocol peer (an engine, or `bao-oracle engine`), asked one
    request at a time."""

    def __init__(self, argv):
        err = None if os.environ.get("FAR_ENGINES_STDERR") else subprocess.DEVNULL
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=err, text=True, bufsize=1)

    def ask(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline().rstrip("\n")
        if not answer:
            raise RuntimeError("peer ended at %r" % line)
        return answer.startswith("="), answer[2:] if len(answer) > 1 else ""

    def view(self, bpn, move=None, line=()):
        """What the peer answers at `bpn` (and for `move`): None when it
        refuses the position. With `line`, `bpn` is where a game started
        and the peer plays the line's moves from it first (None when it
        refuses one)."""
        ok, _ = self.ask("position " + bpn) if bpn != "start" else self.ask("position start")
        if not ok:
            return None
        for m in line:
            if not self.ask("play " + m)[0]:
                return None
        v = {"show": self.ask("show")[1], "status": self.ask("status")[1],
             "moves": set(self.ask("moves")[1].split())}
        if move:
            ok, after = self.ask("play " + move)
            v["accepted"] = ok
            if ok:
                v["after"] = after
                v["after_status"] = self.ask("status")[1]
        return v

    def close(self):
        try:
            self.ask("quit")
        except (RuntimeError, OSError):
            pass
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        self.proc.wait()


def same_position(a, b, finished):
    """Whether two BPN texts agree on what the protocol compares (the side
    letter of a finished game apart)."""
    pa, pb = Position.parse(a), Position.parse(b)
    if pa is None or pb is None:
        return a == b
    if pa.rows != pb.rows or (pa.side != pb.side and not finished):
        return False
    for key in ("hand", "store"):
        if pa.pair(key) != pb.pair(key):
            return False
    for key in ("house", "block"):
        if set(pa.pits(key)) != set(pb.pits(key)):
            return False
    return pa.number("quiet") == pb.number("quiet")


def differs(kind, move, oracle, engine):
    """Whether the engine's view differs from the oracle's as a finding of
    `kind` at `move` says."""
    if oracle is None or engine is None:
        return False
    if kind == "missing-move":
        return move in oracle["moves"] and (move not in engine["moves"] or not engine["accepted"])
    if kind == "extra-move":
        return move not in oracle["moves"] and (move in engine["moves"] or engine["accepted"])
    if kind == "different-result":
        return (oracle.get("accepted") and engine.get("accepted") and not same_position(
            oracle["after"], engine["after"], oracle["after_status"] != "ongoing"))
    if kind == "different-status":
        if not move:
            return oracle["status"] != engine["status"]
        return (oracle.get("accepted") and engine.get("accepted")
                and oracle["after_status"] != engine["after_status"])
    if kind == "different-start":
        return not same_position(oracle["show"], engine["show"], False)
    return False


def probe_differs(oracle, engine):
    """The first way `engine` differs from `oracle` at a position (both
    views with every move played), or None."""
    if oracle is None or engine is None:
        return None  # a position the engine cannot represent is skipped
    if oracle["status"] != engine["status"]:
        return "status %s / %s" % (oracle["status"], engine["status"])
    if oracle["moves"] != engine["moves"]:
        return "moves %s / %s" % (sorted(oracle["moves"] - engine["moves"]),
                                  sorted(engine["moves"] - oracle["moves"]))
    for m, (oa, os_) in oracle["plays"].items():
        ea, es = engine["plays"][m]
        if not same_position(oa, ea, os_ != "ongoing"):
            return "result of %s" % m
        if os_ != es:
            return "status after %s" % m
    return None


def full_view(peer, bpn):
    ok, _ = peer.ask("position " + bpn)
    if not ok:
        return None
    v = {"status": peer.ask("status")[1], "moves": set(peer.ask("moves")[1].split()), "plays": {}}
    for m in sorted(v["moves"]):
        peer.ask("position " + bpn)
        ok, after = peer.ask("play " + m)
        v["plays"][m] = (after, peer.ask("status")[1]) if ok else (None, None)
    return v


class Replayer:
    """Witnesses replayed against the engine with one deviation and the
    plain oracle (peers started once and kept)."""

    def __init__(self, m, bao, ruleset):
        self.m, self.bao, self.ruleset = m, bao, ruleset
        self.peers = {}
        self.memo = {}

    def peer(self, only, context=()):
        """The engine playing `only`, or (None) bao-oracle engine with the
        switches of `context`."""
        key = (only, tuple(context))
        if key not in self.peers:
            argv = ([self.bao, "engine", "--ruleset", self.ruleset] if only is None
                    else engine_argv(self.m, self.bao, only))
            if only is None and context:
                argv += ["--mutant", ",".join(context)]
            p = Peer(argv)
            if only is not None:
                p.ask("ruleset " + self.ruleset)
            self.peers[key] = p
        return self.peers[key]

    def reproduces(self, witness, dev_id, context=()):
        """Whether the engine playing `dev_id` differs at the witness, the
        way its kind says, from the plain ruleset (or from the ruleset with
        the switches of `context`)."""
        kind = witness.get("kind")
        # A different start is the engine's own: asked with `position start`.
        position = "start" if kind == "different-start" else witness.get("position") or "start"
        move = witness.get("move") or None
        key = (kind, position, move, dev_id, tuple(context))
        if key not in self.memo:
            self.memo[key] = differs(kind, move, self.peer(None, context).view(position, move),
                                     self.peer(dev_id).view(position, move))
            # A deviation kept outside the position (a block's age, a count
            # of turns) shows only along the game: the witness's line played
            # from the game's start, as its author would replay it, where the
            # engine's line reaches the witness's board too.
            start, line = witness.get("start"), witness.get("line") or []
            if not self.memo[key] and kind != "different-start" and start and line:
                oracle = self.peer(None, context).view(start, move, line)
                engine = self.peer(dev_id).view(start, move, line)
                self.memo[key] = (oracle is not None and engine is not None
                                  and same_position(oracle["show"], engine["show"], False)
                                  and same_position(oracle["show"], position, False)
                                  and differs(kind, move, oracle, engine))
        return self.memo[key]

    def close(self):
        for p in self.peers.values():
            p.close()


# ---- scoring ----------------------------------------------------------------

def items_of(report):
    """The named items of a report: deviations, unexplained groups and
    protocol-fault groups (notation findings are not items)."""
    items = []
    for d in report.get("deviations", []):
        if d.get("accepted"):
            continue
        items.append({"what": "deviation", "clauses": [d["clause"]], "switch": d["switch"],
                      "plays_as": d.get("plays_as", ""), "also": d.get("also", []),
                      "meaning": d.get("meaning", ""), "witness": d["witness"]})
    for f in report.get("unexplained", []):
        what = "fault" if f["kind"] == "protocol-fault" else "unexplained"
        items.append({"what": what, "clauses": list(f.get("clauses", [])), "switch": None,
                      "plays_as": "", "also": [], "meaning": f.get("departure", ""),
                      "witness": f})
    return items


def clause_match(item, dev):
    if item["what"] == "fault":
        return False
    if set(item["clauses"]) & set(dev["clauses"]):
        return True
    return item["switch"] is not None and item["switch"] in [dev["switch"]] + dev.get(
        "also_switches", [])


def score_ruleset(m, bao, ruleset, report):
    devs = [d for d in m["deviations"] if d["ruleset"] == ruleset]
    items = items_of(report)
    rep = Replayer(m, bao, ruleset)
    try:
        for it in items:
            w = it["witness"]
            it["really"] = [d["id"] for d in devs if rep.reproduces(w, d["id"])]
            it["really_pairs"] = []
            it["whole_engine"] = None
            if not it["really"] and it["what"] != "fault":
                # What shows there: two deviations together, or only the
                # whole engine (or not even that, given the position afresh).
                it["really_pairs"] = [
                    "%s+%s" % (a["id"], b["id"]) for i, a in enumerate(devs) for b in devs[i + 1:]
                    if rep.reproduces(w, "%s,%s" % (a["id"], b["id"]))]
                it["whole_engine"] = rep.reproduces(w, "all")
                if not it["whole_engine"] and w.get("context"):
                    # A cascade: the engine differs there from the model the
                    # run had (the switches it had named), not from the text.
                    it["against_context"] = rep.reproduces(w, "all", w["context"])
            it["named"] = [d["id"] for d in devs if clause_match(it, d)]
            it["correct"] = [i for i in it["named"] if i in it["really"]]
            it["verdict"] = ("correct" if it["correct"] else
                             "real, wrong clause" if it["really"] else "false")
            it["origin"] = w.get("origin", "")
            it["impossible"] = w.get("impossible", "")
    finally:
        rep.close()
    found = {d["id"]: any(clause_match(it, d) for it in items if it["what"] != "fault")
             for d in devs}
    confirmed = {d["id"]: any(d["id"] in it["correct"] for it in items) for d in devs}
    stats = report.get("stats", {})
    prov = report.get("provenance", {})
    return {
        "checker": "%s %s" % (prov.get("version", "?"), prov.get("commit", "?")),
        "ruleset": ruleset,
        "deviations": len(devs),
        "unmodelled": sum(1 for d in devs if d["switch"] is None),
        "recalled": sum(found.values()),
        "recalled_unmodelled": sum(v for d in devs for k, v in found.items()
                                   if k == d["id"] and d["switch"] is None),
        "confirmed": sum(confirmed.values()),
        "recall_by_deviation": found,
        "confirmed_by_deviation": confirmed,
        "items": len(items),
        "correct_items": sum(1 for it in items if it["verdict"] == "correct"),
        "wrong_clause_items": sum(1 for it in items if it["verdict"] == "real, wrong clause"),
        "false_items": sum(1 for it in items if it["verdict"] == "false"),
        "unreachable_witnesses": sum(1 for it in items if it["impossible"]),
        "built_witnesses": sum(1 for it in items if it["origin"] == "built"),
        "requests": stats.get("requests", 0) + stats.get("followup_requests", 0),
        "notation": [n["what"] for n in report.get("notation", [])],
        "skipped": stats.get("skipped", 0),
        "item_list": [{k: it[k] for k in (
            "what", "clauses", "switch", "plays_as", "meaning", "named", "really", "really_pairs",
            "whole_engine", "correct", "verdict", "origin", "impossible")} | {
            "against_context": it.get("against_context"), "context": it["witness"].get("context"),
            "kind": it["witness"].get("kind"), "position": it["witness"].get("position"),
            "move": it["witness"].get("move"), "expected": it["witness"].get("expected"),
            "actual": it["witness"].get("actual")} for it in items],
    }


def run_check(m, bao, ruleset, args, out):
    folder = os.path.join(out, m["engine"], ruleset)
    if args.rescore:
        with open(os.path.join(folder, "report.json")) as fh:
            report = json.load(fh)
        return report, report["stats"]["seconds"]
    os.makedirs(os.path.dirname(folder), exist_ok=True)
    cmd = [bao, "check", "--engine", engine_command(m, bao), "--ruleset", ruleset,
           "--seed", str(args.seed), "--budget", str(args.budget), "--report", folder]
    if args.games:
        cmd += ["--games", str(args.games)]
    t0 = time.time()
    p = subprocess.run(cmd, capture_output=True, text=True)
    seconds = time.time() - t0
    with open(os.path.join(out, m["engine"], ruleset + ".log"), "w") as fh:
        fh.write(p.stdout + p.stderr)
    if p.returncode not in (0, 1):
        raise RuntimeError("check of %s under %s exited %d: %s" % (
            m["engine"], ruleset, p.returncode, (p.stderr or p.stdout)[-400:]))
    with open(os.path.join(folder, "report.json")) as fh:
        report = json.load(fh)
    return report, seconds


def score_engine(m, bao, args, out):
    rows = []
    for r in m["rulesets"]:
        report, seconds = run_check(m, bao, r, args, out)
        row = score_ruleset(m, bao, r, report)
        row["engine"] = m["engine"]
        row["seconds"] = round(seconds, 1)
        rows.append(row)
    return rows


def ratio(a, b):
    return "%d/%d (%.0f%%)" % (a, b, 100.0 * a / b) if b else "%d/%d" % (a, b)


def table(rows):
    head = ("| engine | ruleset | deviations (unmodelled) | recall | recall, witness confirmed "
            "| recall of unmodelled | precision | items | items per real deviation | real, wrong clause | false "
            "| witness unreachable | requests | seconds |")
    lines = [head, "|" + "|".join("---" for _ in range(head.count("|") - 1)) + "|"]
    for r in rows:
        lines.append("| %s | %s | %d (%d) | %s | %s | %s | %s | %d | %.2f | %d | %d | %d | %s "
                     "| %s |" % (
            r["engine"], r["ruleset"], r["deviations"], r["unmodelled"],
            ratio(r["recalled"], r["deviations"]), ratio(r["confirmed"], r["deviations"]),
            ratio(r["recalled_unmodelled"], r["unmodelled"]),
            ratio(r["correct_items"], r["items"]), r["items"],
            r["items"] / r["deviations"] if r["deviations"] else 0.0,
            r["wrong_clause_items"], r["false_items"], r["unreachable_witnesses"],
            "{:,}".format(r["requests"]), r["seconds"]))
    return "\n".join(lines)


def total(rows):
    t = {"engine": "**all**", "ruleset": "", "seconds": round(sum(r["seconds"] for r in rows), 1)}
    for k in ("deviations", "unmodelled", "recalled", "recalled_unmodelled", "confirmed", "items",
              "correct_items", "wrong_clause_items", "false_items", "unreachable_witnesses",
              "requests"):
        t[k] = sum(r[k] for r in rows)
    return t


def item_lines(rows):
    out = []
    for r in rows:
        out.append("### %s (%s)\n" % (r["engine"], r["ruleset"]))
        missed = [k for k, v in r["recall_by_deviation"].items() if not v]
        out.append("Not named at their clause: %s\n" % (", ".join(missed) or "none"))
        for i, it in enumerate(r["item_list"], 1):
            named = it["switch"] or "unexplained %s" % it["kind"]
            unreachable = "; impossible: " + it["impossible"] if it["impossible"] else ""
            really = ", ".join(it["really"])
            if not really and it["really_pairs"]:
                really = "no one deviation; together: " + ", ".join(it["really_pairs"])
            elif not really:
                really = "none of the list, alone or in pairs%s" % (
                    "; the whole engine does" if it["whole_engine"] else
                    "; the whole engine differs there only from the run's model with %s" % (
                        ", ".join(it["context"])) if it["against_context"] else
                    "; nor the whole engine given this position" if it["whole_engine"] is False
                    else "")
            out.append("%d. %s, %s (%s): %s; witness %s%s. Its deviation: %s." % (
                i, ", ".join(it["clauses"]) or "no clause", named, it["what"], it["verdict"],
                it["origin"] or "?", unreachable, really))
        out.append("")
    return "\n".join(out)


def cmd_run(args, manifests, bao):
    out = os.path.abspath(args.out)
    os.makedirs(out, exist_ok=True)
    rows = []
    t0 = time.time()
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(score_engine, m, bao, args, out) for m in manifests]
        for f in futures:
            rows.extend(f.result())
    everything = rows + [total(rows)]
    checkers = sorted({r["checker"] for r in rows})
    md = ["# The far-engines benchmark", "",
          "bao-oracle check (%s), seed %d, budget %d requests per ruleset, %d engine(s) at a "
          "time; %.0f s in all." % (", ".join(checkers), args.seed, args.budget, args.jobs,
                                     time.time() - t0), "",
          table(everything), "", "## Items", "", item_lines(rows)]
    with open(os.path.join(out, "results.md"), "w") as fh:
        fh.write("\n".join(md) + "\n")
    with open(os.path.join(out, "results.json"), "w") as fh:
        json.dump({"seed": args.seed, "budget": args.budget, "checker": checkers,
                   "jobs": args.jobs, "rows": rows, "total": total(rows)}, fh, indent=1)
    print(table(everything))
    print("written: %s (also results.json, and each engine's reports)" %
          os.path.join(out, "results.md"))
    return bounds_failed(args, total(rows))


def bounds_failed(args, t):
    """1 when the run falls short of a bound given on the command line
    (--min-recall, --min-precision, --max-items-per-deviation), each
    shortfall said on stderr; 0 otherwise."""
    short = []
    recall = t["recalled"] / t["deviations"] if t["deviations"] else 1.0
    precision = t["correct_items"] / t["items"] if t["items"] else 1.0
    per = t["items"] / t["deviations"] if t["deviations"] else 0.0
    if args.min_recall is not None and recall < args.min_recall:
        short.append("recall %d/%d (%.0f%%) is under the bound %.0f%%" % (
            t["recalled"], t["deviations"], 100 * recall, 100 * args.min_recall))
    if args.min_precision is not None and precision < args.min_precision:
        short.append("precision %d/%d (%.0f%%) is under the bound %.0f%%" % (
            t["correct_items"], t["items"], 100 * precision, 100 * args.min_precision))
    if args.max_items_per_deviation is not None and per > args.max_items_per_deviation:
        short.append("%.2f items per real deviation is over the bound %.2f" % (
            per, args.max_items_per_deviation))
    for line in short:
        print("far engines: " + line, file=sys.stderr)
    return 1 if short else 0


# ---- probes: a line of play from the start that shows each deviation ---------------

def probe_peers(m, bao, dev):
    """The plain oracle and the engine with `dev` alone, both at the
    ruleset's start, and the oracle's start (None when the two starts
    differ)."""
    r = dev["ruleset"]
    oracle = Peer([bao, "engine", "--ruleset", r])
    engine = Peer(engine_argv(m, bao, dev["id"]))
    engine.ask("ruleset " + r)
    o, e = oracle.view("start"), engine.view("start")
    return oracle, engine, o["show"] if same_position(o["show"], e["show"], False) else None


def walk(oracle, engine, bpn, choose):
    """Follows a line of play from `bpn` (the oracle's), each move picked
    by `choose(bpn, moves, line)` (None: the line ends), comparing every
    position; (the line so far, the first difference) or (line, None)."""
    line = []
    while True:
        why = probe_differs(full_view(oracle, bpn), full_view(engine, bpn))
        if why:
            return line, why
        oracle.ask("position " + bpn)
        moves = oracle.ask("moves")[1].split()
        mv = choose(bpn, moves, line) if moves and oracle.ask("status")[1] == "ongoing" else None
        if mv is None:
            return line, None
        oracle.ask("position " + bpn)
        ok, bpn = oracle.ask("play " + mv)
        if not ok:
            return line, None
        line.append(mv)


def find_probe(m, bao, dev, games, seed):
    """A line of random play from the ruleset's start position along which
    the engine with `dev` alone first answers otherwise than the oracle."""
    oracle, engine, start = probe_peers(m, bao, dev)
    try:
        if start is None:
            return {"line": [], "differs": "start position"}
        rng = random.Random(seed)
        for g in range(games):
            line, why = walk(oracle, engine, start, lambda b, moves, line: (
                rng.choice(sorted(moves)) if len(line) < 400 else None))
            if why:
                return {"line": line, "differs": why, "game": g}
        return None
    finally:
        oracle.close()
        engine.close()


def replay_probe(m, bao, dev, probe):
    """Where along `probe`'s line the engine with `dev` alone answers
    otherwise than the oracle (None: nowhere)."""
    oracle, engine, start = probe_peers(m, bao, dev)
    try:
        if start is None:
            return "start position"
        todo = list(probe["line"])
        return walk(oracle, engine, start,
                    lambda b, moves, line: todo.pop(0) if todo else None)[1]
    finally:
        oracle.close()
        engine.close()


def load_probes():
    if not os.path.exists(PROBES):
        return {}
    with open(PROBES) as fh:
        return json.load(fh)


def save_probe(key, probe):
    """Adds one probe to probes.json (read again first: several finders may
    run at once)."""
    probes = load_probes()
    probes[key] = probe
    tmp = PROBES + ".%d" % os.getpid()
    with open(tmp, "w") as fh:
        json.dump(probes, fh, indent=1, sort_keys=True)
        fh.write("\n")
    os.replace(tmp, PROBES)


def cmd_find_probes(args, manifests, bao):
    probes = load_probes()
    for m in manifests:
        for d in m["deviations"]:
            key = "%s/%s" % (m["engine"], d["id"])
            wanted = not args.only or d["id"] in args.only.split(",")
            if not wanted or key in probes and not args.again:
                continue
            t0 = time.time()
            p = find_probe(m, bao, d, args.games or 200, args.seed)
            print("%-40s %s (%.1f s)" % (key, p and "%d moves: %s" % (len(p["line"]), p["differs"])
                                         or "NOT FOUND", time.time() - t0), flush=True)
            if p:
                save_probe(key, p)
    return 0


# ---- the self-test (ctest) ----------------------------------------------------------

def cmd_selftest(args, manifests, bao):
    failures = []
    problems = validate(load_manifests(), bao)
    failures += ["manifest: " + p for p in problems]
    print("manifests: %d problem(s)" % len(problems), flush=True)
    probes = load_probes()
    for m in manifests:
        for d in m["deviations"]:
            key = "%s/%s" % (m["engine"], d["id"])
            if key not in probes:
                failures.append("%s: no probe (run.py --find-probes)" % key)
                continue
            why = replay_probe(m, bao, d, probes[key])
            print("probe %-40s %s" % (key, why or "NO DIFFERENCE"), flush=True)
            if not why:
                failures.append("%s: --only %s agrees with the oracle along its probe" % (
                    key, d["id"]))
        for r in m["rulesets"]:
            folder = os.path.join(os.path.abspath(args.out), m["engine"], "only-none-" + r)
            cmd = [bao, "check", "--engine", engine_command(m, bao, "none"), "--ruleset", r,
                   "--seed", str(args.seed), "--budget", str(args.budget), "--report", folder]
            p = subprocess.run(cmd, capture_output=True, text=True)
            with open(os.path.join(folder, "report.json")) as fh:
                rep = json.load(fh)
            named = len(items_of(rep))
            print("--only none under %s: exit %d, %d item(s), %d request(s)" % (
                r, p.returncode, named, rep["stats"]["requests"]), flush=True)
            if p.returncode != 0 or named:
                failures.append("%s --only none under %s: exit %d, %d item(s)" % (
                    m["engine"], r, p.returncode, named))
    args.jobs = 1
    cmd_run(args, manifests, bao)
    with open(os.path.join(os.path.abspath(args.out), "results.json")) as fh:
        res = json.load(fh)
    if len(res["rows"]) != sum(len(m["rulesets"]) for m in manifests):
        failures.append("results.json has %d rows" % len(res["rows"]))
    for f in failures:
        print("FAIL: " + f)
    return 1 if failures else 0


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--bao", required=True, help="the bao-oracle program")
    p.add_argument("--budget", type=int, default=50000, help="requests per ruleset (50000)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--engines", help="a,b: these engines only (default: all)")
    p.add_argument("--out", default="far-engines-out", help="the folder of the results")
    p.add_argument("--jobs", type=int, default=1, help="engines checked at once")
    p.add_argument("--find-probes", action="store_true",
                   help="find a line of play showing each deviation (probes.json)")
    p.add_argument("--again", action="store_true", help="with --find-probes: replace found ones")
    p.add_argument("--games", type=int,
                   help="games per check (default: check's own, 200); with --find-probes: "
                        "games to try (200)")
    p.add_argument("--only", help="with --find-probes: these deviation ids only")
    p.add_argument("--rescore", action="store_true",
                   help="score the reports already in --out again, without checking")
    p.add_argument("--min-recall", type=float, metavar="F",
                   help="exit 1 when recall over all engines is under F (0.8 = 80%%)")
    p.add_argument("--min-precision", type=float, metavar="F",
                   help="exit 1 when precision over all engines is under F")
    p.add_argument("--max-items-per-deviation", type=float, metavar="F",
                   help="exit 1 when the items named per real deviation are over F")
    p.add_argument("--selftest", action="store_true",
                   help="check the benchmark's machinery (the ctest)")
    args = p.parse_args()
    bao = os.path.abspath(args.bao) if os.sep in args.bao else args.bao
    manifests = load_manifests(args.engines.split(",") if args.engines else None)
    if args.find_probes:
        return cmd_find_probes(args, manifests, bao)
    if args.selftest:
        return cmd_selftest(args, manifests, bao)
    return cmd_run(args, manifests, bao)


if __name__ == "__main__":
    sys.exit(main())
