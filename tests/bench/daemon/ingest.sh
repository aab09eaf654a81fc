#!/bin/bash
# Section 1 (and 6, server-only): webhook ingest, side by side in one run on
# loopback. wrk -t2 -c64 POSTs 53 bytes with a wrong HMAC signature
# (tests/bench/http/post-wrong-signature.lua) at:
#   osprey      the real daemon, `osprey start`, one signed pipeline
#   httpserver  tests/bench/http's bench-http-server (HttpServer + HMAC only)
#   webhook     adnanh/webhook, payload-hmac-sha256 rule (as bench-http.sh)
#   nginx       `return 401`, one worker (as bench-http.sh)
# Rounds are interleaved (osprey, httpserver, webhook, nginx, osprey, ...);
# each figure is the median over rounds.
#
#   ingest.sh BUILD_DIR [seconds per run, default 10] [rounds, default 3]
set -euo pipefail
build=$(realpath "$1")
seconds=${2:-10}
rounds=${3:-3}
here=$(dirname "$(realpath "$0")")
. "$here/lib.sh"
lua=$BENCH_TOP/tests/bench/http/post-wrong-signature.lua

scratch osprey-bench-ingest

# the daemon: one signed pipeline, engine not needed for 401s
osprey_port=$(free_port)
bash "$here/gen-home.sh" "$tmp/home" 1 port="$osprey_port" socket="$tmp/no-engine.sock"
OSPREY_HOME=$tmp/home OSPREY_WORKER=$build/worker/osprey-worker \
	"$build/cli/osprey" start > "$tmp/osprey.out" 2> "$tmp/osprey.err" &
osprey_pid=$!
pids+=("$osprey_pid")

server_port=$(free_port)
"$build/tests/bench/http/bench-http-server" "$server_port" "$BENCH_SECRET" > /dev/null &
server_pid=$!
pids+=("$server_pid")

webhook_port=$(free_port)
webhook_hooks "$tmp/hooks.json" 1
webhook -hooks "$tmp/hooks.json" -ip 127.0.0.1 -port "$webhook_port" > "$tmp/webhook.log" 2>&1 &
webhook_pid=$!
pids+=("$webhook_pid")

nginx_port=$(free_port)
nginx_conf "$tmp/nginx" "$nginx_port"
nginx -p "$tmp/nginx" -c "$tmp/nginx/nginx.conf" 2> "$tmp/nginx/stderr.log" &
nginx_pid=$!
pids+=("$nginx_pid")

for p in "$osprey_port" "$server_port" "$webhook_port" "$nginx_port"; do
	wait_port "$p" || { echo "ingest: nothing answers on port $p" >&2; cat "$tmp/osprey.err" >&2; exit 1; }
done

names=(osprey httpserver webhook nginx)
declare -A url=(
	[osprey]="http://127.0.0.1:$osprey_port/hooks/bench"
	[httpserver]="http://127.0.0.1:$server_port/hooks/bench"
	[webhook]="http://127.0.0.1:$webhook_port/hooks/bench"
	[nginx]="http://127.0.0.1:$nginx_port/hooks/bench"
)
declare -A pid=([osprey]=$osprey_pid [httpserver]=$server_pid [webhook]=$webhook_pid [nginx]=$nginx_pid)
declare -A status all_rps all_p50 all_p99 all_cpu errors
for name in "${names[@]}"; do
	status[$name]=$(curl -s -o /dev/null -w '%{http_code}' -H "X-Signature: $(printf '0%.0s' {1..64})" \
		--data-binary "$BENCH_BODY" "${url[$name]}")
	# a short warm-up (connection set-up, first allocations), not counted
	timeout 30 wrk -t2 -c64 -d1s -s "$lua" "${url[$name]}" > /dev/null
done

