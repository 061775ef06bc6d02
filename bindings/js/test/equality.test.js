'use strict';
// The package answers as the native oracle: at every position of the file
// bao-bindings-corpus wrote with the native build (BAO_BINDINGS_CORPUS),
// the same status, legal moves, result, status and trace of every move, and
// perft(2).
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');

const oracle = require(process.env.BAO_ORACLE_PACKAGE || '..');
const corpus = process.env.BAO_BINDINGS_CORPUS;

test('answers as the native oracle at random positions of every ruleset',
  { skip: corpus ? false : 'BAO_BINDINGS_CORPUS (the native build\'s bindings/corpus.json) not set' }, () => {
    const doc = JSON.parse(fs.readFileSync(corpus, 'utf8'));
    const rulesets = new Set();
    for (const p of doc.positions) {
      const where = `${p.ruleset} ${p.bpn}`;
      rulesets.add(p.ruleset);
      assert.equal(oracle.status(p.ruleset, p.bpn), p.status, where);
      assert.deepEqual(oracle.legalMoves(p.ruleset, p.bpn), p.moves, where);
      for (const m of p.plays) {
        const r = oracle.play(p.ruleset, p.bpn, m.move);
        assert.deepEqual([r.bpn, r.status, r.traceText], [m.bpn, m.status, m.trace], `${where} ${m.move}`);
      }
      assert.equal(oracle.perft(p.ruleset, p.bpn, 2), p.perft2, where);
    }
    assert.equal(rulesets.size, oracle.rulesets().length);
    assert.ok(doc.positions.length >= 10 * rulesets.size, `only ${doc.positions.length} positions`);
  });
