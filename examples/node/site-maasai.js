'use strict';
/**
 * The rules of `site-maasai`, the play site's Maasai variant (the play
 * site's rules page, docs/sources.md), as bao-oracle reads them
 * (docs/rulesets/site-maasai.md).
 *
 * This is the *engine object* that the kit (bao-oracle/protocol) serves: replace it with
 * an adapter over your own engine (README.md). It plays on its own board
 * representation and converts to and from the protocol's position values
 * in its codec.
 *
 * Internally each side's sixteen pits are an array indexed by circuit
 * position: front pits 1..8 are 0..7 and back pits 8..1 are 8..15, so the one
 * legal direction, L, is -1 around the circuit: A8 -> A1 -> B1 -> B8 -> A8.
 * Front pit f faces the opponent's front pit 7 - f (A(i) faces a(9-i)).
 */

const { ProtocolError } = require('./kit');

const RULESET = 'site-maasai';
/** The no-progress rule: the game is called after fifty turns without a capture. */
const QUIET_LIMIT = 50;
/** Relays after which a move is cut as endless when no state has come back yet. */
const RELAY_LIMIT = 1 << 16;
const SIDES = ['S', 'N'];
const LETTERS = [['A', 'B'], ['a', 'b']]; // [side][row 0 front, 1 back]

const circuitIndex = (front, number) => (front ? number - 1 : 16 - number);
/** The pit name of circuit index `i` on `side` (0 South, 1 North). */
const pitName = (side, i) => (i < 8 ? `${LETTERS[side][0]}${i + 1}` : `${LETTERS[side][1]}${16 - i}`);

/**
 * The engine's own state: pits[side][0..15], store, quiet, the side to move
 * (0 South, 1 North) and a decided result (null or { winner, reason }).
 */
class Board {
  constructor() {
    this.pits = [new Array(16).fill(0), new Array(16).fill(0)];
    this.store = [0, 0];
    this.quiet = 0;
    this.toMove = 0;
    this.result = null;
  }
}

/** A called game goes to the side with more captured seeds; level stores are a draw. */
function called(store, reason) {
  if (store[0] === store[1]) return { winner: 'draw', reason };
  return { winner: store[0] > store[1] ? 'S' : 'N', reason };
}

const statusWords = (result) => (result.winner === 'draw' ? `draw ${result.reason}`
  : `win ${result.winner} ${result.reason}`);

function boardStatus(board) {
  if (board.result !== null) return statusWords(board.result);
  // A side with no seed on its sixteen pits has lost; the side to move is
  // judged first (only a set-up position can have both sides empty).
  const me = board.toMove;
  for (const side of [me, 1 - me]) {
    if (board.pits[side].every((c) => c === 0)) return `win ${SIDES[1 - side]} all-captured`;
  }
  if (board.quiet >= QUIET_LIMIT) return statusWords(called(board.store, 'no-progress'));
  return 'ongoing';
}

/** Converts between the protocol's position values and Board. */
const codec = {
  decode(pos) {
    // Why the position cannot occur in Maasai: the answer to `position`.
    if (pos.hand[0] !== 0 || pos.hand[1] !== 0) throw new ProtocolError('key hand: site-maasai has no reserve seeds');
    if (pos.house.length || pos.block.length || pos.used.length) {
      throw new ProtocolError('site-maasai has no house status, blocks or house use');
    }
    if (pos.quiet > QUIET_LIMIT) throw new ProtocolError(`key quiet: the game is called at ${QUIET_LIMIT}`);
    if (pos.result !== null && pos.result.reason !== 'infinite') {
      throw new ProtocolError('key result: only an endless relay decides a result the board cannot show');
    }
    const board = new Board();
    for (let side = 0; side < 2; side += 1) {
      for (let number = 1; number <= 8; number += 1) {
        board.pits[side][circuitIndex(true, number)] = pos.pits[LETTERS[side][0]][number - 1];
        board.pits[side][circuitIndex(false, number)] = pos.pits[LETTERS[side][1]][number - 1];
      }
    }
    board.store = pos.store.slice();
    board.quiet = pos.quiet;
    board.toMove = pos.toMove === 'S' ? 0 : 1;
    board.result = pos.result;
    return board;
  },

  encode(board) {
    const pits = {};
    for (let side = 0; side < 2; side += 1) {
      const [front, back] = LETTERS[side];
      pits[front] = [];
      pits[back] = [];
      for (let number = 1; number <= 8; number += 1) {
        pits[front].push(board.pits[side][circuitIndex(true, number)]);
        pits[back].push(board.pits[side][circuitIndex(false, number)]);
      }
    }
    return { toMove: SIDES[board.toMove], pits, store: board.store.slice(), quiet: board.quiet, result: board.result };
  },
};

