"""The Bao engine protocol, version 1, engine side (docs/protocol.md).

This module is the part an engine author keeps: it reads requests from
standard input, answers each with exactly one `=` or `?` line, flushes, and
turns positions and moves between protocol text and plain Python values.
It knows nothing about the rules. Those come from a *rules object* passed to
`serve()`; see `site_maasai.py` for one and README.md for the methods it needs.

Standard library only; Python 3.8 or later.
"""

import sys

PROTOCOL_VERSION = "1"

# BPN keys in the order they are written (protocol table, then `used` and
# `result`, which bao-oracle adds).
KEYS = ("hand", "house", "block", "store", "quiet", "used", "result")
REASONS = ("front-empty", "no-move", "infinite", "all-captured", "house-full", "no-progress")
MAX_TOTAL_SEEDS = 255
MAX_PERFT_DEPTH = 6


class ProtocolError(Exception):
    """A request that fails: its message becomes the `?` line."""


# ---------------------------------------------------------------------------
# Positions (BPN) and moves, as plain values


class Position:
    """A position exactly as BPN writes it.

    rows[side][row] is a list of 8 counts in the owner's pit order 1..8, with
    side 0 = South, 1 = North and row 0 = front (A/a), 1 = back (B/b).
    house, block and used are sets of pit names ("A5"); hand and store are
    [south, north]; result is None or (winner, reason) with winner "S", "N"
    or "draw".
    """

    def __init__(self):
        self.to_move = 0
        self.rows = [[[0] * 8, [0] * 8], [[0] * 8, [0] * 8]]
        self.hand = [0, 0]
        self.store = [0, 0]
        self.quiet = 0
        self.house = set()
        self.block = set()
        self.used = set()
        self.result = None

    def copy(self):
        p = Position()
        p.to_move = self.to_move
        p.rows = [[list(r) for r in side] for side in self.rows]
        p.hand, p.store, p.quiet = list(self.hand), list(self.store), self.quiet
        p.house, p.block, p.used = set(self.house), set(self.block), set(self.used)
        p.result = self.result
        return p

    def total_seeds(self):
        return sum(sum(r) for side in self.rows for r in side) + sum(self.hand) + sum(self.store)


def pit_name(side, row, number):
    """pit_name(0, 0, 5) == "A5"; North's back pit 3 is "b3"."""
    letter = "AB"[row] if side == 0 else "ab"[row]
    return "%s%d" % (letter, number)


def parse_pit(text):
    """"A5" -> (side, row, number); raises ProtocolError."""
    if len(text) != 2 or text[0] not in "ABab" or text[1] not in "12345678":
        raise ProtocolError("pit '%s': expected A1..A8, B1..B8, a1..a8 or b1..b8" % text)
    side = 0 if text[0] in "AB" else 1
    row = 0 if text[0] in "Aa" else 1
    return side, row, int(text[1])


def _pit_order(name):
    side, row, number = parse_pit(name)
    return (side, row, number)


def _count(text, what):
    if not text or not text.isdigit() or not text.isascii():
        raise ProtocolError("BPN %s: '%s' is not a count" % (what, text))
    return int(text)


def _pair(text, key):
    parts = text.split(",")
    if len(parts) != 2:
        raise ProtocolError("BPN key %s: expected two counts S,N" % key)
    return [_count(parts[0], key), _count(parts[1], key)]


def _pits(text, key):
    names = text.split(",")
    if text == "" or len(set(names)) != len(names):
        raise ProtocolError("BPN key %s: expected a list of distinct pits" % key)
    for n in names:
        parse_pit(n)
    return set(names)


