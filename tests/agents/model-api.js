#!/usr/bin/env node
// A local emulator of the two model APIs the agent CLIs speak, enough for a
// real tool round trip: the agent is told to write a file, writes it with
// its own tool, and answers.
//
//   POST /v1/messages          Anthropic Messages API, streamed (Claude Code)
//   POST /v1/chat/completions  OpenAI chat completions, streamed (OpenCode's
//                              @ai-sdk/openai-compatible provider)
//
//   node model-api.js [--mode ok|outage|hang] [--log FILE] [--host H]
//
// Prints the port it listens on (a free one) as its first stdout line.
// The task comes from the prompt: `file NAME containing "TEXT"` makes the
// first turn a write of /workspace/NAME with TEXT (default hello.txt,
// "osprey"); once the tool's result is back, the answer is
// `Wrote NAME for Osprey.`. --mode outage answers every request like an
// overloaded provider (529, Anthropic's error shape; 503 for chat
// completions); --mode hang accepts requests and never answers.
// Each request is logged to FILE as a JSON line: method, path, auth headers
// (which scheme, never the value), whether it carried tools or a tool result.
'use strict';
const http = require('http');
const fs = require('fs');

const args = process.argv.slice(2);
const opt = (name, fallback) => {
	const i = args.indexOf('--' + name);
	return i >= 0 ? args[i + 1] : fallback;
};
const mode = opt('mode', 'ok');
const logFile = opt('log', '');
const host = opt('host', '127.0.0.1');
const MODEL = 'claude-sonnet-4-5-20250929';

function log(entry) {
	if (logFile) fs.appendFileSync(logFile, JSON.stringify(entry) + '\n');
}

// All text of a message's content (a string or blocks).
function textOf(content) {
	if (typeof content === 'string') return content;
	if (!Array.isArray(content)) return '';
	return content.map((b) => (b && b.type === 'text' ? b.text : '')).join('\n');
}

function task(messages) {
	// OpenCode may pass the prompt on as a JSON string: \" inside
	const all = messages.map((m) => textOf(m.content)).join('\n').replace(/\\"/g, '"');
	const m = /file (\S+) containing "([^"]*)"/.exec(all);
	return m ? { name: m[1], text: m[2] } : { name: 'hello.txt', text: 'osprey' };
}

function readBody(req) {
	return new Promise((resolve) => {
		const chunks = [];
		req.on('data', (c) => chunks.push(c));
		req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
	});
}

// --- Anthropic Messages -------------------------------------------------

function sse(res, type, data) {
	res.write(`event: ${type}\ndata: ${JSON.stringify(Object.assign({ type }, data))}\n\n`);
}

