"""Shared machinery of the far-engines benchmark's stand-in engines.

Each stand-in is a small engine of its own kind that speaks the protocol
(docs/protocol.md) and works out its answers with one or more inner
`bao-oracle engine [--mutant ...]` processes, asked synchronously: one
request written, its one answer read. It keeps its own state (the
ruleset, the position, what it remembers of positions it produced) and
answers `moves`, `play`, `status`, `show` and `position` itself, so it can
play rules no switch of the oracle models.

An engine class lists its deviations (`DEVIATIONS`: id -> the mutant or
choice served by the inner oracle, or None for a mechanism of its own) and
checks `self.on(ID)` where it plays one. `--only ID[,ID...]` enables only
those, `--only none` none (the engine then agrees with the oracle, apart
from what the protocol leaves to notation).
"""
import argparse
import subprocess
import sys
import time
import traceback

ROWS = ("A", "B", "a", "b")  # BPN order: south front, south back, north front, north back
KEY_ORDER = ("hand", "house", "block", "store", "quiet", "used", "result")
PIT_ORDER = [r + str(i) for r in ROWS for i in range(1, 9)]


class Position:
    """A BPN position: the side to move, the four rows and the keys."""

    def __init__(self, side, rows, keys):
        self.side = side
        self.rows = rows  # row letter -> list of 8 counts
        self.keys = keys  # key -> value text

    @staticmethod
    def parse(text):
        words = text.split()
        if len(words) < 3 or words[0] not in ("S", "N"):
            return None
        rows = {}
        try:
            for (f, b), field in ((("A", "B"), words[1]), (("a", "b"), words[2])):
                front, back = field.split("/")
                rows[f] = [int(x) for x in front.split(",")]
                rows[b] = [int(x) for x in back.split(",")]
        except ValueError:
            return None
        if any(len(r) != 8 for r in rows.values()):
            return None
        keys = {}
        for w in words[3:]:
            if "=" not in w:
                return None
            k, v = w.split("=", 1)
            keys[k] = v
        return Position(words[0], rows, keys)

    def copy(self):
        return Position(self.side, {r: list(v) for r, v in self.rows.items()}, dict(self.keys))

    def __getitem__(self, pit):
        return self.rows[pit[0]][int(pit[1]) - 1]

    def __setitem__(self, pit, n):
        self.rows[pit[0]][int(pit[1]) - 1] = n

    def pits(self, key):
        v = self.keys.get(key, "")
        return [p for p in v.split(",") if p]

    def set_pits(self, key, pits):
        pits = sorted(set(pits), key=PIT_ORDER.index)
        if pits:
            self.keys[key] = ",".join(pits)
        else:
            self.keys.pop(key, None)

    def pair(self, key):
        v = self.keys.get(key)
        if not v:
            return [0, 0]
        return [int(x) for x in v.split(",")]

    def set_pair(self, key, pair):
        if pair[0] == 0 and pair[1] == 0:
            self.keys.pop(key, None)
        else:
            self.keys[key] = "%d,%d" % tuple(pair)

    def number(self, key):
        return int(self.keys.get(key, "0"))

    def set_number(self, key, n):
        if n:
            self.keys[key] = str(n)
        else:
            self.keys.pop(key, None)

    def front(self, side):
        return self.rows["A" if side == "S" else "a"]

    def seeds(self):
        return sum(sum(r) for r in self.rows.values()) + sum(self.pair("hand")) + sum(
            self.pair("store"))

    def bpn(self, order=KEY_ORDER, sep=" ", explicit=()):
        """The position as BPN: keys in `order`, `explicit` keys written even
        at their default, fields separated by `sep`."""
        row = lambda r: ",".join(str(x) for x in self.rows[r])
        parts = [self.side, row("A") + "/" + row("B"), row("a") + "/" + row("b")]
        defaults = {"hand": "0,0", "store": "0,0", "quiet": "0"}
        for k in order:
            if k in self.keys:
                parts.append(k + "=" + self.keys[k])
            elif k in explicit and k in defaults:
                parts.append(k + "=" + defaults[k])
        for k, v in self.keys.items():
            if k not in order:
                parts.append(k + "=" + v)
        return sep.join(parts)


def other(side):
    return "N" if side == "S" else "S"


def owner(pit):
    return "S" if pit[0] in "AB" else "N"


def facing(pit):
    """The enemy front pit facing front pit `pit` (A1 faces a8)."""
    return ("a" if pit[0] == "A" else "A") + str(9 - int(pit[1]))


