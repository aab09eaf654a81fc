// Trigger-to-container-running latency: the daemon's path against the floor,
// a direct Engine API create + start of an equivalent container.
//
//   node latency.js '{"engine":"/path/podman.sock","url":"http://127.0.0.1:P/hooks/bench",
//                     "signature":"hex","body":"...","jobs":"/home/jobs","runs":20}'
//
// "Running" is when the engine lists the container as running
// (/containers/json with a label filter and status=running), polled every
// 5 ms from the trigger on, the same way on both paths. (Podman answers that
// list only once a start in progress has finished, so the poll does not see a
// half-started container; its /events stream is read from a file with a
// polling tail and arrives up to 250 ms late, too coarse here.)
//
// The equivalent container is the daemon's own, copied from an inspect of
// the warm-up job's container: same image, command, user, environment, binds,
// ulimits, network and security options; only the labels differ.
//
// Runs alternate (daemon, direct, daemon, ...); each waits for the previous
// container to be gone. Prints one JSON line:
//   {"daemon":[ms...],"direct":[ms...],"accept":[ms...],"create":[ms...],
//    "runs":[{"id","epoch","ms"}...],"states":{...}}
// ("create": the direct path's create call; "runs": the daemon's jobs, with
// the trigger's wall-clock time, to line up with each job's worker.log)
'use strict';
const http = require('http');
const fs = require('fs');

const opts = JSON.parse(process.argv[2]);
const engineAgent = new http.Agent({ keepAlive: true, maxSockets: 4 });
const webhookAgent = new http.Agent({ keepAlive: false });
const now = () => Number(process.hrtime.bigint()) / 1e6;
const epochMs = () => performance.timeOrigin + performance.now(); // to line up with worker.log
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function call(options, body) {
	return new Promise((resolve, reject) => {
		const r = http.request(options, (res) => {
			let data = '';
			res.setEncoding('utf8');
			res.on('data', (c) => { data += c; });
			res.on('end', () => resolve({ status: res.statusCode, body: data }));
		});
		r.on('error', reject);
		r.end(body);
	});
}

function engine(method, path, json) {
	const body = json === undefined ? undefined : JSON.stringify(json);
	return call({
		socketPath: opts.engine, agent: engineAgent, method, path: '/v1.41' + path,
		headers: body === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
	}, body);
}

async function listLabelled(label, status) {
	const filters = { label: [label] };
	if (status) filters.status = [status];
	const r = await engine('GET', '/containers/json?all=true&filters=' + encodeURIComponent(JSON.stringify(filters)));
	return JSON.parse(r.body);
}

/* polls every 5 ms until a container with @label is running; returns the time */
async function untilRunning(label, deadline) {
	for (;;) {
		if ((await listLabelled(label, 'running')).length > 0)
			return now();
		if (now() > deadline)
			throw new Error('no running container labelled ' + label + ' in time');
		await sleep(5);
	}
}

async function untilGone(label, deadline) {
	while ((await listLabelled(label)).length > 0) {
		if (now() > deadline)
			throw new Error('container labelled ' + label + ' still there');
		await sleep(50);
	}
}

async function trigger() {
	const url = new URL(opts.url);
	const r = await call({
		host: url.hostname, port: url.port, path: url.pathname, method: 'POST', agent: webhookAgent,
		headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(opts.body), 'X-Signature': opts.signature },
	}, opts.body);
	if (r.status !== 202)
		throw new Error('the daemon answered ' + r.status + ': ' + r.body);
	return JSON.parse(r.body).job;
}

async function untilJobEnded(id, deadline) {
	const live = ['awaiting_approval', 'starting', 'preparing', 'running'];
	for (;;) {
		try {
			const record = JSON.parse(fs.readFileSync(`${opts.jobs}/${id}/job.json`, 'utf8'));
			if (!live.includes(record.state))
				return record.state;
		} catch (e) { /* being replaced */ }
		if (now() > deadline)
			throw new Error('job ' + id + ' did not end in time');
		await sleep(50);
	}
}

