#!/bin/bash
# Section 4: a flood of correctly signed requests. container.max_concurrent 3,
# a pipeline whose agent sleeps (SLEEP n in the prompt), and exactly N
# (default 10,000) signed POSTs over 64 connections (drive.js), bounded by a
# time cap. Expected: 3 jobs run, every other request is answered 429 (and
# recorded as a rejected job). /healthz is timed once a second meanwhile (how
# long the loop is held). Then the daemon's descriptors and RSS against before
# the flood: with the 3 jobs still live, and after they are cancelled and
# ended. Then the daemon is stopped (SIGTERM) and the time it takes reported.
#
# The agents sleep longer than the flood may last (default 600 s, cancelled
# right after it), so "exactly 3 run" tests the slot accounting alone: each
# 429 is a recorded job (several fsyncs), and on a busy disk 10,000 of them
# take longer than a 30 s agent would run.
#
#   flood.sh BUILD_DIR [requests, default 10000] [agent sleep s, default 600] [cap s, default 300]
set -euo pipefail
build=$(realpath "$1")
requests=${2:-10000}
sleep_s=${3:-600}
cap_s=${4:-300}
here=$(dirname "$(realpath "$0")")
. "$here/lib.sh"

scratch obf

start_engine

port=$(free_port)
export OSPREY_HOME=$tmp/home
bash "$here/gen-home.sh" "$OSPREY_HOME" 1 port="$port" socket="$socket" max_concurrent=3 prompt="SLEEP $sleep_s"
OSPREY_WORKER=$build/worker/osprey-worker "$build/cli/osprey" start > "$tmp/osprey.out" 2> "$tmp/osprey.err" &
osprey_pid=$!
pids+=("$osprey_pid")
wait_port "$port" || { cat "$tmp/osprey.err" >&2; exit 1; }
sleep 1
fd_before=$(fd_count "$osprey_pid")
rss_before=$(rss_kib "$osprey_pid")

signature=$(sign "$BENCH_SECRET" "$BENCH_BODY")
opts=$(python3 -c 'import json,sys; print(json.dumps({"base": sys.argv[1], "n": int(sys.argv[2]), "concurrency": 64,
	"body": sys.argv[3], "targets": [{"path": "/hooks/bench", "signature": sys.argv[4]}], "deadline_s": int(sys.argv[5])}))' \
	"http://127.0.0.1:$port" "$requests" "$BENCH_BODY" "$signature" "$cap_s")
# /healthz once a second during the flood: how long the event loop is held
( while :; do curl -s -o /dev/null -w '%{time_total}\n' --max-time 30 "http://127.0.0.1:$port/healthz" || echo 30; sleep 1; done ) \
	> "$tmp/healthz.times" 2>/dev/null &
probe_pid=$!
pids+=("$probe_pid")
drive=$(timeout $((cap_s + 120)) node "$here/drive.js" "$opts")
kill "$probe_pid" 2>/dev/null || true

engine_list() { # filters-JSON -> number of containers
	curl -s --unix-socket "$socket" -G "http://d/v1.41/containers/json" --data-urlencode "all=true" \
		--data-urlencode "filters=$1" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))'
}
job_states() { # state:count of every job record
	python3 - "$OSPREY_HOME/jobs" <<'PY'
import collections, json, os, sys
c = collections.Counter()
for d in os.listdir(sys.argv[1]):
    try:
        c[json.load(open(os.path.join(sys.argv[1], d, "job.json")))["state"]] += 1
    except (OSError, ValueError, KeyError):
        c["unreadable"] += 1
print(" ".join(f"{k}:{v}" for k, v in sorted(c.items())))
PY
}
live_jobs() { # ids of the jobs not in a final state
	python3 - "$OSPREY_HOME/jobs" <<'PY'
import json, os, sys
for d in sorted(os.listdir(sys.argv[1])):
    try:
        if json.load(open(os.path.join(sys.argv[1], d, "job.json")))["state"] in ("starting", "preparing", "running"):
            print(d)
    except (OSError, ValueError, KeyError):
        pass
PY
}

