"""The Bao engine protocol, version 1, engine side (docs/protocol.md).

This module is the part an engine author keeps. It reads requests from
standard input, answers each with exactly one `=` or `?` line, and turns
positions (BPN) and moves between protocol text and plain Python values. It
knows nothing about the rules: those come from an *engine object* passed to
`serve()`; examples/python/site_maasai.py in the source tree is one, and
examples/python/README.md describes its members. It has the same interface
and answers as the JavaScript kit (`bao-oracle/protocol` in npm).

The standard library only; it does not need the oracle's compiled module.
"""

import sys
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Tuple

PROTOCOL_VERSION = "1"
#: A request may be up to this many bytes, a '\r' before the '\n' included.
MAX_LINE_BYTES = 65536
#: A `?` line is cut at about this many characters.
MAX_MESSAGE = 200
MAX_PERFT_DEPTH = 6
#: One `perft` may list at most this many positions, every level counted, so
#: that one request cannot keep the engine busy for long; the count does not
#: depend on the machine, so neither does the answer.
MAX_PERFT_POSITIONS = 500000
MAX_TOTAL_SEEDS = 255
#: BPN keys in the order they are written: the protocol's five, then bao-oracle's two.
KEYS = ("hand", "house", "block", "store", "quiet", "used", "result")
#: The protocol's reason words, for `status` and the `result` key.
REASONS = ("front-empty", "no-move", "infinite", "all-captured", "house-full", "no-progress")
#: Row letters in canonical order: South front, South back, North front, North back.
ROWS = ("A", "B", "a", "b")


class ProtocolError(Exception):
    """A request that fails on purpose: its message becomes the `?` line as
    it is. An engine raises it to refuse something (codec.decode for a
    position its ruleset cannot hold); anything else an engine raises is
    reported as an engine error naming the request."""


# ---------------------------------------------------------------------------
# Pits and moves


@dataclass(frozen=True)
class Pit:
    """`parse_pit('A5')` is `Pit(name='A5', row='A', number=5, side='S', front=True)`."""

    name: str
    row: str
    number: int
    side: str
    front: bool


def parse_pit(text: str) -> Pit:
    def fail(what):
        return ProtocolError("pit '%s': %s" % (text, what))

    if text == "":
        raise fail("empty")
    if text[0] not in ROWS:
        raise fail("row letter must be A, B, a or b")
    if len(text) == 1:
        raise fail("pit number missing")
    if len(text) != 2 or not "1" <= text[1] <= "8":
        raise fail("pit number must be 1 to 8")
    row = text[0]
    return Pit(text, row, int(text[1]), "S" if row in "AB" else "N", row in "Aa")


def _side_name(side: str) -> str:
    return "South" if side == "S" else "North"


@dataclass(frozen=True)
class Move:
    """A move, `<pit><dir>[t][+]` (docs/notation.md): `Move('A6', 'L')`;
    `str(move)` and `move.text` are its canonical form."""

    pit: str
    dir: str
    two_seed: bool = False
    go_on: bool = False

    @property
    def text(self) -> str:
        return "%s%s%s%s" % (self.pit, self.dir, "t" if self.two_seed else "", "+" if self.go_on else "")

    def __str__(self) -> str:
        return self.text


def parse_move(text: str, to_move: str) -> Move:
    """A move for the side to move ('S' or 'N'); raises ProtocolError saying
    what is wrong and where."""

    def fail(what):
        return ProtocolError("move '%s': %s" % (text, what))

    if text == "":
        raise fail("empty")
    try:
        pit = parse_pit(text[:2])
    except ProtocolError as e:
        raise fail(str(e)) from None
    if pit.side != to_move:
        raise fail("pit %s belongs to %s but %s is to move" % (pit.name, _side_name(pit.side), _side_name(to_move)))
    if len(text) < 3:
        raise fail("direction L or R missing at offset 2")
    if text[2] not in ("L", "R"):
        raise fail("direction must be L or R at offset 2")
    i = 3
    two_seed = text[i:i + 1] == "t"
    i += two_seed
    go_on = text[i:i + 1] == "+"
    i += go_on
    if i < len(text):
        raise fail("unexpected character '%s' at offset %d" % (text[i], i))
    return Move(pit.name, text[2], two_seed, go_on)


