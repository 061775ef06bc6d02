'use strict';
/**
 * Tests of the kit (bao-oracle/protocol, bindings/js/protocol.js) through the protocol, as a checker sees it: each
 * test starts an engine process, writes requests, and reads the answers.
 *
 *     cd examples/node && node --test
 *
 * node:test and node:assert only. The engines are the example
 * (maasai-engine.js) and small inline engines that misbehave on purpose.
 */

const test = require('node:test');
const assert = require('node:assert/strict');
const { spawn, spawnSync } = require('node:child_process');
const path = require('node:path');

const ENGINE = path.join(__dirname, 'maasai-engine.js');
const KIT = path.join(__dirname, 'kit.js');
const START = 'S 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2';
const AFTER_A6L = 'N 1,4,4,1,0,1,3,0/3,3,0,3,3,0,3,3 2,2,2,2,2,2,2,0/2,2,2,2,2,2,2,2 store=2,0';

/** Runs a process on `input` (a string or bytes) to the end; its answers and exit. */
function run(args, input) {
  const r = spawnSync(process.execPath, args, { input, timeout: 60000, maxBuffer: 64 << 20 });
  assert.equal(r.error, undefined, `engine did not run: ${r.error}`);
  return { lines: r.stdout.toString('latin1').split('\n'), status: r.status, signal: r.signal,
    stderr: r.stderr.toString() };
}

/** The answers to `requests`, sent in one batch (pipelined), one per line. */
function session(requests, args = [ENGINE]) {
  const input = Buffer.isBuffer(requests) ? requests : requests.map((r) => `${r}\n`).join('');
  const r = run(args, input);
  assert.equal(r.status, 0, `exit status ${r.status} (signal ${r.signal}); stderr: ${r.stderr}`);
  assert.equal(r.lines.pop(), '', 'the last answer ends with a newline');
  for (const line of r.lines) assert.match(line, /^(=|= [\x20-\x7e]+|\? [\x20-\x7e]+)$/, 'a well-formed answer line');
  return r.lines;
}

/** An engine process serving `engine`, a JavaScript expression over `maasai` (the example) and `kit`. */
function inlineEngine(engine) {
  const code = `const kit = require(${JSON.stringify(KIT)});
const { maasai } = require(${JSON.stringify(path.join(__dirname, 'site-maasai.js'))});
kit.serve(${engine});`;
  return ['-e', code];
}

test('the session of docs/protocol.md: every command', () => {
  assert.deepEqual(session(['protocol', 'name', 'rulesets', 'ruleset site-maasai', 'show', 'moves', 'play A6L',
    'trace', 'status', 'position start', 'show', 'perft 2', 'perft 0', 'quit']), [
    '= 1', '= maasai-example 1.0 (node)', '= site-maasai', '=', `= ${START}`,
    '= A1L A2L A3L A4L A5L A6L A7L A8L B8L B7L B6L B5L B4L B3L B2L B1L', `= ${AFTER_A6L}`,
    '= lift A6 2; sow A5; sow A4; relay A4 3; sow A3; sow A2; sow A1; relay A1 3; sow B1; sow B2; sow B3; '
      + 'relay B3 3; sow B4; sow B5; sow B6; relay B6 3; sow B7; sow B8; sow A8; relay A8 3; sow A7; sow A6; '
      + 'sow A5; relay A5 4; sow A4; sow A3; sow A2; sow A1; stop A1; capture a8 2',
    '= ongoing', '=', `= ${START}`, '= 248', '= 1', '=']);
});

test('Session.handle answers one line with its sign, as the Python kit\'s does', () => {
  const { Session } = require(KIT);
  const { maasai } = require(path.join(__dirname, 'site-maasai.js'));
  const s = new Session(maasai);
  assert.deepEqual([s.handle('perft 1'), s.handle('hello'), s.handle('quit')], ['= 16', '? unknown command', '=']);
  assert.equal(s.done, true);
});

