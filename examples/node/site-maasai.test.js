'use strict';
/**
 * Tests of the example engine's rules, through the protocol as a checker
 * sees it.
 *
 *     cd examples/node && node --test
 *
 * The expected answers are the hand-worked scenarios of scenarios/site/
 * (docs/rulesets/site-maasai.md), except where a comment says a value was
 * measured with bao-oracle; node:test and node:assert only.
 */

const test = require('node:test');
const assert = require('node:assert/strict');
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const ENGINE = path.join(__dirname, 'maasai-engine.js');
const START = 'S 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2';
const ENDLESS = 'S 1,0,1,0,1,0,1,0/0,1,0,2,1,0,1,2 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 store=3,3';
// B2L relays on without stopping or repeating past the limit (found by a
// search over random 64-seed boards, docs/rulesets/site-maasai.md).
const LONG_RELAY = 'S 4,3,4,2,3,2,3,1/1,5,5,2,3,2,3,2 3,1,1,1,0,1,1,0/2,0,1,3,1,0,2,2';

/** The answers to `requests`, sent in one batch (pipelined). */
function session(...requests) {
  const r = spawnSync(process.execPath, [ENGINE], { input: requests.map((q) => `${q}\n`).join(''), timeout: 60000,
    maxBuffer: 64 << 20 });
  assert.equal(r.status, 0, `exit status ${r.status}; stderr: ${r.stderr}`);
  const lines = r.stdout.toString('latin1').split('\n');
  assert.equal(lines.pop(), '');
  assert.equal(lines.length, requests.length, 'one answer per request');
  return lines;
}

test('the start position and its sixteen L moves', () => {
  assert.deepEqual(session('ruleset site-maasai', 'show', 'status'), ['=', `= ${START}`, '= ongoing']);
  const moves = session('moves')[0].slice(2).split(' ');
  const want = [];
  for (const row of 'AB') for (let n = 1; n <= 8; n += 1) want.push(`${row}${n}L`);
  assert.deepEqual(moves.sort(), want.sort());
});

test('the opening A6L relays 21 seeds and captures a8 (site-opening-a6-capture)', () => {
  assert.deepEqual(session('play A6L', 'status'), [
    '= N 1,4,4,1,0,1,3,0/3,3,0,3,3,0,3,3 2,2,2,2,2,2,2,0/2,2,2,2,2,2,2,2 store=2,0', '= ongoing']);
});

test('every opening lift sows 21 seeds and leaves one seed where it began', () => {
  const moves = session('moves')[0].slice(2).split(' ');
  assert.equal(moves.length, 16);
  const answers = session(...moves.flatMap((move) => ['position start', `play ${move}`, 'trace']));
  for (const [i, move] of moves.entries()) {
    const trace = answers[3 * i + 2].slice(2);
    const sown = trace.split('; ').filter((item) => item.startsWith('sow ')).length;
    assert.equal(sown, 21, `${move}: ${trace}`);
    const [front, back] = answers[3 * i + 1].split(' ')[2].split('/');
    const left = (move[0] === 'A' ? front : back).split(',')[Number(move[1]) - 1];
    assert.equal(left, '1', `${move} leaves one seed in ${move.slice(0, 2)}: ${answers[3 * i + 1]}`);
  }
});

test('the other direction, an empty pit, and flags are illegal', () => {
  const pos = 'position S 0,0,1,0,0,0,0,0/0,0,0,0,2,0,0,0 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0';
  const answers = session(pos, 'moves', 'play A3R', 'play A4L', 'play A3L+', 'play A3Lt', 'play b4L');
  assert.deepEqual(answers, ['=', '= A3L B5L',
    '? move A3R is not legal here', '? move A4L is not legal here', '? move A3L+ is not legal here',
    '? move A3Lt is not legal here', "? move 'b4L': pit b4 belongs to North but South is to move"]);
});

test('a single seed can be lifted; a capture of the last seeds wins', () => {
  const pos = 'position S 0,0,1,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,2,0/0,0,0,0,0,0,0,0';
  assert.deepEqual(session(pos, 'play A3L', 'status', 'trace', 'moves', 'play a1L'), ['=',
    '= N 0,1,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 store=2,0',
    '= win S all-captured',
    '= lift A3 1; sow A2; stop A2; capture a7 2; end all-captured',
    '=',
    '? move a1L is not legal here']);
});

