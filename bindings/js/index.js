'use strict';
// bao-oracle: the Bao rules oracle, compiled to WebAssembly. One function per
// function of the C++ facade (bindings/core/oracle_api.hpp); each sends a
// JSON request to the module's one entry point, bao_call, and returns its
// answer, or throws a BaoOracleError with the oracle's message for bad input.
// docs/bindings.md in the source tree shows it in use.

const wasm = require('./bao_oracle_wasm.js');

const call = wasm.cwrap('bao_call', 'string', ['string']);

class BaoOracleError extends Error {
  constructor(message) {
    super(message);
    this.name = 'BaoOracleError';
  }
}

function request(fn, args) {
  const answer = JSON.parse(call(JSON.stringify({ fn, ...args })));
  if ('error' in answer) throw new BaoOracleError(answer.error);
  return answer.ok;
}

function text(name, value) {
  if (typeof value !== 'string') throw new TypeError(`${name}: expected a string, got ${typeof value}`);
  return value;
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
  if (!Number.isInteger(depth)) throw new TypeError(`depth: expected a whole number, got ${depth}`);
  return request('perft', { ruleset: text('ruleset', ruleset), bpn: text('bpn', bpn), depth });
}

/**
 * The first disagreement between an engine's answers at a position and the
 * oracle's, or null. `engine`: { moves: [...], status?: '...', plays?: {
 * MOVE: { bpn: '...' | null, status?: '...' } } }; a null bpn is a move the
 * engine refused, an absent status is not compared.
 */
function compare(ruleset, bpn, engine) {
  if (engine === null || typeof engine !== 'object' || !Array.isArray(engine.moves))
    throw new TypeError('engine: expected an object with an array `moves`');
  return request('compare', { ruleset: text('ruleset', ruleset), bpn: text('bpn', bpn), engine });
}

module.exports = {
  BaoOracleError, MAX_PERFT_DEPTH: 12, rulesets, clauses, legalMoves, play, status, perft, compare,
};