def parse_bpn(text):
    """`<side> <SF>/<SB> <NF>/<NB> [key=value ...]` -> Position."""
    fields = text.split()
    if len(fields) < 3:
        raise ProtocolError("BPN: expected side, south rows and north rows")
    pos = Position()
    if fields[0] not in ("S", "N"):
        raise ProtocolError("BPN side must be S or N, got '%s'" % fields[0])
    pos.to_move = 0 if fields[0] == "S" else 1
    for side, field in ((0, fields[1]), (1, fields[2])):
        rows = field.split("/")
        if len(rows) != 2:
            raise ProtocolError("BPN rows: expected front/back, got '%s'" % field)
        for row, text_row in enumerate(rows):
            counts = text_row.split(",")
            if len(counts) != 8:
                raise ProtocolError("BPN rows: expected 8 counts, got %d" % len(counts))
            pos.rows[side][row] = [_count(c, "rows") for c in counts]
    seen = set()
    for item in fields[3:]:
        key, eq, value = item.partition("=")
        if not eq or not key:
            raise ProtocolError("BPN: expected key=value, got '%s'" % item)
        if key not in KEYS:
            raise ProtocolError("BPN: unknown key '%s'" % key)
        if key in seen:
            raise ProtocolError("BPN: duplicate key '%s'" % key)
        seen.add(key)
        if key == "hand":
            pos.hand = _pair(value, key)
        elif key == "store":
            pos.store = _pair(value, key)
        elif key == "quiet":
            pos.quiet = _count(value, key)
            if pos.quiet > 65535:
                raise ProtocolError("BPN key quiet: %d is above 65535" % pos.quiet)
        elif key in ("house", "block", "used"):
            setattr(pos, key, _pits(value, key))
        else:  # result
            winner, colon, reason = value.partition(":")
            if not colon or winner not in ("S", "N", "draw") or reason not in REASONS:
                raise ProtocolError("BPN key result: expected <S|N|draw>:<reason>")
            pos.result = (winner, reason)
    for side in pos.rows:
        for row in side:
            if any(c > 255 for c in row):
                raise ProtocolError("BPN: a count is above 255")
    if pos.total_seeds() > MAX_TOTAL_SEEDS:
        raise ProtocolError("BPN: more than %d seeds in all" % MAX_TOTAL_SEEDS)
    return pos


def to_bpn(pos):
    """Canonical BPN: keys in protocol order, defaults left out."""
    rows = " ".join("/".join(",".join(str(c) for c in row) for row in side) for side in pos.rows)
    out = "%s %s" % ("SN"[pos.to_move], rows)
    if pos.hand != [0, 0]:
        out += " hand=%d,%d" % tuple(pos.hand)
    for key in ("house", "block"):
        pits = getattr(pos, key)
        if pits:
            out += " %s=%s" % (key, ",".join(sorted(pits, key=_pit_order)))
    if pos.store != [0, 0]:
        out += " store=%d,%d" % tuple(pos.store)
    if pos.quiet:
        out += " quiet=%d" % pos.quiet
    if pos.used:
        out += " used=%s" % ",".join(sorted(pos.used, key=_pit_order))
    if pos.result is not None:
        out += " result=%s:%s" % pos.result
    return out


class Move:
    """`<pit><dir>[t][+]`: side/row/number of the pit, "L" or "R", flags."""

    def __init__(self, side, row, number, direction, two_seed=False, go_on=False):
        self.side, self.row, self.number = side, row, number
        self.direction, self.two_seed, self.go_on = direction, two_seed, go_on

    def __eq__(self, other):
        return str(self) == str(other)

    def __hash__(self):
        return hash(str(self))

    def __str__(self):
        return "%s%s%s%s" % (pit_name(self.side, self.row, self.number), self.direction,
                             "t" if self.two_seed else "", "+" if self.go_on else "")


def parse_move(text, mover):
    side, row, number = parse_pit(text[:2])
    if side != mover:
        raise ProtocolError("move '%s': %s is to move" % (text, ("South", "North")[mover]))
    rest = text[2:]
    if not rest or rest[0] not in "LR":
        raise ProtocolError("move '%s': direction must be L or R" % text)
    flags = rest[1:]
    if flags not in ("", "t", "+", "t+"):
        raise ProtocolError("move '%s': only t and + may follow the direction" % text)
    return Move(side, row, number, rest[0], "t" in flags, "+" in flags)


# ---------------------------------------------------------------------------
# The session


def _printable(message):
    """Responses are ASCII lines: escape anything else a message may quote."""
    out = []
    for ch in message[:200]:
        code = ord(ch)
        out.append(ch if 0x20 <= code < 0x7F else "\\x%02X" % (code & 0xFF))
    return "".join(out)


# command -> how many arguments: None, "one" or "rest" (BPN has spaces).
COMMANDS = {
    "protocol": None, "name": None, "rulesets": None, "ruleset": "one",
    "position": "rest", "show": None, "moves": None, "play": "one",
    "status": None, "quit": None, "perft": "one", "trace": None,
}