test('every malformed request is one ? line that says what is wrong', () => {
  const answers = session(['', '   \t ', 'hello', 'PROTOCOL', 'show me', 'play', 'play A6L A5L', 'ruleset',
    'ruleset ap-zanzibar', 'position', 'perft 7', 'perft -1', 'perft x', 'perft 99999999999999999999', 'trace',
    'play A6X', 'play a6L', 'play A6L+x', 'play A6R', 'play C3L', 'position S 1,2', 'position X', 'quit']);
  assert.deepEqual(answers, [
    '? empty request', '? empty request', '? unknown command', '? unknown command', '? show takes no argument',
    '? play needs an argument', '? play takes one argument', '? ruleset needs an argument',
    "? unknown ruleset 'ap-zanzibar'", '? position needs an argument',
    '? perft depth must be a whole number from 0 to 6', '? perft depth must be a whole number from 0 to 6',
    '? perft depth must be a whole number from 0 to 6', '? perft depth must be a whole number from 0 to 6',
    '? no move played since the position was set',
    "? move 'A6X': direction must be L or R at offset 2",
    "? move 'a6L': pit a6 belongs to North but South is to move",
    "? move 'A6L+x': unexpected character 'x' at offset 4",
    '? move A6R is not legal here',
    "? move 'C3L': pit 'C3': row letter must be A, B, a or b",
    "? BPN field 2 (south rows): expected 2 rows (front/back) separated by '/', got 1 at offset 2",
    "? BPN field 1 (side): side must be S or N, got 'X' at offset 0",
    '=']);
});

test('BPN errors name the field and the offset (docs/notation.md)', () => {
  const row = '0,0,0,0,0,0,0,0';
  const board = `S ${row}/${row} ${row}/${row}`;
  const cases = [
    [`S ${row}/${row}`, 'BPN field 3 (north rows): missing at offset 33'],
    [`S ${row}/${row} ${row}`,
      "BPN field 3 (north rows): expected 2 rows (front/back) separated by '/', got 1 at offset 34"],
    [`S ${row}/${row} 0,0,0,0,0,0,0/${row}`, 'BPN field 3 (north rows): expected 8 counts, got 7 at offset 34'],
    [`S -1,0,0,0,0,0,0,0/${row} ${row}/${row}`,
      'BPN field 2 (south rows): negative counts are not allowed at offset 2'],
    [`S 256,0,0,0,0,0,0,0/${row} ${row}/${row}`, 'BPN field 2 (south rows): 256 is above 255 at offset 2'],
    [`S ${row}/${row} ${row}/0,0,0,0,x,0,0,0`, "BPN field 3 (north rows): 'x' is not a number at offset 58"],
    [`${board} hand=1`, 'BPN field 4 (hand): expected two counts S,N at offset 71'],
    [`${board} store=200,56`, 'BPN field 4 (store): seed total 256 is above the limit of 255 at offset 76'],
    [`${board} foo=1`, "BPN field 4 (foo): unknown key 'foo' at offset 66"],
    [`${board} store=1,1 store=1,1`, "BPN field 5 (store): duplicate key 'store' at offset 76"],
    [`${board} house=C3`, "BPN field 4 (house): pit 'C3': row letter must be A, B, a or b at offset 72"],
    [`${board} house=A5,A5`, 'BPN field 4 (house): pit A5 listed twice at offset 75'],
    [`${board} quiet=65536`, 'BPN field 4 (quiet): 65536 is above 65535 at offset 72'],
    [`${board} result=W:infinite`, "BPN field 4 (result): winner must be S, N or draw, got 'W' at offset 73"],
    [`${board} result=N:forever`, "BPN field 4 (result): unknown reason 'forever' at offset 75"],
    [`${board} quiet`, "BPN field 4 (key=value): expected key=value, got 'quiet' at offset 66"],
  ];
  const answers = session(cases.map(([bpn]) => `position ${bpn}`));
  assert.deepEqual(answers, cases.map(([, message]) => `? ${message}`));
});

test('positions are read in any form and shown canonical', () => {
  const answers = session([
    'position  N  01,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0\t0,0,0,0,0,0,0,2/0,0,0,0,0,0,0,0   quiet=3 store=4,5 ',
    'show', 'position S 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1 result=draw:infinite store=0,0',
    'show', 'status', 'moves']);
  assert.deepEqual(answers, ['=',
    '= N 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,2/0,0,0,0,0,0,0,0 store=4,5 quiet=3',
    '=', '= S 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1 result=draw:infinite',
    '= draw infinite', '=']);
});