# OPTIMIZATION: every canonical move text of each side, so that the moves an
# engine lists in canonical form are checked by a lookup (parse_move would
# give each back unchanged).
_CANONICAL = {side: frozenset("%s%d%s%s%s" % (row, n, d, t, g) for row in rows for n in range(1, 9) for d in "LR"
                              for t in ("", "t") for g in ("", "+"))
              for side, rows in (("S", "AB"), ("N", "ab"))}


def format_move(move: Any, to_move: str) -> str:
    """The canonical text of a Move (or of move text, which is checked)."""
    if isinstance(move, str):
        if move in _CANONICAL.get(to_move, ()):
            return move
        return parse_move(move, to_move).text
    if not isinstance(move, Move):
        raise TypeError("not a move: %r" % (move,))
    return parse_move(move.text, to_move).text


# ---------------------------------------------------------------------------
# Positions


def _rows() -> Dict[str, List[int]]:
    return {row: [0] * 8 for row in ROWS}


@dataclass
class Position:
    """A position exactly as BPN writes it, all plain values:

    to_move   'S' or 'N'
    pits      {'A', 'B', 'a', 'b'}: each row eight counts in its owner's
              numbering, so pits['A'][0] is A1 and pits['b'][7] is b8
    hand      [south, north] seeds in reserve        (default [0, 0])
    store     [south, north] seeds taken off         (default [0, 0])
    quiet     turns without progress                 (default 0)
    house, block, used   lists of pit names, any order (default [])
    result    None, or (winner, reason) with winner 'S', 'N' or 'draw', for a
              result the board cannot show (bao-oracle's key)
    """

    to_move: str = "S"
    pits: Dict[str, List[int]] = field(default_factory=_rows)
    hand: List[int] = field(default_factory=lambda: [0, 0])
    store: List[int] = field(default_factory=lambda: [0, 0])
    quiet: int = 0
    house: List[str] = field(default_factory=list)
    block: List[str] = field(default_factory=list)
    used: List[str] = field(default_factory=list)
    result: Optional[Tuple[str, str]] = None


def empty_position() -> Position:
    return Position()


def _bpn_error(number, name, what, offset):
    return ProtocolError("BPN field %d (%s): %s at offset %d" % (number, name, what, offset))


def _split_at(text, offset, sep):
    """The pieces of `text` between `sep`, each with its offset; empty pieces kept."""
    parts, start = [], 0
    for i in range(len(text) + 1):
        if i < len(text) and text[i] != sep:
            continue
        parts.append((text[start:i], offset + start))
        start = i + 1
    return parts


def _is_digits(text):
    return text != "" and all("0" <= c <= "9" for c in text)


