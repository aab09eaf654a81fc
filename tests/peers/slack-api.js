#!/usr/bin/env node
'use strict';
/*
 * slack-api.js: a Slack Web API + Socket Mode emulator for the tests (ws 8).
 *
 *   node tests/peers/slack-api.js --port 0 --bot-token xoxb-1 --app-token xapp-1 \
 *        --channel C0OSPREY1 [--channel ...] [--foreign-channel C0OTHER01 ...]
 *
 * Options:
 *   --port N               127.0.0.1:N (0: a free port); prints `READY <port>` once listening
 *   --bot-token T          the bot token (xoxb-...): every Web API method but apps.connections.open
 *   --app-token T          the app-level token (xapp-...): apps.connections.open only
 *   --channel C            a channel the bot is a member of (repeatable)
 *   --foreign-channel C    a channel that exists, the bot not a member (repeatable)
 *
 * Web API: POST /api/<method>, token in `Authorization: Bearer <token>` (or a
 * `token` form field), JSON or form bodies. Always HTTP 200 with
 * {"ok":true,...} or {"ok":false,"error":"..."}, except injected faults (a 429
 * carries Retry-After). JSON without "; charset=utf-8" gets Slack's
 * missing_charset warning. Methods: auth.test, conversations.info,
 * chat.postMessage, chat.update, chat.postEphemeral, apps.connections.open.
 * Errors: not_authed, invalid_auth, not_allowed_token_type, channel_not_found,
 * not_in_channel, no_text, invalid_blocks (with Slack's "errors" list),
 * invalid_blocks_format, msg_too_long, message_not_found, cant_update_message,
 * user_not_found, unknown_method.
 *
 * Socket Mode: the url from apps.connections.open, ws://127.0.0.1:<port>/socket?ticket=<n>,
 * works once (a reused or unknown ticket: HTTP 401 on the upgrade). On connect
 * the emulator sends {"type":"hello",...}; every frame the client sends back is
 * taken as an acknowledgement when it carries an envelope_id.
 *
 * Test control (besides /_test/calls, /_test/wait, /_test/fail of lib/common.js;
 * socket events are in the calls log too, as methods "socket:connect",
 * "socket:ack", "socket:close", "socket:refused"):
 *   POST /_test/press {"user_id","username","name","team_id","action_id","value","channel","message_ts","force"}
 *        sends an `interactive` envelope with a block_actions payload on the newest open
 *        connection -> {"ok":true,"envelope_id"}; 404 when no such message, 409 when the message
 *        has no button with that action_id (and value) now (unless force) or no socket is open
 *   GET  /_test/acks      [{envelope_id,type,connection,sent_at,acked,acked_at,ms,ack}]
 *   POST /_test/disconnect {"reason":"refresh_requested","close_after_ms":10000}
 *        sends {"type":"disconnect","reason",...} to every open connection, closes them
 *        after close_after_ms (null: never) -> {"ok":true,"sent":N}
 *   POST /_test/drop      destroys every open connection's TCP socket, no close frame -> {"ok":true,"dropped":N}
 *   GET  /_test/connections {"opened","open","tickets_issued","connections":[{id,ticket,opened_at,closed_at,close_code}]}
 *   GET  /_test/messages[?channel=C] {"messages":[{channel,ts,thread_ts,user,bot_id,text,blocks,edits,
 *        edited}],"ephemerals":[{channel,user,text,blocks,thread_ts,message_ts}]}
 *   POST /_test/post {"channel","text","user"}  a message by a person (chat.update on it: cant_update_message)
 *   POST /actions/<n>     the payload's response_url: recorded as method "response_url"
 */

const WebSocket = require('ws');
const crypto = require('crypto');
const common = require('./lib/common');

const opts = common.parseArgs(process.argv.slice(2), {
  port: { def: '0' },
  'bot-token': { def: null },
  'app-token': { def: null },
  channel: { multi: true },
  'foreign-channel': { multi: true },
});
if (!opts['bot-token'] || !opts['app-token']) common.usage('--bot-token and --app-token are required');

