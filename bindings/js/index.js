'use strict';
// bao-oracle: the Bao rules oracle, compiled to WebAssembly. One function per
// function of the C++ facade (bindings/core/oracle_api.hpp); each checks its
// arguments, sends a JSON request to the module's one entry point, bao_call,
// and returns its answer, or throws the error of its kind for bad input.
// docs/bindings.md in the source tree shows it in use; index.mjs is the ES
// module entry, protocol.js the adapter kit (bao-oracle/protocol), check.js
// the checker run against an engine object (Node only).

const wasm = require('./bao_oracle_wasm.js');

const call = wasm.cwrap('bao_call', 'string', ['string']);

/**
 * Bad input: the message names the argument and what is wrong there;
 * `kind`, `argument`, `field` (the field inside the argument, e.g. 'north
 * rows' of a BPN string, or '') and `offset` (or null) say it as data.
 */
class BaoOracleError extends Error {
  constructor(message, { kind = 'input', argument = '', field = '', offset = null } = {}) {
    super(message);
    this.name = 'BaoOracleError';
    this.kind = kind;
    this.argument = argument;
    this.field = field;
    this.offset = offset;
  }
}

/** The error class of each kind the oracle reports. */
function errorKind(name, kind) {
  const cls = class extends BaoOracleError {
    constructor(message, where = {}) {
      super(message, { ...where, kind });
      this.name = name;
    }
  };
  Object.defineProperty(cls, 'name', { value: name });
  return cls;
}
const UnknownRuleset = errorKind('UnknownRuleset', 'unknown-ruleset');
const InvalidPosition = errorKind('InvalidPosition', 'invalid-position');
const InvalidMove = errorKind('InvalidMove', 'invalid-move');
const IllegalMove = errorKind('IllegalMove', 'illegal-move');
const InvalidArgument = errorKind('InvalidArgument', 'invalid-argument');
const BY_KIND = {
  'unknown-ruleset': UnknownRuleset, 'invalid-position': InvalidPosition, 'invalid-move': InvalidMove,
  'illegal-move': IllegalMove, 'invalid-argument': InvalidArgument,
};

function request(fn, args) {
  const answer = JSON.parse(call(JSON.stringify({ fn, ...args })));
  if ('error' in answer) {
    const Kind = BY_KIND[answer.kind] || BaoOracleError;
    throw new Kind(answer.error, { argument: answer.argument, field: answer.field, offset: answer.offset });
  }
  return answer.ok;
}

