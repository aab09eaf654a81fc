# End-to-end tests with the real agent CLIs: sourced by test-*.sh here, on
# top of the daemon's e2e library (tests/daemon/e2e/lib.sh: a temporary home,
# the built `osprey start` with the real osprey-worker, TAP). The agents run
# in the real images (scripts/build-images), offline, against model-api.js,
# an emulator of the model APIs on the host's loopback (containers use the
# host's network: container.network host).
#
# The images live in a persistent store shared by test runs
# ($OSPREY_IMAGE_STORE, default ~/.cache/osprey/image-store): building it the
# first time takes minutes, later runs find the images up to date in about a
# second, and each test's private engine reads them from there in place
# (OSPREY_TEST_IMAGE_STORE, tests/support/engine.sh).
HOME_BEFORE_E2E=$HOME # the e2e library gives the test a HOME of its own
. "$(dirname "${BASH_SOURCE[0]}")/../daemon/e2e/lib.sh"

AGENTS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
TOP=$(cd "$AGENTS_DIR/../.." && pwd)
export OSPREY_TEST_IMAGE_STORE=${OSPREY_IMAGE_STORE:-${XDG_CACHE_HOME:-$HOME_BEFORE_E2E/.cache}/osprey/image-store}
NETWORK=host

# agent_images RUNTIME: makes sure the runtime's real image is in the store
agent_images() {
	local t0=$SECONDS
	bash "$TOP/scripts/build-images" --only "$1" --store "$OSPREY_TEST_IMAGE_STORE" >"$T/build-images.log" 2>&1 ||
		{ sed 's/^/# /' "$T/build-images.log" | tail -n 30; bail "scripts/build-images failed"; }
	note "image for $1 ready in $((SECONDS - t0)) s ($(tail -n 1 "$T/build-images.log"))"
}

# start_agent_engine: a private engine that sees the store's images
start_agent_engine() {
	SOCK=$("$ENGINE_SH" start "$ENGINE_DIR") || bail "the private engine did not start"
}

# model_api NAME MODE: starts the emulator; sets API_<NAME> to its base URL
# and logs its requests to $T/api-NAME.log
model_api() {
	local name=$1 mode=$2 fifo=$T/api-$1.port
	mkfifo "$fifo"
	node "$AGENTS_DIR/model-api.js" --mode "$mode" --log "$T/api-$name.log" >"$fifo" 2>"$T/api-$name.err" &
	EXTRA_PIDS+=($!)
	local port
	read -r -t 30 port <"$fifo" || bail "the model API emulator did not start: $(cat "$T/api-$name.err")"
	printf -v "API_$name" 'http://127.0.0.1:%s' "$port"
}

# trigger PIPELINE FILE TEXT: asks the agent of PIPELINE to write FILE with
# TEXT (what model-api.js reads out of the prompt); sets $job
trigger() {
	post "/hooks/$1" "{\"file\":\"$2\",\"text\":\"$3\"}"
	job=$(json j.job <<<"$body")
	[ "$code" = 202 ] || bail "POST /hooks/$1 answered $code: $body"
}

# api_log NAME: the emulator's request log
api_log() { cat "$T/api-$1.log" 2>/dev/null; }

# job_took JOB: seconds between created and finished, from job.json
job_took() {
	job_field "$1" '(Date.parse(finished) - Date.parse(created)) / 1000'
}
