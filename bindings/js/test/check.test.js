'use strict';
// check(): the checker inside the test runner, against an engine object of
// the test process. The example engine of examples/node/ passes; a copy
// with one rule changed (the capture takes the opponent's pit with the same
// number, not the one across) gives exactly that deviation; and the
// diagnosis is the one `bao-oracle check` gives the same engine run as a
// process, with the same games and seed. Needs the bao-oracle program
// (BAO_ORACLE) and the source tree's examples (BAO_SOURCE_ROOT), which
// test_staged.sh sets; reported skipped, with the reason, without them.
const test = require('node:test');
const assert = require('node:assert/strict');
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const folder = process.env.BAO_ORACLE_PACKAGE || path.join(__dirname, '..');
const oracle = require(folder);

const ORACLE = process.env.BAO_ORACLE;
const ROOT = process.env.BAO_SOURCE_ROOT;
const EXAMPLE = ROOT && path.join(ROOT, 'examples', 'node');
const skip = !ORACLE ? 'BAO_ORACLE (the bao-oracle program) not set'
  : !EXAMPLE || !fs.existsSync(path.join(EXAMPLE, 'site-maasai.js'))
    ? 'BAO_SOURCE_ROOT (the source tree, for examples/node) not set' : false;
const GAMES = 10;
const SEED = 7;

/** examples/node copied into a fresh folder, site-maasai.js with the capture across changed to the same number. */
function variantFolder() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bao-check-test-'));
  for (const name of ['kit.js', 'site-maasai.js', 'maasai-engine.js']) fs.copyFileSync(path.join(EXAMPLE, name), path.join(dir, name));
  // The copy's kit loads the package under test.
  fs.writeFileSync(path.join(dir, 'kit.js'), `module.exports = require(${JSON.stringify(path.join(folder, 'protocol.js'))});\n`);
  const text = fs.readFileSync(path.join(EXAMPLE, 'site-maasai.js'), 'utf8');
  const changed = text.replaceAll('theirs[7 - last]', 'theirs[last]');
  assert.notEqual(changed, text, "the variant's change found nothing to change");
  fs.writeFileSync(path.join(dir, 'site-maasai.js'), changed);
  return dir;
}

test('the example engine passes', { skip }, async () => {
  const { maasai } = require(path.join(EXAMPLE, 'site-maasai.js'));
  const result = await oracle.check(maasai, 'site-maasai', { games: GAMES, seed: SEED, oracle: ORACLE });
  assert.equal(result.passed, true, result.summary);
  assert.deepEqual([result.deviations, result.unexplained], [[], []]);
  assert.match(result.summary, /no findings: the engine agreed with the oracle everywhere/);
  assert.equal(result.report.stats.games, GAMES);
  assert.ok(result.report.stats.positions > 0);
});

