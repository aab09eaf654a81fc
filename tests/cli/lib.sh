# A tiny TAP producer for the command-line tests. Each test script sources this,
# runs the real `osprey` binary ($OSPREY) on a temporary OSPREY_HOME, and
# checks exit status, output and files.
set -u

OSPREY=${OSPREY:?OSPREY must point at the built osprey binary}
T=$(mktemp -d /tmp/osprey-cli-XXXXXX)
export OSPREY_HOME="$T/home"
export HOME="$T/user"
mkdir -p "$OSPREY_HOME" "$HOME"
trap 'rm -rf "$T"' EXIT

_n=0
_failed=0

ok() { _n=$((_n + 1)); echo "ok $_n - $1"; }
not_ok() {
	_n=$((_n + 1)); _failed=$((_failed + 1))
	echo "not ok $_n - $1"
	shift
	for line in "$@"; do printf '#   %s\n' "$line"; done
}

# run CMD...: runs osprey with stdin from /dev/null, captures $out, $err, $status
run() {
	set +e
	out=$("$OSPREY" "$@" </dev/null 2>"$T/stderr")
	status=$?
	err=$(cat "$T/stderr")
	set -e
}

expect_status() { # expected description
	if [ "$status" -eq "$1" ]; then ok "$2 (exit $1)"; else not_ok "$2 (exit $1)" "got exit $status" "stdout: $out" "stderr: $err"; fi
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

expect_eq() { # actual expected description
	if [ "$1" = "$2" ]; then ok "$3"; else not_ok "$3" "expected: $2" "actual:   $1"; fi
}

expect_mode() { # file mode description
	local m
	m=$(stat -c %a "$1" 2>/dev/null || echo missing)
	expect_eq "$m" "$2" "$3"
}

# json_get JSON EXPR: evaluates a JavaScript expression on the parsed JSON `j`
json_get() {
	node -e 'const j = JSON.parse(require("fs").readFileSync(0, "utf8")); const v = ('"$2"'); console.log(typeof v === "string" ? v : JSON.stringify(v));' <<<"$1"
}

minimal_config() {
	mkdir -p "$HOME/.claude" # claude-code's default oauth session directory
	cat >"$OSPREY_HOME/config.yaml" <<'YAML'
version: 1
server:
  host: 127.0.0.1
  port: 8181
defaults:
  channel:
    type: stdout
YAML
}

done_testing() {
	echo "1..$_n"
	[ "$_failed" -eq 0 ]
}
