'use strict';
// bao-oracle against facts written down apart from it: the protocol's start
// position, the examples of docs/cli.md (which Docs.Examples runs against
// the command line) and the perft tables of tests/perft/ (measured with
// `bao-oracle perft`). BAO_ORACLE_PACKAGE names the package folder to test
// (an installed one); by default the folder above this one.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');

const oracle = require(process.env.BAO_ORACLE_PACKAGE || '..');

const START = 'S 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 hand=22,22 house=A5,a5';
const PERFT_TABLES = process.env.BAO_PERFT_TABLES;

test('every ruleset of the protocol is listed, with its start', () => {
  const ids = oracle.rulesets().map((r) => r.id);
  assert.deepEqual(ids, ['ap-zanzibar', 'ap-malawi-setup', 'ap-bawo', 'ap-kujifunza', 'guide-v2',
    'guide-r002', 'site-kiswahili', 'site-bank', 'site-maasai', 'site-long-game', 'ludii']);
  const byId = Object.fromEntries(oracle.rulesets().map((r) => [r.id, r]));
  assert.equal(byId['ap-zanzibar'].start, START);
  assert.equal(byId['guide-v2'].start, START);
});

test('clauses name their ids and kinds', () => {
  const list = oracle.clauses('ap-zanzibar');
  const ids = list.map((c) => c.id);
  assert.ok(ids.includes('ap.sow.consecutive'));
  assert.ok(!ids.includes('guide.capture.entry-first-namua-choice'));
  assert.deepEqual([...new Set(list.map((c) => c.kind))].sort(), ['interpretation', 'rule']);
});

test('legal moves at the start', () => {
  assert.deepEqual(oracle.legalMoves('ap-zanzibar', 'start'), ['A6L', 'A6R', 'A7L', 'A7R']);
  assert.deepEqual(oracle.legalMoves('ap-zanzibar', START), ['A6L', 'A6R', 'A7L', 'A7R']);
});

test('play gives the position, status and trace of docs/cli.md', () => {
  const first = oracle.play('ap-zanzibar', 'start', 'A6L');
  assert.deepEqual(first.trace.map((e) => [e.text, e.clause]), [
    ['place A6', 'ap.kunamua.place'],
    ['lift A6 3', 'ap.kunamua.kutakata-sow'],
    ['sow A5', 'ap.sow.consecutive'],
    ['sow A4', 'ap.sow.consecutive'],
    ['sow A3', 'ap.sow.consecutive'],
    ['stop A3', 'ap.sow.empty-ends-turn'],
  ]);
  assert.equal(first.traceText, 'place A6; lift A6 3; sow A5; sow A4; sow A3; stop A3');
  const second = oracle.play('ap-zanzibar', first.bpn, 'a6L');
  assert.equal(second.bpn,
    'S 0,0,0,1,7,0,2,0/0,0,0,0,0,0,0,0 0,0,0,0,6,3,2,1/0,0,0,0,0,0,0,0 hand=21,21 house=A5,a5');
  assert.equal(second.status, 'ongoing');
  assert.deepEqual([second.trace[2].kind, second.trace[2].pit, second.trace[2].count], ['enter', 'a8', 1]);
});

test('status of an empty front row', () => {
  assert.equal(oracle.status('ap-zanzibar',
    'S 0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0 0,0,0,0,1,0,0,0/0,0,0,0,0,0,0,0'), 'win N front-empty');
});

test('perft counts of the perft tables', { skip: PERFT_TABLES ? false : 'BAO_PERFT_TABLES (tests/perft/) not set' }, () => {
  let checked = 0;
  for (const file of fs.readdirSync(PERFT_TABLES).filter((f) => f.endsWith('.txt'))) {
    const ruleset = path.basename(file, '.txt');
    let bpn = null;
    for (const line of fs.readFileSync(path.join(PERFT_TABLES, file), 'utf8').split('\n')) {
      if (line.startsWith('bpn ')) bpn = line.slice(4);
      if (!line.startsWith('counts ')) continue;
      const counts = line.split(' ').slice(1, 4).map(Number);
      counts.forEach((expected, i) => {
        assert.equal(oracle.perft(ruleset, bpn, i + 1), expected, `${ruleset} ${bpn} depth ${i + 1}`);
        checked += 1;
      });
    }
  }
  assert.ok(checked >= 33, `only ${checked} counts checked`);
  assert.equal(oracle.perft('ap-zanzibar', 'start', 0), 1);
});

