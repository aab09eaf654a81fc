#!/usr/bin/env bash
# The daemon's side of "the first hour" (issue 10), end to end:
# - trigger.filter and .headers: a GitHub-style pipeline (signed as GitHub
#   signs, sha256= prefix) starts a job for issues.opened and answers 200
#   {"filtered":true} for issues.edited, recording no job but keeping the
#   payload; a filter that fails to render is a 500 with the reason logged;
#   templates see the request's headers without credentials or the signature;
# - the stdout channel's job_finished line stays small for a huge message
#   and result, and names the file with the whole result;
# - `osprey reload`, and `osprey construct` telling the running daemon to
#   reload: a path just created answers at once, not 404; a configuration
#   with errors is refused and the old one kept;
# - `osprey status` shows the address it listens on and the public URL.
. "$(dirname "$0")/lib.sh"

start_engine
SECRET=e2e-github-secret
pipeline gh <<'YAML'
name: gh
trigger:
  type: webhook
  path: /hooks/gh
  secret: ${GH_SECRET}
  signature_header: X-Hub-Signature-256
  signature_prefix: sha256=
  filter: |
    {{ and (eq .body.action "opened") (eq (index .headers "x-github-event") "issues") }}
workspace:
  type: none
channel:
  topic: "{{ index .headers \"x-github-event\" }} #{{ .body.issue.number }}"
agent:
  prompt: |
    Issue {{ .body.issue.title }} ({{ index .headers "x-github-event" }})
    auth={{ index .headers "authorization" }} sig={{ index .headers "x-hub-signature-256" }}
YAML
echo "GH_SECRET=$SECRET" >"$OSPREY_HOME/pipelines/gh/.env"
pipeline broken <<'YAML'
name: broken
trigger:
  type: webhook
  path: /hooks/broken
  filter: '{{ index .body.list 3 }}'
workspace:
  type: none
agent:
  prompt: x
YAML
pipeline huge <<'YAML'
name: huge
trigger:
  type: webhook
  path: /hooks/huge
workspace:
  type: none
channel:
  message: "{{ .body.big }}"
agent:
  prompt: "{{ .body.big }}"
YAML
start_daemon "log:
  level: debug"

# github EVENT BODY: POSTs BODY signed as GitHub signs it
github() {
	local sig
	sig=$(printf %s "$2" | openssl dgst -sha256 -hmac "$SECRET" | sed 's/^.* //')
	post /hooks/gh "$2" -H "X-GitHub-Event: $1" -H "X-Hub-Signature-256: sha256=$sig" \
		-H "Authorization: Bearer do-not-show" -H "X-GitHub-Delivery: d-$RANDOM"
}
jobs_count() { find "$OSPREY_HOME/jobs" -mindepth 1 -maxdepth 1 -type d 2>/dev/null | wc -l; }
metric() { curl -s --max-time 10 "$BASE/metrics" | grep -F "$1" | sed 's/.* //'; }

opened='{"action":"opened","issue":{"number":7,"title":"Crash on start"}}'
edited='{"action":"edited","issue":{"number":7,"title":"Crash on start!"}}'

github issues "$opened"
expect_eq "$code" 202 "issues.opened, signed as GitHub signs it, starts a job"
job=$(json j.job <<<"$body")
expect_state "$job" 120 succeeded "the job runs to its end"
prompt=$(cat "$(job_dir "$job")/prompt.md")
expect_contains "$prompt" "Issue Crash on start (issues)" "the prompt sees .headers"
expect_contains "$prompt" "auth=<no value> sig=<no value>" \
	"neither authorization nor the signature header reaches templates"
expect_contains "$(notification "$job" job_finished)" '"topic":"issues #7"' "the topic sees .headers"

before=$(jobs_count)
github issues "$edited"
expect_eq "$code $body" '200 {"filtered":true}' "issues.edited is filtered: 200 {\"filtered\":true}"
expect_eq "$(jobs_count)" "$before" "a filtered event records no job"
github push '{"ref":"refs/heads/main","action":"opened"}'
expect_eq "$code $body" '200 {"filtered":true}' "another event type on the same URL is filtered by its header"
expect_eq "$(metric 'outcome="filtered"')" 2 "/metrics counts filtered requests"
expect_contains "$(daemon_log)" 'level=debug msg="webhook filtered' "a filtered request is logged at debug"

