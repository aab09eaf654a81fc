#!/usr/bin/env bash
# Approval: with channel.approval a webhook job answers 202
# awaiting_approval, an approval_requested line goes to stdout, nothing runs
# until `osprey approve`; `osprey ignore` ends a job ignored; decisions on a
# decided job fail with exit 1 and a sentence.
. "$(dirname "$0")/lib.sh"

start_engine
pipeline gated <<'YAML'
name: gated
trigger:
  type: webhook
  path: /hooks/gated
workspace:
  type: none
channel:
  approval: true
  topic: "Deploy {{ .body.version }}?"
  message: "{{ .body.user }} asks to deploy {{ .body.version }}"
agent:
  prompt: "Deploy version {{ .body.version }}"
YAML
pipeline brief <<'YAML'
name: brief
trigger:
  type: webhook
  path: /hooks/brief
workspace:
  type: none
channel:
  approval: true
  approval_timeout: 2s
  topic: "brief"
agent:
  prompt: "brief"
YAML
start_daemon

post /hooks/gated '{"version":"1.2.3","user":"ada"}'
expect_eq "$code" 202 "a gated webhook is accepted: 202"
expect_eq "$(json 'j.state' <<<"$body")" awaiting_approval "the answer says awaiting_approval"
a=$(json 'j.job' <<<"$body")
expect_eq "$(job_state "$a")" awaiting_approval "job.json says awaiting_approval"
if wait_until 10 has_notification "$a" approval_requested; then ok "an approval_requested line is on stdout"; else
	not_ok "an approval_requested line is on stdout" "stdout: $(cat "$T/daemon.out")"; fi
line=$(notification "$a" approval_requested)
expect_eq "$(json '[j.pipeline, j.state, j.topic, j.message, j.approve, j.ignore].join("|")' <<<"$line")" \
	"gated|awaiting_approval|Deploy 1.2.3?|ada asks to deploy 1.2.3|osprey approve $a|osprey ignore $a" \
	"the line has the rendered topic and message and the commands to decide"
check "nothing runs before approval" no_container_of "$a"
check "no worker runs before approval" test -z "$(worker_pids)"
expect_eq "$(curl -s "$BASE/healthz" | json 'j.jobs.awaiting_approval')" 1 "/healthz counts the pending job"

out=$("$OSPREY" approve "$a" 2>&1)
status=$?
expect_eq "$status" 0 "osprey approve exits 0"
expect_contains "$out" "$a" "osprey approve names the job"
me="$(id -un) (uid $(id -u)) from the command line"
expect_contains "$out" "approved by $me" "osprey approve says who decided, from the socket's credentials"
expect_state "$a" 120 succeeded "the approved job runs and succeeds"
expect_eq "$(job_field "$a" decided_by)" "$me" "job.json records who approved it: name and uid"
expect_contains "$(cat "$(job_dir "$a")/output.log" 2>/dev/null)" "Deploy version 1.2.3" "the agent got the prompt"
wait_until 10 has_notification "$a" job_finished
expect_eq "$(notification "$a" job_finished | json 'j.state')" succeeded "the channel gets the result"

post /hooks/gated '{"version":"6.6.6","user":"mallory"}'
b=$(json 'j.job' <<<"$body")
expect_eq "$(job_state "$b")" awaiting_approval "a second job awaits approval"
out=$("$OSPREY" ignore "$b" 2>&1)
status=$?
expect_eq "$status" 0 "osprey ignore exits 0"
expect_state "$b" 10 ignored "the ignored job ends ignored"
expect_eq "$(job_field "$b" reason)" "ignored by $me" "its reason says who ignored it"
check "an ignored job never gets a container" no_container_of "$b"
check "nor an output" test ! -s "$(job_dir "$b")/output.log"
wait_until 10 has_notification "$b" job_finished
expect_eq "$(notification "$b" job_finished | json 'j.state')" ignored "the channel is told it was ignored"

out=$("$OSPREY" approve "$b" 2>&1)
status=$?
expect_eq "$status" 1 "approving an ignored job fails (exit 1)"
expect_contains "$out" "osprey: job $b is ignored" "with a sentence saying it is ignored"
expect_eq "$(job_state "$b")" ignored "and it stays ignored"
out=$("$OSPREY" ignore "$a" 2>&1)
status=$?
expect_eq "$status" 1 "ignoring a succeeded job fails (exit 1)"
expect_contains "$out" "succeeded" "with a sentence saying it succeeded"
out=$("$OSPREY" approve 20991231-000000-00000000 2>&1)
status=$?
expect_eq "$status" 1 "approving an unknown job fails (exit 1)"
expect_eq "$out" "osprey: no job 20991231-000000-00000000" "with the daemon's sentence"
# What is no job id never reaches a path, on either side of the socket.
out=$(node -e '
const c = require("net").connect(process.argv[1], () => c.write(process.argv[2] + "\n"));
let a = ""; c.on("data", d => a += d); c.on("end", () => process.stdout.write(a));' \
	"$OSPREY_HOME/osprey.sock" '{"command":"approve","job":"../../../../etc/passwd","by":"mallory"}')
expect_eq "$out" '{"ok":false,"error":"no job ../../../../etc/passwd"}' "the daemon answers a path as no job"

post /hooks/gated '{"version":"2.0"}'
c=$(json 'j.job' <<<"$body")
out=$("$OSPREY" cancel "$c" 2>&1)
expect_state "$c" 10 cancelled "a pending job can be cancelled"
post /hooks/brief '{}'
d=$(json 'j.job' <<<"$body")
expect_eq "$(job_state "$d")" awaiting_approval "a job with approval_timeout 2s waits"
expect_state "$d" 30 expired "nobody answers: it ends expired"
wait_until 10 has_notification "$d" job_finished
expect_eq "$(notification "$d" job_finished | json 'j.state')" expired "the channel is told it expired"
check "an expired job never gets a container" no_container_of "$d"
out=$("$OSPREY" approve "$d" 2>&1)
status=$?
expect_eq "$status" 1 "approving an expired job fails (exit 1)"
expect_contains "$out" "expired" "and says it expired"

check "the daemon is still up" healthy

done_testing
