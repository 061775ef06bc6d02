"""bao_oracle: the Bao rules oracle as a library, for an engine's own tests.

The legal moves of a position, a move played with its trace (each step with
the clause that decided it), the status, perft, the first disagreement
between an engine's answers and the oracle's, and `check`, which plays
random games against an engine object and diagnoses it as `bao-oracle check`
does. Positions are BPN and moves protocol notation; `start` stands for a
ruleset's start position. docs/bindings.md in the source tree shows it all.

Submodules: `bao_oracle.protocol`, the adapter kit that puts an engine object
behind the engine protocol; `bao_oracle.strategies`, Hypothesis strategies of
reachable positions.

Bad input raises an `InputError` of its kind (`UnknownRuleset`,
`InvalidPosition`, `InvalidMove`, `IllegalMove`, `InvalidArgument`), naming
the argument; an argument of the wrong type raises TypeError naming it.
"""

import json
import os
from dataclasses import dataclass
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple

from ._errors import IllegalMove, InputError, InvalidArgument, InvalidMove, InvalidPosition, UnknownRuleset

__version__ = "0.1.0"
#: perft's depth limit, the command line's (`bao-oracle perft --depth`).
MAX_PERFT_DEPTH = 12

__all__ = [
    "__version__", "MAX_PERFT_DEPTH", "InputError", "UnknownRuleset", "InvalidPosition", "InvalidMove",
    "IllegalMove", "InvalidArgument", "Ruleset", "Clause", "TraceEvent", "PlayResult", "Disagreement",
    "Deviation", "Finding", "CheckResult", "rulesets", "clauses", "legal_moves", "play", "status", "perft",
    "compare", "check",
]


def _compiled():
    # Loaded on first use, so that bao_oracle.protocol (pure Python) works
    # where the compiled module is not built.
    from . import _native as native

    return native


# ---------------------------------------------------------------------------
# Values: frozen, so they compare by value, hash and pickle.


@dataclass(frozen=True)
class Ruleset:
    id: str
    title: str
    source: str  # the rule source's short id ("ap")
    start: str  # the start position, BPN


@dataclass(frozen=True)
class Clause:
    id: str
    kind: str  # "rule" or "interpretation"
    source: str
    section: str
    paraphrase: str


@dataclass(frozen=True)
class TraceEvent:
    """One step of a move, with the clause that decided it."""

    kind: str  # "place", "lift", "sow", "capture", ..., "end"
    pit: str  # "A3"; empty for "end"
    count: int
    reason: str  # "end" only: "front-empty", ...
    clause: str
    text: str  # the protocol's form: "lift A3 3"


@dataclass(frozen=True)
class PlayResult:
    bpn: str
    status: str
    trace: Tuple[TraceEvent, ...]
    trace_text: str  # the protocol `trace` payload


@dataclass(frozen=True)
class Disagreement:
    kind: str  # "missing-move", "extra-move", "different-result", "different-status"
    move: str
    expected: str
    actual: str
    notation: str  # "" for a rules difference; "side-letter" or "extension-key used"
    clause: str
    departure: str


# ---------------------------------------------------------------------------
# Arguments: each checked for its type before the oracle reads it.


def _shown(value: Any) -> str:
    text = repr(value)
    return "%s %s" % (type(value).__name__, text if len(text) <= 60 else text[:57] + "...")


def _text(name: str, value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError("%s: expected a str, got %s" % (name, _shown(value)))
    return value


def _whole(name: str, value: Any, low: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError("%s: expected a whole number (int), got %s" % (name, _shown(value)))
    if value < low:
        raise InvalidArgument("%s: must be %d or more, got %d" % (name, low, value), name)
    return value


def _texts(name: str, value: Any) -> List[str]:
    if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple)):
        raise TypeError("%s: expected a list of str, got %s" % (name, _shown(value)))
    return [_text("%s[%d]" % (name, i), v) for i, v in enumerate(value)]


def _plays(value: Any) -> List[Tuple[str, Optional[str], Optional[str]]]:
    """{move: answer}: None for a refused move, a BPN str, or (bpn or None,
    status or None)."""
    if value is None:
        return []
    if not isinstance(value, Mapping):
        raise TypeError("plays: expected a dict {move: (bpn, status)}, got %s" % _shown(value))
    out = []
    for move, answer in value.items():
        where = "plays[%r]" % (move,)
        _text("plays key %r" % (move,), move)
        if answer is None or isinstance(answer, str):
            out.append((move, answer, None))
            continue
        if not isinstance(answer, (tuple, list)) or len(answer) != 2:
            raise TypeError("%s: expected None (refused), a BPN str or a (bpn, status) pair, got %s"
                            % (where, _shown(answer)))
        bpn, status_text = answer
        if bpn is not None:
            _text(where + ".bpn", bpn)
        if status_text is not None:
            _text(where + ".status", status_text)
        out.append((move, bpn, status_text))
    return out


# ---------------------------------------------------------------------------
# The oracle


def rulesets() -> List[Ruleset]:
    """Every ruleset, in the order of `bao-oracle rulesets`."""
    return [Ruleset(*r) for r in _compiled().rulesets()]


def clauses(ruleset: str) -> List[Clause]:
    """The clauses that govern a ruleset."""
    return [Clause(*c) for c in _compiled().clauses(_text("ruleset", ruleset))]


def legal_moves(ruleset: str, bpn: str) -> List[str]:
    """The legal moves at a position (BPN or 'start'), canonical, in the oracle's order."""
    return _compiled().legal_moves(_text("ruleset", ruleset), _text("bpn", bpn))