test('one rule changed is exactly that deviation, as bao-oracle check finds it in the engine process',
  { skip, timeout: 600000 }, async () => {
    const dir = variantFolder();
    try {
      const { maasai } = require(path.join(dir, 'site-maasai.js'));
      const ours = await oracle.check(maasai, 'site-maasai', { games: GAMES, seed: SEED, oracle: ORACLE });
      assert.equal(ours.passed, false);
      assert.deepEqual(ours.deviations.map((d) => d.switch), ['site-capture-same-number']);
      assert.deepEqual(ours.unexplained, []);
      assert.match(ours.summary, /site-capture-same-number/);

      const reportDir = path.join(dir, 'report');
      const run = spawnSync(ORACLE, ['check', '--engine', `${process.execPath} ${path.join(dir, 'maasai-engine.js')}`,
        '--ruleset', 'site-maasai', '--games', String(GAMES), '--seed', String(SEED), '--no-corpus',
        '--report', reportDir], { timeout: 600000 });
      assert.equal(run.status, 1, String(run.stdout) + String(run.stderr));
      const theirs = JSON.parse(fs.readFileSync(path.join(reportDir, 'report.json'), 'utf8'));
      const diagnosis = (report) => [
        report.deviations.map((d) => [d.switch, d.clause, d.games, d.positions, d.witness.position, d.witness.move,
          d.witness.expected, d.witness.actual]),
        report.unexplained.map((f) => [f.kind, f.clauses, f.position]),
        ['games', 'positions', 'skipped', 'moves', 'requests'].map((k) => report.stats[k]),
      ];
      assert.deepEqual(diagnosis(ours.report), diagnosis(theirs));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

test('an engine that throws is a finding, not a crash of the test', { skip }, async () => {
  const { maasai } = require(path.join(EXAMPLE, 'site-maasai.js'));
  const throws = {
    ...maasai,
    play(board, move) {
      if (move.pit === 'A6') throw new Error('boom');
      return maasai.play.call(this, board, move);
    },
  };
  const result = await oracle.check(throws, 'site-maasai', { games: GAMES, seed: SEED, oracle: ORACLE });
  assert.equal(result.passed, false);
  const answers = result.unexplained.map((f) => f.actual).concat(result.deviations.map((d) => d.actual));
  assert.ok(answers.some((a) => a.includes('boom')), result.summary);
});

test('bad arguments are named', { skip }, async () => {
  const { maasai } = require(path.join(EXAMPLE, 'site-maasai.js'));
  await assert.rejects(oracle.check(maasai, 'nope', { oracle: ORACLE }), oracle.UnknownRuleset);
  await assert.rejects(oracle.check(maasai, 'ap-zanzibar', { oracle: ORACLE }), {
    name: 'InvalidArgument',
    message: "engine: the engine 'maasai-example 1.0 (node)' does not play ap-zanzibar (it lists: site-maasai)",
  });
  await assert.rejects(oracle.check({}, 'site-maasai', { oracle: ORACLE }),
    { name: 'TypeError', message: 'engine: engine.start must be a function' });
  await assert.rejects(oracle.check(maasai, 'site-maasai', { games: 0, oracle: ORACLE }),
    { name: 'TypeError', message: 'games: expected a whole number 1 or more, got 0' });
  await assert.rejects(oracle.check(maasai, 'site-maasai', { args: ['--no-such-option'], oracle: ORACLE }),
    { name: 'InvalidArgument' });
  await assert.rejects(oracle.check(maasai, 'site-maasai', { oracle: '/nonexistent/bao-oracle' }),
    /oracle: \/nonexistent\/bao-oracle is not an executable file/);
});

/** The command lines of running processes that mention `text`. */
function processesMentioning(text) {
  const found = [];
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const line = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (line.includes(text)) found.push(`${pid}: ${line}`);
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

test('a test process that exits during a check leaves no check and no engine running',
  { skip: skip || (!fs.existsSync('/proc/self/cmdline') && 'no /proc to look for processes in'), timeout: 120000 },
  async () => {
    // The child's temporary folder is one of its own, so the check's command
    // line (which names the socket in it) tells its processes apart.
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bao-check-exit-'));
    try {
      const script = `
        const oracle = require(${JSON.stringify(folder)});
        const { maasai } = require(${JSON.stringify(path.join(EXAMPLE, 'site-maasai.js'))});
        oracle.check(maasai, 'site-maasai', { games: 1000000, oracle: ${JSON.stringify(ORACLE)} });
        setTimeout(() => process.exit(0), 1500);`;
      const run = spawnSync(process.execPath, ['-e', script], { env: { ...process.env, TMPDIR: tmp }, timeout: 60000 });
      assert.equal(run.status, 0, String(run.stderr));
      let left = processesMentioning(tmp);
      for (let i = 0; i < 50 && left.length > 0; i += 1) {
        await new Promise((done) => { setTimeout(done, 100); });
        left = processesMentioning(tmp);
      }
      assert.deepEqual(left, []);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
