#!/usr/bin/env bash
# osprey test: rendering sample payloads.
. "$(dirname "$0")/lib.sh"
set -e

minimal_config
mkdir -p "$OSPREY_HOME/pipelines/sentry"
cat >"$OSPREY_HOME/pipelines/sentry/pipeline.yaml" <<'YAML'
name: sentry
trigger: {type: webhook, path: /hooks/sentry, secret: "${SENTRY_SECRET}", signature_header: Sentry-Hook-Signature}
workspace:
  type: git-clone
  repo: "https://x-access-token:${GIT_TOKEN}@github.com/{{ .body.data.event.project }}.git"
  ref: "{{ .body.ref }}"
channel:
  topic: "{{ .body.data.event.level }}: {{ .body.data.event.title }}"
  message: |
    {{ .body.data.event.culprit }}
    {{ .body.data.event.web_url }}
agent:
  prompt: |
    Fix this {{ .body.data.event.platform }} error: {{ .body.data.event.title }}
    Id {{ .body.id }}, missing: {{ .body.nope.deeper }}
YAML
printf 'SENTRY_SECRET=sentry-secret-value\nGIT_TOKEN=ghp_tokenvalue\n' >"$OSPREY_HOME/pipelines/sentry/.env"
chmod 600 "$OSPREY_HOME/pipelines/sentry/.env"

payload='{"id": 123456789012345678, "ref": "fix/x", "data": {"event": {"title": "ZeroDivisionError", "culprit": "app/calc.py in divide", "level": "error", "platform": "python", "web_url": "https://sentry.example/1", "project": "acme/calc"}}}'
run test sentry --payload "$payload"
expect_status 0 "test renders"
expect_contains "$out" "Fix this python error: ZeroDivisionError" "the prompt is rendered"
expect_contains "$out" "Id 123456789012345678, missing: <no value>" "numbers print as written; missing fields print <no value>"
expect_contains "$out" "error: ZeroDivisionError" "the topic is rendered"
expect_contains "$out" "app/calc.py in divide" "the message is rendered"
expect_contains "$out" 'https://x-access-token:${GIT_TOKEN}@github.com/acme/calc.git @ fix/x' "the repo is rendered with the secret redacted"
expect_not_contains "$out$err" "ghp_tokenvalue" "test never prints a secret"

run test sentry --payload "$payload" --json
expect_status 0 "test --json"
expect_eq "$(json_get "$out" 'Object.keys(j).join(",")')" "pipeline,prompt,channel,workspace" "the JSON has the documented keys"
expect_eq "$(json_get "$out" 'Object.keys(j.channel).join(",")')" "type,topic,message,approval" "channel keys"
expect_eq "$(json_get "$out" 'Object.keys(j.workspace).join(",")')" "type,repo,ref,path" "workspace keys"
expect_eq "$(json_get "$out" 'j.channel.topic')" "error: ZeroDivisionError" "the JSON topic"
expect_eq "$(json_get "$out" 'j.workspace.ref')" "fix/x" "the JSON ref"
expect_eq "$(json_get "$out" 'j.channel.approval')" "false" "approval is false by default"

n=$(ls "$OSPREY_HOME/payloads/sentry" | wc -l)
expect_eq "$n" "2" "each test payload is recorded for the dashboard"
expect_eq "$(sed -n 2p "$(ls "$OSPREY_HOME/payloads/sentry/"*-test.payload | head -n 1)" | head -c 9)" '{"id": 12' "the payload is recorded as given, after its headers"

run test sentry --payload '{"a": 1,}'
expect_status 2 "bad JSON is a usage error"
expect_contains "$err" "--payload is not valid JSON: line 1, column 9" "bad JSON gets its position"

run test nope --payload '{}'
expect_status 1 "an unknown pipeline"
expect_contains "$err" "pipelines/nope/pipeline.yaml: not found" "an unknown pipeline is named"

run test sentry
expect_status 0 "test without --payload renders against {}"
expect_contains "$out" "Fix this <no value> error" "an empty body renders <no value>"

# --- headers, filters, cron, durations (issue 10) ---
mkdir -p "$OSPREY_HOME/pipelines/gh" "$OSPREY_HOME/pipelines/nightly"
cat >"$OSPREY_HOME/pipelines/gh/pipeline.yaml" <<'YAML'
name: gh
trigger:
  type: webhook
  path: /hooks/gh
  signature_header: X-Hub-Signature-256
  filter: '{{ eq (index .headers "x-github-event") "issues" }}'
workspace: {type: none}
agent:
  prompt: "event={{ index .headers \"x-github-event\" }} auth={{ index .headers \"authorization\" }} sig={{ index .headers \"x-hub-signature-256\" }}"
  timeout: 1h30m
YAML
run test gh --payload '{}' --header 'X-GitHub-Event: issues' --header 'Authorization: Bearer x' --header 'X-Hub-Signature-256: sha256=1'
expect_status 0 "test takes --header, repeatable"
expect_contains "$out" "event=issues auth=<no value> sig=<no value>" "templates see .headers, without credentials or the signature"
expect_contains "$out" "timeout 1h30m" "the timeout prints as a duration"
expect_contains "$out" "Recorded the payload for the message builder: " "test says where it recorded the payload"
recorded=$(ls "$OSPREY_HOME/payloads/gh/"*-test.payload | tail -n 1)
expect_eq "$(head -n 1 "$recorded")" '{"x-github-event":"issues"}' "the headers are recorded with the payload"
expect_not_contains "$out" "does not render true" "a passing filter says nothing"
run test gh --payload '{}' --header 'X-GitHub-Event: push'
expect_contains "$out" 'trigger.filter does not render true: the daemon would answer 200 {"filtered":true}' "a filtered payload is said to be filtered"
run test gh --header 'no colon'
expect_status 2 "a header without a colon is a usage error"
expect_contains "$err" "is not 'Name: value'" "it says the form"

cat >"$OSPREY_HOME/pipelines/nightly/pipeline.yaml" <<'YAML'
name: nightly
trigger: {type: cron, cron: "0 3 * * *"}
workspace: {type: none}
agent: {prompt: "nightly {{ .body.x }}"}
YAML
run test nightly --payload '{"x": 1}'
expect_status 0 "test of a cron pipeline"
expect_contains "$err" "nightly is a cron pipeline" "test says a cron pipeline ignores --payload"
expect_contains "$out" "nightly <no value>" "and renders against {}"
expect_contains "$out" "timeout 15m" "the default timeout prints as 15m"
if [ ! -e "$OSPREY_HOME/payloads/nightly" ]; then ok "a cron pipeline's payload is not recorded"; else not_ok "a cron pipeline's payload is not recorded"; fi

done_testing