async function daemonRun() {
	const epoch = epochMs();
	const t0 = now();
	const id = await trigger();
	const accepted = now();
	const running = await untilRunning('osprey.job=' + id, t0 + 60000);
	return { id, epoch, ms: running - t0, accept: accepted - t0 };
}

function equivalentSpec(inspect, label) {
	const c = inspect.Config, h = inspect.HostConfig;
	const host = {
		Binds: h.Binds, NetworkMode: h.NetworkMode, ReadonlyRootfs: h.ReadonlyRootfs,
		/* inspect names them RLIMIT_NOFILE, create wants nofile */
		Ulimits: (h.Ulimits || []).map((u) => ({ Name: u.Name.replace(/^RLIMIT_/, '').toLowerCase(), Soft: u.Soft, Hard: u.Hard })),
		CapDrop: h.CapDrop, SecurityOpt: h.SecurityOpt,
	};
	if (h.Memory) host.Memory = h.Memory;
	if (h.NanoCpus) host.NanoCpus = h.NanoCpus;
	if (h.PidsLimit) host.PidsLimit = h.PidsLimit;
	if (h.Tmpfs && Object.keys(h.Tmpfs).length) host.Tmpfs = h.Tmpfs;
	return {
		Image: c.Image, Cmd: c.Cmd, Entrypoint: c.Entrypoint, Env: c.Env, User: c.User, WorkingDir: c.WorkingDir,
		Labels: { 'osprey.bench': label }, Tty: c.Tty, OpenStdin: false,
		AttachStdin: false, AttachStdout: true, AttachStderr: true, HostConfig: host,
	};
}

async function directRun(template, n) {
	const label = 'direct-' + process.pid + '-' + n;
	const spec = JSON.parse(JSON.stringify(template));
	spec.Labels = { 'osprey.bench': label };
	const t0 = now();
	const created = await engine('POST', '/containers/create', spec);
	if (created.status !== 201)
		throw new Error('create: ' + created.status + ' ' + created.body);
	const id = JSON.parse(created.body).Id;
	const createdAt = now();
	const poll = untilRunning('osprey.bench=' + label, t0 + 60000);
	const started = await engine('POST', `/containers/${id}/start`);
	if (started.status !== 204 && started.status !== 304)
		throw new Error('start: ' + started.status + ' ' + started.body);
	const running = await poll;
	return { id, label, ms: running - t0, create: createdAt - t0 };
}

(async () => {
	/* warm-up: one daemon job; its container is the model for the direct path */
	const warm = await trigger();
	await untilRunning('osprey.job=' + warm, now() + 60000);
	const [listed] = await listLabelled('osprey.job=' + warm, 'running');
	const inspect = JSON.parse((await engine('GET', `/containers/${listed.Id}/json`)).body);
	const template = equivalentSpec(inspect, 'template');
	await untilJobEnded(warm, now() + 60000);
	await untilGone('osprey.job=' + warm, now() + 30000);

	const result = { daemon: [], direct: [], accept: [], states: {}, runs: [], create: [] };
	for (let i = 0; i < opts.runs; ++i) {
		const d = await daemonRun();
		result.daemon.push(+d.ms.toFixed(2));
		result.accept.push(+d.accept.toFixed(2));
		result.runs.push({ id: d.id, epoch: d.epoch, ms: d.ms });
		const state = await untilJobEnded(d.id, now() + 60000);
		result.states[state] = (result.states[state] || 0) + 1;
		await untilGone('osprey.job=' + d.id, now() + 30000);

		const x = await directRun(template, i);
		result.direct.push(+x.ms.toFixed(2));
		result.create.push(+x.create.toFixed(2));
		await engine('POST', `/containers/${x.id}/wait`);
		await engine('DELETE', `/containers/${x.id}?force=true`);
	}
	console.log(JSON.stringify(result));
	process.exit(0);
})().catch((e) => {
	console.error('latency.js: ' + (e.stack || e));
	process.exit(1);
});