class Oracle:
    """One inner `bao-oracle engine`, asked one request at a time. Answers
    are remembered by position, so the same question costs one request."""

    def __init__(self, bao, ruleset, mutants=()):
        args = [bao, "engine", "--ruleset", ruleset]
        if mutants:
            args += ["--mutant", ",".join(mutants)]
        self.proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.current = None
        self.memo = {}

    def request(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline()
        if not answer:
            raise RuntimeError("inner bao-oracle engine ended")
        answer = answer.rstrip("\n")
        return answer.startswith("="), answer[2:] if len(answer) > 1 else ""

    def _remember(self, key, value):
        if len(self.memo) > 200000:
            self.memo.clear()
        self.memo[key] = value
        return value

    def goto(self, bpn):
        if self.current == bpn:
            return True
        ok, _ = self.request("position " + bpn)
        self.current = bpn if ok else None
        return ok

    def _query(self, request, bpn, convert):
        key = (request, bpn)
        if key not in self.memo:
            if not self.goto(bpn):
                return self._remember(key, None)
            ok, text = self.request(request)
            self._remember(key, convert(text) if ok else None)
        return self.memo[key]

    def canonical(self, bpn):
        """The oracle's own text of `bpn`, or None when it refuses it."""
        return self._query("show", bpn, str)

    def moves(self, bpn):
        return self._query("moves", bpn, str.split)

    def status(self, bpn):
        return self._query("status", bpn, str)

    def play(self, bpn, move):
        """(result BPN or None, trace events) of `move` at `bpn`."""
        key = ("play", bpn, move)
        if key not in self.memo:
            if not self.goto(bpn):
                return self._remember(key, (None, []))
            ok, text = self.request("play " + move)
            if not ok:
                return self._remember(key, (None, []))
            self.current = text
            _, events = self.request("trace")
            self._remember(key, (text, [e for e in events.split("; ") if e]))
        return self.memo[key]

    def close(self):
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def is_capture(events):
    return any(e.startswith("capture ") for e in events)


class Engine:
    """The protocol loop and the default answers (the inner oracle's). A
    stand-in overrides `start`, `legal`, `result`, `status` and the output
    hooks, and keeps what it needs in `self.memory` (hidden state of the
    positions it produced, keyed by their text)."""

    NAME = "engine"
    RULESETS = ()
    DEVIATIONS = {}  # id -> switch id served by the inner oracle, or None
    TRACE = False    # serves the optional `trace` command
    PLAY_DELAY_MS = 0.0
    MOVES_DELAY_MS = 0.0

    def __init__(self, argv):
        p = argparse.ArgumentParser(description=self.__doc__)
        p.add_argument("--bao", default="bao-oracle", help="the bao-oracle program")
        p.add_argument("--only", default="all",
                       help="the deviations to play: all, none, or ID[,ID...]")
        p.add_argument("--list", action="store_true", help="print the deviation ids and exit")
        a = p.parse_args(argv)
        if a.list:
            print("\n".join(self.DEVIATIONS))
            sys.exit(0)
        if a.only == "all":
            self.enabled = set(self.DEVIATIONS)
        elif a.only == "none":
            self.enabled = set()
        else:
            self.enabled = set(a.only.split(","))
            unknown = self.enabled - set(self.DEVIATIONS)
            if unknown:
                p.error("unknown deviation(s): " + ", ".join(sorted(unknown)))
        self.bao = a.bao
        self.oracles = {}
        self.ruleset = self.RULESETS[0]
        self.memory = {}
        self.last_trace = None
        self.pos = self.start(self.ruleset)

    # ---- the inner oracles --------------------------------------------------

    def on(self, dev):
        return dev in self.enabled

    def switches(self):
        return sorted(s for d, s in self.DEVIATIONS.items() if s and self.on(d))

    def oracle(self, extra=(), plain=False, ruleset=None):
        """The inner oracle of `ruleset` (the current one) with the enabled
        deviations' switches (none when `plain`) and `extra` ones."""
        mutants = tuple(sorted(set(extra) | (set() if plain else set(self.switches()))))
        key = (ruleset or self.ruleset, mutants)
        if key not in self.oracles:
            self.oracles[key] = Oracle(self.bao, key[0], mutants)
        return self.oracles[key]

    def close(self):
        for o in self.oracles.values():
            o.close()

    # ---- the rules, overridden by the stand-ins -------------------------------

    # A start position of its own: with deviation START[0] on, the pits of
    # START[1] hold those seeds and each reserve START[2].
    START = None

    def start(self, ruleset):
        o = self.oracle(ruleset=ruleset, plain=True)
        o.request("position start")
        o.current = None
        _, text = o.request("show")
        if not self.START or not self.on(self.START[0]):
            return text
        p = Position.parse(text)
        for pit, seeds in self.START[1].items():
            p[pit] = seeds
        p.set_pair("hand", [self.START[2]] * 2)
        return p.bpn()

    def own_marks(self, p):
        """Marks of Position `p` that the engine holds and the oracle does
        not (a block kept another turn, a house flag on an emptied pit), as
        (key, pits); the oracle is asked about positions without them."""
        return None, []

    def asked(self, pos):
        """`pos` as the oracle is asked about it: without the engine's own
        marks."""
        p = Position.parse(pos)
        key, pits = self.own_marks(p)
        if not pits:
            return pos
        p.set_pits(key, [x for x in p.pits(key) if x not in pits])
        return p.bpn()

    def accept(self, bpn):
        """The position the engine holds for `position bpn` (its own text),
        or a `?` message when it cannot represent it."""
        p = Position.parse(bpn)
        key, pits = self.own_marks(p) if p is not None else (None, [])
        text = self.oracle(plain=True).canonical(self.asked(bpn) if pits else bpn)
        if text is None:
            return None, "cannot read that position"
        if pits:
            q = Position.parse(text)
            q.set_pits(key, q.pits(key) + pits)
            text = q.bpn()
        return text, None

    def legal(self, pos):
        return self.oracle().moves(pos) or []

    def result(self, pos, move):
        """The position after legal `move` at `pos`."""
        return self.oracle().play(pos, move)[0]

    def status(self, pos):
        return self.oracle().status(pos)

    def remember(self, bpn, hidden):
        if len(self.memory) > 100000:
            self.memory.clear()
        self.memory[bpn] = hidden

    # ---- notation (how the engine writes), overridden for texture ------------

    def write_position(self, bpn):
        return bpn

    def write_result(self, bpn):
        """How the position after a `play` is written."""
        return self.write_position(bpn)

    def write_moves(self, moves):
        return moves

    # ---- the protocol loop --------------------------------------------------

    def answer(self, request):
        word, _, arg = request.strip(" \t").partition(" ")
        arg = arg.strip(" \t")
        if word == "":
            return "? empty request"
        if word == "protocol":
            return "= 1"
        if word == "name":
            return "= " + self.NAME
        if word == "rulesets":
            return "= " + " ".join(self.RULESETS)
        if word == "ruleset":
            if arg not in self.RULESETS:
                return "? unknown ruleset " + arg[:40]
            self.ruleset = arg
            self.pos = self.start(arg)
            self.last_trace = None
            return "="
        if word == "position":
            if arg == "start":
                self.pos = self.start(self.ruleset)
                self.last_trace = None
                return "="
            text, why = self.accept(arg)
            if text is None:
                return "? " + why
            self.pos = text
            self.last_trace = None
            return "="
        if word == "show":
            return "= " + self.write_position(self.pos)
        if word == "moves":
            if self.MOVES_DELAY_MS:
                time.sleep(self.MOVES_DELAY_MS / 1000.0)
            return ("= " + " ".join(self.write_moves(self.legal(self.pos)))).rstrip()
        if word == "status":
            return "= " + self.status(self.pos)
        if word == "play":
            if self.PLAY_DELAY_MS:
                time.sleep(self.PLAY_DELAY_MS / 1000.0)
            if not arg or " " in arg:
                return "? play takes one move"
            if arg not in self.legal(self.pos):
                return "? illegal move " + arg[:20]
            after = self.result(self.pos, arg)
            if after is None:
                return "? cannot play " + arg[:20]
            self.last_trace = (self.pos, arg)
            self.pos = after
            return "= " + self.write_result(after)
        if word == "trace" and self.TRACE:
            return self.trace()
        if word == "quit":
            return "="
        return "? unknown command"

    def trace(self):
        return "? unknown command"

    def run(self):
        try:
            for line in sys.stdin:
                request = line.rstrip("\r\n")
                try:
                    answer = self.answer(request)
                except Exception:  # a bug of the stand-in: said, never a crash
                    traceback.print_exc()
                    answer = "? internal error"
                sys.stdout.write(answer + "\n")
                sys.stdout.flush()
                if request.strip() == "quit":
                    break
        except (BrokenPipeError, KeyboardInterrupt):
            pass
        finally:
            self.close()
        return 0


def main(engine_class):
    engine = engine_class(sys.argv[1:])
    sys.exit(engine.run())