/** How a value is shown in a TypeError: `the string '3'`, `the number 2.5`, `an object`. */
function shown(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string '${value.length > 60 ? `${value.slice(0, 57)}...` : value}'`;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return `the ${typeof value} ${String(value)}`;
  }
  return typeof value === 'object' ? 'an object' : typeof value;
}

function text(name, value) {
  if (typeof value !== 'string') throw new TypeError(`${name}: expected a string, got ${shown(value)}`);
  return value;
}

function isObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Every ruleset, in the order of `bao-oracle rulesets`. */
function rulesets() {
  return request('rulesets', {});
}

/** The clauses that govern a ruleset. */
function clauses(ruleset) {
  return request('clauses', { ruleset: text('ruleset', ruleset) });
}

/** The legal moves at a position (BPN or 'start'), canonical protocol text. */
function legalMoves(ruleset, bpn) {
  return request('legalMoves', { ruleset: text('ruleset', ruleset), bpn: text('bpn', bpn) });
}

/** Plays a move: the resulting BPN, its status and the trace of the move. */
function play(ruleset, bpn, move) {
  return request('play', {
    ruleset: text('ruleset', ruleset), bpn: text('bpn', bpn), move: text('move', move),
  });
}

/** The status of a position: 'ongoing', 'win S front-empty', ... */
function status(ruleset, bpn) {
  return request('status', { ruleset: text('ruleset', ruleset), bpn: text('bpn', bpn) });
}

/** The number of move paths of length `depth` from the position. */
function perft(ruleset, bpn, depth) {
  if (!Number.isInteger(depth)) throw new TypeError(`depth: expected a whole number, got ${shown(depth)}`);
  return request('perft', { ruleset: text('ruleset', ruleset), bpn: text('bpn', bpn), depth });
}

/** The engine's answers, checked for their types: { moves, status, plays }. */
function engineAnswers(engine) {
  if (!isObject(engine)) throw new TypeError(`engine: expected { moves, status, plays }, got ${shown(engine)}`);
  if (!Array.isArray(engine.moves)) {
    throw new TypeError(`engine.moves: expected an array of strings, got ${shown(engine.moves)}`);
  }
  const moves = engine.moves.map((m, i) => text(`engine.moves[${i}]`, m));
  const out = { moves };
  if (engine.status !== undefined && engine.status !== null) out.status = text('engine.status', engine.status);
  if (engine.plays !== undefined && engine.plays !== null) {
    if (!isObject(engine.plays)) {
      throw new TypeError(`engine.plays: expected { MOVE: { bpn, status } }, got ${shown(engine.plays)}`);
    }
    out.plays = {};
    for (const [move, answer] of Object.entries(engine.plays)) {
      const where = `engine.plays['${move}']`;
      if (answer === null) {
        out.plays[move] = { bpn: null };
        continue;
      }
      if (!isObject(answer) || !('bpn' in answer)) {
        throw new TypeError(`${where}: expected { bpn, status } or null (refused), got ${shown(answer)}`);
      }
      const checked = { bpn: answer.bpn === null ? null : text(`${where}.bpn`, answer.bpn) };
      if (answer.status !== undefined && answer.status !== null) checked.status = text(`${where}.status`, answer.status);
      out.plays[move] = checked;
    }
  }
  return out;
}

/**
 * The first disagreement between an engine's answers at a position and the
 * oracle's, or null. `engine`: { moves: [...], status?: '...', plays?: {
 * MOVE: { bpn: '...' | null, status?: '...' } | null } }; a null bpn (or a
 * null answer) is a move the engine refused, an absent status is not
 * compared.
 */
function compare(ruleset, bpn, engine) {
  const answers = engineAnswers(engine);
  return request('compare', { ruleset: text('ruleset', ruleset), bpn: text('bpn', bpn), engine: answers });
}

/**
 * The position (BPN) reached from the start of `ruleset` by playing, for
 * each number of `picks`, the legal move of that index modulo their count;
 * the line stops early where the game ends.
 */
function positionAfter(ruleset, picks) {
  if (!Array.isArray(picks) || !picks.every((p) => Number.isInteger(p) && p >= 0)) {
    throw new TypeError(`picks: expected an array of whole numbers 0 or more, got ${shown(picks)}`);
  }
  let bpn = rulesets().find((r) => r.id === ruleset)?.start;
  if (bpn === undefined) legalMoves(text('ruleset', ruleset), 'start'); // throws UnknownRuleset
  for (const pick of picks) {
    const moves = legalMoves(ruleset, bpn);
    if (moves.length === 0) break;
    bpn = play(ruleset, bpn, moves[pick % moves.length]).bpn;
  }
  return bpn;
}

/**
 * A fast-check arbitrary of positions reachable in `ruleset` within
 * `maxMoves` moves, for property-based tests: `fc` is the fast-check module
 * (this package does not depend on it). Each position is the one reached
 * from the start by a random line of legal moves, so fast-check shrinks a
 * failing one towards the start.
 */
function positions(fc, ruleset, { maxMoves = 80 } = {}) {
  if (!fc || typeof fc.array !== 'function' || typeof fc.nat !== 'function') {
    throw new TypeError("fc: expected the fast-check module (require('fast-check'))");
  }
  if (!Number.isInteger(maxMoves) || maxMoves < 0) {
    throw new TypeError(`maxMoves: expected a whole number 0 or more, got ${shown(maxMoves)}`);
  }
  legalMoves(text('ruleset', ruleset), 'start'); // an unknown ruleset fails here, not inside a property
  return fc.array(fc.nat(65535), { maxLength: maxMoves }).map((picks) => positionAfter(ruleset, picks));
}

/**
 * Checks an engine object (the kit's interface, bao-oracle/protocol) with
 * `bao-oracle check`, from the test process; a promise of its diagnosis.
 * Node only (check.js, loaded on the first call).
 */
function check(engine, ruleset, options) {
  return require('./check.js').check(engine, ruleset, options);
}

module.exports = {
  BaoOracleError, UnknownRuleset, InvalidPosition, InvalidMove, IllegalMove, InvalidArgument,
  MAX_PERFT_DEPTH: 12, rulesets, clauses, legalMoves, play, status, perft, compare, positionAfter, positions, check,
};
