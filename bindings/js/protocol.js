'use strict';
/**
 * The Bao engine protocol, version 1, engine side (docs/protocol.md).
 *
 * This module is the part an engine author keeps. It reads requests from
 * standard input, answers each with exactly one `=` or `?` line, and turns
 * positions (BPN) and moves between protocol text and plain JavaScript
 * values. It knows nothing about the rules: those come from an *engine
 * object* passed to serve(); examples/node/site-maasai.js in the source tree
 * is one, and examples/node/README.md describes the members it needs. The
 * npm package bao-oracle ships it as `bao-oracle/protocol` (protocol.mjs is
 * its ES module entry); it has the interface and the answers of the Python
 * kit, `bao_oracle.protocol`.
 *
 * Node's standard library only; Node 18 or later; it does not load the
 * oracle's WebAssembly.
 */

const PROTOCOL_VERSION = '1';
/** A request may be up to this many bytes, a '\r' before the '\n' included. */
const MAX_LINE_BYTES = 65536;
/** A `?` message is cut at about this many characters. */
const MAX_MESSAGE = 200;
const MAX_PERFT_DEPTH = 6;
/**
 * One `perft` may list at most this many positions, every level counted, so
 * that one request cannot keep the engine busy for long. The count does not
 * depend on the machine, so neither does the answer.
 */
const MAX_PERFT_POSITIONS = 500000;
const MAX_TOTAL_SEEDS = 255;
/** BPN keys in the order they are written: the protocol's five, then bao-oracle's two. */
const KEYS = ['hand', 'house', 'block', 'store', 'quiet', 'used', 'result'];
/** The protocol's reason words, for `status` and the `result` key. */
const REASONS = ['front-empty', 'no-move', 'infinite', 'all-captured', 'house-full', 'no-progress'];
/** Row letters in canonical order: South front, South back, North front, North back. */
const ROWS = ['A', 'B', 'a', 'b'];

/**
 * A request that fails on purpose: its message becomes the `?` line as it
 * is. An engine throws it to refuse something (codec.decode for a position
 * its ruleset cannot hold); anything else an engine throws is reported as
 * an engine error naming the request.
 */
class ProtocolError extends Error {
  constructor(message) {
    super(message);
    this.name = 'ProtocolError';
  }
}

// ---------------------------------------------------------------------------
// Pits and moves

/** `parsePit('A5')` is `{ name: 'A5', row: 'A', number: 5, side: 'S', front: true }`. */
function parsePit(text) {
  const fail = (what) => new ProtocolError(`pit '${text}': ${what}`);
  if (text === '') throw fail('empty');
  if (!ROWS.includes(text[0])) throw fail('row letter must be A, B, a or b');
  if (text.length === 1) throw fail('pit number missing');
  if (text.length !== 2 || text[1] < '1' || text[1] > '8') throw fail('pit number must be 1 to 8');
  const row = text[0];
  return { name: text, row, number: Number(text[1]), side: row === 'A' || row === 'B' ? 'S' : 'N',
    front: row === 'A' || row === 'a' };
}

const sideName = (side) => (side === 'S' ? 'South' : 'North');

/**
 * A move, `<pit><dir>[t][+]` (docs/notation.md), for the side to move:
 * `{ pit: 'A6', dir: 'L', twoSeed: false, goOn: false, text: 'A6L' }`,
 * frozen; `text` is the canonical form.
 */
function parseMove(text, toMove) {
  const fail = (what) => new ProtocolError(`move '${text}': ${what}`);
  if (text === '') throw fail('empty');
  let pit;
  try {
    pit = parsePit(text.slice(0, 2));
  } catch (e) {
    throw fail(e.message);
  }
  if (pit.side !== toMove) {
    throw fail(`pit ${pit.name} belongs to ${sideName(pit.side)} but ${sideName(toMove)} is to move`);
  }
  if (text.length < 3) throw fail('direction L or R missing at offset 2');
  if (text[2] !== 'L' && text[2] !== 'R') throw fail('direction must be L or R at offset 2');
  let i = 3;
  const twoSeed = text[i] === 't';
  if (twoSeed) i += 1;
  const goOn = text[i] === '+';
  if (goOn) i += 1;
  if (i < text.length) throw fail(`unexpected character '${text[i]}' at offset ${i}`);
  return makeMove(pit.name, text[2], twoSeed, goOn);
}

