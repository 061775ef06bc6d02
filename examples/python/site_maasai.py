"""The rules of `site-maasai`, the play site's Maasai variant
(the play site's rules page, docs/sources.md), as bao-oracle reads them
(docs/rulesets/site-maasai.md).

This is the *rules object* that bao_protocol.serve() drives: replace it with
an adapter over your own engine (README.md). It works on its own circuit
representation and converts to and from bao_protocol.Position at the edges.

Internally each side's sixteen pits are a list indexed by circuit position:
front pits 1..8 are 0..7 and back pits 8..1 are 8..15, so the one legal
direction, L, is -1 around the circuit: A8 -> A1 -> B1 -> B8 -> A8.
Front pit f faces the opponent's front pit 7 - f (A(i) faces a(9-i)); behind
the opponent's front pit f is its back pit 15 - f.
"""

from bao_protocol import Move, Position, pit_name

RULESET = "site-maasai"
QUIET_LIMIT = 50  # the no-progress rule: fifty turns without a capture
RELAY_LIMIT = 1 << 16  # relays after which a move is cut as endless (no repeat yet)


def _circuit_pit(row, number):
    return number - 1 if row == 0 else 16 - number


def _row_number(index):
    return (0, index + 1) if index < 8 else (1, 16 - index)


class Board:
    """A position in circuit form: pits[side][0..15], store, quiet, side to
    move and a decided result (None or (winner, reason))."""

    def __init__(self, pos):
        self.pits = [[0] * 16, [0] * 16]
        for side in (0, 1):
            for row in (0, 1):
                for number in range(1, 9):
                    self.pits[side][_circuit_pit(row, number)] = pos.rows[side][row][number - 1]
        self.store = list(pos.store)
        self.quiet = pos.quiet
        self.to_move = pos.to_move
        self.result = pos.result

    def to_position(self):
        pos = Position()
        pos.to_move = self.to_move
        for side in (0, 1):
            for index in range(16):
                row, number = _row_number(index)
                pos.rows[side][row][number - 1] = self.pits[side][index]
        pos.store, pos.quiet, pos.result = list(self.store), self.quiet, self.result
        return pos


def _called(store, reason):
    """A called game goes to the side with more captured seeds; level is a draw."""
    if store[0] == store[1]:
        return "draw %s" % reason, ("draw", reason)
    winner = "S" if store[0] > store[1] else "N"
    return "win %s %s" % (winner, reason), (winner, reason)


class MaasaiRules:
    name = "maasai-example 1.0 (python)"

    def rulesets(self):
        return [RULESET]

    def start(self, ruleset):
        pos = Position()
        pos.rows = [[[2] * 8, [2] * 8], [[2] * 8, [2] * 8]]
        return pos

    def validate(self, ruleset, pos):
        """Why the position cannot occur in Maasai, or None."""
        if pos.hand != [0, 0]:
            return "key hand: site-maasai has no reserve seeds"
        if pos.house or pos.block or pos.used:
            return "site-maasai has no house status, blocks or house use"
        if pos.quiet > QUIET_LIMIT:
            return "key quiet: the game is called at %d" % QUIET_LIMIT
        if pos.result is not None and pos.result[1] != "infinite":
            return "key result: only an endless relay decides a result the board cannot show"
        return None

    # -- status ---------------------------------------------------------------

    def status(self, ruleset, pos):
        return self._status(Board(pos))

    def _status(self, board):
        if board.result is not None:
            winner, reason = board.result
            return "draw %s" % reason if winner == "draw" else "win %s %s" % (winner, reason)
        # A side with no seed on its sixteen pits has lost; the side to move
        # is judged first (only a set-up position can have both empty).
        me = board.to_move
        for side in (me, 1 - me):
            if sum(board.pits[side]) == 0:
                return "win %s all-captured" % "SN"[1 - side]
        if board.quiet >= QUIET_LIMIT:
            return _called(board.store, "no-progress")[0]
        return "ongoing"

    # -- moves ----------------------------------------------------------------

    def legal_moves(self, ruleset, pos):
        board = Board(pos)
        if self._status(board) != "ongoing":
            return []
        me = board.to_move
        moves = []
        for index in range(16):
            if board.pits[me][index] > 0:
                row, number = _row_number(index)
                moves.append(Move(me, row, number, "L"))
        return moves

    def play(self, ruleset, pos, move):
        """The position after a legal move, and the move's trace items."""
        board = Board(pos)
        me, them = board.to_move, 1 - board.to_move
        mine, theirs = board.pits[me], board.pits[them]
        trace = []

        def name(side, index):
            return pit_name(side, *_row_number(index))

        def sow(index, seeds):
            for _ in range(seeds):
                index = (index - 1) % 16
                mine[index] += 1
                trace.append("sow " + name(me, index))
            return index

        # Lift the chosen pit and sow it.
        start = _circuit_pit(move.row, move.number)
        seeds, mine[start] = mine[start], 0
        trace.append("lift %s %d" % (name(me, start), seeds))
        last = sow(start, seeds)
        # Relay from every occupied pit the last seed reaches. A relay is a
        # function of (the mover's pits, the pit to lift): a state seen before
        # means it can never stop, and the move is cut at that first repeat.
        # One that has relayed RELAY_LIMIT times without a repeat is cut there
        # (site.interp.endless-relay: some cycle only after millions).
        seen = set()
        captured = False
        endless = False
        while mine[last] > 1:
            state = (tuple(mine), last)
            if state in seen or len(seen) == RELAY_LIMIT:
                endless = True
                break
            seen.add(state)
            seeds, mine[last] = mine[last], 0
            trace.append("relay %s %d" % (name(me, last), seeds))
            last = sow(last, seeds)
        trace.append("stop " + name(me, last))
        # The capture: stopped in an empty pit of the own inner row, across
        # from a pit with seeds.
        if not endless and last < 8 and theirs[7 - last] > 0:
            taken, theirs[7 - last] = theirs[7 - last], 0
            board.store[me] += taken
            trace.append("capture %s %d" % (name(them, 7 - last), taken))
            captured = True
        board.quiet = 0 if captured else board.quiet + 1
        board.to_move = them
        if endless:
            board.result = _called(board.store, "infinite")[1]
            trace.append("end infinite")
        else:
            status = self._status(board)
            if status != "ongoing":
                trace.append("end " + status.split()[-1])
        return board.to_position(), trace