const maasai = {
  name: 'maasai-example 1.0 (node)',
  rulesets: [RULESET],
  codec,

  start() {
    const board = new Board();
    board.pits = [new Array(16).fill(2), new Array(16).fill(2)];
    return board;
  },

  status(board) {
    return boardStatus(board);
  },

  moves(board) {
    if (boardStatus(board) !== 'ongoing') return [];
    const me = board.toMove;
    const moves = [];
    for (let i = 0; i < 16; i += 1) if (board.pits[me][i] > 0) moves.push(`${pitName(me, i)}L`);
    return moves;
  },

  /** The board after a legal move, and the move's trace items. */
  play(board, move) {
    const me = board.toMove;
    const them = 1 - me;
    const mine = board.pits[me];
    const theirs = board.pits[them];
    const trace = [];
    const sow = (from, seeds) => {
      let i = from;
      for (let k = 0; k < seeds; k += 1) {
        i = (i + 15) % 16;
        mine[i] += 1;
        trace.push(`sow ${pitName(me, i)}`);
      }
      return i;
    };

    // Lift the chosen pit and sow it.
    const number = Number(move.pit[1]);
    const start = circuitIndex(move.pit[0] === 'A' || move.pit[0] === 'a', number);
    let seeds = mine[start];
    mine[start] = 0;
    trace.push(`lift ${pitName(me, start)} ${seeds}`);
    let last = sow(start, seeds);
    // Relay from every occupied pit the last seed reaches. A relay is a
    // function of (the mover's pits, the pit to lift): a state seen before
    // means it can never stop, and the move is cut at that first repeat.
    // One that has relayed RELAY_LIMIT times without a repeat is cut there
    // (site.interp.endless-relay: some cycle only after millions).
    const seen = new Set();
    let endless = false;
    while (mine[last] > 1) {
      const state = String.fromCharCode(...mine, last);
      if (seen.has(state) || seen.size === RELAY_LIMIT) {
        endless = true;
        break;
      }
      seen.add(state);
      seeds = mine[last];
      mine[last] = 0;
      trace.push(`relay ${pitName(me, last)} ${seeds}`);
      last = sow(last, seeds);
    }
    trace.push(`stop ${pitName(me, last)}`);
    // The capture: stopped in an empty pit of the own inner row, across
    // from a pit with seeds.
    let captured = false;
    if (!endless && last < 8 && theirs[7 - last] > 0) {
      const taken = theirs[7 - last];
      theirs[7 - last] = 0;
      board.store[me] += taken;
      trace.push(`capture ${pitName(them, 7 - last)} ${taken}`);
      captured = true;
    }
    board.quiet = captured ? 0 : board.quiet + 1;
    board.toMove = them;
    if (endless) {
      board.result = called(board.store, 'infinite');
      trace.push('end infinite');
    } else {
      const status = boardStatus(board);
      if (status !== 'ongoing') trace.push(`end ${status.split(' ').pop()}`);
    }
    return { state: board, trace };
  },
};

module.exports = { maasai, RULESET, QUIET_LIMIT, RELAY_LIMIT };