def parse_bpn(text: str) -> Position:
    """Parses BPN; raises ProtocolError saying what is wrong and where
    (`BPN field 3 (north rows): expected 8 counts, got 7 at offset 34`)."""
    trimmed = text.rstrip(" \t\r")
    fields = []
    i = 0
    while i < len(trimmed):
        if trimmed[i] in " \t":
            i += 1
            continue
        start = i
        while i < len(trimmed) and trimmed[i] not in " \t":
            i += 1
        fields.append((trimmed[start:i], start))
    pos = Position()
    seeds = [0]

    def number(tok, field_no, name, limit):
        value, offset = tok
        if value == "":
            raise _bpn_error(field_no, name, "empty count", offset)
        if value[0] == "-":
            raise _bpn_error(field_no, name, "negative counts are not allowed", offset)
        if not _is_digits(value):
            raise _bpn_error(field_no, name, "'%s' is not a number" % value, offset)
        n = int(value)
        if n > limit:
            raise _bpn_error(field_no, name, "%s is above %d" % (value, limit), offset)
        return n

    def count(tok, field_no, name):
        n = number(tok, field_no, name, 255)
        seeds[0] += n
        if seeds[0] > MAX_TOTAL_SEEDS:
            raise _bpn_error(field_no, name, "seed total %d is above the limit of %d" % (seeds[0], MAX_TOTAL_SEEDS),
                             tok[1])
        return n

    if not fields:
        raise _bpn_error(1, "side", "empty input", 0)
    end = fields[-1][1] + len(fields[-1][0])
    if fields[0][0] not in ("S", "N"):
        raise _bpn_error(1, "side", "side must be S or N, got '%s'" % fields[0][0], fields[0][1])
    pos.to_move = fields[0][0]
    for i, (name, front, back) in enumerate((("south rows", "A", "B"), ("north rows", "a", "b"))):
        field_no = i + 2
        if len(fields) <= i + 1:
            raise _bpn_error(field_no, name, "missing", end)
        tok_text, tok_offset = fields[i + 1]
        rows = _split_at(tok_text, tok_offset, "/")
        if len(rows) != 2:
            raise _bpn_error(field_no, name, "expected 2 rows (front/back) separated by '/', got %d" % len(rows),
                             tok_offset)
        for letter, (row_text, row_offset) in zip((front, back), rows):
            counts = _split_at(row_text, row_offset, ",")
            if len(counts) != 8:
                raise _bpn_error(field_no, name, "expected 8 counts, got %d" % len(counts), row_offset)
            pos.pits[letter] = [count(c, field_no, name) for c in counts]
    seen = set()
    for i in range(3, len(fields)):
        tok_text, tok_offset = fields[i]
        field_no = i + 1
        eq = tok_text.find("=")
        if eq <= 0:
            raise _bpn_error(field_no, "key=value", "expected key=value, got '%s'" % tok_text, tok_offset)
        key = tok_text[:eq]
        if key not in KEYS:
            raise _bpn_error(field_no, key, "unknown key '%s'" % key, tok_offset)
        if key in seen:
            raise _bpn_error(field_no, key, "duplicate key '%s'" % key, tok_offset)
        seen.add(key)
        value, offset = tok_text[eq + 1:], tok_offset + eq + 1
        if key in ("hand", "store"):
            parts = _split_at(value, offset, ",")
            if len(parts) != 2:
                raise _bpn_error(field_no, key, "expected two counts S,N", offset)
            setattr(pos, key, [count(p, field_no, key) for p in parts])
        elif key == "quiet":
            pos.quiet = number((value, offset), field_no, key, 65535)
        elif key == "result":
            colon = value.find(":")
            if colon < 0:
                raise _bpn_error(field_no, key, "expected <winner>:<reason>, e.g. N:infinite", offset)
            winner, reason = value[:colon], value[colon + 1:]
            if winner not in ("S", "N", "draw"):
                raise _bpn_error(field_no, key, "winner must be S, N or draw, got '%s'" % winner, offset)
            if reason not in REASONS:
                raise _bpn_error(field_no, key, "unknown reason '%s'" % reason, offset + colon + 1)
            pos.result = (winner, reason)
        else:  # house, block, used
            if value == "":
                raise _bpn_error(field_no, key, "empty pit list", offset)
            names = []
            for part, part_offset in _split_at(value, offset, ","):
                try:
                    parse_pit(part)
                except ProtocolError as e:
                    raise _bpn_error(field_no, key, str(e), part_offset) from None
                if part in names:
                    raise _bpn_error(field_no, key, "pit %s listed twice" % part, part_offset)
                names.append(part)
            setattr(pos, key, names)
    return pos


def _pit_order(name):
    return ROWS.index(name[0]) * 8 + int(name[1])


def _is_count(value, limit):
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= limit