test('a failed request changes nothing', () => {
  const answers = session(['play A6L', 'trace', 'play a1R', 'play A6L', 'position S 9', `position ${START} hand=1,0`,
    'ruleset nope', 'perft 9', 'bogus', 'show', 'trace']);
  assert.equal(answers[0], `= ${AFTER_A6L}`);
  assert.ok(answers.slice(2, 9).every((a) => a.startsWith('? ')), answers.join('\n'));
  assert.equal(answers[9], answers[0]);
  assert.equal(answers[10], answers[1]);
});

test('a position or ruleset request forgets the last move\'s trace; a failed one keeps it', () => {
  const none = '? no move played since the position was set';
  const answers = session(['play A6L', 'position S 9', 'trace', 'position start', 'trace', 'play A6L', 'ruleset nope',
    'trace', 'ruleset site-maasai', 'trace', 'play A6L', `position ${AFTER_A6L}`, 'trace']);
  assert.equal(answers[2].slice(0, 7), '= lift ');
  assert.deepEqual([answers[4], answers[9], answers[12]], [none, none, none]);
  assert.equal(answers[7], answers[2]);
});

test('CRLF, blanks and tabs around and between words are read as the protocol says', () => {
  const answers = session(Buffer.from('protocol\r\n  moves \t\nplay\tA6L\r\n\tshow\nperft  1 \n'));
  assert.deepEqual(answers, ['= 1', '= A1L A2L A3L A4L A5L A6L A7L A8L B8L B7L B6L B5L B4L B3L B2L B1L',
    `= ${AFTER_A6L}`, `= ${AFTER_A6L}`, '= 15']);
});

test('invalid UTF-8, NUL bytes and control characters get one ASCII ? line each', () => {
  const input = Buffer.concat([
    Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0x0a]), // not UTF-8 at all
    Buffer.from('play '), Buffer.from([0xc3, 0xa9, 0x0a]), // UTF-8 é as a move
    Buffer.from('pro'), Buffer.from([0x00]), Buffer.from('tocol\n'),
    Buffer.from('position S '), Buffer.from([0x1b, 0x5b, 0x32, 0x4a, 0x0a]), // an escape sequence
    Buffer.from('show\r\r\n'), // a second '\r' ends the command: not a command
    Buffer.from('play A6L\r\r\n'), // it ends the argument: dropped, as bao-oracle engine drops it
    Buffer.from('show\n')]);
  const answers = session(input);
  assert.deepEqual(answers, [
    '? unknown command',
    "? move '\\xC3\\xA9': pit '\\xC3\\xA9': row letter must be A, B, a or b",
    '? unknown command',
    "? BPN field 2 (south rows): expected 2 rows (front/back) separated by '/', got 1 at offset 2",
    '? unknown command',
    `= ${AFTER_A6L}`,
    `= ${AFTER_A6L}`]);
});

test('a line over 64 KiB is answered `? line too long` once, and the session goes on', () => {
  const limit = 65536;
  const input = Buffer.concat([
    Buffer.from(`protocol${' '.repeat(limit - 8)}\n`), // exactly at the limit: served
    Buffer.from(`protocol${' '.repeat(limit - 7)}\n`), // one byte over
    Buffer.from(`protocol${' '.repeat(limit - 8)}\r\n`), // the '\r' counts
    Buffer.from(`position ${'9'.repeat(5 << 20)}\n`), // 5 MB, read and thrown away
    Buffer.from('play A6L\n'),
    Buffer.from(`${'x'.repeat(limit + 1)}`), // a last line without '\n'
  ]);
  assert.deepEqual(session(input), ['= 1', '? line too long', '? line too long', '? line too long', `= ${AFTER_A6L}`,
    '? line too long']);
});

test('a last line without a newline is answered; end of input exits 0', () => {
  assert.deepEqual(session(Buffer.from('protocol\nstatus')), ['= 1', '= ongoing']);
  assert.deepEqual(session(Buffer.alloc(0)), []);
});