class Session:
    """The engine's state between requests: ruleset, position, last trace.

    Every handler either returns the success payload or raises
    ProtocolError; it changes the state only once nothing can fail any more,
    so a failed request leaves the state as it was.
    """

    def __init__(self, rules):
        self.rules = rules
        self.ruleset = rules.rulesets()[0]
        self.position = rules.start(self.ruleset)
        self.last_trace = None
        self.done = False

    def handle(self, line):
        request = line.rstrip("\r").strip(" \t")
        if not request:
            raise ProtocolError("empty request")
        blank = next((i for i, c in enumerate(request) if c in " \t"), len(request))
        command, argument = request[:blank], request[blank:].strip(" \t")
        if command not in COMMANDS:
            return None  # "? unknown command", exactly
        arity = COMMANDS[command]
        if arity is None and argument:
            raise ProtocolError("%s takes no argument" % command)
        if arity is not None and not argument:
            raise ProtocolError("%s needs an argument" % command)
        if arity == "one" and (" " in argument or "\t" in argument):
            raise ProtocolError("%s takes one argument" % command)
        return getattr(self, "do_" + command)(argument)

    def do_protocol(self, _):
        return PROTOCOL_VERSION

    def do_name(self, _):
        return self.rules.name

    def do_rulesets(self, _):
        return " ".join(self.rules.rulesets())

    def do_ruleset(self, ruleset):
        if ruleset not in self.rules.rulesets():
            raise ProtocolError("unknown ruleset '%s'" % ruleset)
        self.ruleset, self.position = ruleset, self.rules.start(ruleset)
        self.last_trace = None
        return ""

    def do_position(self, text):
        if text == "start":
            pos = self.rules.start(self.ruleset)
        else:
            pos = parse_bpn(text)
            problem = self.rules.validate(self.ruleset, pos)
            if problem:
                raise ProtocolError(problem)
        self.position, self.last_trace = pos, None
        return ""

    def do_show(self, _):
        return to_bpn(self.position)

    def do_moves(self, _):
        return " ".join(str(m) for m in self.rules.legal_moves(self.ruleset, self.position))

    def do_play(self, text):
        move = parse_move(text, self.position.to_move)
        if move not in self.rules.legal_moves(self.ruleset, self.position):
            raise ProtocolError("move %s is not legal here" % text)
        after, trace = self.rules.play(self.ruleset, self.position, move)
        self.position, self.last_trace = after, trace
        return to_bpn(after)

    def do_status(self, _):
        return self.rules.status(self.ruleset, self.position)

    def do_quit(self, _):
        self.done = True
        return ""

    def do_perft(self, text):
        if not text.isdigit() or not text.isascii() or int(text) > MAX_PERFT_DEPTH:
            raise ProtocolError("perft depth must be a whole number from 0 to %d" % MAX_PERFT_DEPTH)
        return str(self._perft(self.position, int(text)))

    def _perft(self, pos, depth):
        if depth == 0:
            return 1
        moves = self.rules.legal_moves(self.ruleset, pos)
        if depth == 1:
            return len(moves)
        return sum(self._perft(self.rules.play(self.ruleset, pos, m)[0], depth - 1) for m in moves)

    def do_trace(self, _):
        if self.last_trace is None:
            raise ProtocolError("no move played since the position was set")
        return "; ".join(self.last_trace)


def serve(rules, stdin=None, stdout=None):
    """Answers requests until `quit` or the end of input; returns the exit status."""
    stdin = stdin if stdin is not None else sys.stdin.buffer
    stdout = stdout if stdout is not None else sys.stdout
    session = Session(rules)
    for raw in stdin:
        # Bytes are read as Latin-1 so that no input can fail to decode.
        line = raw.decode("latin-1").rstrip("\n")
        try:
            payload = session.handle(line)
            response = "? unknown command" if payload is None else (
                "= " + payload if payload else "=")
        except ProtocolError as e:
            response = "? " + _printable(str(e))
        except Exception as e:  # a bug of ours must not end the session
            response = "? internal error: " + _printable(repr(e))
        stdout.write(response + "\n")
        stdout.flush()
        if session.done:
            break
    return 0