def check_position(pos: Any) -> Position:
    """Checks a position an engine made and returns a canonical copy; raises
    TypeError naming the first thing wrong (`pits['A'][3] is -1`)."""
    if not isinstance(pos, Position):
        raise TypeError("a position must be a Position, got %r" % (pos,))
    out = Position()
    if pos.to_move not in ("S", "N"):
        raise TypeError("to_move must be 'S' or 'N', got %r" % (pos.to_move,))
    out.to_move = pos.to_move
    if not isinstance(pos.pits, dict):
        raise TypeError("pits must be {'A', 'B', 'a', 'b'}")
    seeds = 0
    for row in ROWS:
        counts = pos.pits.get(row)
        if not isinstance(counts, (list, tuple)) or len(counts) != 8:
            raise TypeError("pits['%s'] must be a list of 8 counts" % row)
        for i, c in enumerate(counts):
            if not _is_count(c, 255):
                raise TypeError("pits['%s'][%d] is %r, not a count 0..255" % (row, i, c))
            seeds += c
        out.pits[row] = list(counts)
    for key in ("hand", "store"):
        pair = getattr(pos, key)
        if not isinstance(pair, (list, tuple)) or len(pair) != 2 or not all(_is_count(c, 255) for c in pair):
            raise TypeError("%s must be [south, north], two counts 0..255" % key)
        seeds += pair[0] + pair[1]
        setattr(out, key, list(pair))
    if seeds > MAX_TOTAL_SEEDS:
        raise TypeError("%d seeds in all, above the limit of %d" % (seeds, MAX_TOTAL_SEEDS))
    if not _is_count(pos.quiet, 65535):
        raise TypeError("quiet is %r, not a count 0..65535" % (pos.quiet,))
    out.quiet = pos.quiet
    for key in ("house", "block", "used"):
        names = list(getattr(pos, key))
        for n in names:
            parse_pit(str(n))
        if len(set(names)) != len(names):
            raise TypeError("%s lists a pit twice" % key)
        setattr(out, key, sorted((str(n) for n in names), key=_pit_order))
    if pos.result is not None:
        if (not isinstance(pos.result, tuple) or len(pos.result) != 2 or pos.result[0] not in ("S", "N", "draw")
                or pos.result[1] not in REASONS):
            raise TypeError("result must be None or (winner S|N|draw, a protocol reason word)")
        out.result = (pos.result[0], pos.result[1])
    return out


def _copy_position(pos: Position) -> Position:
    return Position(pos.to_move, {row: list(pos.pits[row]) for row in ROWS}, list(pos.hand), list(pos.store),
                    pos.quiet, list(pos.house), list(pos.block), list(pos.used), pos.result)


def format_bpn(position: Position) -> str:
    """Canonical BPN: keys in protocol order, defaults left out."""
    return _format_checked(check_position(position))


def _format_checked(pos: Position) -> str:
    """format_bpn of a position check_position gave (the session keeps only those)."""

    def side(front, back):
        return "%s/%s" % (",".join(map(str, pos.pits[front])), ",".join(map(str, pos.pits[back])))

    out = "%s %s %s" % (pos.to_move, side("A", "B"), side("a", "b"))
    if pos.hand != [0, 0]:
        out += " hand=%d,%d" % tuple(pos.hand)
    if pos.house:
        out += " house=" + ",".join(pos.house)
    if pos.block:
        out += " block=" + ",".join(pos.block)
    if pos.store != [0, 0]:
        out += " store=%d,%d" % tuple(pos.store)
    if pos.quiet:
        out += " quiet=%d" % pos.quiet
    if pos.used:
        out += " used=" + ",".join(pos.used)
    if pos.result is not None:
        out += " result=%s:%s" % pos.result
    return out


# ---------------------------------------------------------------------------
# The session


def printable(text: str) -> str:
    """Anything that is not printable ASCII is written `\\xNN` (a character
    above U+00FF as its UTF-8 bytes); a message is cut once its line (`? `
    included) reaches MAX_MESSAGE characters."""
    out = []
    length = 0
    for ch in str(text):
        if length + 2 >= MAX_MESSAGE:
            return "".join(out) + "..."
        code = ord(ch)
        if 0x20 <= code < 0x7F:
            piece = ch
        else:
            # Requests are read as Latin-1, so a byte of the input is one
            # character here; a wider one (from an engine's message) is
            # written as its UTF-8 bytes.
            data = bytes([code]) if code < 0x100 else ch.encode("utf-8", "replace")
            piece = "".join("\\x%02X" % b for b in data)
        out.append(piece)
        length += len(piece)
    return "".join(out)


def _is_printable(text):
    """Printable ASCII only (for ASCII text, str.isprintable is exactly that)."""
    return text.isascii() and text.isprintable()


