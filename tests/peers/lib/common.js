'use strict';
// Shared machinery of the test peers (telegram-api.js, slack-api.js,
// webhook-receiver.js): command-line options, the READY line, the calls log
// with its long-polling wait, fault injection, body parsing and the
// /_test/ routes every peer has. See README.md in this directory.

const http = require('http');
const querystring = require('querystring');

// parseArgs(argv, spec): spec maps an option name (without --) to
// {multi: bool, flag: bool, def: value}. Unknown options are fatal (exit 2).
function parseArgs(argv, spec) {
  const out = {};
  for (const [k, v] of Object.entries(spec)) out[k] = v.multi ? [] : v.def;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(a);
    if (!m || !(m[1] in spec)) usage(`unknown argument: ${a}`);
    const s = spec[m[1]];
    let val;
    if (s.flag) val = true;
    else if (m[2] !== undefined) val = m[2];
    else if (i + 1 < argv.length) val = argv[++i];
    else usage(`--${m[1]} needs a value`);
    if (s.multi) out[m[1]].push(val);
    else out[m[1]] = val;
  }
  const port = Number(out.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) usage('--port needs a number (0: any free port)');
  out.port = port;
  return out;
}

function usage(msg) {
  process.stderr.write(`${msg}\n`);
  process.exit(2);
}

// A stdout reader that went away must not kill the peer (we print only READY).
process.stdout.on('error', () => {});

// listen(server, port): listens on 127.0.0.1 and prints `READY <port>`.
function listen(server, port) {
  server.on('error', (e) => {
    process.stderr.write(`listen on 127.0.0.1:${port}: ${e.message}\n`);
    process.exit(1);
  });
  server.listen({ port, host: '127.0.0.1' }, () => {
    process.stdout.write(`READY ${server.address().port}\n`);
  });
  for (const sig of ['SIGTERM', 'SIGINT']) process.on(sig, () => process.exit(0));
}

