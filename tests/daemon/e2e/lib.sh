# End-to-end tests of the daemon: each script sources this, gets a private
# Podman engine (tests/support/engine.sh), a temporary OSPREY_HOME, and runs
# the built `osprey start` with the real osprey-worker on a free loopback
# port. Checks speak TAP. Nothing here sleeps to synchronise: every wait polls
# a condition with a bound (the machines are small and loaded).
#
# Needs: $OSPREY, $OSPREY_WORKER (set by meson), podman/runc/busybox-static
# (tests/support/README.md), curl, git, node.
set -u

OSPREY=${OSPREY:?OSPREY must point at the built osprey binary}
OSPREY_WORKER=${OSPREY_WORKER:?OSPREY_WORKER must point at the built osprey-worker}
E2E_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ENGINE_SH=$E2E_DIR/../../support/engine.sh
IMAGE=localhost/osprey-test-agent:latest

# Short: the engine's and the daemon's unix sockets live under it.
T=$(mktemp -d /tmp/osprey-e2e-XXXXXX)
chmod 755 "$T"
export OSPREY_HOME="$T/home"
export HOME="$T/user"
mkdir -p "$OSPREY_HOME/pipelines" "$HOME" "$T/oauth"
ENGINE_DIR=$T/engine
SOCK=
PORT=
BASE=
DAEMON_PID=
EXTRA_PIDS=() # processes a test started and must not outlive it

_n=0
_failed=0
ok() { _n=$((_n + 1)); echo "ok $_n - $1"; }
not_ok() {
	_n=$((_n + 1)); _failed=$((_failed + 1))
	echo "not ok $_n - $1"
	shift
	local line
	for line in "$@"; do printf '#   %s\n' "$line"; done
}
note() { printf '# %s\n' "$*"; }
bail() {
	echo "Bail out! $*"
	exit 1
}
check() { # description command...: ok when the command succeeds
	local what=$1
	shift
	if "$@"; then ok "$what"; else not_ok "$what" "failed: $*"; fi
}
expect_eq() { # actual expected description
	if [ "$1" = "$2" ]; then ok "$3"; else not_ok "$3" "expected: $2" "actual:   $1"; fi
}
expect_contains() { # haystack needle description
	case "$1" in
	*"$2"*) ok "$3" ;;
	*) not_ok "$3" "expected to find: $2" "in: $1" ;;
	esac
}
expect_not_contains() { # haystack needle description
	case "$1" in
	*"$2"*) not_ok "$3" "did not expect: $2" "in: $1" ;;
	*) ok "$3" ;;
	esac
}
done_testing() {
	echo "1..$_n"
	[ "$_failed" -eq 0 ]
}

# json EXPR: evaluates a JavaScript expression on `j`, the JSON on stdin;
# strings print bare, anything else as JSON ("undefined" when missing).
json() {
	node -e 'let j; try { j = JSON.parse(require("fs").readFileSync(0, "utf8")); } catch (e) { console.log("<not json>"); process.exit(0); }
const v = (function () { return eval(process.argv[1]); })();
console.log(v === undefined ? "undefined" : typeof v === "string" ? v : JSON.stringify(v));' "$1"
}

# wait_until SECONDS COMMAND...: polls COMMAND (every 0.1 s) until it
# succeeds; fails after SECONDS.
wait_until() {
	local limit=$1
	shift
	local deadline=$((SECONDS + limit))
	until "$@"; do
		[ "$SECONDS" -lt "$deadline" ] || return 1
		sleep 0.1
	done
}