# command -> its arguments: 'none', 'one' or 'rest' (BPN holds spaces).
COMMANDS = {
    "protocol": "none", "name": "none", "rulesets": "none", "ruleset": "one", "position": "rest",
    "show": "none", "moves": "none", "play": "one", "status": "none", "quit": "none", "perft": "one",
    "trace": "none",
}

_STATUS_WORDS = ("ongoing",) + tuple("win %s %s" % (s, r) for s in "SN" for r in REASONS) + tuple(
    "draw " + r for r in REASONS)


def _trim_request(text):
    """A '\r' at the end dropped (a CRLF line end), then blanks at both ends:
    how bao-oracle engine trims a request, and then its argument again."""
    return (text[:-1] if text.endswith("\r") else text).strip(" \t")


class _EngineFault(Exception):
    """A fault of the engine object while answering a request."""


def _error_text(e):
    return "%s: %s" % (type(e).__name__, e)


def _cut(text):
    """The request as quoted in a message: at most 60 characters."""
    return text[:57] + "..." if len(text) > 60 else text


def _check_engine(engine):
    for member in ("start", "moves", "play", "status"):
        if not callable(getattr(engine, member, None)):
            raise TypeError("serve(engine): engine.%s must be a function" % member)
    codec = getattr(engine, "codec", None)
    if not callable(getattr(codec, "decode", None)) or not callable(getattr(codec, "encode", None)):
        raise TypeError("serve(engine): engine.codec must have decode(position, ruleset) and encode(state, ruleset)")
    if getattr(engine, "name", None) is None or getattr(engine, "rulesets", None) is None:
        raise TypeError("serve(engine): engine.name and engine.rulesets are required")


