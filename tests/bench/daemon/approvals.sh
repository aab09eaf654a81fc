#!/bin/bash
# Section 7: the job core under load, for this tree and, side by side in the
# same run, for BASELINE (the daemon before the job store, built by
# scripts/bench). On a signed approval pipeline, where a 202 means the job is
# durable on disk:
#   a. accepted jobs per second, wrk -t1 -c8, with /healthz p99 meanwhile
#      (probe.js, one request at a time on its own connection): three rounds,
#      this tree and BASELINE taking turns, medians reported;
#   b. VmRSS with 10,000 jobs awaiting approval, 1 KiB and 16 KiB bodies;
#   c. a restart with those 10,000 pending: time from `osprey start` to the
#      first webhook answered 202, three rounds taking turns, medians;
#   d. /healthz p99 while renders at their limits run (this tree only).
#
# Nothing is deleted until the end: a job directory set aside is moved, not
# removed. On a file system without a journal (ext4 without one checks every
# inode freed in the last minutes before it reuses it), removing 10,000 jobs
# makes the next run's files dearer to create: the one measured after them
# would pay for the other's deletions.
#
#   approvals.sh BUILD_DIR [BASELINE_DIR|-] [seconds, default 10] [pending, default 10000]
set -euo pipefail
build=$(realpath "$1")
baseline=${2:--}
[ "$baseline" = - ] || baseline=$(realpath "$baseline")
seconds=${3:-10}
pending=${4:-10000}
here=$(dirname "$(realpath "$0")")
. "$here/lib.sh"

scratch osprey-bench-approvals

# body BYTES: a PR-like JSON body padded to about BYTES
body() {
	python3 -c 'import json,sys; n=int(sys.argv[1]); b={"action":"opened","number":42,"ref":"refs/heads/main","pad":""}; b["pad"]="x"*max(0,n-len(json.dumps(b))); print(json.dumps(b),end="")' "$1"
}

# start_daemon BUILD HOME PORT: starts it, waits for its port; sets $daemon
start_daemon() {
	OSPREY_HOME=$2 OSPREY_WORKER=$1/worker/osprey-worker \
		"$1/cli/osprey" start > /dev/null 2>> "$2/osprey.err" &
	daemon=$!
	pids+=("$daemon")
	wait_port "$3" 60 || { tail -5 "$2/osprey.err" >&2; return 1; }
}
stop_daemon() {
	kill -TERM "$daemon" 2>/dev/null || true
	wait "$daemon" 2>/dev/null || true
}

# post_until_202 URL SIGNATURE BODY: polls (every 5 ms) until a POST gets 202
post_until_202() {
	local code
	for _ in $(seq 20000); do
		code=$(curl -s -o /dev/null -w '%{http_code}' -H "X-Signature: $2" \
			-H 'Content-Type: application/json' --data-binary "$3" "$1" 2>/dev/null || true)
		[ "$code" = 202 ] && return 0
		sleep 0.005
	done
	return 1
}

# aside DIR: moves DIR out of the way (see above: no removal until the end)
aside() { [ ! -e "$1" ] || mv "$1" "$(mktemp -u "$tmp/aside.XXXXXX")"; }

small=$(body 1024)
big=$(body 16384)
sig_small=$(sign "$BENCH_SECRET" "$small")
sig_big=$(sign "$BENCH_SECRET" "$big")

declare -A jobs_s p99 rss1 rss16 restart_ms home_of port_of
# setup NAME EXTRA-GEN-HOME-ARGS...: the home of one daemon
setup() {
	local name=$1
	shift
	home_of[$name]=$tmp/$name
	port_of[$name]=$(free_port)
	bash "$here/gen-home.sh" "${home_of[$name]}" 1 port="${port_of[$name]}" \
		socket="$tmp/no-engine.sock" approval=1 "$@"
}

