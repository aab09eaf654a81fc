# Test peers for bash tests: source this file (after tests/daemon/e2e/lib.sh
# when a test uses both). Needs node, curl and jq (scripts/install-deps
# --with-tests). Nothing here sleeps to synchronise: a peer is up when it has
# printed READY, and tests wait on events with /_test/wait.
#
#   peer_start NAME SCRIPT [ARGS...]   starts node tests/peers/SCRIPT.js (--port 0 unless ARGS
#                                      has --port), waits for `READY <port>` (PEER_READY_TIMEOUT
#                                      seconds, default 30) and exports NAME_PORT, NAME_PID,
#                                      NAME_URL (http://127.0.0.1:port); killed at exit
#   peer_stop NAME                     kills it (SIGKILL) and reaps it
#   peer_restart NAME                  peer_stop, then the same command on the same port
#   peer_call HTTP-METHOD NAME PATH [JSON]
#                                      sets $peer_code (000: no answer) and $peer_body
#   peer_get NAME PATH                 GET; prints the body
#   peer_post NAME PATH [JSON]         POST JSON (default {}); prints the body
#   peer_wait NAME METHOD COUNT [TIMEOUT_MS] [SINCE]
#                                      /_test/wait: prints the calls; fails on timeout (504)
#   peer_last_seq NAME                 the seq of the newest call (for SINCE)
#   pj FILTER                          jq -r FILTER on stdin (strings bare)
#
# Example:
#   peer_start TG telegram-api --token 123:abc --chat 42
#   peer_wait TG sendMessage 1 20000 | pj '.[0].params.text'

PEERS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
PEER_READY_TIMEOUT=${PEER_READY_TIMEOUT:-30}
if [ -z "${PEERS_TMP:-}" ]; then
	if [ -n "${T:-}" ] && [ -d "${T:-}" ]; then # lib.sh's directory: it removes it
		PEERS_TMP=$T/peers
		mkdir -p "$PEERS_TMP"
	else
		PEERS_TMP=$(mktemp -d /tmp/osprey-peers-XXXXXX)
	fi
fi
_PEER_PIDS=()

peers_cleanup() {
	local pid
	for pid in "${_PEER_PIDS[@]}"; do
		disown "$pid" 2>/dev/null
		kill -KILL "$pid" 2>/dev/null || true
	done
	rm -rf "$PEERS_TMP"
}
# With lib.sh, its cleanup kills EXTRA_PIDS; alone, this file's trap does.
if ! declare -p EXTRA_PIDS >/dev/null 2>&1; then
	trap peers_cleanup EXIT
fi

pj() { jq -r "$1"; }

peer_start() {
	local name=$1 script=$2
	shift 2
	local args=("$@") a has_port=
	for a in "${args[@]}"; do [ "$a" = --port ] && has_port=1; done
	[ -n "$has_port" ] || args=(--port 0 "${args[@]}")
	local fifo=$PEERS_TMP/$name.ready
	rm -f "$fifo"
	mkfifo "$fifo"
	node "$PEERS_DIR/$script.js" "${args[@]}" >"$fifo" 2>>"$PEERS_TMP/$name.err" &
	local pid=$!
	_PEER_PIDS+=("$pid")
	if declare -p EXTRA_PIDS >/dev/null 2>&1; then EXTRA_PIDS+=("$pid"); fi
	local fd line=
	exec {fd}<"$fifo"
	read -r -t "$PEER_READY_TIMEOUT" -u "$fd" line || true
	exec {fd}<&-
	rm -f "$fifo"
	case "$line" in
	"READY "[0-9]*) ;;
	*)
		echo "# peer $name ($script) did not become ready: '${line}'" >&2
		sed 's/^/#   /' "$PEERS_TMP/$name.err" >&2 2>/dev/null
		kill -KILL "$pid" 2>/dev/null
		return 1
		;;
	esac
	local port=${line#READY }
	printf -v "${name}_PORT" %s "$port"
	printf -v "${name}_PID" %s "$pid"
	printf -v "${name}_URL" %s "http://127.0.0.1:$port"
	export "${name}_PORT" "${name}_PID" "${name}_URL"
	# for peer_restart: the command, with the port it got
	local i out=()
	for ((i = 0; i < ${#args[@]}; i++)); do
		if [ "${args[i]}" = --port ]; then
			out+=(--port "$port")
			i=$((i + 1))
		else
			out+=("${args[i]}")
		fi
	done
	printf -v "_PEER_CMD_$name" '%q ' "$script" "${out[@]}"
}

peer_stop() {
	local pidvar=${1}_PID
	local pid=${!pidvar:-}
	[ -n "$pid" ] || return 0
	kill -KILL "$pid" 2>/dev/null || true
	wait "$pid" 2>/dev/null || true
	printf -v "$pidvar" %s ""
}

peer_restart() {
	local name=$1 cmdvar=_PEER_CMD_$1
	local -a cmd
	eval "cmd=(${!cmdvar})"
	peer_stop "$name"
	peer_start "$name" "${cmd[@]}"
}

peer_call() { # HTTP-METHOD NAME PATH [DATA]
	local urlvar=${2}_URL out=$PEERS_TMP/curl.$BASHPID.$RANDOM
	local args=(-sS --max-time "${PEER_CURL_MAX_TIME:-70}" -o "$out" -w '%{http_code}' -X "$1")
	[ $# -ge 4 ] && args+=(-H 'Content-Type: application/json' --data-binary "$4")
	peer_code=$(curl "${args[@]}" "${!urlvar}$3" 2>/dev/null) || peer_code=000
	peer_body=$(cat "$out" 2>/dev/null)
	rm -f "$out"
}
peer_get() { peer_call GET "$1" "$2" && printf '%s\n' "$peer_body"; }
peer_post() { peer_call POST "$1" "$2" "${3:-"{}"}" && printf '%s\n' "$peer_body"; }

peer_wait() { # NAME METHOD COUNT [TIMEOUT_MS] [SINCE]
	local timeout=${4:-20000}
	PEER_CURL_MAX_TIME=$((timeout / 1000 + 10)) peer_call GET "$1" \
		"/_test/wait?method=$(jq -rn --arg m "$2" '$m|@uri')&count=$3&timeout_ms=$timeout&since=${5:-0}"
	printf '%s\n' "$peer_body"
	[ "$peer_code" = 200 ]
}

peer_last_seq() { peer_get "$1" /_test/calls | jq -r 'if length == 0 then 0 else .[-1].seq end'; }
