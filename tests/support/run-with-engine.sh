#!/bin/sh
# Runs an integration test binary against a private engine:
#   run-with-engine.sh TEST-BINARY [ARGS...]
# Starts the engine (engine.sh beside this script), builds the test image, runs
# the binary with OSPREY_TEST_ENGINE_SOCKET set, and stops the engine and
# deletes its directory whatever happened. Without podman this fails: a skipped
# integration test would look like a passing one.
set -eu

harness=$(cd "$(dirname "$0")" && pwd)/engine.sh
[ $# -ge 1 ] || { echo "usage: run-with-engine.sh TEST-BINARY [ARGS...]" >&2; exit 2; }
binary=$1
shift

if ! command -v podman >/dev/null 2>&1; then
	echo "FAIL: podman is not installed; the engine integration tests need a real engine." >&2
	echo "      apt-get install podman runc busybox-static (see tests/support/README.md)" >&2
	exit 1
fi

dir=$(mktemp -d "${TMPDIR:-/tmp}/osprey-engine.XXXXXX")
cleanup() {
	"$harness" stop "$dir" || true
	rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

t0=$(date +%s%N)
socket=$("$harness" start "$dir")
t1=$(date +%s%N)
"$harness" image "$dir" > /dev/null
t2=$(date +%s%N)
echo "engine started in $(( (t1 - t0) / 1000000 )) ms, test image ready in $(( (t2 - t1) / 1000000 )) ms"

OSPREY_TEST_ENGINE_SOCKET=$socket "$binary" "$@"