function makeMove(pit, dir, twoSeed, goOn) {
  return Object.freeze({ pit, dir, twoSeed, goOn,
    text: `${pit}${dir}${twoSeed ? 't' : ''}${goOn ? '+' : ''}` });
}

/** The canonical text of a move value (or of move text, which is checked). */
function formatMove(move, toMove) {
  if (typeof move === 'string') return parseMove(move, toMove).text;
  if (move === null || typeof move !== 'object') throw new TypeError(`not a move: ${String(move)}`);
  const text = `${String(move.pit)}${String(move.dir)}${move.twoSeed ? 't' : ''}${move.goOn ? '+' : ''}`;
  return parseMove(text, toMove).text;
}

// ---------------------------------------------------------------------------
// Positions

/**
 * A position exactly as BPN writes it, all plain values:
 *
 *   toMove   'S' or 'N'
 *   pits     { A, B, a, b }: each row eight counts in its owner's numbering,
 *            so pits.A[0] is A1 and pits.b[7] is b8
 *   hand     [south, north] seeds in reserve        (default [0, 0])
 *   store    [south, north] seeds taken off         (default [0, 0])
 *   quiet    turns without progress                 (default 0)
 *   house, block, used   arrays of pit names, any order (default [])
 *   result   null, or { winner: 'S' | 'N' | 'draw', reason } for a result
 *            the board cannot show (bao-oracle's key)
 */
function emptyPosition() {
  return {
    toMove: 'S',
    pits: { A: new Array(8).fill(0), B: new Array(8).fill(0), a: new Array(8).fill(0),
      b: new Array(8).fill(0) },
    hand: [0, 0], store: [0, 0], quiet: 0, house: [], block: [], used: [], result: null,
  };
}

/** A BPN error, `BPN field <n> (<name>): <problem> at offset <k>` (docs/notation.md). */
function bpnError(number, name, what, offset) {
  return new ProtocolError(`BPN field ${number} (${name}): ${what} at offset ${offset}`);
}

/** The pieces of `text` between `sep`, each with its offset; empty pieces kept. */
function splitAt(text, offset, sep) {
  const parts = [];
  let start = 0;
  for (let i = 0; i <= text.length; i += 1) {
    if (i < text.length && text[i] !== sep) continue;
    parts.push({ text: text.slice(start, i), offset: offset + start });
    start = i + 1;
  }
  return parts;
}