def play(ruleset: str, bpn: str, move: str) -> PlayResult:
    """Plays a move: the resulting BPN, its status and the trace of the move."""
    after, status_text, trace, trace_text = _compiled().play(
        _text("ruleset", ruleset), _text("bpn", bpn), _text("move", move))
    return PlayResult(after, status_text, tuple(TraceEvent(*e) for e in trace), trace_text)


def status(ruleset: str, bpn: str) -> str:
    """'ongoing', 'win S <reason>', 'win N <reason>' or 'draw <reason>'."""
    return _compiled().status(_text("ruleset", ruleset), _text("bpn", bpn))


def perft(ruleset: str, bpn: str, depth: int) -> int:
    """The number of move paths of length `depth` (0 to 12)."""
    return _compiled().perft(_text("ruleset", ruleset), _text("bpn", bpn), _whole("depth", depth))


def compare(ruleset: str, bpn: str, moves: Sequence[str], status: Optional[str] = None,
            plays: Optional[Mapping[str, Any]] = None) -> Optional[Disagreement]:
    """The first disagreement between an engine's answers at a position and
    the oracle's, or None. `moves`: its legal moves, in any order; `status`:
    its status (None: not compared); `plays`: {move: answer} for moves it
    played there, the answer None for a refused move, the BPN it gave, or
    (bpn, status) to compare the status after it too."""
    found = _compiled().compare(_text("ruleset", ruleset), _text("bpn", bpn), _texts("moves", moves),
                              None if status is None else _text("status", status), _plays(plays))
    return None if found is None else Disagreement(*found)


# ---------------------------------------------------------------------------
# The check, inside the test runner


@dataclass(frozen=True)
class Deviation:
    """One way the engine plays the ruleset otherwise: a switch, named by the
    ruleset's clause it departs from, with its smallest witness."""

    switch: str  # "capture-needs-three", "front-empty=immediate"
    clause: str
    switch_kind: str  # "mutant" or "choice"
    plays_as: str
    meaning: str
    games: int
    positions: int
    position: str  # the witness
    move: str
    expected: str
    actual: str


@dataclass(frozen=True)
class Finding:
    """A difference no switch explains, or a protocol fault."""

    kind: str
    clauses: Tuple[str, ...]
    position: str
    move: str
    expected: str
    actual: str
    departure: str


@dataclass(frozen=True)
class CheckResult:
    """What `check` found: the diagnosis of `bao-oracle check`."""

    passed: bool  # no deviation (not accepted), no unexplained finding, no fault
    summary: str  # what `bao-oracle check` printed
    deviations: Tuple[Deviation, ...]
    unexplained: Tuple[Finding, ...]
    notation: Tuple[str, ...]  # differences of notation only, e.g. "side-letter"
    report_json: str  # report.json

    @property
    def report(self) -> Dict[str, Any]:
        return json.loads(self.report_json)


def _finding(f: Dict[str, Any]) -> Finding:
    return Finding(f["kind"], tuple(f["clauses"]), f["position"], f["move"], f["expected"], f["actual"],
                   f["departure"])


def check(engine: Any, ruleset: str, games: int = 200, seed: int = 1, corpus: Optional[Iterable[Any]] = None,
          budget: int = 0, args: Sequence[str] = (), oracle: Optional[str] = None,
          report: Optional[Any] = None) -> CheckResult:
    """Checks an engine object (the interface of bao_oracle.protocol: `name`,
    `rulesets`, `codec`, `start`, `moves`, `play`, `status`) from the test
    process: `bao-oracle check --ruleset RULESET --games GAMES --seed SEED`
    plays against it, served by the kit, and its diagnosis is returned.
    `corpus`: scenario files or folders whose positions some games start from
    (`--corpus`); None plays without (`--no-corpus`). `budget`: a limit on
    engine requests (0: none). `args`: further options of `bao-oracle check`
    (docs/cli.md), e.g. ['--accept', 'accept.txt']. `oracle`: the program
    (default $BAO_ORACLE, else bao-oracle on PATH). `report`: a folder to
    write the report files into (report.md, report.html, report.json,
    junit.xml, witnesses/)."""
    from . import _check
    from .protocol import Session

    _text("ruleset", ruleset)
    if ruleset not in [r.id for r in rulesets()]:
        known = ", ".join(r.id for r in rulesets())
        raise UnknownRuleset("ruleset: unknown ruleset '%s' (known: %s)" % (ruleset, known), "ruleset")
    paths = [] if corpus is None else [os.fspath(p) for p in corpus]
    extra = _texts("args", args)
    try:
        session = Session(engine)
    except TypeError as e:
        raise TypeError("engine: " + str(e).replace("serve(engine): ", "")) from None
    name, listed = session.handle("name"), session.handle("rulesets")
    if not name.startswith("= ") or not listed.startswith("= "):
        raise InvalidArgument("engine: the engine does not answer name and rulesets: %s; %s" % (name, listed),
                              "engine")
    if ruleset not in listed[2:].split():
        raise InvalidArgument("engine: the engine '%s' does not play %s (it lists: %s)"
                              % (name[2:], ruleset, listed[2:]), "engine")
    status_code, summary, report_json = _check.run(
        engine, ruleset, _whole("games", games, 1), _whole("seed", seed), paths, _whole("budget", budget), extra,
        oracle, None if report is None else os.fspath(report))
    data = json.loads(report_json)
    deviations = tuple(
        Deviation(d["switch"], d["clause"], d["switch_kind"], d["plays_as"], d["meaning"], d["games"],
                  d["positions"], d["witness"]["position"], d["witness"]["move"], d["witness"]["expected"],
                  d["witness"]["actual"])
        for d in data["deviations"])
    return CheckResult(status_code == 0, summary, deviations, tuple(_finding(f) for f in data["unexplained"]),
                       tuple(n["what"] for n in data["notation"]), report_json)