test('quit answers = and ends the session: nothing after it is read', () => {
  assert.deepEqual(session(['moves', 'quit', 'protocol', 'play A6L']),
    ['= A1L A2L A3L A4L A5L A6L A7L A8L B8L B7L B6L B5L B4L B3L B2L B1L', '=']);
});

test('each answer is written before the next request arrives', async () => {
  // A checker waits for each answer: an engine that buffered its output
  // until the end of input would stall it.
  const child = spawn(process.execPath, [ENGINE], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  let wake = () => {};
  child.stdout.on('data', (d) => { out += d; wake(); });
  const waitFor = (n) => new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer ${n} in 20 s; got ${JSON.stringify(out)}`)), 20000);
    wake = () => {
      if (out.split('\n').length <= n) return;
      clearTimeout(timer);
      resolve(out.split('\n').slice(0, n));
    };
    wake();
  });
  child.stdin.write('protocol\n');
  assert.deepEqual(await waitFor(1), ['= 1']);
  // A request split over several writes is read as one line.
  child.stdin.write('pla');
  child.stdin.write('y A');
  await new Promise((r) => setTimeout(r, 50));
  child.stdin.write('6L\nsta');
  assert.deepEqual(await waitFor(2), ['= 1', `= ${AFTER_A6L}`]);
  child.stdin.write('tus\n');
  assert.deepEqual(await waitFor(3), ['= 1', `= ${AFTER_A6L}`, '= ongoing']);
  const exited = new Promise((resolve) => child.on('close', (code) => resolve(code)));
  child.stdin.end('quit\n');
  assert.equal(await exited, 0);
  assert.equal(out, `= 1\n= ${AFTER_A6L}\n= ongoing\n=\n`);
});

test('an exception thrown by the engine is a ? answer naming the request, and the engine goes on', () => {
  const engine = `{ ...maasai,
    play(board, move) { if (move.pit === 'A6') throw new Error('boom'); return maasai.play(board, move); },
    status() { return undefined.x; },
    moves(board) { if (board.quiet === 7) { const f = () => f() + 1; return f(); } return maasai.moves(board); },
  }`;
  const answers = session(['play A6L', 'status', 'show', `position ${START} quiet=7`, 'moves', 'play A5L',
    'position start', 'play A5L'], inlineEngine(engine));
  assert.equal(answers[0], "? engine error in 'play A6L': play(A6L) threw Error: boom");
  assert.match(answers[1], /^\? engine error in 'status': status threw TypeError: Cannot read properties of undefined/);
  assert.equal(answers[2], `= ${START}`, 'the failed play changed nothing');
  assert.equal(answers[3], '=');
  assert.match(answers[4], /^\? engine error in 'moves': moves threw RangeError: Maximum call stack size exceeded/);
  assert.match(answers[5], /^\? engine error in 'play A5L': moves threw RangeError/);
  assert.equal(answers[6], '=');
  assert.match(answers[7], /^= N /, 'the engine goes on as before');
});

test('what the engine answers is checked before it reaches the peer', () => {
  const engine = `{ ...maasai,
    name: 'two\\nlines',
    moves(board) { return board.quiet === 1 ? ['A6L', 'a1L'] : board.quiet === 2 ? ['A6Q'] : maasai.moves(board); },
    status(board) { return board.quiet === 1 ? 'won' : maasai.status(board); },
    play(board, move) {
      const r = maasai.play(board, move);
      if (move.pit === 'A5') r.state.pits[0][3] = -1;
      if (move.pit === 'A4') return r.state;
      if (move.pit === 'A3') r.trace = ['lift A3 2', 'sow A2; sow A1'];
      return r;
    },
  }`;
  const answers = session(['name', `position ${START} quiet=1`, 'moves', 'status', `position ${START} quiet=2`, 'moves',
    'position start', 'play A5L', 'play A4L', 'play A3L', 'show'], inlineEngine(engine));
  assert.deepEqual(answers, [
    "? engine error in 'name': the answer holds \\x0A at offset 3; answers are printable ASCII",
    '=',
    "? engine error in 'moves': moves returned 'a1L': move 'a1L': pit a1 belongs to North but South is to move",
    "? engine error in 'status': status returned 'won', not ongoing, win S|N <reason> or draw <reason>",
    '=',
    "? engine error in 'moves': moves returned 'A6Q': move 'A6Q': direction must be L or R at offset 2",
    '=',
    "? engine error in 'play A5L': codec.encode after play(A5L) gave a bad position: "
      + 'pits.A[3] is -1, not a count 0..255',
    "? engine error in 'play A4L': play(A4L) must return { state, trace }",
    "? engine error in 'play A3L': play(A3L) gave a trace that is not an array of printable items without ';'",
    `= ${START}`]);
});

test('an engine that fails at start-up still answers, and recovers with a ruleset it can start', () => {
  const engine = `{ ...maasai, rulesets: ['broken', 'site-maasai'],
    start(ruleset) { if (ruleset === 'broken') throw new Error('no board'); return maasai.start(ruleset); } }`;
  const answers = session(['protocol', 'rulesets', 'show', 'moves', 'ruleset broken', 'ruleset site-maasai', 'show'],
    inlineEngine(engine));
  assert.deepEqual(answers, ['= 1', '= broken site-maasai',
    "? engine error in 'show': at start-up, start(broken) threw Error: no board",
    "? engine error in 'moves': at start-up, start(broken) threw Error: no board",
    "? engine error in 'ruleset broken': start(broken) threw Error: no board",
    '=', `= ${START}`]);
});

test('an engine without traces says so the protocol\'s way', () => {
  const engine = `{ ...maasai, traces: false, play: (b, m) => ({ state: maasai.play(b, m).state }) }`;
  assert.deepEqual(session(['trace', 'play A6L', 'trace'], inlineEngine(engine)),
    ['? unknown command', `= ${AFTER_A6L}`, '? unknown command']);
  const silent = `{ ...maasai, play: (b, m) => ({ state: maasai.play(b, m).state }) }`;
  assert.deepEqual(session(['play A6L', 'trace'], inlineEngine(silent)),
    [`= ${AFTER_A6L}`, '? the engine gave no trace for the last move']);
});

test('the engine cannot change the session\'s position behind its back', () => {
  // decode and moves get copies: an engine that scribbles on them changes nothing.
  const engine = `{ ...maasai, codec: { ...maasai.codec,
    decode(pos, r) { const b = maasai.codec.decode(pos, r); pos.pits.A[0] = 99; return b; } },
    moves(board) { const m = maasai.moves(board); board.pits[0].fill(0); return m; } }`;
  assert.deepEqual(session(['moves', 'show', 'play A6L', 'show'], inlineEngine(engine)), [
    '= A1L A2L A3L A4L A5L A6L A7L A8L B8L B7L B6L B5L B4L B3L B2L B1L', `= ${START}`, `= ${AFTER_A6L}`,
    `= ${AFTER_A6L}`]);
});

test('perft is refused above its work limit, in bounded time, and the position stays', () => {
  const begun = Date.now();
  const answers = session(['perft 6', 'show']);
  assert.deepEqual(answers, [
    '? perft 6 here needs more than 500000 positions, the limit of this engine; ask a smaller depth', `= ${START}`]);
  assert.ok(Date.now() - begun < 30000, `took ${Date.now() - begun} ms`);
});

test('serve() refuses an engine object that lacks a member, before any request', () => {
  const r = run(inlineEngine('{ ...maasai, moves: undefined }'), 'protocol\n');
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /serve\(engine\): engine\.moves must be a function/);
});

test('the kit loads with import as well as require', () => {
  const file = path.join(__dirname, '..', '..', 'bindings', 'js', 'protocol.js');
  const code = `import { serve, parseBpn, formatBpn } from ${JSON.stringify(file)};
    const p = parseBpn('N 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,3 house=b8,A1 quiet=2');
    if (typeof serve !== 'function') throw new Error('no serve');
    console.log(formatBpn(p));`;
  const r = run(['--input-type=module', '-e', code], '');
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.lines[0], 'N 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,3 house=A1,b8 quiet=2');
});

test('protocol-level answers are those of bao-oracle\'s own server, byte for byte', (t) => {
  // The CTest run sets BAO_ORACLE; run by hand, set it to build/dev/bao-oracle.
  const oracle = process.env.BAO_ORACLE;
  if (!oracle) {
    t.skip('BAO_ORACLE is not set to a bao-oracle binary to compare with');
    return;
  }
  const row = '0,0,0,0,0,0,0,0';
  const board = `S ${row}/${row} ${row}/${row}`;
  const bpns = [`S ${row}/${row}`, `S ${row}/${row} ${row}`, `S ${row}/${row} 0,0,0,0,0,0,0/${row}`,
    `S -1,0,0,0,0,0,0,0/${row} ${row}/${row}`, `S ${row}/${row}/${row} ${row}/${row}`, `S ,,,,,,,/${row} ${row}/${row}`,
    ...['hand=1', 'store=200,56', 'foo=1', 'store=1,1 store=1,1', 'house=C3', 'house=A5,A5', 'house=A55',
      'quiet=65536', 'quiet=-1', 'result=W:infinite', 'result=N:forever', 'result=N', 'quiet', '=3', 'store=',
      'store=1,', 'house=', 'house=A5,', 'result=', 'result=N:', 'store=3,4 quiet=50', 'store=2,1 result=S:infinite',
      'result=N:infinite']
      .map((key) => `${board} ${key}`),
    'N 01,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,2/0,0,0,0,0,0,0,0   quiet=3 store=4,5 ',
    'S 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1 result=draw:infinite',
    'N 0,1,0,0,0,0,0,0/0,0,0,0,2,0,0,0 0,0,0,0,0,0,0,0/0,0,0,2,0,0,0,0 store=3,3 quiet=49',
    `${board} store=1,0`, `${board}\tstore=0,1`, `\t${board}`, `${START} store=192,0`, `${START} store=192,1`];
  const requests = [
    '', ' \t ', 'hello', 'PROTOCOL', 'protocol x', 'show me', 'play', 'play A6L A5L', 'ruleset', 'ruleset nope',
    'position', 'perft', 'perft 7', 'perft -1', 'perft x', 'perft +1', 'perft 1.0', 'perft 99999999999999999999',
    'trace', 'play A6X', 'play a6L', 'play A6L+x', 'play A6R', 'play C3L', 'play A', 'play A6', 'play A6Ltt',
    'play A6L+t', 'play A6l', 'play A9L', 'play A6Lt', 'play A6L+', 'moves', 'play A6L', 'trace', 'status', 'show',
    'perft 3', 'position start', `protocol${' '.repeat(65528)}`, `protocol${' '.repeat(65529)}`, 'x'.repeat(200000),
    `position ${'9'.repeat(1000)}`, `position S ${'1,'.repeat(2000)}`, 'ruleset site-maasai', 'play A1L', 'play a1L',
    'trace', 'status', 'moves', 'show',
    ...bpns.flatMap((bpn) => [`position ${bpn}`, 'show', 'status', 'moves', 'perft 2'])];
  const input = Buffer.concat([...requests.map((r) => Buffer.from(`${r}\n`, 'latin1')),
    Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0x0a]), Buffer.from('play \xc3\xa9\n', 'latin1'),
    Buffer.from('pro\x00tocol\n', 'latin1'), Buffer.from('position S \x1b[2J\n', 'latin1'),
    Buffer.from('quit\nprotocol\n')]);
  const ours = session(input);
  const r = spawnSync(oracle, ['engine', '--ruleset', 'site-maasai'], { input, timeout: 60000 });
  assert.equal(r.status, 0, `bao-oracle engine exited ${r.status}: ${r.stderr}`);
  const theirs = r.stdout.toString('latin1').split('\n');
  theirs.pop();
  assert.equal(ours.length, theirs.length, 'as many answers');
  const differ = ours.map((a, i) => (a === theirs[i] ? null : `answer ${i + 1}:\n  ours   ${a}\n  oracle ${theirs[i]}`))
    .filter((d) => d !== null);
  assert.deepEqual(differ, []);
  assert.ok(ours.filter((a) => a.startsWith('?')).length > 60, 'most requests are malformed');
});
