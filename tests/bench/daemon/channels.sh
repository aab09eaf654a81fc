#!/bin/bash
# Section 8: the channels, side by side in one run, against tests/peers'
# Telegram and Slack emulators (plain HTTP on loopback):
#   a. webhook ingest with a Telegram channel configured against the stdout
#      channel: wrk -t2 -c64 wrong-signature requests (401), and accepted jobs
#      per second on an approval pipeline (wrk -t1 -c8, every 202 durable and
#      then announced); rounds interleaved, medians
#   b. idle VmRSS with 100 pipelines: all stdout, against half Telegram and
#      half Slack (one bot polling, one Socket Mode connection open)
#   c. an Approve press in Telegram to the job's container running, against
#      the engine's own create+start of the same image (a private Podman)
#
#   channels.sh BUILD_DIR [seconds per run, default 10] [rounds, default 3]
set -euo pipefail
build=$(realpath "$1")
seconds=${2:-10}
rounds=${3:-3}
here=$(dirname "$(realpath "$0")")
. "$here/lib.sh"
scratch osprey-bench-channels
EXTRA_PIDS=() # peers.sh adds its peers here; scratch's trap kills them
. "$BENCH_TOP/tests/peers/peers.sh"
lua=$BENCH_TOP/tests/bench/http/post-wrong-signature.lua

peer_start TG telegram-api --token 123456:bench --chat -100 > /dev/null
peer_start SL slack-api --bot-token xoxb-bench --app-token xapp-bench --channel C0BENCH > /dev/null
pids+=("${EXTRA_PIDS[@]}")

start_daemon() { # home port -> $daemon
	OSPREY_HOME=$1 OSPREY_WORKER=$build/worker/osprey-worker \
		"$build/cli/osprey" start > /dev/null 2>> "$1/osprey.err" &
	daemon=$!
	pids+=("$daemon")
	wait_port "$2" 60 || { tail -5 "$1/osprey.err" >&2; return 1; }
}
stop_daemon() { kill -TERM "$daemon" 2>/dev/null || true; wait "$daemon" 2>/dev/null || true; }

# --- a. ingest -----------------------------------------------------------
body='{"action":"opened","number":42,"ref":"refs/heads/main","pad":"'$(head -c 900 /dev/zero | tr '\0' x)'"}'
sig=$(sign "$BENCH_SECRET" "$body")
cat > "$tmp/post.lua" <<LUA
wrk.method = "POST"
wrk.body = [[$body]]
wrk.headers["Content-Type"] = "application/json"
wrk.headers["X-Signature"] = "$sig"
done = function(summary, latency, requests)
  io.write(string.format("RESULT %d %d %.3f\n", summary.requests, summary.errors.status, summary.duration / 1e6))
end
LUA
declare -A rps jobs
for name in stdout telegram; do
	port=$(free_port)
	bash "$here/gen-home.sh" "$tmp/$name" 1 port="$port" socket="$tmp/no-engine.sock" approval=1 \
		max_pending=1000000 channel="$name" telegram_url="$TG_URL" slack_url="$SL_URL"
	echo "$port" > "$tmp/$name.port"
done
for round in $(seq "$rounds"); do
	for name in stdout telegram; do
		port=$(cat "$tmp/$name.port")
		rm -rf "$tmp/$name/jobs"
		start_daemon "$tmp/$name" "$port"
		r=$(wrk -t2 -c64 -d"${seconds}s" -s "$lua" "http://127.0.0.1:$port/hooks/bench" | awk '/Requests\/sec/ { print $2 }')
		rps[$name]="${rps[$name]:-} $r"
		line=$(wrk -t1 -c8 -d"${seconds}s" -s "$tmp/post.lua" "http://127.0.0.1:$port/hooks/bench" | grep '^RESULT')
		read -r _ requests bad duration <<< "$line"
		jobs[$name]="${jobs[$name]:-} $(awk -v r="$requests" -v b="$bad" -v d="$duration" 'BEGIN { printf "%.0f", (r - b) / d }')"
		stop_daemon
	done
done
announced=$(peer_get TG '/_test/calls?method=sendMessage' | jq length)

# --- b. idle memory ---------------------------------------------------------
declare -A rss
for name in stdout mixed; do
	port=$(free_port)
	bash "$here/gen-home.sh" "$tmp/mem-$name" 100 port="$port" socket="$tmp/no-engine.sock" \
		channel="$name" telegram_url="$TG_URL" slack_url="$SL_URL"
	start_daemon "$tmp/mem-$name" "$port"
	if [ "$name" = mixed ]; then
		peer_wait TG getUpdates 1 20000 > /dev/null
		timeout 20 bash -c "until [ \"\$(curl -s $SL_URL/_test/connections | jq .open)\" -ge 1 ]; do sleep 0.05; done"
	fi
	sleep 2
	rss[$name]=$(kib_to_mib "$(rss_kib "$daemon")")
	stop_daemon
done

# --- c. press to container start --------------------------------------------
start_engine
port=$(free_port)
bash "$here/gen-home.sh" "$tmp/press" 1 port="$port" socket="$socket" approval=1 prompt="SLEEP 30" \
	channel=telegram telegram_url="$TG_URL"