/** Parses BPN into a position; throws ProtocolError saying what is wrong and where. */
function parseBpn(text) {
  const fields = [];
  const re = /[^ \t]+/g;
  let m;
  const trimmed = text.replace(/[ \t\r]+$/, '');
  while ((m = re.exec(trimmed)) !== null) fields.push({ text: m[0], offset: m.index });
  const pos = emptyPosition();
  let seeds = 0;
  const number = (tok, field, name, max) => {
    if (tok.text === '') throw bpnError(field, name, 'empty count', tok.offset);
    if (tok.text[0] === '-') throw bpnError(field, name, 'negative counts are not allowed', tok.offset);
    if (!/^[0-9]+$/.test(tok.text)) throw bpnError(field, name, `'${tok.text}' is not a number`, tok.offset);
    const n = Number(tok.text);
    if (n > max) throw bpnError(field, name, `${tok.text} is above ${max}`, tok.offset);
    return n;
  };
  const count = (tok, field, name) => {
    const n = number(tok, field, name, 255);
    seeds += n;
    if (seeds > MAX_TOTAL_SEEDS) {
      throw bpnError(field, name, `seed total ${seeds} is above the limit of ${MAX_TOTAL_SEEDS}`, tok.offset);
    }
    return n;
  };
  if (fields.length === 0) throw bpnError(1, 'side', 'empty input', 0);
  const last = fields[fields.length - 1];
  const end = last.offset + last.text.length;
  if (fields[0].text !== 'S' && fields[0].text !== 'N') {
    throw bpnError(1, 'side', `side must be S or N, got '${fields[0].text}'`, fields[0].offset);
  }
  pos.toMove = fields[0].text;
  [['S', 'south rows', 'A', 'B'], ['N', 'north rows', 'a', 'b']].forEach(([, name, fr, bk], i) => {
    const field = i + 2;
    if (fields.length <= i + 1) throw bpnError(field, name, 'missing', end);
    const tok = fields[i + 1];
    const rows = splitAt(tok.text, tok.offset, '/');
    if (rows.length !== 2) {
      throw bpnError(field, name, `expected 2 rows (front/back) separated by '/', got ${rows.length}`, tok.offset);
    }
    [fr, bk].forEach((letter, r) => {
      const counts = splitAt(rows[r].text, rows[r].offset, ',');
      if (counts.length !== 8) throw bpnError(field, name, `expected 8 counts, got ${counts.length}`, rows[r].offset);
      pos.pits[letter] = counts.map((c) => count(c, field, name));
    });
  });
  const seen = new Set();
  for (let i = 3; i < fields.length; i += 1) {
    const tok = fields[i];
    const field = i + 1;
    const eq = tok.text.indexOf('=');
    if (eq <= 0) throw bpnError(field, 'key=value', `expected key=value, got '${tok.text}'`, tok.offset);
    const key = tok.text.slice(0, eq);
    if (!KEYS.includes(key)) throw bpnError(field, key, `unknown key '${key}'`, tok.offset);
    if (seen.has(key)) throw bpnError(field, key, `duplicate key '${key}'`, tok.offset);
    seen.add(key);
    const value = { text: tok.text.slice(eq + 1), offset: tok.offset + eq + 1 };
    if (key === 'hand' || key === 'store') {
      const parts = splitAt(value.text, value.offset, ',');
      if (parts.length !== 2) throw bpnError(field, key, 'expected two counts S,N', value.offset);
      pos[key] = parts.map((p) => count(p, field, key));
    } else if (key === 'quiet') {
      pos.quiet = number(value, field, key, 65535);
    } else if (key === 'result') {
      const colon = value.text.indexOf(':');
      if (colon < 0) throw bpnError(field, key, 'expected <winner>:<reason>, e.g. N:infinite', value.offset);
      const winner = value.text.slice(0, colon);
      const reason = value.text.slice(colon + 1);
      if (!['S', 'N', 'draw'].includes(winner)) {
        throw bpnError(field, key, `winner must be S, N or draw, got '${winner}'`, value.offset);
      }
      if (!REASONS.includes(reason)) {
        throw bpnError(field, key, `unknown reason '${reason}'`, value.offset + colon + 1);
      }
      pos.result = { winner, reason };
    } else { // house, block, used
      if (value.text === '') throw bpnError(field, key, 'empty pit list', value.offset);
      const names = [];
      for (const part of splitAt(value.text, value.offset, ',')) {
        try {
          parsePit(part.text);
        } catch (e) {
          throw bpnError(field, key, e.message, part.offset);
        }
        if (names.includes(part.text)) throw bpnError(field, key, `pit ${part.text} listed twice`, part.offset);
        names.push(part.text);
      }
      pos[key] = names;
    }
  }
  return pos;
}

/** Canonical pit order: A1..A8, B1..B8, a1..a8, b1..b8. */
function pitOrder(name) {
  return ROWS.indexOf(name[0]) * 8 + Number(name[1]);
}

/**
 * Checks a position value an engine produced and returns a canonical copy;
 * throws TypeError naming the first thing wrong (`pits.A[3] is -1`).
 */
