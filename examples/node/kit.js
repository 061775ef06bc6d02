'use strict';
/**
 * The kit, bao-oracle/protocol: in the source tree the file
 * bindings/js/protocol.js, elsewhere the npm package's (npm install
 * bao-oracle). The example's files load it through this one.
 */
const fs = require('node:fs');
const path = require('node:path');

const inTree = path.join(__dirname, '..', '..', 'bindings', 'js', 'protocol.js');
module.exports = require(fs.existsSync(inTree) ? inTree : 'bao-oracle/protocol');
