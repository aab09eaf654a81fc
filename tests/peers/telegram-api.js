#!/usr/bin/env node
'use strict';
/*
 * telegram-api.js: a Telegram Bot API emulator for the tests.
 *
 * Wraps the npm package telegram-test-api 4.2.1 (its message storage, its
 * update and message counters and its user-side client, through which a
 * test's button press becomes a callback_query) and answers the bot side
 * itself, as strictly as https://core.telegram.org/bots/api does.
 *
 *   node tests/peers/telegram-api.js --port 0 --token 123456:ABC --chat 1001 [--chat -1002...]
 *
 * Options:
 *   --port N              127.0.0.1:N (0: a free port); prints `READY <port>` once listening
 *   --token T             the one valid bot token (others: 401 Unauthorized)
 *   --chat ID             a chat the bot knows (repeatable; others: 400 chat not found)
 *   --bot-username NAME   getMe's username (default osprey_test_bot)
 *   --first-update-id N   first update_id (default: tenths of a second since 2025-01-01, so
 *   --first-message-id N  that ids keep growing across a restart); the same for message_id
 *
 * Bot API (POST or GET /bot<token>/<method>, JSON or form bodies; method
 * names are case-insensitive; unknown methods 404 "Not Found"):
 *   getMe, getChat, sendMessage, editMessageText, editMessageReplyMarkup,
 *   answerCallbackQuery, getUpdates (long polling: timeout, offset, limit,
 *   allowed_updates; a second poller terminates the first with 409),
 *   setWebhook, deleteWebhook (drop_pending_updates), getWebhookInfo,
 *   deleteMessage.
 *   Errors: {"ok":false,"error_code":N,"description":"..."} with that HTTP status.
 *
 * Test control:
 *   GET  /_test/calls[?method=M&since=SEQ]     every call: [{seq,time,method,http_method,token,params,status,response}]
 *                                              (status null while pending; response is the JSON text sent)
 *   GET  /_test/wait?method=M&count=N&timeout_ms=T[&since=SEQ]
 *                                              long-polls until N calls of M (after SEQ): 200 with them, 504 on timeout
 *   POST /_test/fail {"method","count","status","retry_after","kind","delay_ms","description","body"}
 *                                              kind: error|html|garbage|hang|reset|delay (lib/common.js)
 *   GET|DELETE /_test/fail                     pending faults / clear them
 *   POST /_test/press {"chat_id","message_id","user_id","username","first_name","data"|"text","force"}
 *                                              presses a button of that message (by callback_data or by button
 *                                              text; refused with 409 when the message has no such button now,
 *                                              unless force) -> {"ok":true,"callback_query_id","update_id"}
 *   GET  /_test/messages[?chat_id=ID]          messages as they are now: [{chat_id,message_id,date,text,html,
 *                                              parse_mode,entities,reply_markup,reply_to_message_id,
 *                                              message_thread_id,edit_date,edits:[earlier versions]}]
 *   GET  /_test/answers                        answerCallbackQuery calls: [{callback_query_id,text,show_alert,url,
 *                                              cache_time,ms_after_press,query:{data,chat_id,message_id,user_id}}]
 *   GET  /_test/updates                        updates not yet confirmed by an offset
 */

const TelegramServer = require('telegram-test-api');
const common = require('./lib/common');
const { parseHtml } = require('./lib/telegram-html');

const opts = common.parseArgs(process.argv.slice(2), {
  port: { def: '0' },
  token: { def: null },
  chat: { multi: true },
  'bot-username': { def: 'osprey_test_bot' },
  'first-update-id': { def: null },
  'first-message-id': { def: null },
});
if (!opts.token) common.usage('--token is required');

const TOKEN = opts.token;
const BOT_ID = /^\d+:/.test(TOKEN) ? Number(TOKEN.split(':')[0]) : 777000;
// ids in tenths of a second since 2025-01-01: below 2^31 until 2031, and
// growing across a restart of the emulator like Telegram's never-reset ids
const EPOCH = Date.UTC(2025, 0, 1);
const idNow = () => Math.floor((Date.now() - EPOCH) / 100);
const CHATS = new Map();
for (const c of opts.chat) {
  if (!/^-?\d+$/.test(c)) common.usage(`--chat needs a numeric chat id: ${c}`);
  CHATS.set(String(Number(c)), chatObject(Number(c)));
}