function checkPosition(pos) {
  if (pos === null || typeof pos !== 'object') throw new TypeError(`a position must be an object, got ${String(pos)}`);
  const isCount = (v, max) => Number.isInteger(v) && v >= 0 && v <= max;
  const out = emptyPosition();
  if (pos.toMove !== 'S' && pos.toMove !== 'N') {
    throw new TypeError(`toMove must be 'S' or 'N', got ${String(pos.toMove)}`);
  }
  out.toMove = pos.toMove;
  if (pos.pits === null || typeof pos.pits !== 'object') throw new TypeError('pits must be { A, B, a, b }');
  let seeds = 0;
  for (const row of ROWS) {
    const counts = pos.pits[row];
    if (!Array.isArray(counts) || counts.length !== 8) throw new TypeError(`pits.${row} must be an array of 8 counts`);
    counts.forEach((c, i) => {
      if (!isCount(c, 255)) throw new TypeError(`pits.${row}[${i}] is ${String(c)}, not a count 0..255`);
      seeds += c;
    });
    out.pits[row] = counts.slice();
  }
  for (const key of ['hand', 'store']) {
    const pair = pos[key] === undefined ? [0, 0] : pos[key];
    if (!Array.isArray(pair) || pair.length !== 2 || !pair.every((c) => isCount(c, 255))) {
      throw new TypeError(`${key} must be [south, north], two counts 0..255`);
    }
    seeds += pair[0] + pair[1];
    out[key] = pair.slice();
  }
  if (seeds > MAX_TOTAL_SEEDS) throw new TypeError(`${seeds} seeds in all, above the limit of ${MAX_TOTAL_SEEDS}`);
  const quiet = pos.quiet === undefined ? 0 : pos.quiet;
  if (!isCount(quiet, 65535)) throw new TypeError(`quiet is ${String(quiet)}, not a count 0..65535`);
  out.quiet = quiet;
  for (const key of ['house', 'block', 'used']) {
    let names = pos[key] === undefined ? [] : pos[key];
    if (names instanceof Set) names = [...names];
    if (!Array.isArray(names)) throw new TypeError(`${key} must be an array of pit names`);
    for (const n of names) parsePit(String(n));
    if (new Set(names).size !== names.length) throw new TypeError(`${key} lists a pit twice`);
    out[key] = names.map(String).sort((x, y) => pitOrder(x) - pitOrder(y));
  }
  const result = pos.result === undefined ? null : pos.result;
  if (result !== null) {
    if (typeof result !== 'object' || !['S', 'N', 'draw'].includes(result.winner) || !REASONS.includes(result.reason)) {
      throw new TypeError('result must be null or { winner: S|N|draw, reason: a protocol reason word }');
    }
    out.result = { winner: result.winner, reason: result.reason };
  }
  return out;
}

/** A deep copy of a checked position. */
function copyPosition(pos) {
  return {
    toMove: pos.toMove,
    pits: { A: pos.pits.A.slice(), B: pos.pits.B.slice(), a: pos.pits.a.slice(), b: pos.pits.b.slice() },
    hand: pos.hand.slice(), store: pos.store.slice(), quiet: pos.quiet,
    house: pos.house.slice(), block: pos.block.slice(), used: pos.used.slice(),
    result: pos.result === null ? null : { winner: pos.result.winner, reason: pos.result.reason },
  };
}

/** Canonical BPN: keys in protocol order, defaults left out. */
function formatBpn(position) {
  const pos = checkPosition(position);
  const side = (f, b) => `${pos.pits[f].join(',')}/${pos.pits[b].join(',')}`;
  let out = `${pos.toMove} ${side('A', 'B')} ${side('a', 'b')}`;
  if (pos.hand[0] || pos.hand[1]) out += ` hand=${pos.hand.join(',')}`;
  if (pos.house.length) out += ` house=${pos.house.join(',')}`;
  if (pos.block.length) out += ` block=${pos.block.join(',')}`;
  if (pos.store[0] || pos.store[1]) out += ` store=${pos.store.join(',')}`;
  if (pos.quiet) out += ` quiet=${pos.quiet}`;
  if (pos.used.length) out += ` used=${pos.used.join(',')}`;
  if (pos.result) out += ` result=${pos.result.winner}:${pos.result.reason}`;
  return out;
}

