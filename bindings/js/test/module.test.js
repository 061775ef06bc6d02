'use strict';
// The package as its users load it: named imports in an ES module and
// require() in CommonJS, for the oracle and for the adapter kit
// (bao-oracle/protocol), both through the package name as an installed
// package is reached; its metadata; and the fast-check arbitrary of
// positions. BAO_ORACLE_PACKAGE names the package folder to test (an
// installed one); by default the folder above this one.
const test = require('node:test');
const assert = require('node:assert/strict');
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const folder = process.env.BAO_ORACLE_PACKAGE || path.join(__dirname, '..');
const oracle = require(folder);

/** Runs code with the package folder as the working directory, where 'bao-oracle' names the package itself. */
function run(args, code) {
  const r = spawnSync(process.execPath, [...args, code], { cwd: folder, timeout: 60000 });
  assert.equal(r.status, 0, `node exited ${r.status}: ${r.stderr}`);
  return r.stdout.toString().trim();
}

test('named ES module imports of the oracle and the kit', () => {
  const out = run(['--input-type=module', '-e'], `
    import { legalMoves, perft, InvalidPosition, BaoOracleError, positions } from 'bao-oracle';
    import oracle from 'bao-oracle';
    import { serve, parseBpn, formatBpn, Session, ProtocolError } from 'bao-oracle/protocol';
    if (typeof serve !== 'function' || typeof Session !== 'function' || typeof positions !== 'function') process.exit(3);
    if (!(new InvalidPosition('x') instanceof BaoOracleError) || oracle.legalMoves !== legalMoves) process.exit(4);
    console.log(legalMoves('ap-zanzibar', 'start').join(' '), perft('ap-zanzibar', 'start', 2),
      formatBpn(parseBpn('N 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,3 house=b8,A1')));`);
  assert.equal(out, 'A6L A6R A7L A7R 14 N 1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,3 house=A1,b8');
});

test('require() of the oracle and the kit', () => {
  const out = run(['-e'], `
    const { legalMoves } = require('bao-oracle');
    const { Session } = require('bao-oracle/protocol');
    const kit = require('bao-oracle/protocol');
    console.log(legalMoves('ap-zanzibar', 'start').length, typeof Session, typeof kit.serve);`);
  assert.equal(out, '4 function function');
});

test('every export is typed, and the ES module exports what the CommonJS one does', () => {
  for (const [cjs, mjs, types] of [['index.js', 'index.mjs', 'index.d.ts'], ['protocol.js', 'protocol.mjs', 'protocol.d.ts']]) {
    const names = Object.keys(require(path.join(folder, cjs))).sort();
    const typed = fs.readFileSync(path.join(folder, types), 'utf8');
    const esm = fs.readFileSync(path.join(folder, mjs), 'utf8');
    for (const name of names) {
      assert.match(typed, new RegExp(`export (const|class|function|interface) ${name}\\b`), `${types}: ${name}`);
      assert.match(esm, new RegExp(`\\b${name}\\b`), `${mjs}: ${name}`);
    }
  }
});

test('the metadata: exports map, licence file, no npm test pointing at files not shipped', () => {
  const meta = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8'));
  assert.deepEqual(Object.keys(meta.exports).sort(), ['.', './package.json', './protocol']);
  for (const entry of ['.', './protocol']) {
    for (const file of Object.values(meta.exports[entry])) assert.ok(fs.existsSync(path.join(folder, file)), file);
  }
  assert.equal(meta.license, 'MIT');
  assert.match(fs.readFileSync(path.join(folder, 'LICENSE'), 'utf8'), /^MIT License/);
  assert.equal(meta.scripts, undefined, 'no scripts: the tests are not part of the package');
  for (const file of meta.files) assert.ok(fs.existsSync(path.join(folder, file)), `files lists ${file}`);
});

test('positions: a fast-check arbitrary of reachable positions', () => {
  // The part of fast-check the arbitrary uses, so that this package's tests
  // need no other package: array(nat(max), { maxLength }).map(f).
  const picks = [[], [1], [3, 0, 2], [65535, 7, 7, 7, 7, 7]];
  const fc = {
    nat: (max) => ({ max }),
    array: (arb, { maxLength }) => {
      assert.deepEqual([arb, maxLength], [{ max: 65535 }, 12]);
      return { map: (f) => picks.map(f) };
    },
  };
  const drawn = oracle.positions(fc, 'ap-zanzibar', { maxMoves: 12 });
  assert.equal(drawn[0], oracle.rulesets()[0].start);
  const first = oracle.legalMoves('ap-zanzibar', 'start');
  assert.equal(drawn[1], oracle.play('ap-zanzibar', 'start', first[1]).bpn);
  for (const bpn of drawn) assert.ok(Array.isArray(oracle.legalMoves('ap-zanzibar', bpn)));
  assert.throws(() => oracle.positions(fc, 'nope'), { name: 'UnknownRuleset' });
  assert.throws(() => oracle.positions({}, 'ap-zanzibar'), { name: 'TypeError' });
});