# throughput NAME BUILD: one round of a; appends to $name's lists
declare -A jobs_list p99_list
throughput() {
	local name=$1 b=$2 home=${home_of[$1]} port=${port_of[$1]}
	local url=http://127.0.0.1:$port/hooks/bench
	aside "$home/jobs"

	start_daemon "$b" "$home" "$port"
	cat > "$tmp/post.lua" <<LUA
wrk.method = "POST"
wrk.body = [[$small]]
wrk.headers["Content-Type"] = "application/json"
wrk.headers["X-Signature"] = "$sig_small"
done = function(summary, latency, requests)
  io.write(string.format("RESULT %d %d %.3f\n", summary.requests,
    summary.errors.status, summary.duration / 1e6))
end
LUA
	node "$here/probe.js" "http://127.0.0.1:$port/healthz" "$seconds" > "$tmp/probe.json" &
	local probe=$!
	local line
	line=$(wrk -t1 -c8 -d"${seconds}s" -s "$tmp/post.lua" "$url" | grep '^RESULT')
	wait "$probe"
	read -r _ requests bad duration <<< "$line"
	jobs_list[$name]+=" $(awk -v r="$requests" -v b="$bad" -v d="$duration" 'BEGIN { printf "%.0f", (r - b) / d }')"
	p99_list[$name]+=" $(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["p99_ms"])' "$tmp/probe.json")"
	stop_daemon
}

# memory NAME BUILD: b
memory() {
	local name=$1 b=$2 home=${home_of[$1]} port=${port_of[$1]}

	# b. memory with $pending pending, small then big bodies (a fresh home each)
	for size in 1 16; do
		aside "$home/jobs"
		start_daemon "$b" "$home" "$port"
		local payload=$small sig=$sig_small
		[ "$size" = 16 ] && payload=$big sig=$sig_big
		local body_json
		body_json=$(printf '%s' "$payload" | python3 -c 'import json,sys; print(json.dumps(sys.stdin.read()))')
		node "$here/drive.js" "{\"base\":\"http://127.0.0.1:$port\",\"n\":$pending,\"concurrency\":8,\"body\":$body_json,\"targets\":[{\"path\":\"/hooks/bench\",\"signature\":\"$sig\"}]}" > "$tmp/drive.json"
		sleep 1
		local kib
		kib=$(rss_kib "$daemon")
		if [ "$size" = 1 ]; then rss1[$name]=$(kib_to_mib "$kib"); else rss16[$name]=$(kib_to_mib "$kib"); fi
		# a live daemon's copy: the restart also writes its journal again
		[ "$size" = 1 ] && cp -a "$home/jobs" "$tmp/$name-pending-jobs"
		stop_daemon
	done
}

# restart NAME BUILD: one round of c, from a copy of the 1 KiB pending jobs;
# appends to $name's list
declare -A restart_list
restart() {
	local name=$1 b=$2 home=${home_of[$1]} port=${port_of[$1]}
	aside "$home/jobs"
	cp -a "$tmp/$name-pending-jobs" "$home/jobs"
	sync
	local t0 t1
	t0=$(date +%s%N)
	start_daemon "$b" "$home" "$port"
	post_until_202 "http://127.0.0.1:$port/hooks/bench" "$sig_small" "$small"
	t1=$(date +%s%N)
	restart_list[$name]+=" $(( (t1 - t0) / 1000000 ))"
	stop_daemon
}

# in_turns FN: three rounds of FN NAME BUILD, this tree and BASELINE taking turns
in_turns() {
	for round in 1 2 3; do
		"$1" osprey "$build"
		[ "$baseline" = - ] || "$1" baseline "$baseline"
	done
}
# medians LISTS RESULTS: RESULTS[name] = the median of LISTS[name], per daemon that ran
medians() {
	local -n lists=$1 results=$2
	local name
	for name in osprey baseline; do
		[ -z "${lists[$name]:-}" ] || results[$name]=$(median <<< "${lists[$name]}")
	done
}

setup osprey max_pending=1000000
[ "$baseline" = - ] || setup baseline
# a. throughput with /healthz p99 meanwhile, taking turns
in_turns throughput
medians jobs_list jobs_s
medians p99_list p99
memory osprey "$build"
[ "$baseline" = - ] || memory baseline "$baseline"
# c. restart, taking turns: a webhook's first answer depends on where the
# restart's scan is when it comes, so one start says little
in_turns restart
medians restart_list restart_ms

