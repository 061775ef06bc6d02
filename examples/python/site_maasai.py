"""The rules of `site-maasai`, the play site's Maasai variant (the play
site's rules page, docs/sources.md), as bao-oracle reads them
(docs/rulesets/site-maasai.md).

This is the *engine object* that bao_oracle.protocol serves: replace it with
an adapter over your own engine (README.md). It plays on its own board
representation and converts to and from the protocol's positions in its
codec. It has the members of the JavaScript kit's example
(examples/node/site-maasai.js), under their Python names.

Each side's sixteen pits are a list indexed by circuit position: front pits
1..8 are 0..7 and back pits 8..1 are 8..15, so the one legal direction, L,
is -1 around the circuit: A8 -> A1 -> B1 -> B8 -> A8. Front pit f faces the
opponent's front pit 7 - f (A(i) faces a(9-i)).
"""

from bao_oracle.protocol import Position, ProtocolError

RULESET = "site-maasai"
QUIET_LIMIT = 50  # the no-progress rule: the game is called after fifty turns without a capture
RELAY_LIMIT = 1 << 16  # relays after which a move is cut as endless when no state has come back yet
SIDES = ("S", "N")
LETTERS = (("A", "B"), ("a", "b"))  # [side][row 0 front, 1 back]


def _circuit_index(front, number):
    return number - 1 if front else 16 - number


def _pit_name(side, i):
    """The pit name of circuit index `i` on `side` (0 South, 1 North)."""
    return "%s%d" % (LETTERS[side][0], i + 1) if i < 8 else "%s%d" % (LETTERS[side][1], 16 - i)


class Board:
    """The engine's own state: pits[side][0..15], store, quiet, the side to
    move (0 South, 1 North) and a decided result (None or (winner, reason))."""

    def __init__(self):
        self.pits = [[0] * 16, [0] * 16]
        self.store = [0, 0]
        self.quiet = 0
        self.to_move = 0
        self.result = None


def _called(store, reason):
    """A called game goes to the side with more captured seeds; level stores are a draw."""
    if store[0] == store[1]:
        return ("draw", reason)
    return ("S" if store[0] > store[1] else "N", reason)


def _status_words(result):
    winner, reason = result
    return "draw " + reason if winner == "draw" else "win %s %s" % (winner, reason)


def _board_status(board):
    if board.result is not None:
        return _status_words(board.result)
    # A side with no seed on its sixteen pits has lost; the side to move is
    # judged first (only a set-up position can have both sides empty).
    me = board.to_move
    for side in (me, 1 - me):
        if not any(board.pits[side]):
            return "win %s all-captured" % SIDES[1 - side]
    if board.quiet >= QUIET_LIMIT:
        return _status_words(_called(board.store, "no-progress"))
    return "ongoing"


class Codec:
    """Converts between the protocol's positions and Board."""

    def decode(self, pos, ruleset):
        # Why the position cannot occur in Maasai: the answer to `position`.
        if pos.hand != [0, 0]:
            raise ProtocolError("key hand: site-maasai has no reserve seeds")
        if pos.house or pos.block or pos.used:
            raise ProtocolError("site-maasai has no house status, blocks or house use")
        if pos.quiet > QUIET_LIMIT:
            raise ProtocolError("key quiet: the game is called at %d" % QUIET_LIMIT)
        if pos.result is not None and pos.result[1] != "infinite":
            raise ProtocolError("key result: only an endless relay decides a result the board cannot show")
        board = Board()
        for side in (0, 1):
            for number in range(1, 9):
                board.pits[side][_circuit_index(True, number)] = pos.pits[LETTERS[side][0]][number - 1]
                board.pits[side][_circuit_index(False, number)] = pos.pits[LETTERS[side][1]][number - 1]
        board.store = list(pos.store)
        board.quiet = pos.quiet
        board.to_move = SIDES.index(pos.to_move)
        board.result = pos.result
        return board

    def encode(self, board, ruleset):
        pos = Position(to_move=SIDES[board.to_move], store=list(board.store), quiet=board.quiet,
                       result=board.result)
        for side in (0, 1):
            front, back = LETTERS[side]
            for number in range(1, 9):
                pos.pits[front][number - 1] = board.pits[side][_circuit_index(True, number)]
                pos.pits[back][number - 1] = board.pits[side][_circuit_index(False, number)]
        return pos


class Maasai:
    name = "maasai-example 1.0 (python)"
    rulesets = [RULESET]
    codec = Codec()

    def start(self, ruleset):
        board = Board()
        board.pits = [[2] * 16, [2] * 16]
        return board

    def status(self, board, ruleset):
        return _board_status(board)

    def moves(self, board, ruleset):
        if _board_status(board) != "ongoing":
            return []
        me = board.to_move
        return ["%sL" % _pit_name(me, i) for i in range(16) if board.pits[me][i] > 0]

    def play(self, board, move, ruleset):
        """The board after a legal move, and the move's trace items."""
        me, them = board.to_move, 1 - board.to_move
        mine, theirs = board.pits[me], board.pits[them]
        trace = []

        def sow(i, seeds):
            for _ in range(seeds):
                i = (i + 15) % 16
                mine[i] += 1
                trace.append("sow " + _pit_name(me, i))
            return i

        # Lift the chosen pit and sow it.
        start = _circuit_index(move.pit[0] in "Aa", int(move.pit[1]))
        seeds, mine[start] = mine[start], 0
        trace.append("lift %s %d" % (_pit_name(me, start), seeds))
        last = sow(start, seeds)
        # Relay from every occupied pit the last seed reaches. A relay is a
        # function of (the mover's pits, the pit to lift): a state seen
        # before means it can never stop, and the move is cut at that first
        # repeat. One that has relayed RELAY_LIMIT times without a repeat is
        # cut there (site.interp.endless-relay: some cycle only after millions).
        seen = set()
        endless = False
        while mine[last] > 1:
            state = (tuple(mine), last)
            if state in seen or len(seen) == RELAY_LIMIT:
                endless = True
                break
            seen.add(state)
            seeds, mine[last] = mine[last], 0
            trace.append("relay %s %d" % (_pit_name(me, last), seeds))
            last = sow(last, seeds)
        trace.append("stop " + _pit_name(me, last))
        # The capture: stopped in an empty pit of the own inner row, across
        # from a pit with seeds.
        captured = False
        if not endless and last < 8 and theirs[7 - last] > 0:
            taken, theirs[7 - last] = theirs[7 - last], 0
            board.store[me] += taken
            trace.append("capture %s %d" % (_pit_name(them, 7 - last), taken))
            captured = True
        board.quiet = 0 if captured else board.quiet + 1
        board.to_move = them
        if endless:
            board.result = _called(board.store, "infinite")
            trace.append("end infinite")
        else:
            status = _board_status(board)
            if status != "ongoing":
                trace.append("end " + status.split()[-1])
        return board, trace