// ---------------------------------------------------------------------------
// The session

/**
 * Anything that is not printable ASCII is written `\xNN`; a message is cut
 * once its line (`? ` included) reaches MAX_MESSAGE characters.
 */
function printable(text) {
  let out = '';
  for (const ch of String(text)) {
    if (out.length + 2 >= MAX_MESSAGE) return `${out}...`;
    const code = ch.codePointAt(0);
    if (code >= 0x20 && code < 0x7f) {
      out += ch;
    } else {
      // Requests are read as Latin-1, so a byte of the input is one char
      // here; a wider char (from an engine's message) is written as its
      // UTF-8 bytes.
      for (const byte of code < 0x100 ? [code] : Buffer.from(ch, 'utf8')) {
        out += `\\x${byte.toString(16).toUpperCase().padStart(2, '0')}`;
      }
    }
  }
  return out;
}

const isPrintable = (text) => /^[\x20-\x7e]*$/.test(text);

// command -> its arguments: 'none', 'one' or 'rest' (BPN holds spaces).
const COMMANDS = new Map([
  ['protocol', 'none'], ['name', 'none'], ['rulesets', 'none'], ['ruleset', 'one'],
  ['position', 'rest'], ['show', 'none'], ['moves', 'none'], ['play', 'one'],
  ['status', 'none'], ['quit', 'none'], ['perft', 'one'], ['trace', 'none'],
]);

const STATUS = new RegExp(`^(ongoing|win [SN] (${REASONS.join('|')})|draw (${REASONS.join('|')}))$`);

/**
 * A '\r' at the end dropped (a CRLF line end), then blanks at both ends: how
 * bao-oracle engine trims a request, and then its argument again.
 */
function trimRequest(text) {
  return (text.endsWith('\r') ? text.slice(0, -1) : text).replace(/^[ \t]+|[ \t]+$/g, '');
}

/** A fault of the engine object while answering a request. */
class EngineFault extends Error {}

/** Checks the engine object's shape once, before the first request. */
function checkEngine(engine) {
  if (engine === null || typeof engine !== 'object') throw new TypeError('serve(engine): engine must be an object');
  for (const member of ['start', 'moves', 'play', 'status']) {
    if (typeof engine[member] !== 'function') throw new TypeError(`serve(engine): engine.${member} must be a function`);
  }
  const codec = engine.codec;
  if (codec === null || typeof codec !== 'object' || typeof codec.decode !== 'function'
    || typeof codec.encode !== 'function') {
    throw new TypeError('serve(engine): engine.codec must have decode(position, ruleset) and encode(state, ruleset)');
  }
  if (engine.name === undefined || engine.rulesets === undefined) {
    throw new TypeError('serve(engine): engine.name and engine.rulesets are required');
  }
}

/**
 * The engine's state between requests: the ruleset, the position (a
 * checked position value, the protocol's view of the engine's state) and
 * the last move's trace. Every request decodes a fresh engine state from the
 * position, so an engine may change the state objects it is given; and
 * nothing is kept until every step of the request has succeeded, so a failed
 * request changes nothing.
 */
class Session {
  constructor(engine) {
    checkEngine(engine);
    this.engine = engine;
    this.done = false;
    this.lastTrace = null; // null: no play since the position was set
    this.ruleset = null;
    this.position = null;
    this.startFault = null; // why the first ruleset could not be set up
    try {
      this.ruleset = this.rulesetIds()[0];
      this.position = this.startPosition(this.ruleset);
    } catch (e) {
      // Served as an error to every request that needs a position, until
      // a `ruleset` or `position` request succeeds.
      const why = e instanceof EngineFault || e instanceof ProtocolError ? e.message : errorText(e);
      this.startFault = `at start-up, ${why}`;
    }
  }