const BOT_USER = { id: BOT_ID, is_bot: true, first_name: 'Osprey Test Bot', username: opts['bot-username'] };

function chatObject(id) {
  if (id > 0) return { id, type: 'private', first_name: `User ${id}`, username: `user${id}` };
  if (String(id).startsWith('-100')) return { id, type: 'supergroup', title: `Supergroup ${id}` };
  return { id, type: 'group', title: `Group ${id}` };
}

const log = new common.CallLog();
const faults = new common.Faults();
let tg = null; // TelegramServer, made once the port is known (its client posts to it)

// chat_id:message_id -> the message as it is now, plus its history
const messages = new Map();
const queries = new Map(); // callback query id -> {answered, ...}
const answers = [];
let pressSeq = 0;
let allowedUpdates = null; // the last allowed_updates given (persists, as on Telegram)
let webhookUrl = '';
let poller = null; // the pending getUpdates: {res, call, timer, params}

class ApiError extends Error {
  constructor(code, description, extra) {
    super(description);
    this.code = code;
    this.extra = extra;
  }
}
const bad = (d) => new ApiError(400, `Bad Request: ${d}`);

function answer(res, call, status, body) {
  call.status = status;
  call.response = JSON.stringify(body);
  if (res.writableEnded || res.destroyed) return;
  const buf = Buffer.from(call.response);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': buf.length });
  res.end(buf);
}
const ok = (res, call, result) => answer(res, call, 200, { ok: true, result });
function apiError(res, call, e) {
  const body = { ok: false, error_code: e.code, description: e.message };
  if (e.extra) body.parameters = e.extra;
  answer(res, call, e.code, body);
}