# the 3 agents should be up by now (the flood takes seconds); give them a moment
for _ in $(seq 100); do
	[ "$(engine_list '{"label":["osprey.job"],"status":["running"]}')" -ge 3 ] && break
	sleep 0.1
done
running=$(engine_list '{"label":["osprey.job"],"status":["running"]}')
containers=$(engine_list '{"label":["osprey.job"]}')
states_during=$(job_states)
fd_live=$(fd_count "$osprey_pid")
rss_live=$(rss_kib "$osprey_pid")

# end the 3 live jobs (cancel), then the same figures with nothing live
for id in $(live_jobs); do "$build/cli/osprey" cancel "$id" > /dev/null 2>&1 || true; done
for _ in $(seq 300); do [ -z "$(live_jobs)" ] && break; sleep 0.1; done
sleep 1
fd_after=$(fd_count "$osprey_pid")
rss_after=$(rss_kib "$osprey_pid")
states_after=$(job_states)

stop_start=$(date +%s.%N)
kill -TERM "$osprey_pid"
for _ in $(seq 300); do kill -0 "$osprey_pid" 2>/dev/null || break; sleep 0.05; done
stopped=no
kill -0 "$osprey_pid" 2>/dev/null || stopped=yes
stop_s=$(awk -v a="$stop_start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')

read -r sent n202 n429 nother rps seconds capped <<< "$(python3 -c '
import json, sys
d = json.loads(sys.argv[1]); s = d["status"]
other = sum(v for k, v in s.items() if k not in ("202", "429")) + d["errors"]
print(d["sent"], s.get("202", 0), s.get("429", 0), other, d["rps"], round(d["seconds"], 1), "yes" if d["capped"] else "no")' "$drive")"
hz_med=$(awk '{ print $1 * 1000 }' "$tmp/healthz.times" | median)
hz_max=$(awk '{ print $1 * 1000 }' "$tmp/healthz.times" | sort -g | tail -1)
hz_n=$(wc -l < "$tmp/healthz.times")

report "### 4. Flood: $requests correctly signed requests, 64 connections, max_concurrent 3, agents sleeping ${sleep_s} s (cancelled after)"
report ""
report '```'
report "answers:             202: $n202  429: $n429  other/errors: $nother  (sent $sent in $seconds s, $rps requests/s; time cap ${cap_s} s hit: $capped)"
report "/healthz meanwhile:  median $(printf '%.0f' "$hz_med") ms, max $(printf '%.0f' "$hz_max") ms ($hz_n probes)"
report "containers:          running $running, existing $containers (engine, label osprey.job)"
report "job records:         during: $states_during"
report "                     after cancelling the live ones: $states_after"
report "descriptors:         before $fd_before, during (3 live) $fd_live, after $fd_after"
report "RSS (MiB):           before $(kib_to_mib "$rss_before"), during $(kib_to_mib "$rss_live"), after $(kib_to_mib "$rss_after")"
report "stop (SIGTERM):      exited: $stopped after $stop_s s"
report '```'
report ""
report "| goal | figure | result |"
report "|---|---|---|"
report "| exactly 3 jobs run | $running containers running, $n202 accepted | $(goal "$([ "$running" = 3 ] && [ "$n202" = 3 ] && echo 1 || echo 0)") |"
report "| all others get 429 | $n429 of $((sent - 3)) | $(goal "$([ "$n429" = $((sent - 3)) ] && echo 1 || echo 0)") |"
report "| all $requests requests sent within ${cap_s} s | $sent | $(goal "$([ "$sent" = "$requests" ] && echo 1 || echo 0)") |"
report "| no descriptor growth | $fd_before -> $fd_after | $(goal "$([ "$fd_after" -le "$fd_before" ] && echo 1 || echo 0)") |"
report "| no RSS growth beyond 1 MiB | +$(kib_to_mib $((rss_after - rss_before))) MiB | $(goal "$([ $((rss_after - rss_before)) -le 1024 ] && echo 1 || echo 0)") |"
report "| the daemon stops | $stopped, $stop_s s | $(goal "$([ "$stopped" = yes ] && echo 1 || echo 0)") |"
report ""