  /** The answer line (without '\n') to one request line (without '\n'). */
  handle(line) {
    const request = trimRequest(line);
    try {
      if (request === '') throw new ProtocolError('empty request');
      const blank = request.search(/[ \t]/);
      const command = blank < 0 ? request : request.slice(0, blank);
      const argument = blank < 0 ? '' : trimRequest(request.slice(blank));
      // The exact text `? unknown command` is how a peer learns that an
      // optional command is missing, so nothing is added to it.
      if (!COMMANDS.has(command) || (command === 'trace' && this.engine.traces === false)) {
        return '? unknown command';
      }
      const arity = COMMANDS.get(command);
      if (arity === 'none' && argument !== '') throw new ProtocolError(`${command} takes no argument`);
      if (arity !== 'none' && argument === '') throw new ProtocolError(`${command} needs an argument`);
      if (arity === 'one' && /[ \t]/.test(argument)) throw new ProtocolError(`${command} takes one argument`);
      const payload = this[`do_${command}`](argument);
      const bad = payload.search(/[^\x20-\x7e]/);
      if (bad >= 0) {
        const what = printable(payload[bad]);
        throw new EngineFault(`the answer holds ${what} at offset ${bad}; answers are printable ASCII`);
      }
      return payload === '' ? '=' : `= ${payload}`;
    } catch (e) {
      if (e instanceof ProtocolError) return `? ${printable(e.message)}`;
      return `? ${printable(describeFault(e, `'${cut(request)}'`))}`;
    }
  }

  // -- calls into the engine, each checked ----------------------------------

  call(what, fn) {
    try {
      return fn();
    } catch (e) {
      if (e instanceof ProtocolError) throw e;
      throw new EngineFault(`${what} threw ${errorText(e)}`);
    }
  }

  rulesetIds() {
    const engine = this.engine;
    const ids = this.call('rulesets',
      () => (typeof engine.rulesets === 'function' ? engine.rulesets() : engine.rulesets));
    const isId = (id) => typeof id === 'string' && /^[\x21-\x7e]+$/.test(id);
    if (!Array.isArray(ids) || ids.length === 0 || !ids.every(isId)) {
      throw new EngineFault('rulesets must be a non-empty array of ids without blanks');
    }
    return ids;
  }

  encode(state, what) {
    const position = this.call(`codec.encode after ${what}`, () => this.engine.codec.encode(state, this.ruleset));
    try {
      return checkPosition(position);
    } catch (e) {
      throw new EngineFault(`codec.encode after ${what} gave a bad position: ${e.message}`);
    }
  }

  decode(position, ruleset = this.ruleset) {
    // A copy, so that an engine that changes what it is given cannot change
    // the session's position.
    return this.call('codec.decode', () => this.engine.codec.decode(copyPosition(position), ruleset));
  }

  startPosition(ruleset) {
    const state = this.call(`start(${ruleset})`, () => this.engine.start(ruleset));
    const position = this.call(`codec.encode after start(${ruleset})`, () => this.engine.codec.encode(state, ruleset));
    try {
      return checkPosition(position);
    } catch (e) {
      throw new EngineFault(`codec.encode after start(${ruleset}) gave a bad position: ${e.message}`);
    }
  }

  current() {
    if (this.position === null) throw new EngineFault(this.startFault);
    return this.position;
  }

  /** The engine's legal moves from a position, as canonical move text. */
  legalMoves(position) {
    const state = this.decode(position);
    const moves = this.call('moves', () => this.engine.moves(state, this.ruleset));
    if (!Array.isArray(moves)) throw new EngineFault('moves must return an array');
    return moves.map((m) => {
      try {
        return formatMove(m, position.toMove);
      } catch (e) {
        throw new EngineFault(`moves returned ${typeof m === 'string' ? `'${m}'` : 'a bad move'}: ${e.message}`);
      }
    });
  }

