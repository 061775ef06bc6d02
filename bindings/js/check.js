'use strict';
// check(): `bao-oracle check` against an engine object of the test process
// (the kit's interface, protocol.js). The program runs the checker, with the
// same games, requests and diagnosis as for an engine process; its engine
// is a small relay (relay.js) that connects back to this process, where the
// kit serves the engine object on a Unix socket, one session per connection
// (the checker restarts its engine after a fault). Node only: index.js loads
// this file when check() is first called.

const childProcess = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const { Session, serve } = require('./protocol.js');

/** The bao-oracle program: `given`, else $BAO_ORACLE, else bao-oracle on PATH. */
function findOracle(given) {
  let program = given || process.env.BAO_ORACLE;
  if (!program) {
    for (const dir of (process.env.PATH || '').split(path.delimiter)) {
      const candidate = path.join(dir || '.', 'bao-oracle');
      if (isExecutable(candidate)) {
        program = candidate;
        break;
      }
    }
  }
  if (!program) {
    throw new Error('oracle: check() runs the bao-oracle program, and none was found: install it '
      + '(docs/install.md), set BAO_ORACLE or pass { oracle: PATH }');
  }
  if (!isExecutable(program)) throw new Error(`oracle: ${program} is not an executable file`);
  return program;
}

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** A word quoted for the shell `bao-oracle check --engine` runs its command with. */
function quoted(word) {
  return `'${word.replace(/'/g, "'\\''")}'`;
}

/** The engine object served on a Unix socket in `folder`, one session per connection. */
function serveOnSocket(engine, folder) {
  const socketPath = path.join(folder, 'engine.sock');
  const connections = new Set();
  const server = net.createServer((connection) => {
    connections.add(connection);
    connection.on('close', () => connections.delete(connection));
    connection.on('error', () => connection.destroy());
    serve(engine, { input: connection, output: connection, onExit: () => connection.end() });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve({
      socketPath,
      close() {
        for (const c of connections) c.destroy();
        return new Promise((done) => { server.close(() => done()); });
      },
    }));
  });
}

/** Runs `argv` to its end: its exit status and its output (stdout and stderr together). */
function run(argv) {
  return new Promise((resolve, reject) => {
    const child = childProcess.spawn(argv[0], argv.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
    // A test process that exits (a failed test, a timeout) takes the check
    // with it; the check stops its engine, the relay, as it ends.
    const stop = () => child.kill('SIGTERM');
    process.once('exit', stop);
    const output = [];
    child.stdout.on('data', (d) => output.push(d));
    child.stderr.on('data', (d) => output.push(d));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      process.removeListener('exit', stop);
      resolve({
        code: code === null ? 128 : code, signal, text: Buffer.concat(output).toString('utf8'),
      });
    });
  });
}

