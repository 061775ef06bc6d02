#!/usr/bin/env node
'use strict';
// The engine process check() gives `bao-oracle check`: it relays the
// protocol between its standard input and output and the Unix socket on
// which the test process serves the engine object (check.js). Node only:
//
//     node relay.js SOCKET

const net = require('node:net');

const socket = net.connect(process.argv[2]);
socket.on('error', (e) => {
  process.stderr.write(`relay: ${e.message}\n`);
  process.exit(1);
});
// The checker's requests go to the session; at the end of its input the
// session's end of input follows.
process.stdin.pipe(socket);
// The session's answers go back; when it ends (quit, or the end of input)
// so does this process, once the answers are written.
socket.pipe(process.stdout);
socket.on('end', () => process.stdout.end(() => process.exit(0)));
process.stdout.on('error', () => process.exit(0)); // the checker has gone