class Session:
    """The engine's state between requests: the ruleset, the position (a
    checked Position, the protocol's view of the engine's state) and the
    last move's trace. Every request decodes a fresh engine state from the
    position, so an engine may change the state objects it is given; and
    nothing is kept until every step of the request has succeeded, so a
    failed request changes nothing.

    `handle(line)` answers one request line without any process around it:
    `Session(engine).handle('perft 1')` is `'= 16'`.
    """

    def __init__(self, engine: Any) -> None:
        _check_engine(engine)
        self.engine = engine
        self.done = False
        self.last_trace: Any = None  # None: no play since the position was set
        self.ruleset: Optional[str] = None
        self.position: Optional[Position] = None
        self.start_fault = ""  # why the first ruleset could not be set up
        try:
            self.ruleset = self._ruleset_ids()[0]
            self.position = self._start_position(self.ruleset)
        except (_EngineFault, ProtocolError) as e:
            # Served as an error to every request that needs a position,
            # until a `ruleset` or `position` request succeeds.
            self.start_fault = "at start-up, %s" % e

    def handle(self, line: str) -> str:
        """The answer line (without '\\n') to one request line (without '\\n')."""
        request = _trim_request(line)
        try:
            if request == "":
                raise ProtocolError("empty request")
            blank = next((i for i, c in enumerate(request) if c in " \t"), len(request))
            command, argument = request[:blank], _trim_request(request[blank:])
            # The exact text `? unknown command` is how a peer learns that
            # an optional command is missing, so nothing is added to it.
            if command not in COMMANDS or (command == "trace" and getattr(self.engine, "traces", True) is False):
                return "? unknown command"
            arity = COMMANDS[command]
            if arity == "none" and argument:
                raise ProtocolError("%s takes no argument" % command)
            if arity != "none" and not argument:
                raise ProtocolError("%s needs an argument" % command)
            if arity == "one" and (" " in argument or "\t" in argument):
                raise ProtocolError("%s takes one argument" % command)
            payload = getattr(self, "_do_" + command)(argument)
            if not _is_printable(payload):
                bad = next(i for i, c in enumerate(payload) if not 0x20 <= ord(c) < 0x7F)
                raise _EngineFault("the answer holds %s at offset %d; answers are printable ASCII"
                                   % (printable(payload[bad]), bad))
            return "= " + payload if payload else "="
        except ProtocolError as e:
            return "? " + printable(str(e))
        except _EngineFault as e:
            return "? " + printable("engine error in '%s': %s" % (_cut(request), e))
        except Exception as e:  # a fault of this module itself: reported all the same, never fatal
            return "? " + printable("internal error in '%s': %s" % (_cut(request), _error_text(e)))

    # -- calls into the engine, each checked --------------------------------

    @staticmethod
    def _call(what: str, fn: Callable[[], Any]) -> Any:
        try:
            return fn()
        except ProtocolError:
            raise
        except Exception as e:  # RecursionError included: the engine's fault is an answer
            raise _EngineFault("%s threw %s" % (what, _error_text(e))) from None

    def _ruleset_ids(self):
        rulesets = self.engine.rulesets
        ids = self._call("rulesets", lambda: rulesets() if callable(rulesets) else rulesets)
        if (not isinstance(ids, (list, tuple)) or not ids
                or not all(isinstance(i, str) and i and all(0x21 <= ord(c) < 0x7F for c in i) for i in ids)):
            raise _EngineFault("rulesets must be a non-empty list of ids without blanks")
        return list(ids)

    def _encode(self, state, what, ruleset=None):
        ruleset = self.ruleset if ruleset is None else ruleset
        position = self._call("codec.encode after %s" % what, lambda: self.engine.codec.encode(state, ruleset))
        try:
            return check_position(position)
        except (TypeError, ProtocolError) as e:
            raise _EngineFault("codec.encode after %s gave a bad position: %s" % (what, e)) from None

    def _decode(self, position):
        # A copy, so that an engine that changes what it is given cannot
        # change the session's position.
        copy = _copy_position(position)
        return self._call("codec.decode", lambda: self.engine.codec.decode(copy, self.ruleset))

    def _start_position(self, ruleset):
        state = self._call("start(%s)" % ruleset, lambda: self.engine.start(ruleset))
        return self._encode(state, "start(%s)" % ruleset, ruleset)

    def _current(self):
        if self.position is None:
            raise _EngineFault(self.start_fault)
        return self.position

    def _legal_moves(self, position):
        """The engine's legal moves from a position, as canonical move text."""
        state = self._decode(position)
        moves = self._call("moves", lambda: self.engine.moves(state, self.ruleset))
        if not isinstance(moves, (list, tuple)):
            raise _EngineFault("moves must return a list")
        out = []
        for m in moves:
            try:
                out.append(format_move(m, position.to_move))
            except (TypeError, ProtocolError) as e:
                raise _EngineFault("moves returned %s: %s" % ("'%s'" % m if isinstance(m, str) else "a bad move", e)) \
                    from None
        return out

    def _play_on(self, position, move):
        """(position, trace) after a legal move (a Move)."""
        state = self._decode(position)
        result = self._call("play(%s)" % move.text, lambda: self.engine.play(state, move, self.ruleset))
        if not isinstance(result, tuple) or len(result) != 2:
            raise _EngineFault("play(%s) must return (state, trace)" % move.text)
        after = self._encode(result[0], "play(%s)" % move.text)
        trace = result[1]
        if trace is not None:
            if not isinstance(trace, (list, tuple)) or not all(
                    isinstance(t, str) and t and _is_printable(t) and ";" not in t for t in trace):
                raise _EngineFault("play(%s) gave a trace that is not a list of printable items without ';'"
                                   % move.text)
            trace = list(trace)
        return after, trace

    # -- the commands ------------------------------------------------------------

    def _do_protocol(self, _):
        return PROTOCOL_VERSION

    def _do_name(self, _):
        name = self.engine.name
        value = self._call("name", lambda: name() if callable(name) else name)
        if not isinstance(value, str) or value == "":
            raise _EngineFault("name must be a non-empty string")
        return value

    def _do_rulesets(self, _):
        return " ".join(self._ruleset_ids())

    def _do_ruleset(self, ruleset_id):
        if ruleset_id not in self._ruleset_ids():
            raise ProtocolError("unknown ruleset '%s'" % ruleset_id)
        position = self._start_position(ruleset_id)
        self.ruleset, self.position, self.last_trace = ruleset_id, position, None
        return ""

    def _do_position(self, text):
        if self.ruleset is None:
            raise _EngineFault(self.start_fault)
        if text == "start":
            position = self._start_position(self.ruleset)
        else:
            parsed = parse_bpn(text)
            # The engine refuses a position its ruleset cannot hold by
            # raising a ProtocolError from decode; what it keeps is what
            # `show` reports.
            position = self._encode(self._decode(parsed), "codec.decode")
        self.position, self.last_trace = position, None
        return ""

    def _do_show(self, _):
        return _format_checked(self._current())

    def _do_moves(self, _):
        return " ".join(self._legal_moves(self._current()))

    def _do_play(self, text):
        position = self._current()
        move = parse_move(text, position.to_move)
        # The engine only ever sees moves it listed itself.
        if move.text not in self._legal_moves(position):
            raise ProtocolError("move %s is not legal here" % text)
        after, trace = self._play_on(position, move)
        self.position = after
        self.last_trace = "none" if trace is None else trace
        return _format_checked(after)

    def _do_status(self, _):
        position = self._current()
        state = self._decode(position)
        status = self._call("status", lambda: self.engine.status(state, self.ruleset))
        if not isinstance(status, str) or status not in _STATUS_WORDS:
            raise _EngineFault("status returned '%s', not ongoing, win S|N <reason> or draw <reason>"
                               % printable(str(status)))
        return status

    def _do_quit(self, _):
        self.done = True
        return ""

    def _do_perft(self, text):
        if not _is_digits(text) or int(text) > MAX_PERFT_DEPTH:
            raise ProtocolError("perft depth must be a whole number from 0 to %d" % MAX_PERFT_DEPTH)
        depth = int(text)
        budget = [MAX_PERFT_POSITIONS]

        def count(position, d):
            if d == 0:
                return 1
            moves = self._legal_moves(position)
            budget[0] -= len(moves)
            if budget[0] < 0:
                raise ProtocolError("perft %d here needs more than %d positions, the limit of this engine; "
                                    "ask a smaller depth" % (depth, MAX_PERFT_POSITIONS))
            if d == 1:
                return len(moves)
            return sum(count(self._play_on(position, parse_move(m, position.to_move))[0], d - 1) for m in moves)

        return str(count(self._current(), depth))

    def _do_trace(self, _):
        if self.last_trace is None:
            raise ProtocolError("no move played since the position was set")
        if self.last_trace == "none":
            raise ProtocolError("the engine gave no trace for the last move")
        return "; ".join(self.last_trace)


