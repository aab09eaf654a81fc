#!/usr/bin/env node
'use strict';
/*
 * ws-client.js: a Socket Mode client for the self-tests.
 *
 *   node tests/peers/ws-client.js URL [--no-ack] [--ack-delay-ms N]
 *
 * Prints one line per event on stdout: `OPEN`, each text frame received as
 * it came (one line of JSON), `ERROR <message>` (e.g. a refused upgrade:
 * "Unexpected server response: 401"), `CLOSE <code>` (1006: the socket was
 * dropped without a close frame), then exits. Acknowledges every frame that
 * carries an envelope_id by sending {"envelope_id": ...} back (after
 * --ack-delay-ms), unless --no-ack.
 */
const WebSocket = require('ws');

const args = process.argv.slice(2);
const url = args[0];
const noAck = args.includes('--no-ack');
const i = args.indexOf('--ack-delay-ms');
const delay = i >= 0 ? Number(args[i + 1]) : 0;
process.stdout.on('error', () => {});

const ws = new WebSocket(url);
ws.on('open', () => process.stdout.write('OPEN\n'));
ws.on('message', (data) => {
  const text = data.toString('utf8');
  process.stdout.write(`${text.replace(/\n/g, ' ')}\n`);
  let msg;
  try {
    msg = JSON.parse(text);
  } catch (e) {
    return;
  }
  if (!noAck && msg.envelope_id) setTimeout(() => ws.send(JSON.stringify({ envelope_id: msg.envelope_id })), delay);
});
ws.on('error', (e) => process.stdout.write(`ERROR ${e.message}\n`));
ws.on('close', (code) => {
  process.stdout.write(`CLOSE ${code}\n`);
  process.exit(0);
});