test('bad input throws the error of its kind, naming the argument, the field and the offset', () => {
  assert.throws(() => oracle.legalMoves('ap-zanzibar', 'S 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 0,0,0,6,2,2,0/0,0,0,0,0,0,0,0'),
    { name: 'InvalidPosition', message: 'bpn: BPN field 3 (north rows): expected 8 counts, got 7 at offset 34',
      kind: 'invalid-position', argument: 'bpn', field: 'north rows', offset: 34 });
  assert.throws(() => oracle.status('nope', 'start'), /^UnknownRuleset: ruleset: unknown ruleset 'nope' \(known: ap-zanzibar/);
  assert.throws(() => oracle.play('ap-zanzibar', 'start', 'A1L'),
    { name: 'IllegalMove', message: 'move: move A1L is not legal here; legal moves for South: A6L A6R A7L A7R' });
  assert.throws(() => oracle.play('ap-zanzibar', 'start', 'A6X'), { name: 'InvalidMove', argument: 'move', offset: 2 });
  assert.throws(() => oracle.perft('ap-zanzibar', 'start', 99),
    { name: 'InvalidArgument', message: 'depth: must be from 0 to 12, got 99' });
  for (const Kind of [oracle.UnknownRuleset, oracle.InvalidPosition, oracle.InvalidMove, oracle.IllegalMove,
    oracle.InvalidArgument]) {
    assert.ok(new Kind('x') instanceof oracle.BaoOracleError);
  }
  assert.ok(new oracle.BaoOracleError('x') instanceof Error);
});

test('a wrong type is a TypeError naming the argument, never another library\'s message', () => {
  assert.throws(() => oracle.play('ap-zanzibar', 'start', 7), { name: 'TypeError', message: 'move: expected a string, got the number 7' });
  assert.throws(() => oracle.perft('ap-zanzibar', 'start', '3'),
    { name: 'TypeError', message: "depth: expected a whole number, got the string '3'" });
  assert.throws(() => oracle.compare('ap-zanzibar', 'start', { moves: ['A6L', 5] }),
    { name: 'TypeError', message: 'engine.moves[1]: expected a string, got the number 5' });
  assert.throws(() => oracle.compare('ap-zanzibar', 'start', { moves: [], plays: { A6L: 'N 1' } }),
    { name: 'TypeError', message: "engine.plays['A6L']: expected { bpn, status } or null (refused), got the string 'N 1'" });
  assert.throws(() => oracle.compare('ap-zanzibar', 'start', { moves: 'A6L' }),
    { name: 'TypeError', message: "engine.moves: expected an array of strings, got the string 'A6L'" });
  assert.throws(() => oracle.compare('ap-zanzibar', 'start', null),
    { name: 'TypeError', message: 'engine: expected { moves, status, plays }, got null' });
});

test('a malformed engine answer is bad input, not a disagreement', () => {
  const moves = ['A6L', 'A6R', 'A7L', 'A7R'];
  assert.throws(() => oracle.compare('ap-zanzibar', 'start', { moves, status: 'won' }),
    { name: 'InvalidArgument', argument: 'status',
      message: "status: 'won' is not a status: ongoing, win S|N <reason> or draw <reason>, with a reason word of the protocol" });
  assert.throws(() => oracle.compare('ap-zanzibar', 'start', { moves: ['A6L', 'A6'] }),
    { name: 'InvalidMove', argument: 'moves[1]', message: "moves[1]: move 'A6': direction L or R missing at offset 2" });
  assert.throws(() => oracle.compare('ap-zanzibar', 'start', { moves, plays: { A6L: { bpn: 'won' } } }),
    { name: 'InvalidPosition', argument: "plays['A6L'].bpn" });
  // A refused move may be written null; an opponent's move listed is the engine's mistake.
  assert.equal(oracle.compare('ap-zanzibar', 'start', { moves, plays: { A7R: null } }).kind, 'missing-move');
  assert.equal(oracle.compare('ap-zanzibar', 'start', { moves: [...moves, 'a6L'] }).kind, 'extra-move');
});

test('compare: the oracle agrees with itself', () => {
  const moves = oracle.legalMoves('ap-zanzibar', 'start');
  const plays = Object.fromEntries(moves.map((m) => {
    const r = oracle.play('ap-zanzibar', 'start', m);
    return [m, { bpn: r.bpn, status: r.status }];
  }));
  assert.equal(oracle.compare('ap-zanzibar', 'start', { moves, status: 'ongoing', plays }), null);
});

test('compare: the first disagreement, with its clause', () => {
  const missing = oracle.compare('ap-zanzibar', 'start', { moves: ['A6L', 'A6R', 'A7R'] });
  assert.deepEqual([missing.kind, missing.move, missing.clause], ['missing-move', 'A7L', 'ap.kunamua.place']);
  const extra = oracle.compare('ap-zanzibar', 'start', { moves: ['A6L', 'A6R', 'A7L', 'A7R', 'A1L'] });
  assert.deepEqual([extra.kind, extra.move], ['extra-move', 'A1L']);
  // A6L sown one pit short: the seeds stop at A4 instead of A3.
  const wrong = 'N 0,0,0,1,7,0,2,0/0,0,0,0,0,0,0,0 0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 hand=21,22 house=A5,a5';
  const result = oracle.compare('ap-zanzibar', 'start',
    { moves: ['A6L', 'A6R', 'A7L', 'A7R'], plays: { A6L: { bpn: wrong, status: 'ongoing' } } });
  assert.deepEqual([result.kind, result.move, result.actual, result.clause],
    ['different-result', 'A6L', wrong, 'ap.sow.consecutive']);
  const refused = oracle.compare('ap-zanzibar', 'start',
    { moves: ['A6L', 'A6R', 'A7L', 'A7R'], plays: { A7R: { bpn: null } } });
  assert.deepEqual([refused.kind, refused.move], ['missing-move', 'A7R']);
  const status = oracle.compare('ap-zanzibar', 'start', { moves: [], status: 'draw no-move' });
  assert.deepEqual([status.kind, status.expected, status.actual], ['different-status', 'ongoing', 'draw no-move']);
});