# d. /healthz p99 while renders at their limits run (this tree): a pipeline
# whose prompt nests three ranges over a 200-element array (8 million steps
# unbounded), two connections posting it back to back
home=${home_of[osprey]}
cat > "$home/pipelines/blowup.yaml.tmp" <<'YAML'
name: blowup
trigger:
  type: webhook
  path: /hooks/blowup
workspace:
  type: none
agent:
  prompt: "{{ range .body.a }}{{ range $.body.a }}{{ range $.body.a }}{{ if eq . 7 }}{{ printf \"%v-%v\" . $.body.s }}{{ end }}{{ end }}{{ end }}{{ end }}"
YAML
mkdir -p "$home/pipelines/blowup"
mv "$home/pipelines/blowup.yaml.tmp" "$home/pipelines/blowup/pipeline.yaml"
aside "$home/jobs"
port=$(sed -n 's/^  port: //p' "$home/config.yaml")
start_daemon "$build" "$home" "$port"
blow=$(python3 -c 'import json; print(json.dumps({"a": list(range(200)), "s": "x" * 100}), end="")')
blow_json=$(printf '%s' "$blow" | python3 -c 'import json,sys; print(json.dumps(sys.stdin.read()))')
node "$here/probe.js" "http://127.0.0.1:$port/healthz" "$seconds" > "$tmp/probe-render.json" &
probe=$!
node "$here/drive.js" "{\"base\":\"http://127.0.0.1:$port\",\"n\":1000000,\"concurrency\":2,\"deadline_s\":$seconds,\"body\":$blow_json,\"targets\":[{\"path\":\"/hooks/blowup\",\"signature\":\"-\"}]}" > "$tmp/drive-render.json"
wait "$probe"
render_p99=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["p99_ms"])' "$tmp/probe-render.json")
renders=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["sent"])' "$tmp/drive-render.json")
stop_daemon

cell() { local -n m=$1; echo "${m[$2]:-n/a}"; }
report "### 7. The job core: approval pipeline, every 202 durable (wrk -t1 -c8, ${seconds}s, median of 3 rounds taking turns), $pending pending"
report ""
report "| measure | osprey | before the job store | ratio |"
report "|---|---|---|---|"
jobs_ratio=n/a
[ "$baseline" = - ] || jobs_ratio="$(ratio "${jobs_s[osprey]}" "${jobs_s[baseline]}")x"
report "| accepted jobs/s | ${jobs_s[osprey]} | $(cell jobs_s baseline) | $jobs_ratio |"
report "| /healthz p99 meanwhile, ms | ${p99[osprey]} | $(cell p99 baseline) | |"
report "| VmRSS, $pending pending, 1 KiB bodies, MiB | ${rss1[osprey]} | $(cell rss1 baseline) | |"
report "| VmRSS, $pending pending, 16 KiB bodies, MiB | ${rss16[osprey]} | $(cell rss16 baseline) | |"
report "| restart with $pending pending to the first 202, ms (median of 3) | ${restart_ms[osprey]} | $(cell restart_ms baseline) | |"
report "| /healthz p99 while $renders renders at their limits ran, ms | $render_p99 | | |"
report ""
if [ "$baseline" != - ]; then
	report "| goal: 5x the jobs/s of before | $(ratio "${jobs_s[osprey]}" "${jobs_s[baseline]}")x | $(goal "$(ge "$(ratio "${jobs_s[osprey]}" "${jobs_s[baseline]}")" 5)") |"
fi
report "| goal: /healthz p99 under load under 5 ms | ${p99[osprey]} ms | $(goal "$(le "${p99[osprey]}" 5)") |"
report "| goal: VmRSS with $pending pending under 15 MB | ${rss1[osprey]} / ${rss16[osprey]} MiB | $(goal "$(le "${rss16[osprey]}" 14.3)") |"
report "| goal: /healthz p99 during worst-case renders under 5 ms | $render_p99 ms | $(goal "$(le "$render_p99" 5)") |"
report "| goal: serving webhooks within 1 s of a restart | ${restart_ms[osprey]} ms | $(goal "$(le "${restart_ms[osprey]}" 1000)") |"
