#!/bin/bash
# Section 2: idle memory. The daemon with 100 signed, templated webhook
# pipelines, and adnanh/webhook with 100 equivalent hooks, side by side: VmRSS
# (/proc/PID/status) after start and after 10,000 wrong-signature requests
# spread over the 100 paths (exact count, drive.js, 64 connections).
#
#   memory.sh BUILD_DIR [pipelines, default 100] [requests, default 10000]
set -euo pipefail
build=$(realpath "$1")
n=${2:-100}
requests=${3:-10000}
here=$(dirname "$(realpath "$0")")
. "$here/lib.sh"

scratch osprey-bench-memory

zeros=$(printf '0%.0s' {1..64})
targets() { # prefix: JSON targets bench-1..bench-n with a wrong signature
	local i sep=
	printf '['
	for i in $(seq "$n"); do printf '%s{"path":"%s%s","signature":"%s"}' "$sep" "$1" "$i" "$zeros"; sep=,; done
	printf ']'
}
body_json=$(printf '%s' "$BENCH_BODY" | python3 -c 'import json,sys; print(json.dumps(sys.stdin.read()))')
drive() { # base targets-JSON
	node "$here/drive.js" "{\"base\":\"$1\",\"n\":$requests,\"concurrency\":64,\"body\":$body_json,\"targets\":$2}"
}
statuses() { python3 -c 'import json,sys; d=json.loads(sys.argv[1]); print(" ".join(f"{k}:{v}" for k,v in sorted(d["status"].items())) + (f" errors:{d['"'"'errors'"'"']}" if d["errors"] else ""))' "$1"; }
breakdown() { # VmRSS's parts, and PSS / private (USS) from smaps_rollup, MiB
	awk '/^(RssAnon|RssFile):/ { printf "%s %.1f ", $1, $2 / 1024 }' "/proc/$1/status"
	awk '/^Pss:/ { p = $2 } /^Private_(Clean|Dirty):/ { u += $2 } END { printf "Pss: %.1f Private: %.1f", p / 1024, u / 1024 }' \
		"/proc/$1/smaps_rollup" 2>/dev/null
}

# the daemon
port=$(free_port)
bash "$here/gen-home.sh" "$tmp/home" "$n" port="$port" socket="$tmp/no-engine.sock"
OSPREY_HOME=$tmp/home OSPREY_WORKER=$build/worker/osprey-worker \
	"$build/cli/osprey" start > "$tmp/osprey.out" 2> "$tmp/osprey.err" &
osprey_pid=$!
pids+=("$osprey_pid")
wait_port "$port" || { cat "$tmp/osprey.err" >&2; exit 1; }
sleep 1
osprey_start=$(rss_kib "$osprey_pid")
osprey_fd_start=$(fd_count "$osprey_pid")
osprey_break_start=$(breakdown "$osprey_pid")
osprey_drive=$(drive "http://127.0.0.1:$port" "$(targets /hooks/bench-)")
sleep 1
osprey_after=$(rss_kib "$osprey_pid")
osprey_fd_after=$(fd_count "$osprey_pid")
osprey_break_after=$(breakdown "$osprey_pid")
cp "/proc/$osprey_pid/smaps" "$tmp/osprey.smaps" 2>/dev/null || true

# the floor: tests/bench/http's bench-http-server (HttpServer + HMAC, no configuration)
sport=$(free_port)
"$build/tests/bench/http/bench-http-server" "$sport" "$BENCH_SECRET" > /dev/null &
server_pid=$!
pids+=("$server_pid")
wait_port "$sport"
sleep 1
server_start=$(rss_kib "$server_pid")
server_drive=$(drive "http://127.0.0.1:$sport" "[{\"path\":\"/hooks/bench\",\"signature\":\"$zeros\"}]")
sleep 1
server_after=$(rss_kib "$server_pid")

# adnanh/webhook
wport=$(free_port)
webhook_hooks "$tmp/hooks.json" "$n"
webhook -hooks "$tmp/hooks.json" -ip 127.0.0.1 -port "$wport" > "$tmp/webhook.log" 2>&1 &
webhook_pid=$!
pids+=("$webhook_pid")
wait_port "$wport"
sleep 1
webhook_start=$(rss_kib "$webhook_pid")
webhook_drive=$(drive "http://127.0.0.1:$wport" "$(targets /hooks/bench-)")
sleep 1
webhook_after=$(rss_kib "$webhook_pid")

report "### 2. Idle memory, $n signed pipelines / hooks, VmRSS after start and after $requests wrong-signature requests"
report ""
report '```'
report "$(printf '%-8s %13s %13s %11s  %s' server 'start MiB' "after-${requests} MiB" growth 'answers')"
report "$(printf '%-8s %13s %13s %11s  %s' osprey "$(kib_to_mib "$osprey_start")" "$(kib_to_mib "$osprey_after")" \
	"$(kib_to_mib $((osprey_after - osprey_start)))" "$(statuses "$osprey_drive")")"
report "$(printf '%-8s %13s %13s %11s  %s' webhook "$(kib_to_mib "$webhook_start")" "$(kib_to_mib "$webhook_after")" \
	"$(kib_to_mib $((webhook_after - webhook_start)))" "$(statuses "$webhook_drive")")"
report "$(printf '%-8s %13s %13s %11s  %s' httpsrv "$(kib_to_mib "$server_start")" "$(kib_to_mib "$server_after")" \
	"$(kib_to_mib $((server_after - server_start)))" "$(statuses "$server_drive") (1 route; HttpServer+HMAC only, the floor)")"
report '```'
report ""
report "osprey RSS parts (MiB): start: $osprey_break_start; after: $osprey_break_after; descriptors $osprey_fd_start -> $osprey_fd_after"
if [ -s "$tmp/osprey.smaps" ]; then
	report "osprey's largest mappings by RSS after the requests (KiB):"
	report '```'
	while IFS= read -r line; do report "$line"; done < <(awk '
		/^[0-9a-f]+-[0-9a-f]+ / { name = ($6 == "" ? "[anon]" : $6) }
		/^Rss:/ { rss[name] += $2 }
		END { for (m in rss) if (rss[m] > 0) printf "%8d  %s\n", rss[m], m }' "$tmp/osprey.smaps" | sort -rn | head -8)
	report '```'
	# file-backed (code and libraries, shared with any other process that
	# maps them) against anonymous (heap, stacks: the daemon's own)
	report "$(awk '
		/^[0-9a-f]+-[0-9a-f]+ / { name = ($6 == "" || $6 ~ /^\[/) ? "" : $6 }
		/^Rss:/ { if (name == "") a += $2; else { f += $2; libs[name] = 1 } }
		END { n = 0; for (l in libs) n++
		      printf "osprey RSS by origin: %d mapped files (its executable and shared libraries) %.1f MiB; heap, stacks and other anonymous memory %.1f MiB", n, f / 1024, a / 1024 }' "$tmp/osprey.smaps")"
fi
report ""
report "| goal | figure | result |"
report "|---|---|---|"
report "| osprey RSS after start < 8 MB | $(kib_to_mib "$osprey_start") MiB | $(goal "$(awk -v k="$osprey_start" 'BEGIN { print (k * 1024 < 8e6) ? 1 : 0 }')") |"
report "| osprey RSS after $requests requests < 8 MB | $(kib_to_mib "$osprey_after") MiB | $(goal "$(awk -v k="$osprey_after" 'BEGIN { print (k * 1024 < 8e6) ? 1 : 0 }')") |"
report ""
