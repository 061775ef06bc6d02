'use strict';
// perft speed of the WebAssembly build: nodes (move paths) a second from the
// start of each ruleset asked, best of three runs.
//
//   node bindings/js/bench.js PACKAGE_FOLDER RULESET:DEPTH...
//   node bindings/js/bench.js build/wasm/package ap-zanzibar:10 site-maasai:5
const oracle = require(require('node:path').resolve(process.argv[2] || 'build/wasm/package'));

const jobs = process.argv.slice(3);
if (jobs.length === 0) {
  console.error('usage: node bench.js PACKAGE_FOLDER RULESET:DEPTH...');
  process.exit(2);
}
for (const job of jobs) {
  const [ruleset, depthText] = job.split(':');
  const depth = Number(depthText);
  let best = Infinity;
  let nodes = 0;
  for (let run = 0; run < 3; run += 1) {
    const start = process.hrtime.bigint();
    nodes = oracle.perft(ruleset, 'start', depth);
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e9);
  }
  console.log(`${ruleset} perft ${depth}: ${nodes} nodes in ${best.toFixed(3)} s (${Math.round(nodes / best)} nodes/s)`);
}
