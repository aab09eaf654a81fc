#!/usr/bin/env node
'use strict';
/*
 * webhook-receiver.js: records every request it receives and answers from a
 * programmable sequence; the peer of the daemon's `webhook` channel.
 *
 *   node tests/peers/webhook-receiver.js --port 0 [--status 200]
 *
 * Options:
 *   --port N      127.0.0.1:N (0: a free port); prints `READY <port>` once listening
 *   --status S    the answer once the programmed sequence is used up (default 200)
 *
 * Any method on any path outside /_test/ is recorded and answered: the next
 * entry of the sequence, else --status, with the body {"ok":true} (or
 * {"ok":false} for a status of 400 and above).
 *
 * Test control:
 *   GET  /_test/requests[?since=SEQ]   [{seq,time,method,path,headers,raw_headers,body,size,status}]
 *        (headers: names lowercased, repeated ones joined by ", "; raw_headers as sent;
 *        body: the raw body as UTF-8 text)
 *   GET  /_test/requests/<seq>/body     the exact bytes received (application/octet-stream)
 *   GET  /_test/calls, /_test/wait?method=POST&count=N&timeout_ms=T[&since=SEQ][&path=/p]
 *        the same records; "method" is the HTTP method here; 200 with them or 504 on timeout
 *   POST /_test/respond {"statuses":[500,503,200]}   the next answers, in order; entries may
 *        also be objects {"status","body","headers":{},"delay_ms","kind":"hang"|"reset"}
 *   POST /_test/fail {...}              lib/common.js faults, "method" being the HTTP method
 *   DELETE /_test/requests              forgets what was recorded (seq keeps counting)
 */

const common = require('./lib/common');

const opts = common.parseArgs(process.argv.slice(2), { port: { def: '0' }, status: { def: '200' } });
const DEFAULT_STATUS = Number(opts.status);
if (!Number.isInteger(DEFAULT_STATUS) || DEFAULT_STATUS < 100 || DEFAULT_STATUS > 599) common.usage('--status needs an HTTP status');

const log = new common.CallLog();
const faults = new common.Faults();
const bodies = new Map(); // seq -> Buffer
let script = [];

function headersOf(req) {
  const h = {};
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const k = req.rawHeaders[i].toLowerCase();
    h[k] = k in h ? `${h[k]}, ${req.rawHeaders[i + 1]}` : req.rawHeaders[i + 1];
  }
  return h;
}

function normalize(entry) {
  const e = typeof entry === 'number' ? { status: entry } : Object.assign({}, entry);
  if (e.kind !== 'hang' && e.kind !== 'reset') {
    e.status = Number(e.status);
    if (!Number.isInteger(e.status) || e.status < 100 || e.status > 599) throw new Error(`not an HTTP status: ${JSON.stringify(entry)}`);
  }
  return e;
}

function answer(req, res, call, e) {
  const go = () => {
    if (e.kind === 'hang') {
      call.status = 'hang';
      return;
    }
    if (e.kind === 'reset') {
      call.status = 'reset';
      req.socket.destroy();
      return;
    }
    const body = e.body === undefined ? JSON.stringify({ ok: e.status < 400 }) : typeof e.body === 'string' ? e.body : JSON.stringify(e.body);
    call.status = e.status;
    call.response = body;
    const buf = Buffer.from(body);
    res.writeHead(e.status, Object.assign({ 'Content-Type': 'application/json', 'Content-Length': buf.length }, e.headers || {}));
    res.end(buf);
  };
  if (e.delay_ms) setTimeout(go, Number(e.delay_ms));
  else go();
}

async function handle(req, res) {
  const url = new URL(req.url, 'http://127.0.0.1');
  const path = url.pathname;
  if (path.startsWith('/_test/')) {
    if (path === '/_test/requests' && req.method === 'GET') {
      return common.sendJson(res, 200, log.select('', Number(url.searchParams.get('since') || 0)));
    }
    if (path === '/_test/requests' && req.method === 'DELETE') {
      log.calls = [];
      bodies.clear();
      return common.sendJson(res, 200, { ok: true });
    }
    const bm = /^\/_test\/requests\/(\d+)\/body$/.exec(path);
    if (bm && req.method === 'GET') {
      const buf = bodies.get(Number(bm[1]));
      if (!buf) return common.sendJson(res, 404, { ok: false, error: 'no such request' });
      res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': buf.length });
      return res.end(buf);
    }
    if (path === '/_test/wait' && req.method === 'GET' && url.searchParams.get('path') !== null) {
      const want = url.searchParams.get('path');
      const method = url.searchParams.get('method') || '';
      const count = Number(url.searchParams.get('count') || 1);
      const since = Number(url.searchParams.get('since') || 0);
      const timeout = Number(url.searchParams.get('timeout_ms') || 10000);
      const deadline = Date.now() + timeout;
      // wait for ever more calls until enough of them are on that path
      for (;;) {
        const match = log.select(method, since).filter((c) => c.path.split('?')[0] === want);
        if (match.length >= count) return common.sendJson(res, 200, match);
        const left = deadline - Date.now();
        if (left <= 0 || res.destroyed) return common.sendJson(res, 504, match);
        await log.wait(method, log.select(method, since).length + 1, left, since, req);
      }
    }
    if (await common.handleCommonTest(req, res, url, log, faults)) return undefined;
    if (path === '/_test/respond' && req.method === 'POST') {
      const b = await common.readTestJson(req, res);
      if (!b) return undefined;
      try {
        if (!Array.isArray(b.statuses)) throw new Error('"statuses" must be an array');
        const list = b.statuses.map(normalize);
        script = b.append ? script.concat(list) : list;
      } catch (e) {
        return common.sendJson(res, 400, { ok: false, error: e.message });
      }
      return common.sendJson(res, 200, { ok: true, pending: script.length });
    }
    return common.sendJson(res, 404, { ok: false, error: 'no such test route' });
  }
  const body = await common.readBody(req);
  const call = log.add({
    method: req.method, path: req.url, headers: headersOf(req), raw_headers: req.rawHeaders, body: body.toString('utf8'), size: body.length,
  });
  bodies.set(call.seq, body);
  const fault = faults.take(req.method);
  const next = () => answer(req, res, call, script.length ? script.shift() : { status: DEFAULT_STATUS });
  if (fault) return common.applyFault(fault, req, res, call, (f) => ({ status: f.status, body: { ok: false } }), next);
  return next();
}

common.listen(common.createServer(handle), opts.port);