/** (exit status, the summary, report.json's text) of the check. */
async function runCheck(engine, ruleset, { games, seed, corpus, budget, args, oracle, report }) {
  const program = findOracle(oracle);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bao-oracle-check-'));
  try {
    const served = await serveOnSocket(engine, folder);
    let done;
    try {
      const relay = path.join(__dirname, 'relay.js');
      const command = [process.execPath, relay, served.socketPath].map(quoted).join(' ');
      const out = report !== undefined ? report : path.join(folder, 'report');
      const argv = [program, 'check', '--engine', command, '--ruleset', ruleset, '--games', String(games),
        '--seed', String(seed), '--report', out];
      if (corpus.length === 0) argv.push('--no-corpus');
      for (const p of corpus) argv.push('--corpus', p);
      if (budget) argv.push('--budget', String(budget));
      done = await run(argv.concat(args));
      done.reportFile = path.join(out, 'report.json');
    } finally {
      await served.close();
    }
    if (done.code === 2) {
      const { InvalidArgument } = require('./index.js');
      throw new InvalidArgument(`bao-oracle check: ${done.text.trim()}`, { argument: 'args' });
    }
    if ((done.code !== 0 && done.code !== 1) || !fs.existsSync(done.reportFile)) {
      throw new Error(`bao-oracle check exited ${done.signal || done.code}: ${done.text.trim()}`);
    }
    const reportText = fs.readFileSync(done.reportFile, 'utf8');
    return { code: done.code, summary: done.text, report: JSON.parse(reportText) };
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

function wholeNumber(name, value, low) {
  if (!Number.isSafeInteger(value) || value < low) {
    throw new TypeError(`${name}: expected a whole number ${low} or more, got ${JSON.stringify(value)}`);
  }
  return value;
}

/**
 * Checks an engine object (the kit's interface: name, rulesets, codec,
 * start, moves, play, status) from the test process: `bao-oracle check
 * --ruleset RULESET --games GAMES --seed SEED` plays against it, served by
 * the kit, and the promise resolves to its diagnosis. Options: games (200),
 * seed (1), corpus (scenario files or folders some games start from; none
 * by default: --no-corpus), budget (engine requests, 0: no limit), args
 * (further options of `bao-oracle check`), oracle (the program; default
 * $BAO_ORACLE, else bao-oracle on PATH), report (a folder for the report
 * files).
 */
async function check(engine, ruleset, options = {}) {
  const oracleApi = require('./index.js');
  if (typeof ruleset !== 'string') {
    throw new TypeError(`ruleset: expected a string, got ${JSON.stringify(ruleset) ?? typeof ruleset}`);
  }
  const known = oracleApi.rulesets().map((r) => r.id);
  if (!known.includes(ruleset)) {
    throw new oracleApi.UnknownRuleset(`ruleset: unknown ruleset '${ruleset}' (known: ${known.join(', ')})`,
      { argument: 'ruleset' });
  }
  if (options === null || typeof options !== 'object') throw new TypeError('options: expected an object');
  const {
    games = 200, seed = 1, corpus = [], budget = 0, args = [], oracle, report,
  } = options;
  if (!Array.isArray(corpus) || !corpus.every((p) => typeof p === 'string')) {
    throw new TypeError('corpus: expected an array of paths');
  }
  if (!Array.isArray(args) || !args.every((a) => typeof a === 'string')) {
    throw new TypeError('args: expected an array of strings');
  }
  if (report !== undefined && typeof report !== 'string') throw new TypeError('report: expected a path');
  let session;
  try {
    session = new Session(engine);
  } catch (e) {
    throw new TypeError(`engine: ${String(e.message).replace('serve(engine): ', '')}`);
  }
  const name = session.handle('name');
  const listed = session.handle('rulesets');
  if (!name.startsWith('= ') || !listed.startsWith('= ')) {
    throw new oracleApi.InvalidArgument(`engine: the engine does not answer name and rulesets: ${name}; ${listed}`,
      { argument: 'engine' });
  }
  if (!listed.slice(2).split(' ').includes(ruleset)) {
    throw new oracleApi.InvalidArgument(`engine: the engine '${name.slice(2)}' does not play ${ruleset} `
      + `(it lists: ${listed.slice(2)})`, { argument: 'engine' });
  }
  const done = await runCheck(engine, ruleset, {
    games: wholeNumber('games', games, 1),
    seed: wholeNumber('seed', seed, 0),
    corpus,
    budget: wholeNumber('budget', budget, 0),
    args,
    oracle,
    report,
  });
  const r = done.report;
  return {
    passed: done.code === 0,
    summary: done.summary,
    deviations: r.deviations.map((d) => ({
      switch: d.switch, clause: d.clause, switchKind: d.switch_kind, playsAs: d.plays_as, meaning: d.meaning,
      games: d.games, positions: d.positions, position: d.witness.position, move: d.witness.move,
      expected: d.witness.expected, actual: d.witness.actual,
    })),
    unexplained: r.unexplained.map((f) => ({
      kind: f.kind, clauses: f.clauses, position: f.position, move: f.move, expected: f.expected,
      actual: f.actual, departure: f.departure,
    })),
    notation: r.notation.map((n) => n.what),
    report: r,
  };
}

module.exports = { check };