  /** { position, trace } after a legal move (a move value). */
  playOn(position, move) {
    const state = this.decode(position);
    const result = this.call(`play(${move.text})`, () => this.engine.play(state, move, this.ruleset));
    if (result === null || typeof result !== 'object' || !('state' in result)) {
      throw new EngineFault(`play(${move.text}) must return { state, trace }`);
    }
    const after = this.encode(result.state, `play(${move.text})`);
    let trace = result.trace === undefined ? undefined : result.trace;
    if (trace !== undefined) {
      const isItem = (t) => typeof t === 'string' && t !== '' && isPrintable(t) && !t.includes(';');
      if (!Array.isArray(trace) || !trace.every(isItem)) {
        throw new EngineFault(`play(${move.text}) gave a trace that is not an array of printable items without ';'`);
      }
      trace = trace.slice();
    }
    return { position: after, trace };
  }

  // -- the commands -----------------------------------------------------------

  do_protocol() {
    return PROTOCOL_VERSION;
  }

  do_name() {
    const engine = this.engine;
    const name = this.call('name', () => (typeof engine.name === 'function' ? engine.name() : engine.name));
    if (typeof name !== 'string' || name === '') throw new EngineFault('name must be a non-empty string');
    return name;
  }

  do_rulesets() {
    return this.rulesetIds().join(' ');
  }

  do_ruleset(id) {
    if (!this.rulesetIds().includes(id)) throw new ProtocolError(`unknown ruleset '${id}'`);
    const position = this.startPosition(id);
    this.ruleset = id;
    this.position = position;
    this.lastTrace = null;
    return '';
  }

  do_position(text) {
    if (this.ruleset === null) throw new EngineFault(this.startFault);
    let position;
    if (text === 'start') {
      position = this.startPosition(this.ruleset);
    } else {
      const parsed = parseBpn(text);
      // The engine refuses a position its ruleset cannot hold by throwing
      // a ProtocolError from decode; what it keeps is what `show` reports.
      const state = this.decode(parsed);
      position = this.encode(state, 'codec.decode');
    }
    this.position = position;
    this.lastTrace = null;
    return '';
  }

  do_show() {
    return formatBpn(this.current());
  }

  do_moves() {
    return this.legalMoves(this.current()).join(' ');
  }

  do_play(text) {
    const position = this.current();
    const move = parseMove(text, position.toMove);
    // The engine only ever sees moves it listed itself.
    if (!this.legalMoves(position).includes(move.text)) throw new ProtocolError(`move ${text} is not legal here`);
    const { position: after, trace } = this.playOn(position, move);
    this.position = after;
    this.lastTrace = trace === undefined ? 'none' : trace;
    return formatBpn(after);
  }

  do_status() {
    const position = this.current();
    const state = this.decode(position);
    const status = this.call('status', () => this.engine.status(state, this.ruleset));
    if (typeof status !== 'string' || !STATUS.test(status)) {
      throw new EngineFault(
        `status returned '${printable(String(status))}', not ongoing, win S|N <reason> or draw <reason>`);
    }
    return status;
  }

  do_quit() {
    this.done = true;
    return '';
  }

  do_perft(text) {
    if (!/^[0-9]+$/.test(text) || Number(text) > MAX_PERFT_DEPTH) {
      throw new ProtocolError(`perft depth must be a whole number from 0 to ${MAX_PERFT_DEPTH}`);
    }
    const depth = Number(text);
    let budget = MAX_PERFT_POSITIONS;
    const count = (position, d) => {
      if (d === 0) return 1;
      const moves = this.legalMoves(position);
      budget -= moves.length;
      if (budget < 0) {
        throw new ProtocolError(`perft ${depth} here needs more than ${MAX_PERFT_POSITIONS} positions, `
          + 'the limit of this engine; ask a smaller depth');
      }
      if (d === 1) return moves.length;
      let n = 0;
      for (const m of moves) n += count(this.playOn(position, parseMove(m, position.toMove)).position, d - 1);
      return n;
    };
    return String(count(this.current(), depth));
  }

