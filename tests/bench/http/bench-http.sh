#!/bin/bash
# Benchmarks webhook ingest, in one run on loopback: Osprey's HttpServer
# (bench-http-server), adnanh/webhook with an equivalent payload-hmac-sha256
# rule, and nginx answering `return 401` (the ceiling for one event loop).
# Each gets `wrk -t2 -c64 -d<duration>` POSTing 53 bytes with a wrong
# signature. Bounded: every server is killed on exit, every step has a timeout.
#
# Usage: bench-http.sh <bench-http-server> [seconds per server, default 10] [rounds, default 1]
# With rounds > 1 the time is split into interleaved rounds (osprey, webhook,
# nginx, osprey, ...) and each figure is the median over rounds: on a shared,
# noisy machine that compares like with like far better than one long run each.
set -euo pipefail
server_exe=$(realpath "$1")
seconds=${2:-10}
rounds=${3:-1}
duration=$(awk -v s="$seconds" -v r="$rounds" 'BEGIN { printf "%.0f", (s / r < 1 ? 1 : s / r) }')s
here=$(dirname "$(realpath "$0")")
secret=bench-secret
for tool in wrk webhook nginx curl; do
	command -v "$tool" >/dev/null || { echo "bench-http: $tool is not installed" >&2; exit 77; }
done

tmp=$(mktemp -d)
pids=()
cleanup() {
	for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
	wait 2>/dev/null || true
	rm -rf "$tmp"
}
trap cleanup EXIT

free_port() { # a free loopback TCP port, chosen by the kernel
	python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}
wait_port() { # port: until it accepts, at most 10 s (connect attempts, not sleeps in between)
	timeout 10 bash -c "until curl -s -o /dev/null http://127.0.0.1:$1/; do :; done"
}

# Osprey
osprey_port=$(free_port)
"$server_exe" "$osprey_port" "$secret" > "$tmp/osprey.port" &
pids+=($!)

# adnanh/webhook: same rule (HMAC-SHA256 of the raw body in X-Signature).
# webhook 2.8 treats a wrong signature as a rule *error* and answers 500
# "Error occurred while evaluating hook rules." (trigger-rule-mismatch-http-
# response-code only covers rules that evaluate to false); the work done per
# request is the same, so the comparison stands. The table shows each status.
webhook_port=$(free_port)
cat > "$tmp/hooks.json" <<JSON
[{
  "id": "bench",
  "execute-command": "/bin/true",
  "trigger-rule-mismatch-http-response-code": 401,
  "trigger-rule": {"match": {"type": "payload-hmac-sha256", "secret": "$secret",
                             "parameter": {"source": "header", "name": "X-Signature"}}}
}]
JSON
webhook -hooks "$tmp/hooks.json" -ip 127.0.0.1 -port "$webhook_port" > "$tmp/webhook.log" 2>&1 &
pids+=($!)

# nginx: private prefix and config, one worker like one event loop.
nginx_port=$(free_port)
mkdir -p "$tmp/nginx/logs"
cat > "$tmp/nginx/nginx.conf" <<CONF
worker_processes 1;
daemon off;
pid $tmp/nginx/nginx.pid;
error_log $tmp/nginx/logs/error.log;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path $tmp/nginx/body;
  proxy_temp_path $tmp/nginx/proxy;
  fastcgi_temp_path $tmp/nginx/fastcgi;
  uwsgi_temp_path $tmp/nginx/uwsgi;
  scgi_temp_path $tmp/nginx/scgi;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:$nginx_port;
    default_type application/json;
    location / { return 401 '{"error":"The signature does not match the body."}'; }
  }
}
CONF
nginx -p "$tmp/nginx" -c "$tmp/nginx/nginx.conf" 2> "$tmp/nginx/stderr.log" &
pids+=($!)

wait_port "$osprey_port"
wait_port "$webhook_port"
wait_port "$nginx_port"

declare -A url=(
	[osprey]="http://127.0.0.1:$osprey_port/hooks/bench"
	[webhook]="http://127.0.0.1:$webhook_port/hooks/bench"
	[nginx]="http://127.0.0.1:$nginx_port/hooks/bench"
)
names=(osprey webhook nginx)
declare -A rps p50 p99 status

median() { tr ' ' '\n' | grep -v '^$' | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

for name in "${names[@]}"; do
	status[$name]=$(curl -s -o /dev/null -w '%{http_code}' -H 'X-Signature: 00' \
		--data-binary '{"action":"opened","number":42,"ref":"refs/heads/ma"}' "${url[$name]}")
done
declare -A all_rps all_p50 all_p99
for round in $(seq "$rounds"); do
	for name in "${names[@]}"; do
		line=$(timeout 120 wrk -t2 -c64 -d"$duration" -s "$here/post-wrong-signature.lua" \
			"${url[$name]}" | grep '^RESULT')
		echo "round $round $name: $line" >&2
		all_rps[$name]+=" $(sed -E 's/.*rps=([0-9]+).*/\1/' <<< "$line")"
		all_p50[$name]+=" $(sed -E 's/.*p50_us=([0-9]+).*/\1/' <<< "$line")"
		all_p99[$name]+=" $(sed -E 's/.*p99_us=([0-9]+).*/\1/' <<< "$line")"
	done
done
for name in "${names[@]}"; do
	rps[$name]=$(median <<< "${all_rps[$name]}")
	p50[$name]=$(median <<< "${all_p50[$name]}")
	p99[$name]=$(median <<< "${all_p99[$name]}")
done

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }
ms() { awk -v us="$1" 'BEGIN { printf "%.2f", us / 1000 }'; }

echo
echo "wrk -t2 -c64, $rounds round(s) of $duration per server; medians over rounds; load: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-8s %7s %12s %9s %9s %14s %14s %14s\n' server status requests/s p50_ms p99_ms rps/webhook p99/webhook rps/nginx
for name in "${names[@]}"; do
	printf '%-8s %7s %12s %9s %9s %14s %14s %14s\n' "$name" "${status[$name]}" "${rps[$name]}" \
		"$(ms "${p50[$name]}")" "$(ms "${p99[$name]}")" \
		"$(ratio "${rps[$name]}" "${rps[webhook]}")" "$(ratio "${p99[$name]}" "${p99[webhook]}")" \
		"$(ratio "${rps[$name]}" "${rps[nginx]}")"
done
echo
echo "goals: osprey rps/webhook >= 2.00, p99/webhook <= 0.50, rps/nginx >= 0.70"
