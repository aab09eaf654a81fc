#!/usr/bin/env bash
# osprey dashboard --builder refuses a pipeline that never received a payload,
# exits 1 with decisions.md's sentence and touches nothing.
. "$(dirname "$0")/../../lib.sh"
set -e

minimal_config
mkdir -p "$OSPREY_HOME/pipelines/gh"
cat >"$OSPREY_HOME/pipelines/gh/pipeline.yaml" <<'YAML'
name: gh
trigger: {type: webhook, path: /hooks/gh}
workspace: {type: none}
agent: {prompt: "x"}
YAML

# every file with its content and mode, and every directory
snapshot() { (cd "$OSPREY_HOME" && find . -printf '%p %m %s\n' | sort && find . -type f -exec sha256sum {} + | sort); }
before=$(snapshot)

run dashboard --builder gh
expect_status 1 "--builder without a payload"
expect_eq "$err" "osprey: gh has no payload yet: trigger its webhook once, or run osprey test gh --payload '<json>'" \
	"the refusal says how to get a payload"
expect_eq "$out" "" "nothing on stdout"
expect_eq "$(snapshot)" "$before" "nothing under the home changed"

run dashboard --builder nope
expect_status 1 "--builder with an unknown pipeline"
expect_eq "$err" 'osprey: no pipeline "nope" (pipelines/nope/pipeline.yaml not found)' "an unknown pipeline is named"
expect_eq "$(snapshot)" "$before" "nothing changed for an unknown pipeline either"

run dashboard --builder
expect_status 2 "--builder needs a pipeline name"

run test gh --payload '{"issue": {"title": "x"}}'
expect_status 0 "osprey test records a payload"
run dashboard --builder gh
expect_status 2 "with a payload, the builder gets as far as asking for a terminal"
expect_eq "$err" "osprey: dashboard needs a terminal" "and says it needs one"

done_testing
