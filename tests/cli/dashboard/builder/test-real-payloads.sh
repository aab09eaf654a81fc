#!/usr/bin/env bash
# Every real GitHub payload of @octokit/webhooks-examples through the builder
# and the real `osprey test`: stored as `osprey test` stores it (test-test.sh
# checks that), the builder selects every field, saves the
# message into pipeline.yaml, and what `osprey test --json` renders must be
# exactly what the builder's list shows, line for line.
. "$(dirname "$0")/../../lib.sh"
set -e

FIXTURE=${BUILDER_FIXTURE:?BUILDER_FIXTURE must point at builder-fixture}
EXAMPLES=${OCTOKIT_EXAMPLES:?}
if [ ! -f "$EXAMPLES" ] || ! command -v jq >/dev/null; then
	echo "1..0 # SKIP needs jq and tests/peers/node_modules (scripts/install-deps --with-tests)"
	exit 0
fi

minimal_config
mkdir -p "$OSPREY_HOME/pipelines/gh"
cat >"$OSPREY_HOME/pipelines/gh/pipeline.yaml" <<'YAML'
# GitHub issues, as construct writes it (no channel block yet)
name: gh
trigger: {type: webhook, path: /hooks/gh}
workspace:
  type: none
agent:
  prompt: "triage {{ .body.issue.title }}"   # a comment
YAML

cp "$OSPREY_HOME/pipelines/gh/pipeline.yaml" "$T/original.yaml"

# one line per example: event, index, compact JSON (which has no raw tab)
jq -r '.[] | .name as $event | .examples | to_entries[] | [$event, (.key | tostring), (.value | tojson)] | join("\t")' \
	"$EXAMPLES" >"$T/examples"
total=$(wc -l <"$T/examples")
fields=0
while IFS=$'\t' read -r event index payload; do
	name="$event example $index"
	# no message yet: the builder's expressions for one payload need not
	# render for another (index fails past the end of a shorter array)
	cp "$T/original.yaml" "$OSPREY_HOME/pipelines/gh/pipeline.yaml"
	printf '%s' "$payload" >"$T/payload.json"
	set +e
	n=$("$FIXTURE" save "$OSPREY_HOME" gh "$T/expected" "$T/payload.json" 2>"$T/stderr")
	fixture_status=$?
	set -e
	if [ "$fixture_status" -ne 0 ]; then
		not_ok "$name: the builder saves every field" "$(cat "$T/stderr")"
		continue
	fi
	fields=$((fields + n))
	run test gh --payload "$payload" --json
	if [ "$status" -ne 0 ]; then
		not_ok "$name: osprey test renders the saved message" "$err"
		continue
	fi
	if diff_out=$("$FIXTURE" check "$T/expected" <<<"$out"); then
		ok "$name: $n fields render as listed"
	else
		not_ok "$name: $n fields render as listed" "$diff_out"
	fi
done <"$T/examples"

expect_contains "$(cat "$OSPREY_HOME/pipelines/gh/pipeline.yaml")" \
	'  prompt: "triage {{ .body.issue.title }}"   # a comment' "the rest of pipeline.yaml is as written"
echo "# $total payloads, $fields fields"
done_testing