test('a relay that passes across from seeds takes nothing; only the stop counts (site-capture-not-in-passing)', () => {
  // A2 (1) sows into A1, which holds 1: relay A1 2 -> B1, B2; B2 was empty: stop in the outer row.
  const pos = 'position S 1,1,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,5,5/0,0,0,0,0,0,0,0';
  assert.deepEqual(session(pos, 'play A2L', 'trace'), ['=',
    '= N 0,0,0,0,0,0,0,0/1,1,0,0,0,0,0,0 0,0,0,0,0,0,5,5/0,0,0,0,0,0,0,0 quiet=1',
    '= lift A2 1; sow A1; relay A1 2; sow B1; sow B2; stop B2']);
});

test('the quiet count goes up after either side\'s move and a capture resets it', () => {
  const pos = 'position N 0,0,0,0,0,0,0,0/0,0,0,0,2,0,0,0 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 quiet=7';
  const [, after] = session(pos, 'play b4L');
  assert.match(after, / quiet=8$/);
  const capture = 'position S 0,0,1,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,2,0/0,0,0,0,0,0,0,1 quiet=12';
  assert.doesNotMatch(session(capture, 'play A3L')[1], /quiet=/);
});

test('fifty quiet turns call the game; level stores are a draw (site-called-level-is-a-draw)', () => {
  const pos = 'position N 0,1,0,0,0,0,0,0/0,0,0,0,2,0,0,0 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 store=3,3 quiet=49';
  assert.deepEqual(session(pos, 'play b4L', 'status', 'moves', 'trace').slice(2), ['= draw no-progress', '=',
    '= lift b4 2; sow b5; sow b6; stop b6; end no-progress']);
  const ahead = 'position S 0,1,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1 store=4,3 quiet=50';
  assert.deepEqual(session(ahead, 'status', 'moves'), ['=', '= win S no-progress', '=']);
});

test('an endless relay is cut at its first repeat and judged as a called game (site-endless-relay-is-called)', () => {
  const answers = session(`position ${ENDLESS}`, 'play B8L', 'status', 'trace', 'moves');
  assert.equal(answers[1], '= N 1,0,1,0,1,0,2,1/0,1,0,2,1,0,1,0 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 store=3,3 quiet=1 '
    + 'result=draw:infinite');
  assert.equal(answers[2], '= draw infinite');
  assert.match(answers[3], /; stop [AB][1-8]; end infinite$/);
  assert.equal(answers[4], '=');
  // The position with its result is accepted back, and keeps it.
  assert.deepEqual(session(`position ${answers[1].slice(2)}`, 'status', 'show'), ['=', '= draw infinite', answers[1]]);
});

test('a relay without a repeat is cut after 65,536 relays, where bao-oracle cuts it', () => {
  const answers = session(`position ${LONG_RELAY}`, 'play B2L', 'trace', 'status');
  // The board measured with `bao-oracle play --ruleset site-maasai
  // --position '<LONG_RELAY>' --move B2L` (tests/check_cli_test.cpp
  // checks the Python example against the oracle the same way).
  assert.equal(answers[1], '= N 4,0,1,4,0,1,0,3/3,4,1,5,3,4,3,9 3,1,1,1,0,1,1,0/2,0,1,3,1,0,2,2 quiet=1 '
    + 'result=draw:infinite');
  assert.equal((answers[2].match(/relay /g) || []).length, 1 << 16);
  assert.equal(answers[3], '= draw infinite');
});

test('positions site-maasai cannot hold are refused with the reason', () => {
  assert.deepEqual(session(...[' hand=1,0', ' house=A5', ' block=a3', ' quiet=51', ' result=S:no-move']
    .map((key) => `position ${START}${key}`), 'show'), [
    '? key hand: site-maasai has no reserve seeds',
    '? site-maasai has no house status, blocks or house use',
    '? site-maasai has no house status, blocks or house use',
    '? key quiet: the game is called at 50',
    '? key result: only an endless relay decides a result the board cannot show',
    `= ${START}`]);
});

test('perft from the start matches bao-oracle\'s measurements', () => {
  // docs/rulesets/site-maasai.md lists the oracle's counts (measured, not
  // hand-worked beyond depth 1).
  assert.deepEqual(session('perft 1', 'perft 2', 'perft 3', 'perft 4'), ['= 16', '= 248', '= 2856', '= 33530']);
});
