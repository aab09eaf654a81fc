// Sends exactly N POST requests over C kept-alive connections and counts the
// answers by status: the driver for the memory and flood benchmarks, where the
// request count must be exact (wrk runs for a time, not a count).
//
//   node drive.js '{"base":"http://127.0.0.1:PORT","n":10000,"concurrency":64,
//                   "body":"...","targets":[{"path":"/hooks/x","signature":"hex"},...]}'
//
// Requests go round-robin over the targets. With "deadline_s", no request is
// started after that many seconds (the run stays bounded; "sent" says how
// many went). Prints one JSON line:
//   {"sent":N,"status":{"401":N,...},"errors":N,"seconds":S,"rps":R,"capped":bool}
'use strict';
const http = require('http');

const opts = JSON.parse(process.argv[2]);
const base = new URL(opts.base);
const agent = new http.Agent({ keepAlive: true, maxSockets: opts.concurrency });
const body = Buffer.from(opts.body);
const status = {};
let next = 0, errors = 0, capped = false;
const deadline = opts.deadline_s ? Date.now() + opts.deadline_s * 1000 : Infinity;

function one(target) {
	return new Promise((resolve) => {
		const req = http.request({
			host: base.hostname, port: base.port, path: target.path, method: 'POST', agent,
			headers: {
				'Content-Type': 'application/json',
				'Content-Length': body.length,
				'X-Signature': target.signature,
			},
		}, (res) => {
			status[res.statusCode] = (status[res.statusCode] || 0) + 1;
			res.resume();
			res.on('end', resolve);
			res.on('error', () => { errors++; resolve(); });
		});
		req.on('error', () => { errors++; resolve(); });
		req.end(body);
	});
}

async function worker() {
	while (next < opts.n) {
		if (Date.now() > deadline) {
			capped = true;
			return;
		}
		const i = next++;
		await one(opts.targets[i % opts.targets.length]);
	}
}

(async () => {
	const start = process.hrtime.bigint();
	await Promise.all(Array.from({ length: opts.concurrency }, worker));
	const seconds = Number(process.hrtime.bigint() - start) / 1e9;
	agent.destroy();
	console.log(JSON.stringify({ sent: next, status, errors, seconds, rps: Math.round(next / seconds), capped }));
})();