def serve(engine: Any, input: Any = None, output: Any = None) -> int:
    """Serves the protocol on `input` and `output` (binary streams; standard
    input and output by default) until `quit` or the end of input; returns
    the exit status: 0, or 1 when the output failed. Each answer is flushed
    before the next read that could wait, so a peer waiting for an answer
    always has it."""
    session = Session(engine)
    source = input if input is not None else sys.stdin.buffer
    sink = output if output is not None else sys.stdout.buffer
    read = getattr(source, "read1", source.read)
    pending = bytearray()  # the start of a line that has not ended yet
    too_long = False  # the line being read is past MAX_LINE_BYTES
    answers = bytearray()

    def answer(line):
        # Bytes are read as Latin-1, so that no input can fail to decode.
        response = "? line too long" if line is None else session.handle(line.decode("latin-1"))
        answers.extend(response.encode("ascii", "replace") + b"\n")

    def flush():
        if answers:
            sink.write(bytes(answers))
            sink.flush()
            answers.clear()

    try:
        while not session.done:
            chunk = read(65536)
            if not chunk:
                # A last line without '\n' is still answered.
                if pending or too_long:
                    answer(None if too_long else bytes(pending))
                break
            start = 0
            while start < len(chunk):
                nl = chunk.find(b"\n", start)
                piece = chunk[start:] if nl < 0 else chunk[start:nl]
                if not too_long:
                    if len(pending) + len(piece) > MAX_LINE_BYTES:
                        # The rest of this line is read and thrown away, never stored.
                        too_long = True
                        pending.clear()
                    else:
                        pending.extend(piece)
                if nl < 0:
                    break
                answer(None if too_long else bytes(pending))
                pending.clear()
                too_long = False
                start = nl + 1
                if session.done:
                    break
            # Nothing more read yet: the peer may be waiting for our answers.
            flush()
        flush()
    except (BrokenPipeError, OSError):
        return 1
    return 0