for round in $(seq "$rounds"); do
	for name in "${names[@]}"; do
		ticks=$(cpu_ticks "${pid[$name]}")
		line=$(timeout $((seconds + 30)) wrk -t2 -c64 -d"${seconds}s" -s "$lua" "${url[$name]}" | grep '^RESULT')
		ticks=$(( $(cpu_ticks "${pid[$name]}") - ticks ))
		# the server's CPU time per request: far less noisy than requests/s here
		cpu=$(awk -v t="$ticks" -v hz="$CLK_TCK" -v n="$(sed -E 's/.*requests=([0-9]+).*/\1/' <<< "$line")" \
			'BEGIN { printf "%.1f", (n > 0 ? t / hz * 1e6 / n : 0) }')
		echo "  ingest round $round $name: $line cpu_us_per_request=$cpu" >&2
		all_cpu[$name]+=" $cpu"
		all_rps[$name]+=" $(sed -E 's/.*rps=([0-9]+).*/\1/' <<< "$line")"
		all_p50[$name]+=" $(sed -E 's/.*p50_us=([0-9]+).*/\1/' <<< "$line")"
		all_p99[$name]+=" $(sed -E 's/.*p99_us=([0-9]+).*/\1/' <<< "$line")"
		errors[$name]=$(( ${errors[$name]:-0} + $(sed -E 's/.*errors=([0-9]+).*/\1/' <<< "$line") ))
	done
done

declare -A rps p50 p99 cpu
for name in "${names[@]}"; do
	cpu[$name]=$(median <<< "${all_cpu[$name]}")
	rps[$name]=$(median <<< "${all_rps[$name]}")
	p50[$name]=$(median <<< "${all_p50[$name]}")
	p99[$name]=$(median <<< "${all_p99[$name]}")
done

report "### 1. Webhook ingest (wrong signature), wrk -t2 -c64, $rounds x ${seconds}s per server, interleaved, medians"
report ""
report "load before: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
report ""
report '```'
report "$(printf '%-11s %6s %11s %8s %8s %11s %11s %9s %11s %6s  %s' server status requests/s p50_ms p99_ms rps/webhook p99/webhook rps/nginx cpu_us/req errors 'rps per round')"
for name in "${names[@]}"; do
	report "$(printf '%-11s %6s %11s %8s %8s %11s %11s %9s %11s %6s  %s' "$name" "${status[$name]}" "${rps[$name]}" \
		"$(ms "${p50[$name]}")" "$(ms "${p99[$name]}")" \
		"$(ratio "${rps[$name]}" "${rps[webhook]}")" "$(ratio "${p99[$name]}" "${p99[webhook]}")" \
		"$(ratio "${rps[$name]}" "${rps[nginx]}")" "${cpu[$name]}" "${errors[$name]}" "${all_rps[$name]# }")"
done
report '```'
report ""
r_w=$(ratio "${rps[osprey]}" "${rps[webhook]}")
p_w=$(ratio "${p99[osprey]}" "${p99[webhook]}")
r_n=$(ratio "${rps[osprey]}" "${rps[nginx]}")
report "| goal (osprey daemon) | figure | result |"
report "|---|---|---|"
report "| requests/s >= 2x webhook | $r_w x | $(goal "$(ge "$r_w" 2)") |"
report "| p99 <= half of webhook's | $p_w x | $(goal "$(le "$p_w" 0.5)") |"
report "| requests/s >= 70% of nginx | $(awk -v r="$r_n" 'BEGIN { printf "%.0f%%", r * 100 }') | $(goal "$(ge "$r_n" 0.7)") |"
report "| (server only: httpserver/nginx requests/s) | $(ratio "${rps[httpserver]}" "${rps[nginx]}") x | info |"
report "| (the ceiling's tail: nginx p99/webhook's) | $(ratio "${p99[nginx]}" "${p99[webhook]}") x | info |"
report ""
[ "${status[osprey]}" = 401 ] || report "WARNING: the daemon answered ${status[osprey]}, not 401"
report "daemon RSS after the runs: $(kib_to_mib "$(rss_kib "$osprey_pid")") MiB; log lines written: $(wc -l < "$tmp/osprey.err")"
report ""
