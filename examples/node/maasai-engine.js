#!/usr/bin/env node
'use strict';
/**
 * An example Bao engine for the ruleset `site-maasai`, speaking the Bao
 * engine protocol on standard input and output:
 *
 *     node examples/node/maasai-engine.js
 *
 * See README.md: the kit (bao-oracle/protocol) is the protocol side, site-maasai.js the
 * rules; an engine of your own replaces the second and keeps the first.
 */

const { serve } = require('./kit');
const { maasai } = require('./site-maasai');

serve(maasai);
