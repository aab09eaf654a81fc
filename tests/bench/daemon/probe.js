// Asks GET PATH again and again over one kept-alive connection for S seconds
// (one request at a time) and prints the latencies' percentiles: how long
// the daemon's loop keeps a client waiting while something else loads it.
//
//   node probe.js http://127.0.0.1:PORT/healthz SECONDS
//   -> {"n":N,"p50_ms":x,"p99_ms":y,"max_ms":z,"errors":E}
'use strict';
const http = require('http');

const url = new URL(process.argv[2]);
const until = Date.now() + Number(process.argv[3]) * 1000;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const times = [];
let errors = 0;

function one() {
	return new Promise((resolve) => {
		const t0 = process.hrtime.bigint();
		const req = http.get({ host: url.hostname, port: url.port, path: url.pathname, agent }, (res) => {
			res.resume();
			res.on('end', () => {
				if (res.statusCode !== 200)
					errors++;
				times.push(Number(process.hrtime.bigint() - t0) / 1e6);
				resolve();
			});
		});
		req.on('error', () => { errors++; resolve(); });
	});
}

(async () => {
	while (Date.now() < until)
		await one();
	times.sort((a, b) => a - b);
	const at = (p) => times.length ? times[Math.min(times.length - 1, Math.ceil(times.length * p) - 1)] : 0;
	console.log(JSON.stringify({ n: times.length, p50_ms: +at(0.5).toFixed(2),
		p99_ms: +at(0.99).toFixed(2), max_ms: +(times[times.length - 1] || 0).toFixed(2), errors }));
	agent.destroy();
})();