function faultAnswer(f) {
  const status = f.status;
  const body = { ok: false, error_code: status };
  if (status === 429) {
    const ra = f.retry_after === undefined ? 1 : Number(f.retry_after);
    body.description = f.description || `Too Many Requests: retry after ${ra}`;
    body.parameters = { retry_after: ra };
  } else {
    body.description = f.description || ({ 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden: bot was blocked by the user',
      404: 'Not Found', 409: 'Conflict', 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable' }[status] || 'Error');
  }
  return { status, body };
}

function jsonParam(v, what) {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch (e) {
    throw bad(`can't parse ${what} JSON object`);
  }
}

function knownChat(p) {
  if (p.chat_id === undefined || p.chat_id === '') throw bad('chat_id is empty');
  const key = String(p.chat_id).trim();
  if (!/^-?\d+$/.test(key) || !CHATS.has(String(Number(key)))) throw bad('chat not found');
  return CHATS.get(String(Number(key)));
}

function checkMarkup(p) {
  const rm = jsonParam(p.reply_markup, 'reply keyboard markup');
  if (rm === undefined) return undefined;
  if (typeof rm !== 'object' || rm === null || Array.isArray(rm)) throw bad("can't parse reply keyboard markup JSON object");
  if (!('inline_keyboard' in rm)) return undefined; // reply keyboards and the like: not shown on this message
  const kb = rm.inline_keyboard;
  if (!Array.isArray(kb) || kb.some((row) => !Array.isArray(row))) throw bad('field "inline_keyboard" of the InlineKeyboardMarkup must be an Array of Arrays');
  for (const row of kb) {
    for (const b of row) {
      if (typeof b !== 'object' || b === null || typeof b.text !== 'string') throw bad("can't parse inline keyboard button: Field \"text\" must be of type String");
      const kinds = ['callback_data', 'url', 'login_url', 'switch_inline_query', 'switch_inline_query_current_chat', 'web_app', 'pay', 'copy_text'];
      if (!kinds.some((k) => k in b)) throw bad("can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard");
      if ('callback_data' in b) {
        const n = Buffer.byteLength(String(b.callback_data), 'utf8');
        if (typeof b.callback_data !== 'string' || n < 1 || n > 64) throw bad('BUTTON_DATA_INVALID');
      }
    }
  }
  return { inline_keyboard: kb };
}

// the text as Telegram keeps it: parsed HTML, or plain
function parseText(p, field = 'text') {
  const raw = p[field];
  if (raw === undefined || raw === null || String(raw).trim() === '') throw bad('message text is empty');
  const mode = p.parse_mode === undefined || p.parse_mode === '' ? '' : String(p.parse_mode);
  let text;
  let entities;
  if (mode.toLowerCase() === 'html') {
    try {
      ({ text, entities } = parseHtml(String(raw)));
    } catch (e) {
      throw bad(`can't parse entities: ${e.message}`);
    }
    if (text === '') throw bad('message text is empty');
  } else if (mode === '') {
    text = String(raw).trim();
    entities = jsonParam(p.entities, 'entities') || [];
  } else if (['markdown', 'markdownv2'].includes(mode.toLowerCase())) {
    text = String(raw).trim(); // not parsed here: the daemon uses HTML (decisions.md)
    entities = [];
  } else {
    throw bad(`unsupported parse_mode`);
  }
  if (text.length > 4096) throw bad('message is too long');
  return { raw: String(raw), mode, text, entities };
}

function messageObject(m, withReply = true) {
  const o = { message_id: m.message_id, from: BOT_USER, chat: CHATS.get(String(m.chat_id)), date: m.date };
  if (m.message_thread_id !== undefined) o.message_thread_id = m.message_thread_id;
  if (withReply && m.reply_to_message_id !== undefined) {
    const r = messages.get(`${m.chat_id}:${m.reply_to_message_id}`);
    if (r) o.reply_to_message = messageObject(r, false);
  }
  if (m.edit_date !== undefined) o.edit_date = m.edit_date;
  o.text = m.text;
  if (m.entities && m.entities.length) o.entities = m.entities;
  if (m.reply_markup) o.reply_markup = m.reply_markup;
  return o;
}

function findMessage(p) {
  if (p.inline_message_id !== undefined) throw bad('message to edit not found');
  const chat = knownChat(p);
  const id = Number(p.message_id);
  if (p.message_id === undefined || !Number.isInteger(id)) throw bad('message identifier is not specified');
  const m = messages.get(`${chat.id}:${id}`);
  if (!m) throw bad('message to edit not found');
  return m;
}

function snapshot(m) {
  return { text: m.text, html: m.html, parse_mode: m.parse_mode, entities: m.entities, reply_markup: m.reply_markup };
}

const now = () => Math.floor(Date.now() / 1000);

const methods = {
  getme: () => Object.assign({}, BOT_USER, { can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: false, can_connect_to_business: false, has_main_web_app: false }),

  getchat: (p) => Object.assign({}, knownChat(p), { accent_color_id: 0, max_reaction_count: 11 }),

  sendmessage: (p) => {
    const chat = knownChat(p);
    const t = parseText(p);
    const markup = checkMarkup(p);
    let replyTo = p.reply_to_message_id !== undefined && p.reply_to_message_id !== '' ? Number(p.reply_to_message_id) : undefined;
    let allowWithout = String(p.allow_sending_without_reply) === 'true';
    const rp = jsonParam(p.reply_parameters, 'reply parameters');
    if (rp) {
      replyTo = Number(rp.message_id);
      allowWithout = rp.allow_sending_without_reply === true;
      if (rp.chat_id !== undefined && String(rp.chat_id) !== String(chat.id)) throw bad('message to be replied not found');
    }
    if (replyTo !== undefined && !messages.has(`${chat.id}:${replyTo}`)) {
      if (!allowWithout) throw bad('message to be replied not found');
      replyTo = undefined;
    }
    // into telegram-test-api's storage: it numbers the message
    const stored = tg.addBotMessage(Object.assign({}, p, { chat_id: chat.id, text: t.text, reply_markup: markup }), TOKEN);
    const m = {
      chat_id: chat.id,
      message_id: stored.message_id,
      date: now(),
      text: t.text,
      html: t.mode.toLowerCase() === 'html' ? t.raw : undefined,
      parse_mode: t.mode || undefined,
      entities: t.entities,
      reply_markup: markup,
      reply_to_message_id: replyTo,
      message_thread_id: p.message_thread_id !== undefined ? Number(p.message_thread_id) : undefined,
      edits: [],
    };
    messages.set(`${chat.id}:${m.message_id}`, m);
    return messageObject(m);
  },

  editmessagetext: (p) => {
    const m = findMessage(p);
    const t = parseText(p);
    const markup = checkMarkup(p); // omitted: the inline keyboard goes away, as on Telegram
    if (t.text === m.text && JSON.stringify(t.entities) === JSON.stringify(m.entities) && JSON.stringify(markup) === JSON.stringify(m.reply_markup)) {
      throw bad('message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message');
    }
    m.edits.push(Object.assign({ replaced_at: new Date().toISOString(), by: 'editMessageText' }, snapshot(m)));
    Object.assign(m, { text: t.text, html: t.mode.toLowerCase() === 'html' ? t.raw : undefined, parse_mode: t.mode || undefined, entities: t.entities, reply_markup: markup, edit_date: now() });
    tg.editMessageText({ chat_id: m.chat_id, message_id: m.message_id, text: t.text, reply_markup: markup });
    return messageObject(m);
  },

  editmessagereplymarkup: (p) => {
    const m = findMessage(p);
    const markup = checkMarkup(p);
    if (JSON.stringify(markup) === JSON.stringify(m.reply_markup)) {
      throw bad('message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message');
    }
    m.edits.push(Object.assign({ replaced_at: new Date().toISOString(), by: 'editMessageReplyMarkup' }, snapshot(m)));
    m.reply_markup = markup;
    m.edit_date = now();
    tg.editMessageReplyMarkup({ chat_id: m.chat_id, message_id: m.message_id, reply_markup: markup || { inline_keyboard: [] } });
    return messageObject(m);
  },

  deletemessage: (p) => {
    const chat = knownChat(p);
    const key = `${chat.id}:${Number(p.message_id)}`;
    if (!messages.has(key)) throw bad('message to delete not found');
    messages.delete(key);
    tg.deleteMessage(chat.id, Number(p.message_id));
    return true;
  },

  answercallbackquery: (p) => {
    const id = String(p.callback_query_id || '');
    const q = queries.get(id);
    if (!q || q.answered) throw bad('query is too old and response timeout expired or query ID is invalid');
    const text = p.text === undefined ? undefined : String(p.text);
    if (text !== undefined && text.length > 200) throw bad('MESSAGE_TOO_LONG');
    q.answered = true;
    answers.push({
      time: new Date().toISOString(),
      callback_query_id: id,
      text,
      show_alert: p.show_alert === true || p.show_alert === 'true',
      url: p.url,
      cache_time: p.cache_time === undefined ? undefined : Number(p.cache_time),
      ms_after_press: Date.now() - q.at,
      query: { data: q.data, chat_id: q.chat_id, message_id: q.message_id, user_id: q.user_id },
    });
    return true;
  },

  setwebhook: (p) => {
    webhookUrl = String(p.url || '');
    if (poller) terminatePoller(409, "Conflict: terminated by setWebhook request");
    return true;
  },

  deletewebhook: (p) => {
    if (p.drop_pending_updates === true || p.drop_pending_updates === 'true') tg.storage.userMessages = tg.storage.userMessages.filter((u) => u.botToken !== TOKEN);
    webhookUrl = '';
    return true;
  },

  getwebhookinfo: () => ({ url: webhookUrl, has_custom_certificate: false, pending_update_count: pending().length }),
};
const descriptions = { deletewebhook: () => (webhookUrl ? 'Webhook was deleted' : 'Webhook is already deleted'), setwebhook: () => 'Webhook was set' };

// --- updates ------------------------------------------------------------

function updateType(u) {
  return 'callbackQuery' in u ? 'callback_query' : 'message';
}
function pending() {
  return tg.storage.userMessages.filter((u) => u.botToken === TOKEN).sort((a, b) => a.updateId - b.updateId);
}
function formatUpdate(u) {
  if ('callbackQuery' in u) {
    const cq = u.callbackQuery;
    const m = messages.get(`${cq.chat_id}:${cq.message.message_id}`);
    return {
      update_id: u.updateId,
      callback_query: {
        id: cq.query_id,
        from: cq.from,
        message: m ? messageObject(m) : { message_id: cq.message.message_id, chat: CHATS.get(String(cq.chat_id)), date: 0 },
        chat_instance: String(BigInt(cq.chat_id) * -7n + 4242424242424242n),
        data: cq.data,
      },
    };
  }
  return TelegramServer.formatUpdate(u);
}

// the updates to hand out now (confirming those below offset)
function takeUpdates(p) {
  let offset = p.offset === undefined || p.offset === '' ? 0 : Number(p.offset);
  const all = pending();
  if (offset < 0) {
    const keep = all.slice(offset);
    for (const u of all) if (!keep.includes(u)) tg.removeUserMessage(u.updateId);
  } else if (offset > 0) {
    for (const u of all) if (u.updateId < offset) tg.removeUserMessage(u.updateId);
  }
  let list = pending();
  if (allowedUpdates && allowedUpdates.length) {
    for (const u of list) if (!allowedUpdates.includes(updateType(u))) tg.removeUserMessage(u.updateId);
    list = pending();
  }
  const limit = p.limit === undefined || p.limit === '' ? 100 : Math.min(Math.max(Number(p.limit), 1), 100);
  return list.slice(0, limit).map(formatUpdate);
}

function terminatePoller(code, description) {
  const pl = poller;
  poller = null;
  clearTimeout(pl.timer);
  apiError(pl.res, pl.call, new ApiError(code, description));
}

function getUpdates(req, res, call, p) {
  if (webhookUrl) throw new ApiError(409, "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first");
  const au = jsonParam(p.allowed_updates, 'allowed_updates');
  if (au !== undefined) {
    if (!Array.isArray(au)) throw bad("can't parse allowed_updates JSON array");
    allowedUpdates = au;
  }
  if (poller) terminatePoller(409, 'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running');
  const timeout = p.timeout === undefined || p.timeout === '' ? 0 : Math.max(Number(p.timeout) || 0, 0);
  const now0 = takeUpdates(p);
  if (now0.length || timeout === 0) return ok(res, call, now0);
  const pl = { res, call, p };
  pl.timer = setTimeout(() => {
    if (poller === pl) poller = null;
    ok(res, call, takeUpdates(p));
  }, Math.min(timeout, 50) * 1000);
  poller = pl;
  res.on('close', () => {
    if (poller === pl) {
      poller = null;
      clearTimeout(pl.timer);
      if (call.status === null) call.status = 'closed';
    }
  });
  return undefined;
}

function wakePoller() {
  if (!poller) return;
  const pl = poller;
  // offset already applied when the poll began; deliver what is new
  const list = takeUpdates({ limit: pl.p.limit });
  if (!list.length) return;
  poller = null;
  clearTimeout(pl.timer);
  ok(pl.res, pl.call, list);
}

// --- test control ---------------------------------------------------------

async function press(req, res) {
  const b = await common.readTestJson(req, res);
  if (!b) return;
  const chat = CHATS.get(String(Number(b.chat_id)));
  if (!chat) return common.sendJson(res, 404, { ok: false, error: `unknown chat ${b.chat_id}` });
  const m = messages.get(`${chat.id}:${Number(b.message_id)}`);
  if (!m && !b.force) return common.sendJson(res, 404, { ok: false, error: `no message ${b.message_id} in chat ${chat.id}` });
  let data = b.data;
  const buttons = m && m.reply_markup ? m.reply_markup.inline_keyboard.flat() : [];
  if (data === undefined && b.text !== undefined) {
    const btn = buttons.find((x) => x.text === b.text && 'callback_data' in x);
    if (!btn && !b.force) return common.sendJson(res, 409, { ok: false, error: `no button "${b.text}" on the message now`, reply_markup: m.reply_markup || null });
    data = btn ? btn.callback_data : '';
  }
  if (typeof data !== 'string') return common.sendJson(res, 400, { ok: false, error: '"data" (callback_data) or "text" (a button\'s text) is required' });
  if (!b.force && !buttons.some((x) => x.callback_data === data)) {
    return common.sendJson(res, 409, { ok: false, error: 'the message has no button with that callback_data now', reply_markup: (m && m.reply_markup) || null });
  }
  const userId = Number(b.user_id || 4242);
  const n = ++pressSeq;
  const queryId = String(4382000000000000000n + BigInt(tg.callbackId) * 1000n + BigInt(n % 1000));
  const client = tg.getClient(TOKEN, {
    userId, chatId: chat.id, firstName: b.first_name || `User${userId}`, userName: b.username || `user${userId}`, type: chat.type,
  });
  const cq = client.makeCallbackQuery(data, { message: { message_id: Number(b.message_id) } });
  cq.from = { id: userId, is_bot: false, first_name: b.first_name || `User${userId}`, language_code: 'en' };
  if (b.username !== null) cq.from.username = b.username || `user${userId}`;
  Object.assign(cq, { osprey_press: n, query_id: queryId, chat_id: chat.id });
  // known before the update can reach a poller: the bot may answer at once
  queries.set(queryId, { answered: false, at: Date.now(), data, chat_id: chat.id, message_id: Number(b.message_id), user_id: userId });
  await client.sendCallback(cq); // telegram-test-api stores it as a callback_query update
  const u = tg.storage.userMessages.find((x) => x.callbackQuery && x.callbackQuery.osprey_press === n);
  if (!u) {
    queries.delete(queryId);
    return common.sendJson(res, 500, { ok: false, error: 'telegram-test-api did not store the press' });
  }
  common.sendJson(res, 200, { ok: true, callback_query_id: queryId, update_id: u.updateId });
  wakePoller();
  return undefined;
}

function publicMessage(m) {
  return {
    chat_id: m.chat_id, message_id: m.message_id, date: m.date, text: m.text, html: m.html, parse_mode: m.parse_mode,
    entities: m.entities, reply_markup: m.reply_markup || null, reply_to_message_id: m.reply_to_message_id,
    message_thread_id: m.message_thread_id, edit_date: m.edit_date, edits: m.edits,
  };
}

const CLIENT_ROUTES = new Set(['/sendCallback', '/sendMessage', '/sendCommand', '/getUpdates', '/getUpdatesHistory']);

async function handle(req, res) {
  const url = new URL(req.url, 'http://127.0.0.1');
  const path = url.pathname;
  if (CLIENT_ROUTES.has(path)) return tg.webServer(req, res); // telegram-test-api's user side
  if (path.startsWith('/_test/')) {
    if (await common.handleCommonTest(req, res, url, log, faults)) return undefined;
    if (path === '/_test/press' && req.method === 'POST') return press(req, res);
    if (path === '/_test/messages' && req.method === 'GET') {
      const chat = url.searchParams.get('chat_id');
      const list = [...messages.values()].filter((m) => chat === null || String(m.chat_id) === String(Number(chat)));
      list.sort((a, b) => a.message_id - b.message_id);
      return common.sendJson(res, 200, list.map(publicMessage));
    }
    if (path === '/_test/answers' && req.method === 'GET') return common.sendJson(res, 200, answers);
    if (path === '/_test/updates' && req.method === 'GET') return common.sendJson(res, 200, pending().map(formatUpdate));
    return common.sendJson(res, 404, { ok: false, error: 'no such test route' });
  }
  const m = /^\/bot([^/]*)\/([A-Za-z0-9_]*)$/.exec(path);
  const body = await common.readBody(req);
  const call = log.add({ method: m ? m[2] : path, http_method: req.method, token: m ? m[1] : undefined, params: null });
  if (!m) return apiError(res, call, new ApiError(404, 'Not Found'));
  let p;
  try {
    p = common.parseParams(req, body, url);
  } catch (e) {
    call.params = body.toString('utf8');
    return apiError(res, call, bad("can't parse JSON object"));
  }
  call.params = p;
  const run = () => {
    try {
      if (m[1] !== TOKEN) throw new ApiError(401, 'Unauthorized');
      if (req.method !== 'GET' && req.method !== 'POST') throw new ApiError(405, 'Method Not Allowed');
      const name = m[2].toLowerCase();
      if (name === 'getupdates') return getUpdates(req, res, call, p);
      const f = methods[name];
      if (!f) throw new ApiError(404, 'Not Found');
      const result = f(p);
      if (descriptions[name]) return answer(res, call, 200, { ok: true, result, description: descriptions[name]() });
      return ok(res, call, result);
    } catch (e) {
      if (e instanceof ApiError) return apiError(res, call, e);
      throw e;
    }
  };
  const fault = faults.take(m[2]);
  if (fault) return common.applyFault(fault, req, res, call, faultAnswer, run);
  return run();
}

const server = common.createServer(handle);
server.on('listening', () => {
  const port = server.address().port;
  tg = new TelegramServer({ port, host: '127.0.0.1', storeTimeout: 24 * 3600 });
  // never started: this process serves its routes (no clean-up timer)
  tg.updateId = opts['first-update-id'] !== null ? Number(opts['first-update-id']) : idNow();
  tg.messageId = opts['first-message-id'] !== null ? Number(opts['first-message-id']) : idNow();
  tg.on('AddedUserCallbackQuery', wakePoller);
  tg.on('AddedUserMessage', wakePoller);
});
common.listen(server, opts.port);