# the payload is kept for the message builder, with its headers
newest=$(ls "$OSPREY_HOME/payloads/gh" | sort | tail -n 1)
stored=$(cat "$OSPREY_HOME/payloads/gh/$newest")
expect_contains "$stored" '"x-github-event":"push"' "the filtered payload is kept, with its headers"
expect_not_contains "$stored" "do-not-show" "the stored headers have no authorization"
expect_not_contains "$stored" "sha256=" "the stored headers have no signature"
check "the payload store holds one file per payload" \
	test "$(ls "$OSPREY_HOME/payloads/gh" | wc -l)" = 3

# a wrong signature is refused before any filter
post /hooks/gh "$opened" -H "X-GitHub-Event: issues" -H "X-Hub-Signature-256: sha256=00"
expect_eq "$code" 401 "a bad signature is 401, filter or not"

post /hooks/broken '{"list":[1]}'
expect_eq "$code" 500 "a filter that fails to render is a 500"
expect_contains "$body" "trigger.filter" "the 500 says what failed"
expect_contains "$(daemon_log)" "pipelines/broken/pipeline.yaml: trigger.filter: line 1" \
	"the log names the file and the field"
expect_eq "$(metric 'outcome="filter_failed"')" 1 "/metrics counts filters that failed"
post /hooks/broken '{"list":[1,2,3,"true"]}'
expect_eq "$code" 202 "the same filter passing starts a job"

# --- the stdout channel's line is bounded ------------------------------
big=$(head -c 60000 /dev/zero | tr '\0' x)
post /hooks/huge "{\"big\":\"$big\"}"
expect_eq "$code" 202 "a job with a 60 KB message and prompt"
job=$(json j.job <<<"$body")
expect_state "$job" 120 succeeded "it runs"
wait_until 10 has_notification "$job" job_finished
line=$(notification "$job" job_finished)
check "its job_finished line is bounded (${#line} bytes)" [ "${#line}" -lt 12000 ]
expect_contains "$(json j.message <<<"$line")" "more bytes]" "the message says how much is left out"
expect_eq "$(json j.result_file <<<"$line")" "$(job_dir "$job")/result.md" \
	"the line names the file with the whole result"
expect_contains "$(json j.result <<<"$line")" "xxx" "the result is its tail"

# --- reload --------------------------------------------------------------
post /hooks/made-now '{}'
expect_eq "$code" 404 "a path nobody configured is 404"
out=$("$OSPREY" construct made-now --trigger webhook --path /hooks/made-now --workspace none \
	--prompt 'made {{ .body.x }}' 2>&1)
expect_contains "$out" "The running daemon reloaded its configuration" "construct tells the running daemon to reload, and says so"
post /hooks/made-now '{"x":1}'
expect_eq "$code" 202 "the path construct just made answers at once"

pipeline later <<'YAML'
name: later
trigger: {type: webhook, path: /hooks/later}
workspace: {type: none}
agent: {prompt: later}
YAML
out=$("$OSPREY" reload 2>&1); rc=$?
expect_eq "$rc" 0 "osprey reload succeeds"
expect_contains "$out" "Reloaded: the daemon serves" "osprey reload says so"
post /hooks/later '{}'
expect_eq "$code" 202 "a pipeline written by hand serves after osprey reload"

pipeline bad <<'YAML'
name: bad
trigger: {type: webhook, path: nope}
workspace: {type: none}
agent: {prompt: x}
YAML
out=$("$OSPREY" reload 2>&1); rc=$?
expect_eq "$rc" 1 "a reload of a configuration with errors fails"
expect_contains "$out" "pipelines/bad/pipeline.yaml" "and prints the errors with their file"
post /hooks/later '{}'
expect_eq "$code" 202 "the old configuration is kept"
rm -rf "$OSPREY_HOME/pipelines/bad"

# --- status --------------------------------------------------------------
out=$("$OSPREY" status 2>&1)
expect_contains "$out" "127.0.0.1:$PORT" "status shows the address it listens on"
expect_contains "$out" "public URL" "status shows the public URL separately"
expect_eq "$("$OSPREY" status --json | json j.address)" "127.0.0.1:$PORT" "status --json has the address"

done_testing