function readBody(req, limit = 64 * 1024 * 1024) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (c) => {
      size += c.length;
      if (size > limit) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

// parseParams(req, buf, url): the request's parameters as an object: the
// query string, then a JSON object body or a form body on top. Throws
// {kind: 'json'} for a body that is not JSON while claiming to be.
function parseParams(req, buf, url) {
  const params = Object.assign({}, Object.fromEntries(url.searchParams));
  const ct = String(req.headers['content-type'] || '').toLowerCase();
  const text = buf.toString('utf8');
  if (ct.startsWith('application/json')) {
    if (text.trim() === '') return params;
    let v;
    try {
      v = JSON.parse(text);
    } catch (e) {
      const err = new Error(`invalid JSON: ${e.message}`);
      err.kind = 'json';
      throw err;
    }
    if (v === null || typeof v !== 'object' || Array.isArray(v)) {
      const err = new Error('the JSON body is not an object');
      err.kind = 'json';
      throw err;
    }
    return Object.assign(params, v);
  }
  if (ct.startsWith('application/x-www-form-urlencoded') || (ct === '' && text.includes('='))) {
    return Object.assign(params, querystring.parse(text));
  }
  return params;
}

function sendJson(res, status, obj, headers = {}) {
  const body = Buffer.from(JSON.stringify(obj));
  res.writeHead(status, Object.assign({ 'Content-Type': 'application/json', 'Content-Length': body.length }, headers));
  res.end(body);
}

// The calls log: every API call in order, and waiters long-polling on it.
class CallLog {
  constructor() {
    this.calls = [];
    this.seq = 0;
    this.waiters = new Set();
  }

  // add(entry): entry gets seq and time; status/response are filled in when
  // the answer is known (null while pending: long polls, delays, hangs).
  add(entry) {
    const call = Object.assign({ seq: ++this.seq, time: new Date().toISOString(), status: null, response: null }, entry);
    this.calls.push(call);
    // after the current tick, so that a synchronous answer is filled in first
    setImmediate(() => this.notify());
    return call;
  }

  notify() {
    for (const w of [...this.waiters]) w.check();
  }

  // select(method, since): calls of method ('' or '*' for any) after seq since
  select(method, since) {
    return this.calls.filter((c) => c.seq > since && (!method || method === '*' || c.method === method));
  }

  // wait(method, count, timeoutMs, since) -> {ok, calls}
  wait(method, count, timeoutMs, since, req) {
    return new Promise((resolve) => {
      const w = {
        check: () => {
          const calls = this.select(method, since);
          if (calls.length >= count) done(true, calls);
        },
      };
      const done = (ok, calls) => {
        clearTimeout(timer);
        this.waiters.delete(w);
        resolve({ ok, calls });
      };
      const timer = setTimeout(() => done(false, this.select(method, since)), timeoutMs);
      this.waiters.add(w);
      if (req) req.on('close', () => { clearTimeout(timer); this.waiters.delete(w); });
      w.check();
    });
  }
}

// Faults: injected answers for the next `count` calls of a method.
//   {method, count=1, status, retry_after, kind, delay_ms, body, content_type,
//    description (Telegram), error (Slack)}
// kind: "error" (the API's own error shape with status; the default when a
//       status is given), "html" (a 502 nginx page unless status says
//       otherwise), "garbage" (200 with a truncated JSON body), "hang" (no
//       answer ever; the socket stays open), "reset" (the TCP connection is
//       destroyed), "delay" (delay_ms, then the normal answer; the default
//       when only delay_ms is given). delay_ms delays any kind.
class Faults {
  constructor() {
    this.list = [];
  }

  add(spec) {
    if (!spec || typeof spec !== 'object') throw new Error('expected a JSON object');
    const f = Object.assign({}, spec);
    if (typeof f.method !== 'string' || !f.method) throw new Error('"method" is required ("*" for any)');
    f.count = f.count === undefined ? 1 : Number(f.count);
    if (!Number.isInteger(f.count) || f.count < 1) throw new Error('"count" must be a positive integer');
    if (!f.kind) f.kind = f.status !== undefined || f.body !== undefined ? 'error' : f.delay_ms !== undefined ? 'delay' : 'error';
    const kinds = ['error', 'html', 'garbage', 'hang', 'reset', 'delay'];
    if (!kinds.includes(f.kind)) throw new Error(`"kind" must be one of ${kinds.join(', ')}`);
    if (f.kind === 'error' && f.status === undefined && f.body === undefined) throw new Error('an "error" fault needs "status"');
    if (f.kind === 'html' && f.status === undefined) f.status = 502;
    if (f.kind === 'garbage' && f.status === undefined) f.status = 200;
    if (f.status !== undefined) {
      f.status = Number(f.status);
      if (!Number.isInteger(f.status) || f.status < 100 || f.status > 599) throw new Error('"status" must be an HTTP status');
    }
    this.list.push(f);
    return f;
  }

  take(method) {
    const f = this.list.find((x) => x.method === method || x.method === '*');
    if (!f) return null;
    f.count--;
    if (f.count === 0) this.list.splice(this.list.indexOf(f), 1);
    return f;
  }
}

const HTML_502 = '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

// applyFault(fault, req, res, call, errorAnswer, normal): answers per the
// fault. errorAnswer(fault) -> {status, body(object), headers} in the API's
// own shape; normal() produces the regular answer (for kind "delay").
function applyFault(fault, req, res, call, errorAnswer, normal) {
  const go = () => {
    if (fault.kind === 'delay') return normal();
    if (fault.kind === 'hang') {
      call.status = 'hang';
      return undefined; // never answered; the client gives up
    }
    if (fault.kind === 'reset') {
      call.status = 'reset';
      req.socket.destroy();
      return undefined;
    }
    let status = fault.status;
    let body;
    let headers = {};
    let ct = fault.content_type;
    if (fault.body !== undefined) {
      body = typeof fault.body === 'string' ? fault.body : JSON.stringify(fault.body);
      ct = ct || 'application/json';
    } else if (fault.kind === 'html') {
      body = status === 502 ? HTML_502 : `<html><head><title>${status}</title></head><body><h1>${status}</h1></body></html>\r\n`;
      ct = ct || 'text/html';
    } else if (fault.kind === 'garbage') {
      body = '{"ok":true,"result":{"message_id":';
      ct = ct || 'application/json';
    } else {
      const a = errorAnswer(fault);
      status = a.status;
      body = JSON.stringify(a.body);
      headers = a.headers || {};
      ct = 'application/json';
    }
    if (fault.retry_after !== undefined && status === 429 && !headers['Retry-After']) headers['Retry-After'] = String(fault.retry_after);
    call.status = status;
    call.response = body;
    call.fault = fault.kind;
    const buf = Buffer.from(body);
    res.writeHead(status, Object.assign({ 'Content-Type': ct, 'Content-Length': buf.length }, headers));
    res.end(buf);
    return undefined;
  };
  if (fault.delay_ms) setTimeout(go, Number(fault.delay_ms));
  else go();
}

// handleCommonTest(req, res, url, log, faults): the /_test/ routes every
// peer shares. Returns true when it handled the request.
async function handleCommonTest(req, res, url, log, faults) {
  const p = url.pathname;
  if (p === '/_test/calls' && req.method === 'GET') {
    sendJson(res, 200, log.select(url.searchParams.get('method') || '', Number(url.searchParams.get('since') || 0)));
    return true;
  }
  if (p === '/_test/wait' && req.method === 'GET') {
    const method = url.searchParams.get('method') || '';
    const count = Number(url.searchParams.get('count') || 1);
    const timeout = Number(url.searchParams.get('timeout_ms') || 10000);
    const since = Number(url.searchParams.get('since') || 0);
    const r = await log.wait(method, count, timeout, since, req);
    if (!res.writableEnded && !res.destroyed) sendJson(res, r.ok ? 200 : 504, r.calls);
    return true;
  }
  if (p === '/_test/fail') {
    if (req.method === 'GET') {
      sendJson(res, 200, faults.list);
    } else if (req.method === 'DELETE') {
      faults.list = [];
      sendJson(res, 200, { ok: true });
    } else if (req.method === 'POST') {
      let spec;
      try {
        spec = JSON.parse((await readBody(req)).toString('utf8'));
        const list = Array.isArray(spec) ? spec : [spec];
        const added = list.map((s) => faults.add(s));
        sendJson(res, 200, { ok: true, faults: added });
      } catch (e) {
        sendJson(res, 400, { ok: false, error: e.message });
      }
    } else {
      sendJson(res, 405, { ok: false, error: 'GET, POST or DELETE' });
    }
    return true;
  }
  return false;
}

// readTestJson(req, res): the JSON object body of a /_test/ POST, or null
// after answering 400.
async function readTestJson(req, res) {
  try {
    const text = (await readBody(req)).toString('utf8');
    const v = text.trim() === '' ? {} : JSON.parse(text);
    if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new Error('expected a JSON object');
    return v;
  } catch (e) {
    sendJson(res, 400, { ok: false, error: e.message });
    return null;
  }
}

function createServer(handler) {
  const server = http.createServer((req, res) => {
    Promise.resolve(handler(req, res)).catch((e) => {
      process.stderr.write(`${e.stack || e}\n`);
      if (!res.headersSent) sendJson(res, 500, { ok: false, error: String(e.message || e) });
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 75000; // long polls reuse connections, as real APIs allow
  server.headersTimeout = 80000;
  server.requestTimeout = 0;
  return server;
}

module.exports = {
  parseArgs, usage, listen, readBody, parseParams, sendJson, CallLog, Faults, applyFault,
  handleCommonTest, readTestJson, createServer,
};