  do_trace() {
    if (this.lastTrace === null) throw new ProtocolError('no move played since the position was set');
    if (this.lastTrace === 'none') throw new ProtocolError('the engine gave no trace for the last move');
    return this.lastTrace.join('; ');
  }
}

function errorText(e) {
  if (e instanceof Error) return `${e.name}: ${e.message}`;
  return String(e);
}

function describeFault(e, where) {
  if (e instanceof EngineFault) return `engine error in ${where}: ${e.message}`;
  if (e instanceof ProtocolError) return e.message;
  // A fault of this module itself; reported all the same, never fatal.
  return `internal error in ${where}: ${errorText(e)}`;
}

/** The request as quoted in a message: at most 60 characters. */
function cut(text) {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/**
 * Serves the protocol on `input` and `output` (standard input and output by
 * default) until `quit` or the end of input; calls `onExit(status)` at the
 * end (by default it sets process.exitCode: 0, or 1 when the output failed).
 */
function serve(engine, { input = process.stdin, output = process.stdout, onExit } = {}) {
  const session = new Session(engine);
  const finish = onExit || ((status) => { process.exitCode = status; });
  let pending = []; // the start of a line that has not ended yet
  let pendingBytes = 0;
  let tooLong = false; // the line being read is past MAX_LINE_BYTES
  let finished = false;

  const end = (status) => {
    if (finished) return;
    finished = true;
    input.removeListener('data', onData);
    input.removeListener('end', onEnd);
    input.pause();
    if (typeof input.destroy === 'function' && input !== process.stdin) input.destroy();
    finish(status);
    if (input === process.stdin) process.stdin.destroy();
  };
  output.on('error', () => end(1)); // the reader has gone (EPIPE)
  input.on('error', () => end(1)); // the input cannot be read: stop, as at its end

  const answer = (bytes) => {
    // Bytes are read as Latin-1, so that no input can fail to decode.
    const response = bytes === null ? '? line too long' : session.handle(bytes.toString('latin1'));
    output.write(`${response}\n`);
    if (session.done) end(0);
  };

  const takeLine = (piece) => {
    if (tooLong || pendingBytes + piece.length > MAX_LINE_BYTES) {
      answer(null);
    } else {
      answer(pending.length === 0 ? piece : Buffer.concat([...pending, piece]));
    }
    pending = [];
    pendingBytes = 0;
    tooLong = false;
  };

  function onData(chunk) {
    const data = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
    let start = 0;
    for (;;) {
      const nl = data.indexOf(10, start);
      if (nl < 0) break;
      takeLine(data.subarray(start, nl));
      if (finished) return;
      start = nl + 1;
    }
    if (start < data.length && !tooLong) {
      const rest = data.subarray(start);
      if (pendingBytes + rest.length > MAX_LINE_BYTES) {
        // The rest of this line is read and thrown away, never stored.
        tooLong = true;
        pending = [];
        pendingBytes = 0;
      } else {
        pending.push(Buffer.from(rest)); // a copy: the chunk is not kept
        pendingBytes += rest.length;
      }
    }
  }

  function onEnd() {
    // A last line without '\n' is still answered.
    if (pendingBytes > 0 || tooLong) takeLine(Buffer.alloc(0));
    end(0);
  }

  input.on('data', onData);
  input.on('end', onEnd);
  return session;
}

module.exports = {
  PROTOCOL_VERSION, MAX_LINE_BYTES, MAX_PERFT_DEPTH, MAX_PERFT_POSITIONS, MAX_TOTAL_SEEDS, KEYS, REASONS,
  ProtocolError, Session, serve,
  parsePit, parseMove, formatMove, emptyPosition, parseBpn, formatBpn, checkPosition,
};
