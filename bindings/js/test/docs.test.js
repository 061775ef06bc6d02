'use strict';
// The JavaScript examples of docs/bindings.md (BAO_BINDINGS_DOC): every
// ```js block is run with require('bao-oracle') giving this package, and
// each `console.log(X);  // OUTPUT` line must print OUTPUT (util.inspect on
// one line, or the string itself). The blocks run in order, as one file. A
// block fenced ```javascript is shown only: it needs a package these tests
// do not install (fast-check).
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const util = require('node:util');

const page = process.env.BAO_BINDINGS_DOC;
const packageFolder = process.env.BAO_ORACLE_PACKAGE || require('node:path').join(__dirname, '..');

function blocks(text) {
  return [...text.matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
}

function shown(value) {
  return typeof value === 'string' ? value : util.inspect(value, { breakLength: Infinity });
}

test('the examples of docs/bindings.md print what the page shows',
  { skip: page ? false : 'BAO_BINDINGS_DOC (docs/bindings.md) not set' }, () => {
    const found = blocks(fs.readFileSync(page, 'utf8'));
    assert.ok(found.length >= 2, 'no ```js block found');
    // The blocks run one after another in one function, as a reader runs
    // them in one file: a later block uses what an earlier one declared.
    const expected = [];
    const body = found.join('\n').replace(/console\.log\((.*)\);\s*\/\/ (.*)$/gm, (_, expr, out) => {
      expected.push(out);
      return `__log(${expr});`;
    });
    const printed = [];
    const give = (name) => (name === 'bao-oracle' ? require(packageFolder) : require(name));
    new Function('require', '__log', body)(give, (v) => printed.push(shown(v)));
    assert.deepEqual(printed, expected);
    const checked = expected.length;
    assert.ok(checked >= 6, `only ${checked} lines checked`);
  });