cleanup() {
	local pid
	if [ -n "$DAEMON_PID" ] && kill -0 "$DAEMON_PID" 2>/dev/null; then
		kill -KILL "$DAEMON_PID" 2>/dev/null || true
		wait "$DAEMON_PID" 2>/dev/null || true
	fi
	for pid in "${EXTRA_PIDS[@]}"; do
		disown "$pid" 2>/dev/null # no "Killed" line from the shell
		kill -KILL "$pid" 2>/dev/null || true
	done
	"$ENGINE_SH" stop "$ENGINE_DIR" >/dev/null 2>&1 || true
	# workspaces are written by the container's uid; we are root
	# E2E_KEEP=1 keeps a failed test's directory, E2E_KEEP=always every one
	if [ "${E2E_KEEP:-}" = always ] || { [ -n "${E2E_KEEP:-}" ] && [ "$_failed" -ne 0 ]; }; then
		echo "# E2E_KEEP: kept $T" >&2
	else
		rm -rf "$T"
	fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# --- the engine ---------------------------------------------------------

start_engine() {
	SOCK=$("$ENGINE_SH" start "$ENGINE_DIR") || bail "the private engine did not start"
	"$ENGINE_SH" image "$ENGINE_DIR" >/dev/null || bail "the test image was not built"
}

# engine_get PATH: GET on the engine's API
engine_get() {
	curl -sS --max-time 20 --unix-socket "$SOCK" "http://d/v1.41$1"
}

# containers_of JOB: how many containers (any state) carry osprey.job=JOB
containers_of() {
	local filter
	filter=$(node -e 'console.log(encodeURIComponent(JSON.stringify({label: ["osprey.job=" + process.argv[1]]})))' "$1")
	engine_get "/containers/json?all=1&filters=$filter" | json 'j.length'
}
no_container_of() { [ "$(containers_of "$1")" = 0 ]; }
container_of_running() {
	local filter
	filter=$(node -e 'console.log(encodeURIComponent(JSON.stringify({label: ["osprey.job=" + process.argv[1]], status: ["running"]})))' "$1")
	[ "$(engine_get "/containers/json?all=1&filters=$filter" | json 'j.length')" = 1 ]
}

# --- configuration ------------------------------------------------------

free_port() {
	node -e 'const s = require("net").createServer(); s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });'
}

# write_config [EXTRA-YAML]: config.yaml for the tests; EXTRA-YAML is
# appended (top-level sections such as `jobs:`). The `container:` block
# takes $CONTAINER_EXTRA lines (indented by two spaces).
CONTAINER_EXTRA=
SERVER_EXTRA=
write_config() {
	cat >"$OSPREY_HOME/config.yaml" <<YAML
version: 1
server:
  host: 127.0.0.1
  port: $PORT
$SERVER_EXTRA
defaults:
  channel:
    type: stdout
  agent:
    type: claude-code
    claude-code:
      image: $IMAGE
      oauth_path: $T/oauth
container:
  socket: $SOCK
  network: ${NETWORK:-none}
  stop_grace: 2s
  ulimits:
    nofile: "1024:20000"
    nproc: "1000:1000"
$CONTAINER_EXTRA
${1:-}
YAML
}

# pipeline NAME: writes pipelines/NAME/pipeline.yaml from stdin
pipeline() {
	mkdir -p "$OSPREY_HOME/pipelines/$1"
	cat >"$OSPREY_HOME/pipelines/$1/pipeline.yaml"
}

# make_repo DIR: a git repository with one commit on main holding README.md
make_repo() {
	mkdir -p "$1"
	git -C "$1" init -q -b main
	echo "hello from the e2e repository" >"$1/README.md"
	git -C "$1" add README.md
	git -C "$1" -c user.name=e2e -c user.email=e2e@example.com commit -q -m init
}

# --- the daemon ---------------------------------------------------------

healthy() {
	[ "$(curl -s --max-time 5 -o /dev/null -w '%{http_code}' "$BASE/healthz")" = 200 ]
}

# start_daemon [CONFIG-EXTRA]: picks a free port, writes config.yaml, starts
# `osprey start` (stdout appended to $T/daemon.out, stderr to $T/daemon.err)
# and waits for /healthz. Retries with another port if the chosen one was
# taken in between.
start_daemon() {
	local attempt
	for attempt in 1 2 3 4 5; do
		PORT=$(free_port)
		BASE=http://127.0.0.1:$PORT
		write_config "${1:-}"
		if start_again; then
			return 0
		fi
		if kill -0 "$DAEMON_PID" 2>/dev/null; then
			bail "osprey start did not answer on $BASE/healthz within 60 s"
		fi
		if ! tail -n 3 "$T/daemon.err" | grep -qi 'in use'; then
			tail -n 20 "$T/daemon.err" | sed 's/^/# /'
			bail "osprey start failed"
		fi
	done
	bail "no free port for the daemon"
}
daemon_up() {
	kill -0 "$DAEMON_PID" 2>/dev/null || return 1
	healthy
}

# start_again: `osprey start` on the home as it is; waits for /healthz
start_again() {
	"$OSPREY" start --worker "$OSPREY_WORKER" >>"$T/daemon.out" 2>>"$T/daemon.err" </dev/null &
	DAEMON_PID=$!
	wait_until 60 daemon_up
}

# The daemon's log so far (stderr, every daemon this test started).
daemon_log() { cat "$T/daemon.err" 2>/dev/null; }

# kill_daemon SIGNAL: signals the daemon and reaps it
kill_daemon_hard() {
	kill -KILL "$DAEMON_PID" 2>/dev/null || true
	wait "$DAEMON_PID" 2>/dev/null || true
	DAEMON_PID=
}

exited() { ! kill -0 "$1" 2>/dev/null; }

# --- requests and jobs --------------------------------------------------

# post PATH BODY [CURL-ARGS...]: POSTs BODY; sets $code, $body, $headers
post() {
	local path=$1 data=$2
	shift 2
	code=$(curl -sS --max-time 30 -o "$T/resp.body" -D "$T/resp.headers" -w '%{http_code}' \
		-H 'Content-Type: application/json' --data-binary "$data" "$@" "$BASE$path")
	body=$(cat "$T/resp.body")
	headers=$(tr -d '\r' <"$T/resp.headers")
}

job_dir() { echo "$OSPREY_HOME/jobs/$1"; }
# job_field JOB EXPR: EXPR on job.json, with its fields in scope
job_field() { json "(function () { with (j) return ($2); })()" <"$(job_dir "$1")/job.json" 2>/dev/null; }
job_state() { job_field "$1" state; }
job_in() { # JOB STATE...: whether the job's record is in one of the states
	local s
	s=$(job_state "$1") || return 1
	shift
	local want
	for want in "$@"; do [ "$s" = "$want" ] && return 0; done
	return 1
}

# wait_state JOB SECONDS STATE...: waits for job.json to say one of STATEs
wait_state() {
	local id=$1 limit=$2
	shift 2
	wait_until "$limit" job_in "$id" "$@"
}

# expect_state JOB SECONDS STATE DESCRIPTION
expect_state() {
	if wait_state "$1" "$2" "$3"; then
		ok "$4"
	else
		not_ok "$4" "job $1 is $(job_state "$1") after $2 s, expected $3" \
			"reason: $(job_field "$1" reason)" "daemon log tail:" \
			"$(daemon_log | tail -n 15)"
	fi
}

# notification JOB EVENT: the daemon's stdout line for JOB and EVENT
notification() {
	grep -F "\"job\":\"$1\"" "$T/daemon.out" 2>/dev/null | grep -F "\"event\":\"$2\"" | tail -n 1
}
has_notification() { [ -n "$(notification "$1" "$2")" ]; }

# the osprey-worker children of the daemon
# the daemon's job workers (not its "osprey-worker --remove-containers" sweeps)
worker_pids() { pgrep -P "$DAEMON_PID" -f 'osprey-worker$' || true; }