const BOT_TOKEN = opts['bot-token'];
const APP_TOKEN = opts['app-token'];
const TEAM = { id: 'T0OSPREY01', domain: 'osprey-test', name: 'Osprey Test' };
const BOT = { user_id: 'U0OSPREYBT', bot_id: 'B0OSPREYBT', app_id: 'A0OSPREY01', name: 'osprey' };
const channels = new Map();
for (const c of opts.channel) channels.set(c, { id: c, member: true });
for (const c of opts['foreign-channel']) channels.set(c, { id: c, member: false });

const log = new common.CallLog();
const faults = new common.Faults();
const messages = []; // in posting order
const ephemerals = [];
let port = 0;

let tsSeq = 0;
function freshTs() {
  tsSeq++;
  return `${Math.floor(Date.now() / 1000)}.${String(tsSeq % 1000000).padStart(6, '0')}`;
}

class SlackError extends Error {
  constructor(error, extra) {
    super(error);
    this.extra = extra;
  }
}

function reply(res, call, status, body, headers = {}) {
  call.status = status;
  call.response = JSON.stringify(body);
  if (res.writableEnded || res.destroyed) return;
  const buf = Buffer.from(call.response);
  res.writeHead(status, Object.assign({ 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': buf.length }, headers));
  res.end(buf);
}

function faultAnswer(f) {
  if (f.status === 429) {
    return { status: 429, body: { ok: false, error: f.error || 'ratelimited' }, headers: { 'Retry-After': String(f.retry_after === undefined ? 1 : f.retry_after) } };
  }
  return { status: f.status, body: { ok: false, error: f.error || (f.status >= 500 ? 'internal_error' : 'fatal_error') } };
}

// --- blocks ---------------------------------------------------------------

function parseBlocks(v) {
  if (v === undefined || v === null || v === '') return undefined;
  let b = v;
  if (typeof v === 'string') {
    try {
      b = JSON.parse(v);
    } catch (e) {
      throw new SlackError('invalid_blocks_format');
    }
  }
  if (!Array.isArray(b)) throw new SlackError('invalid_blocks_format');
  return b;
}

function validateBlocks(blocks) {
  const errs = [];
  const err = (msg, ptr) => errs.push(`${msg} [json-pointer:${ptr}]`);
  const textObj = (t, ptr, max, plainOnly) => {
    if (!t || typeof t !== 'object' || typeof t.text !== 'string') return err('must provide an object', ptr);
    if (t.type !== 'plain_text' && (plainOnly || t.type !== 'mrkdwn')) return err(`must be a valid enum value [${plainOnly ? 'plain_text' : 'plain_text, mrkdwn'}]`, `${ptr}/type`);
    if (t.text.length < 1) return err('must be more than 0 characters', `${ptr}/text`);
    if (t.text.length > max) return err(`must be less than ${max + 1} characters`, `${ptr}/text`);
    return undefined;
  };
  if (blocks.length > 50) err('no more than 50 items allowed', '/blocks');
  const ids = new Set();
  blocks.forEach((bl, i) => {
    const p = `/blocks/${i}`;
    if (!bl || typeof bl !== 'object') return err('must provide an object', p);
    if (bl.block_id !== undefined) {
      if (typeof bl.block_id !== 'string' || bl.block_id.length > 255) err('must be less than 256 characters', `${p}/block_id`);
      else if (ids.has(bl.block_id)) err(`${bl.block_id} is a duplicate block_id`, `${p}/block_id`);
      ids.add(bl.block_id);
    }
    switch (bl.type) {
      case 'section':
        if (bl.text === undefined && bl.fields === undefined) err('must provide either text or fields', p);
        if (bl.text !== undefined) textObj(bl.text, `${p}/text`, 3000, false);
        if (bl.fields !== undefined) {
          if (!Array.isArray(bl.fields) || bl.fields.length > 10) err('no more than 10 items allowed', `${p}/fields`);
          else bl.fields.forEach((f, j) => textObj(f, `${p}/fields/${j}`, 2000, false));
        }
        break;
      case 'header':
        textObj(bl.text, `${p}/text`, 150, true);
        break;
      case 'context':
        if (!Array.isArray(bl.elements) || bl.elements.length < 1 || bl.elements.length > 10) err('must provide 1 to 10 elements', `${p}/elements`);
        else bl.elements.forEach((e, j) => { if (e && e.type !== 'image') textObj(e, `${p}/elements/${j}`, 3000, false); });
        break;
      case 'actions': {
        if (!Array.isArray(bl.elements) || bl.elements.length < 1 || bl.elements.length > 25) {
          err('must provide 1 to 25 elements', `${p}/elements`);
          break;
        }
        const actionIds = new Set();
        bl.elements.forEach((e, j) => {
          const q = `${p}/elements/${j}`;
          if (!e || typeof e !== 'object') return err('must provide an object', q);
          if (e.action_id !== undefined) {
            if (typeof e.action_id !== 'string' || e.action_id.length > 255) err('must be less than 256 characters', `${q}/action_id`);
            else if (actionIds.has(e.action_id)) err(`${e.action_id} is a duplicate action_id`, `${q}/action_id`);
            actionIds.add(e.action_id);
          }
          if (e.type === 'button') {
            textObj(e.text, `${q}/text`, 75, true);
            if (e.value !== undefined && (typeof e.value !== 'string' || e.value.length > 2000)) err('must be less than 2001 characters', `${q}/value`);
            if (e.style !== undefined && e.style !== 'primary' && e.style !== 'danger') err('must be a valid enum value [primary, danger]', `${q}/style`);
          }
          return undefined;
        });
        break;
      }
      case 'divider': case 'image': case 'rich_text': case 'input': case 'file': case 'video': case 'markdown':
        break;
      default:
        err('must be a valid enum value', `${p}/type`);
    }
    return undefined;
  });
  if (errs.length) {
    throw new SlackError('invalid_blocks', { errors: errs, response_metadata: { messages: errs.map((e) => `[ERROR] ${e}`) } });
  }
}

// Slack gives every block without a block_id one of its own
function withBlockIds(blocks) {
  return blocks.map((b) => (b.block_id ? b : Object.assign({}, b, { block_id: crypto.randomBytes(3).toString('base64').replace(/[+/=]/g, 'x') })));
}

// --- Web API methods --------------------------------------------------------

function channelOf(p, needMember) {
  const c = channels.get(String(p.channel || ''));
  if (!c) throw new SlackError('channel_not_found');
  if (needMember && !c.member) throw new SlackError('not_in_channel');
  return c;
}

function content(p) {
  const blocks = parseBlocks(p.blocks);
  const hasText = p.text !== undefined && p.text !== null && String(p.text) !== '';
  if (!hasText && (!blocks || !blocks.length) && !p.attachments) throw new SlackError('no_text');
  if (blocks) validateBlocks(blocks);
  if (hasText && String(p.text).length > 40000) throw new SlackError('msg_too_long');
  return { text: hasText ? String(p.text) : '', blocks: blocks ? withBlockIds(blocks) : undefined };
}

function publicMessage(m) {
  const o = { type: 'message', user: m.user, ts: m.ts, text: m.text, team: TEAM.id };
  if (m.bot_id) Object.assign(o, { bot_id: m.bot_id, app_id: BOT.app_id });
  if (m.blocks) o.blocks = m.blocks;
  if (m.thread_ts) o.thread_ts = m.thread_ts;
  if (m.edited) o.edited = m.edited;
  return o;
}

const methods = {
  'auth.test': () => ({ url: `https://${TEAM.domain}.slack.com/`, team: TEAM.name, user: BOT.name, team_id: TEAM.id, user_id: BOT.user_id, bot_id: BOT.bot_id, is_enterprise_install: false }),

  'conversations.info': (p) => {
    const c = channelOf(p, false);
    return {
      channel: {
        id: c.id, name: `chan-${c.id.toLowerCase()}`, is_channel: true, is_group: false, is_im: false, is_private: false,
        is_archived: false, is_general: false, is_member: c.member, created: 1700000000, creator: 'U0OSPREYHU',
      },
    };
  },

  'chat.postMessage': (p) => {
    const c = channelOf(p, true);
    const { text, blocks } = content(p);
    const m = { channel: c.id, ts: freshTs(), user: BOT.user_id, bot_id: BOT.bot_id, text, blocks, edits: [] };
    if (p.thread_ts !== undefined && p.thread_ts !== '') m.thread_ts = String(p.thread_ts);
    messages.push(m);
    return { channel: c.id, ts: m.ts, message: publicMessage(m) };
  },

  'chat.update': (p) => {
    const c = channelOf(p, false);
    const m = messages.find((x) => x.channel === c.id && x.ts === String(p.ts || ''));
    if (!m) throw new SlackError('message_not_found');
    if (m.user !== BOT.user_id) throw new SlackError('cant_update_message');
    const blocks = parseBlocks(p.blocks);
    const hasText = p.text !== undefined && p.text !== null && String(p.text) !== '';
    if (!hasText && blocks === undefined) throw new SlackError('no_text');
    if (blocks) validateBlocks(blocks);
    if (hasText && String(p.text).length > 40000) throw new SlackError('msg_too_long');
    m.edits.push({ replaced_at: new Date().toISOString(), text: m.text, blocks: m.blocks });
    if (hasText) m.text = String(p.text);
    // as Slack does: text without blocks drops the blocks; [] drops them too
    if (blocks !== undefined) m.blocks = blocks.length ? withBlockIds(blocks) : undefined;
    else if (hasText) m.blocks = undefined;
    m.edited = { user: BOT.user_id, ts: freshTs() };
    return { channel: c.id, ts: m.ts, text: m.text, message: publicMessage(m) };
  },

  'chat.postEphemeral': (p) => {
    const c = channelOf(p, true);
    const user = String(p.user || '');
    if (!/^[UW][A-Z0-9]{2,}$/.test(user)) throw new SlackError('user_not_found');
    const { text, blocks } = content(p);
    const e = { channel: c.id, user, text, blocks, message_ts: freshTs() };
    if (p.thread_ts !== undefined && p.thread_ts !== '') e.thread_ts = String(p.thread_ts);
    ephemerals.push(e);
    return { message_ts: e.message_ts };
  },
};

// --- Socket Mode ----------------------------------------------------------

const tickets = new Map(); // ticket -> used?
let ticketSeq = 0;
const conns = []; // {id, ws, ticket, opened_at, closed_at, close_code}
const envelopes = new Map(); // envelope_id -> ack record
let actionSeq = 0;

function openConnection() {
  const ticket = `${++ticketSeq}${crypto.randomBytes(6).toString('hex')}`;
  tickets.set(ticket, false);
  return { url: `ws://127.0.0.1:${port}/socket?ticket=${ticket}` };
}

const wss = new WebSocket.Server({ noServer: true });

function onUpgrade(req, socket, head) {
  const url = new URL(req.url, 'http://127.0.0.1');
  const ticket = url.searchParams.get('ticket') || '';
  if (url.pathname !== '/socket' || tickets.get(ticket) !== false) {
    const call = log.add({ method: 'socket:refused', params: { path: url.pathname, ticket } });
    call.status = 401;
    socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    return;
  }
  tickets.set(ticket, true);
  wss.handleUpgrade(req, socket, head, (ws) => {
    const c = { id: conns.length + 1, ws, ticket, opened_at: new Date().toISOString(), closed_at: null, close_code: null };
    conns.push(c);
    const call = log.add({ method: 'socket:connect', params: { connection: c.id } });
    call.status = 101;
    ws.on('message', (data) => onClientFrame(c, data));
    ws.on('close', (code) => {
      c.closed_at = new Date().toISOString();
      c.close_code = code;
      if (c.closeTimer) clearTimeout(c.closeTimer);
      log.add({ method: 'socket:close', params: { connection: c.id, code } }).status = code;
    });
    ws.on('error', () => {});
    ws.send(JSON.stringify({
      type: 'hello',
      num_connections: conns.filter((x) => !x.closed_at).length,
      debug_info: { host: 'applink-osprey-emulator', build_number: 1, approximate_connection_time: 18060 },
      connection_info: { app_id: BOT.app_id },
    }));
  });
}

function onClientFrame(c, data) {
  const text = data.toString('utf8');
  let msg;
  try {
    msg = JSON.parse(text);
  } catch (e) {
    log.add({ method: 'socket:garbage', params: { connection: c.id, text } });
    return;
  }
  const call = log.add({ method: 'socket:ack', params: Object.assign({ connection: c.id }, msg) });
  const env = msg && envelopes.get(msg.envelope_id);
  if (!env) {
    call.status = 'unknown_envelope';
    return;
  }
  call.status = 'ok';
  if (!env.acked) {
    env.acked = true;
    env.acked_at = new Date().toISOString();
    env.ms = Date.now() - env.sent_ms;
    env.ack = msg.payload === undefined ? null : msg.payload;
    env.ack_connection = c.id;
  } else {
    env.extra_acks = (env.extra_acks || 0) + 1;
  }
}

function openConns() {
  return conns.filter((c) => !c.closed_at && c.ws.readyState === WebSocket.OPEN);
}

async function press(req, res) {
  const b = await common.readTestJson(req, res);
  if (!b) return undefined;
  const channel = String(b.channel || '');
  const m = messages.find((x) => x.channel === channel && x.ts === String(b.message_ts || ''));
  if (!m && !b.force) return common.sendJson(res, 404, { ok: false, error: `no message ${b.message_ts} in ${channel}` });
  let block;
  let button;
  for (const bl of (m && m.blocks) || []) {
    if (bl.type !== 'actions') continue;
    for (const e of bl.elements || []) {
      if (e.type === 'button' && e.action_id === b.action_id && (b.value === undefined || e.value === b.value)) {
        block = bl;
        button = e;
      }
    }
  }
  if (!button && !b.force) return common.sendJson(res, 409, { ok: false, error: `the message has no button ${b.action_id} (value ${b.value}) now` });
  const open = openConns();
  if (!open.length) return common.sendJson(res, 409, { ok: false, error: 'no open Socket Mode connection' });
  const c = open[open.length - 1];
  const userId = String(b.user_id || 'U0OSPREYU1');
  const username = b.username || 'alice';
  const actionTs = `${(Date.now() / 1000).toFixed(6)}`;
  const n = ++actionSeq;
  const envelopeId = crypto.randomUUID();
  const payload = {
    type: 'block_actions',
    user: { id: userId, username, name: b.name || username, team_id: b.team_id || TEAM.id },
    api_app_id: BOT.app_id,
    token: 'emulatorVerificationToken',
    container: { type: 'message', message_ts: String(b.message_ts), channel_id: channel, is_ephemeral: false },
    trigger_id: `${n}.${Date.now()}.${crypto.randomBytes(16).toString('hex')}`,
    team: { id: TEAM.id, domain: TEAM.domain },
    enterprise: null,
    is_enterprise_install: false,
    channel: { id: channel, name: `chan-${channel.toLowerCase()}` },
    message: m ? publicMessage(m) : { type: 'message', ts: String(b.message_ts) },
    state: { values: {} },
    response_url: `http://127.0.0.1:${port}/actions/${n}`,
    actions: [{
      action_id: String(b.action_id || ''),
      block_id: block ? block.block_id : 'emulated',
      text: button ? button.text : { type: 'plain_text', text: String(b.action_id || ''), emoji: true },
      value: b.value !== undefined ? String(b.value) : button ? button.value : undefined,
      type: 'button',
      action_ts: actionTs,
    }],
  };
  if (button && button.style) payload.actions[0].style = button.style;
  const env = { envelope_id: envelopeId, type: 'interactive', connection: c.id, sent_at: new Date().toISOString(), sent_ms: Date.now(), acked: false, acked_at: null, ms: null, ack: null };
  envelopes.set(envelopeId, env);
  c.ws.send(JSON.stringify({ envelope_id: envelopeId, payload, type: 'interactive', accepts_response_payload: false }));
  return common.sendJson(res, 200, { ok: true, envelope_id: envelopeId, connection: c.id });
}

async function disconnect(req, res) {
  const b = await common.readTestJson(req, res);
  if (!b) return;
  const reason = b.reason || 'refresh_requested';
  const after = b.close_after_ms === undefined ? 10000 : b.close_after_ms;
  const open = openConns();
  for (const c of open) {
    c.ws.send(JSON.stringify({ type: 'disconnect', reason, debug_info: { host: 'applink-osprey-emulator' } }));
    if (after !== null) c.closeTimer = setTimeout(() => c.ws.close(1000), Number(after));
  }
  common.sendJson(res, 200, { ok: true, sent: open.length });
}

// --- HTTP -----------------------------------------------------------------

async function handle(req, res) {
  const url = new URL(req.url, 'http://127.0.0.1');
  const path = url.pathname;
  if (path.startsWith('/_test/')) {
    if (await common.handleCommonTest(req, res, url, log, faults)) return undefined;
    if (path === '/_test/press' && req.method === 'POST') return press(req, res);
    if (path === '/_test/disconnect' && req.method === 'POST') return disconnect(req, res);
    if (path === '/_test/drop' && req.method === 'POST') {
      const open = openConns();
      for (const c of open) c.ws.terminate();
      return common.sendJson(res, 200, { ok: true, dropped: open.length });
    }
    if (path === '/_test/acks' && req.method === 'GET') {
      return common.sendJson(res, 200, [...envelopes.values()].map((e) => Object.assign({}, e, { sent_ms: undefined })));
    }
    if (path === '/_test/connections' && req.method === 'GET') {
      return common.sendJson(res, 200, {
        opened: conns.length,
        open: openConns().length,
        tickets_issued: ticketSeq,
        connections: conns.map((c) => ({ id: c.id, ticket: c.ticket, opened_at: c.opened_at, closed_at: c.closed_at, close_code: c.close_code })),
      });
    }
    if (path === '/_test/messages' && req.method === 'GET') {
      const ch = url.searchParams.get('channel');
      const pick = (x) => ch === null || x.channel === ch;
      return common.sendJson(res, 200, {
        messages: messages.filter(pick).map((m) => ({ channel: m.channel, ts: m.ts, thread_ts: m.thread_ts || null, user: m.user, bot_id: m.bot_id || null, text: m.text, blocks: m.blocks || null, edited: m.edited || null, edits: m.edits })),
        ephemerals: ephemerals.filter(pick),
      });
    }
    if (path === '/_test/post' && req.method === 'POST') {
      const b = await common.readTestJson(req, res);
      if (!b) return undefined;
      if (!channels.has(String(b.channel))) return common.sendJson(res, 404, { ok: false, error: 'channel_not_found' });
      const m = { channel: String(b.channel), ts: freshTs(), user: String(b.user || 'U0OSPREYHU'), bot_id: null, text: String(b.text || ''), blocks: undefined, edits: [] };
      messages.push(m);
      return common.sendJson(res, 200, { ok: true, ts: m.ts });
    }
    return common.sendJson(res, 404, { ok: false, error: 'no such test route' });
  }

  const body = await common.readBody(req);
  if (path.startsWith('/actions/')) {
    const call = log.add({ method: 'response_url', http_method: req.method, params: body.toString('utf8') });
    return reply(res, call, 200, { ok: true });
  }
  const m = /^\/api\/([A-Za-z.]+)$/.exec(path);
  const call = log.add({ method: m ? m[1] : path, http_method: req.method, token: null, content_type: req.headers['content-type'] || null, params: null });
  if (!m) {
    call.status = 404;
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    return res.end('Not Found');
  }
  const run = () => {
    let p;
    try {
      p = common.parseParams(req, body, url);
    } catch (e) {
      call.params = body.toString('utf8');
      return reply(res, call, 200, { ok: false, error: 'invalid_json' });
    }
    call.params = p;
    const ct = String(req.headers['content-type'] || '').toLowerCase();
    const auth = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization || '');
    const token = auth ? auth[1] : !ct.startsWith('application/json') && p.token ? String(p.token) : null;
    call.token = token;
    const extra = {};
    if (ct.startsWith('application/json') && !/charset=utf-8/.test(ct)) Object.assign(extra, { warning: 'missing_charset', response_metadata: { warnings: ['missing_charset'] } });
    const fail = (error, more) => reply(res, call, 200, Object.assign({ ok: false, error }, more || {}, extra));
    try {
      const name = m[1];
      if (!token) return fail('not_authed');
      if (token !== BOT_TOKEN && token !== APP_TOKEN) return fail('invalid_auth');
      if (name === 'apps.connections.open') {
        if (token !== APP_TOKEN) return fail('not_allowed_token_type');
        return reply(res, call, 200, Object.assign({ ok: true }, openConnection(), extra));
      }
      const f = methods[name];
      if (!f) return fail('unknown_method', { req_method: name });
      if (token !== BOT_TOKEN) return fail('not_allowed_token_type');
      return reply(res, call, 200, Object.assign({ ok: true }, f(p), extra));
    } catch (e) {
      if (e instanceof SlackError) return fail(e.message, e.extra);
      throw e;
    }
  };
  const fault = faults.take(m[1]);
  if (fault) return common.applyFault(fault, req, res, call, faultAnswer, run);
  return run();
}

const server = common.createServer(handle);
server.on('upgrade', onUpgrade);
server.on('listening', () => {
  port = server.address().port;
});
common.listen(server, opts.port);