function anthropic(req, res, body) {
	const messages = body.messages || [];
	const last = messages[messages.length - 1] || {};
	const toolResult = Array.isArray(last.content) &&
		last.content.some((b) => b && b.type === 'tool_result');
	const tools = (body.tools || []).map((t) => t.name);
	const t = task(messages);
	res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
	sse(res, 'message_start', { message: { id: 'msg_emu_' + Date.now(), type: 'message',
		role: 'assistant', model: body.model || MODEL, content: [], stop_reason: null,
		stop_sequence: null, usage: { input_tokens: 1200, output_tokens: 1 } } });
	let stop = 'end_turn';
	if (tools.includes('Write') && !toolResult) {
		sse(res, 'content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
		sse(res, 'content_block_delta', { index: 0, delta: { type: 'text_delta',
			text: `I will write ${t.name}.` } });
		sse(res, 'content_block_stop', { index: 0 });
		sse(res, 'content_block_start', { index: 1, content_block: { type: 'tool_use',
			id: 'toolu_emu_' + Date.now(), name: 'Write', input: {} } });
		sse(res, 'content_block_delta', { index: 1, delta: { type: 'input_json_delta',
			partial_json: JSON.stringify({ file_path: '/workspace/' + t.name, content: t.text + '\n' }) } });
		sse(res, 'content_block_stop', { index: 1 });
		stop = 'tool_use';
	} else {
		const text = toolResult ? `Wrote ${t.name} for Osprey.` : 'Osprey job';
		sse(res, 'content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
		sse(res, 'content_block_delta', { index: 0, delta: { type: 'text_delta', text } });
		sse(res, 'content_block_stop', { index: 0 });
	}
	sse(res, 'message_delta', { delta: { stop_reason: stop, stop_sequence: null },
		usage: { output_tokens: 60 } });
	sse(res, 'message_stop', {});
	res.end();
	const block = toolResult ? last.content.find((b) => b && b.type === 'tool_result') : null;
	return { tools: tools.length, toolResult, file: t.name, result: block ? textOf(block.content) : '' };
}

// --- OpenAI chat completions -------------------------------------------

function chunk(res, delta, finish, extra) {
	res.write('data: ' + JSON.stringify(Object.assign({ id: 'chatcmpl-emu', object: 'chat.completion.chunk',
		created: Math.floor(Date.now() / 1000), model: 'emu-model',
		choices: [{ index: 0, delta, finish_reason: finish || null }] }, extra || {})) + '\n\n');
}

function chat(req, res, body) {
	const messages = body.messages || [];
	const last = messages[messages.length - 1] || {};
	const toolResult = last.role === 'tool';
	const tools = (body.tools || []).map((t) => t.function && t.function.name);
	const t = task(messages.filter((m) => m.role === 'user'));
	res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
	chunk(res, { role: 'assistant', content: '' });
	let finish = 'stop';
	if (tools.includes('write') && !toolResult) {
		chunk(res, { tool_calls: [{ index: 0, id: 'call_emu_' + Date.now(), type: 'function',
			function: { name: 'write', arguments: '' } }] });
		chunk(res, { tool_calls: [{ index: 0, function: { arguments:
			JSON.stringify({ filePath: '/workspace/' + t.name, content: t.text + '\n' }) } }] });
		finish = 'tool_calls';
	} else {
		chunk(res, { content: toolResult ? `Wrote ${t.name} for Osprey.` : 'Osprey job' });
	}
	chunk(res, {}, finish);
	res.write('data: ' + JSON.stringify({ id: 'chatcmpl-emu', object: 'chat.completion.chunk',
		created: Math.floor(Date.now() / 1000), model: 'emu-model', choices: [],
		usage: { prompt_tokens: 1200, completion_tokens: 60, total_tokens: 1260 } }) + '\n\n');
	res.write('data: [DONE]\n\n');
	res.end();
	return { tools: tools.length, toolResult, file: t.name, result: toolResult ? textOf(last.content) : '' };
}

// --- the server ---------------------------------------------------------

const server = http.createServer(async (req, res) => {
	const raw = await readBody(req);
	const path = req.url.split('?')[0];
	const entry = { method: req.method, path,
		auth: req.headers['x-api-key'] ? 'x-api-key'
			: req.headers.authorization ? req.headers.authorization.split(' ')[0].toLowerCase() : 'none' };
	if (req.method !== 'POST' || (path !== '/v1/messages' && path !== '/v1/chat/completions')) {
		log(entry);
		res.writeHead(404, { 'content-type': 'application/json' });
		res.end('{"error":"not found"}');
		return;
	}
	if (mode === 'hang') {
		log(Object.assign(entry, { hang: true }));
		return; // never answers; the client gives up or is stopped
	}
	if (mode === 'outage') {
		log(Object.assign(entry, { outage: true }));
		if (path === '/v1/messages') {
			res.writeHead(529, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ type: 'error', error: { type: 'overloaded_error',
				message: 'Overloaded (Osprey test emulator outage)' } }));
		} else {
			res.writeHead(503, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ error: { message: 'Service unavailable (Osprey test emulator outage)',
				type: 'server_error' } }));
		}
		return;
	}
	let body;
	try {
		body = JSON.parse(raw);
	} catch (e) {
		res.writeHead(400, { 'content-type': 'application/json' });
		res.end('{"error":"bad json"}');
		return;
	}
	const seen = path === '/v1/messages' ? anthropic(req, res, body) : chat(req, res, body);
	if (process.env.MODEL_API_DEBUG) log({ messages: body.messages });
	log(Object.assign(entry, seen, { model: body.model || '' }));
});
server.listen(0, host, () => console.log(server.address().port));
for (const sig of ['SIGTERM', 'SIGINT']) process.on(sig, () => process.exit(0));
