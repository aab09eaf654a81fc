# Helpers shared by the daemon benchmarks (sourced, not run). Every figure a
# section reports goes through table/goal so scripts/bench can collect them.

BENCH_TOP=$(realpath "$(dirname "${BASH_SOURCE[0]}")/../../..")

# scratch NAME: a temporary directory $tmp (short: an engine's socket may
# live in it) and an array $pids of processes; at exit the processes are
# killed, an engine started by start_engine stopped and $tmp removed
scratch() {
	tmp=$(mktemp -d "/tmp/$1.XXXXXX")
	pids=()
	trap scratch_cleanup EXIT
	trap 'exit 130' INT TERM
}
scratch_cleanup() {
	for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
	wait 2>/dev/null || true
	if [ -d "$tmp/engine" ]; then
		bash "$BENCH_TOP/tests/support/engine.sh" stop "$tmp/engine" > /dev/null 2>&1 || true
	fi
	rm -rf "$tmp"
}

# start_engine: a private Podman engine under $tmp/engine with the test
# image (tests/support/engine.sh); sets $socket
start_engine() {
	socket=$(bash "$BENCH_TOP/tests/support/engine.sh" start "$tmp/engine")
	bash "$BENCH_TOP/tests/support/engine.sh" image "$tmp/engine" > /dev/null
}

BENCH_BODY='{"action":"opened","number":42,"ref":"refs/heads/ma"}' # 53 bytes, as tests/bench/http
BENCH_SECRET=bench-secret

free_port() { # a free loopback TCP port, chosen by the kernel
	python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

wait_port() { # port [seconds]: until something answers HTTP there
	timeout "${2:-20}" bash -c "until curl -s -o /dev/null http://127.0.0.1:$1/; do sleep 0.02; done"
}

median() { # numbers on stdin (spaces or lines) -> the median (lower middle)
	tr ' ' '\n' | grep -v '^$' | sort -g | awk '{ v[NR] = $1 } END { print (NR ? v[int((NR + 1) / 2)] : 0) }'
}

percentile() { # p, numbers on stdin -> nearest-rank percentile
	tr ' ' '\n' | grep -v '^$' | sort -g |
		awk -v p="$1" '{ v[NR] = $1 } END { if (!NR) { print 0; exit } i = int(NR * p / 100 + 0.999999); if (i < 1) i = 1; print v[i] }'
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }
ms() { awk -v us="$1" 'BEGIN { printf "%.2f", us / 1000 }'; }
kib_to_mib() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }

# goal <holds: 1/0> : PASS or MISS, never failing anything
goal() { if [ "$1" = 1 ]; then echo PASS; else echo MISS; fi; }
# ge a b / le a b: 1 when a >= b (a <= b)
ge() { awk -v a="$1" -v b="$2" 'BEGIN { print (a + 0 >= b + 0) ? 1 : 0 }'; }
le() { awk -v a="$1" -v b="$2" 'BEGIN { print (a + 0 <= b + 0) ? 1 : 0 }'; }

# CPU time (clock ticks) used so far by a process, its threads and its child
# processes (nginx's worker is the master's child)
cpu_ticks() {
	local t=0 p
	for p in "$1" $(pgrep -P "$1" || true); do
		t=$((t + $(awk '{ print $14 + $15 }' "/proc/$p/stat" 2>/dev/null || echo 0)))
	done
	echo "$t"
}
CLK_TCK=$(getconf CLK_TCK)

rss_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status"; }
fd_count() { ls "/proc/$1/fd" | wc -l; }

sign() { # secret body -> lowercase hex HMAC-SHA256
	printf %s "$2" | openssl dgst -sha256 -hmac "$1" | sed 's/.* //'
}

# report "text": a line of a section's final table, on stdout and in the
# results file when scripts/bench gave one
report() {
	printf '%s\n' "$*"
	if [ -n "${BENCH_RESULTS:-}" ]; then printf '%s\n' "$*" >> "$BENCH_RESULTS"; fi
}

# --- peers, configured as tests/bench/http/bench-http.sh configures them ---

# webhook_hooks FILE N: adnanh/webhook hooks; N=1 gives the single hook "bench"
# of bench-http.sh, N>1 hooks "bench-1".."bench-N"
webhook_hooks() {
	local file=$1 n=$2 i id
	{
		echo '['
		for i in $(seq "$n"); do
			if [ "$n" = 1 ]; then id=bench; else id=bench-$i; fi
			[ "$i" = 1 ] || echo ','
			cat <<JSON
{
  "id": "$id",
  "execute-command": "/bin/true",
  "trigger-rule-mismatch-http-response-code": 401,
  "trigger-rule": {"match": {"type": "payload-hmac-sha256", "secret": "$BENCH_SECRET-$i",
                             "parameter": {"source": "header", "name": "X-Signature"}}}
}
JSON
		done
		echo ']'
	} > "$file"
	if [ "$n" = 1 ]; then sed -i "s/$BENCH_SECRET-1/$BENCH_SECRET/" "$file"; fi
}

# nginx_conf DIR PORT: one worker (one event loop), `return 401`
nginx_conf() {
	local dir=$1 port=$2
	mkdir -p "$dir/logs"
	cat > "$dir/nginx.conf" <<CONF
worker_processes 1;
daemon off;
pid $dir/nginx.pid;
error_log $dir/logs/error.log;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path $dir/body;
  proxy_temp_path $dir/proxy;
  fastcgi_temp_path $dir/fastcgi;
  uwsgi_temp_path $dir/uwsgi;
  scgi_temp_path $dir/scgi;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:$port;
    default_type application/json;
    location / { return 401 '{"error":"The signature does not match the body."}'; }
  }
}
CONF
}