start_daemon "$tmp/press" "$port"
jobfile() { echo "$tmp/press/jobs/$1/job.json"; }
# started_ns CONTAINER: when the engine says it started, in ns since the
# epoch (StartedAt, whether or not it still runs: a command that exits at
# once has started too); waits up to 10 s for it to be set
started_ns() {
	local started=
	for _ in $(seq 500); do
		started=$(curl -s --unix-socket "$socket" "http://d/v1.41/containers/$1/json" |
			jq -r '.State.StartedAt // "" | select(startswith("0001") | not)')
		[ -n "$started" ] && break
		sleep 0.02
	done
	[ -n "$started" ] && date -d "$started" +%s%N
}
press_ms=() engine_ms=()
for i in $(seq 5); do
	curl -s -o "$tmp/resp" -H 'Content-Type: application/json' -H "X-Signature: $sig" \
		--data-binary "$body" "http://127.0.0.1:$port/hooks/bench"
	job=$(jq -r .job "$tmp/resp")
	timeout 30 bash -c "until curl -s '$TG_URL/_test/messages?chat_id=-100' | jq -e --arg j $job '[.[] | select(.text | contains(\$j))] | length > 0' > /dev/null; do sleep 0.05; done"
	m=$(curl -s "$TG_URL/_test/messages?chat_id=-100" | jq --arg j "$job" '[.[] | select(.text | contains($j))][0].message_id')
	t0=$(date +%s%N)
	curl -s -o /dev/null -H 'Content-Type: application/json' -X POST \
		-d "{\"chat_id\":-100,\"message_id\":$m,\"user_id\":42,\"data\":\"approve:$job\"}" "$TG_URL/_test/press"
	until [ "$(jq -r .state "$(jobfile "$job")" 2>/dev/null)" = running ]; do sleep 0.01; done
	# when the engine says the container started (the worker reports
	# "running" once it is created, before it starts)
	cid=$(jq -r .container "$(jobfile "$job")")
	t1=$(started_ns "$cid")
	press_ms+=($(( (t1 - t0) / 1000000 )))
	"$build/cli/osprey" cancel "$job" > /dev/null 2>&1 || true
	# the engine alone: create and start the same image, as the worker
	# does (no network), until its StartedAt
	e0=$(date +%s%N)
	id=$(curl -s --unix-socket "$socket" -H 'Content-Type: application/json' -X POST \
		-d '{"Image":"localhost/osprey-test-agent:latest","Cmd":["sleep","30"],"HostConfig":{"NetworkMode":"none"}}' \
		http://d/v1.41/containers/create | jq -r .Id)
	curl -s --unix-socket "$socket" -X POST "http://d/v1.41/containers/$id/start" > /dev/null
	if e1=$(started_ns "$id"); then
		engine_ms+=($(( (e1 - e0) / 1000000 )))
	else
		echo "channels: the engine-only container ($id) never started" >&2
	fi
	curl -s --unix-socket "$socket" -X DELETE "http://d/v1.41/containers/$id?force=true" > /dev/null
	timeout 60 bash -c "until [ \"\$(jq -r .state '$(jobfile "$job")')\" = cancelled ]; do sleep 0.05; done" || true
done
stop_daemon
press_med=$(echo "${press_ms[@]}" | median)
engine_med=$(echo "${engine_ms[@]}" | median)
own=n/a
[ "${#engine_ms[@]}" -gt 0 ] && own=$((press_med - engine_med))

report "### 8. Channels: a chat channel against stdout, side by side (emulators of Telegram and Slack on loopback)"
report ""
report "| measure | stdout channel | telegram channel | ratio |"
report "|---|---|---|---|"
r_s=$(echo "${rps[stdout]}" | median) r_t=$(echo "${rps[telegram]}" | median)
j_s=$(echo "${jobs[stdout]}" | median) j_t=$(echo "${jobs[telegram]}" | median)
report "| ingest, 401s/s (wrk -t2 -c64, median of $rounds) | $r_s | $r_t | $(ratio "$r_t" "$r_s") |"
report "| accepted approval jobs/s, each announced (wrk -t1 -c8) | $j_s | $j_t | $(ratio "$j_t" "$j_s") |"
report "| idle VmRSS, 100 pipelines, MiB (stdout / half Telegram, half Slack, connected) | ${rss[stdout]} | ${rss[mixed]} | |"
report "| Approve press to the container started (the engine's StartedAt), ms (median of 5) | | $press_med | |"
report "| the engine's own create+start, ms (median of 5) | | $engine_med | |"
report ""
report "($announced announcements reached the Telegram emulator, paced at one per 3 s for a group; the rest waited in the queue.)"
report ""
report "| goal: ingest with a chat channel within 10% of stdout | $(ratio "$r_t" "$r_s") / $(ratio "$j_t" "$j_s") | $(goal "$(ge "$(ratio "$r_t" "$r_s")" 0.9)") $(goal "$(ge "$(ratio "$j_t" "$j_s")" 0.9)") |"
report "| goal: idle VmRSS with Telegram and Slack connected at most 12 MiB | ${rss[mixed]} MiB | $(goal "$(le "${rss[mixed]}" 12)") |"
if [ "$own" = n/a ]; then
	report "| goal: press to container start under 100 ms over the engine's create+start | not measured: the engine-only start failed | n/a |"
else
	report "| goal: press to container start under 100 ms over the engine's create+start | ${own} ms | $(goal "$(le "$own" 100)") |"
fi
