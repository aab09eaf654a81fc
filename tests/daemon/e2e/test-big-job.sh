#!/usr/bin/env bash
# A job far larger than a socket buffer: a pipeline whose agent.env holds
# 250 KB (from its .env). Sending it to the worker must not stop the daemon
# (it used to block in write() before the worker existed: /healthz, the
# management socket and SIGTERM all stopped). Both ways a worker starts: at
# once, and at `osprey approve`. A 250 KB ref from a payload no longer gets
# that far: it fails its job when rendered.
. "$(dirname "$0")/lib.sh"

start_engine
make_repo "$T/repo"
for name in big gatedbig; do
	approval=false
	[ "$name" = gatedbig ] && approval=true
	pipeline "$name" <<YAML
name: $name
trigger:
  type: webhook
  path: /hooks/$name
workspace:
  type: none
channel:
  approval: $approval
agent:
  env:
    BIG: "\${BIG}"
  prompt: "big job"
YAML
	printf 'BIG=%s\n' "$(head -c $((250 * 1024)) /dev/zero | tr '\0' r)" >"$OSPREY_HOME/pipelines/$name/.env"
	chmod 600 "$OSPREY_HOME/pipelines/$name/.env"
done
pipeline bigref <<'YAML'
name: bigref
trigger:
  type: webhook
  path: /hooks/bigref
workspace:
  type: git-clone
  repo: "https://example.invalid/repo.git"
  ref: "{{ .body.ref }}"
agent:
  prompt: "big ref"
YAML
start_daemon
echo '{}' >"$T/big.json"
node -e 'console.log(JSON.stringify({ref: "r".repeat(250 * 1024)}))' >"$T/bigref.json"

note "--- a 250 KB ref from a payload"
post /hooks/bigref "@$T/bigref.json"
expect_eq "$code $(json 'j.state' <<<"$body")" "202 failed" "fails its job when rendered"
expect_contains "$(json 'j.reason' <<<"$body")" "ref" "naming the ref"

# ended JOB: the job reached a terminal state (any: git refuses the ref)
ended() { job_in "$1" succeeded failed cancelled timed_out interrupted rejected; }

note "--- a job that starts at once"
post /hooks/big "@$T/big.json"
expect_eq "$code" 202 "the webhook is accepted"
a=$(json 'j.job' <<<"$body")
check "/healthz answers meanwhile" healthy
status_answers() { timeout 30 "$OSPREY" status >/dev/null 2>&1; }
check "osprey status answers meanwhile" status_answers
check "the job has its record" [ -f "$(job_dir "$a")/job.json" ]
if wait_until 60 ended "$a"; then ok "the worker got the job and the job ended ($(job_state "$a"))"; else
	not_ok "the worker got the job and the job ended" "state: $(job_state "$a")"; fi
expect_not_contains "$(job_field "$a" reason)" "cannot start osprey-worker" "the worker started"
expect_not_contains "$(job_field "$a" reason)" "reading the job" "the worker read the whole job"

note "--- a job that starts at osprey approve"
post /hooks/gatedbig "@$T/big.json"
b=$(json 'j.job' <<<"$body")
expect_eq "$code $(job_state "$b")" "202 awaiting_approval" "an approval job waits"
out=$(timeout 30 "$OSPREY" approve "$b" 2>&1)
expect_eq "$?" 0 "osprey approve answers"
check "/healthz answers after the approval" healthy
if wait_until 60 ended "$b"; then ok "the approved job ended ($(job_state "$b"))"; else
	not_ok "the approved job ended" "state: $(job_state "$b")" "$out"; fi
expect_not_contains "$(job_field "$b" reason)" "reading the job" "its worker read the whole job"

note "--- SIGTERM still stops the daemon"
kill -TERM "$DAEMON_PID"
if wait_until 60 exited "$DAEMON_PID"; then ok "the daemon stops on SIGTERM"; else
	not_ok "the daemon stops on SIGTERM"; fi

done_testing
