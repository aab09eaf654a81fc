#!/usr/bin/env bash
# The job store under hostile input and faults: a decision that cannot be
# recorded on a full disk is refused and lost by nobody; 429s keep nothing
# but their record and are pruned as they come; jobs.max_pending answers 429
# naming the cap; a render past its limits fails its job while /healthz
# answers; a restart renders nothing again; a directory without a record is
# removed; an interrupted job ends when its daemon did.
. "$(dirname "$0")/lib.sh"

[ "$(id -u)" = 0 ] || bail "this test mounts a small tmpfs for a full disk: run it as root"

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
agent:
  prompt: "Deploy {{ .body.version }}"
YAML
pipeline busy <<'YAML'
name: busy
trigger:
  type: webhook
  path: /hooks/busy
workspace:
  type: none
agent:
  prompt: "Busy: SLEEP 60"
YAML
pipeline blowup <<'YAML'
name: blowup
trigger:
  type: webhook
  path: /hooks/blowup
workspace:
  type: none
agent:
  prompt: "{{ range .body.a }}{{ range $.body.a }}{{ range $.body.a }}{{ $.body.s }}{{ end }}{{ end }}{{ end }}"
YAML

# the jobs directory on its own small file system, to fill it at will
mkdir -p "$OSPREY_HOME/jobs"
mount -t tmpfs -o size=8m tmpfs "$OSPREY_HOME/jobs" || bail "cannot mount a tmpfs"
unmount_jobs() { umount -l "$OSPREY_HOME/jobs" 2>/dev/null || true; }
trap 'unmount_jobs; cleanup' EXIT

CONTAINER_EXTRA="  max_concurrent: 1"
start_daemon "jobs:
  keep: 5
  max_pending: 3"

note "--- a full disk: the decision is refused, the job still awaits approval"
post /hooks/gated '{"version":"1"}'
a=$(json 'j.job' <<<"$body")
expect_eq "$code" 202 "a gated job is accepted"
journal_empty() { [ "$(stat -c %s "$OSPREY_HOME/jobs/.journal")" = 0 ]; }
check "the journal is checkpointed when idle" wait_until 20 journal_empty
dd if=/dev/zero of="$OSPREY_HOME/jobs/filler" bs=64k 2>/dev/null
out=$("$OSPREY" ignore "$a" 2>&1)
status=$?
expect_eq "$status" 1 "osprey ignore fails on a full disk"
expect_contains "$out" "could not record the decision" "and says the decision was not recorded"
expect_contains "$out" "still awaits approval" "and that the job still awaits approval"
expect_not_contains "$out" "$OSPREY_HOME" "without naming internal paths"
expect_eq "$(job_state "$a")" awaiting_approval "job.json still says awaiting_approval"
expect_eq "$(curl -s "$BASE/healthz" | json 'j.jobs.awaiting_approval')" 1 "the daemon still counts it pending"
post /hooks/gated '{"version":"2"}'
expect_eq "$code" 503 "a webhook that cannot be recorded is answered 503"
expect_contains "$(json 'j.error' <<<"$body")" "cannot record the job" "saying why"
expect_not_contains "$body" "$OSPREY_HOME" "without internal paths"

kill_daemon_hard
rm -f "$OSPREY_HOME/jobs/filler"
start_again || bail "the daemon did not come back"
expect_eq "$(job_state "$a")" awaiting_approval "after a restart the job still awaits approval"
out=$("$OSPREY" ignore "$a" 2>&1)
expect_eq "$?" 0 "with space again, osprey ignore works"
expect_eq "$(job_state "$a")" ignored "and job.json says ignored"
kill_daemon_hard
start_again || bail "the daemon did not come back"
expect_eq "$(job_state "$a")" ignored "an ignored job stays ignored after a restart"
check "and it never ran" no_container_of "$a"

note "--- jobs.max_pending"
pend=()
for v in 1 2 3; do
	post /hooks/gated "{\"version\":\"p$v\"}"
	pend+=("$(json 'j.job' <<<"$body")")
done
expect_eq "$code" 202 "three jobs may await approval"
post /hooks/gated '{"version":"p4"}'
expect_eq "$code" 429 "a fourth is answered 429"
expect_contains "$(json 'j.error' <<<"$body")" "jobs.max_pending" "naming the cap"
check "the log names the cap too" grep -q 'jobs.max_pending' "$T/daemon.err"
r=$(json 'j.job' <<<"$body")
expect_eq "$(job_state "$r")" rejected "the refused job is recorded rejected"
check "and keeps no payload" test ! -e "$(job_dir "$r")/payload.json"
check "and no prompt" test ! -e "$(job_dir "$r")/prompt.md"

note "--- a render past its limits"
big=$(node -e 'console.log(JSON.stringify({a: Array.from({length: 200}, (_, i) => i), s: "x".repeat(100)}))')
post /hooks/blowup "$big"
expect_eq "$code" 202 "the blow-up payload is recorded"
expect_eq "$(json 'j.state' <<<"$body")" failed "its job failed at once"
expect_contains "$(json 'j.reason' <<<"$body")" "agent.prompt: rendering stopped" "because rendering stopped at a limit"
check "the daemon keeps serving" healthy

note "--- an interrupted job ends when its daemon did; a restart renders nothing again"
post /hooks/busy '{}'
expect_eq "$code" 202 "a long job is accepted"
busy=$(json 'j.job' <<<"$body")
expect_state "$busy" 60 running "and runs"
p=${pend[0]}
prompt_before=$(cat "$(job_dir "$p")/prompt.md")
kill_daemon_hard
died=$(date -u +%Y-%m-%dT%H:%M:%SZ)
# a restart that rendered again would take the new template
sed -i 's/prompt: "Deploy/prompt: "Changed since/' "$OSPREY_HOME/pipelines/gated/pipeline.yaml"
orphan=$(date -u -d '+1 hour' +%Y%m%d-%H%M%S)-00000000
mkdir "$OSPREY_HOME/jobs/$orphan"
touch -d '2 hours ago' "$OSPREY_HOME/jobs/$orphan"
sleep 2 # the restart must come measurably later than the crash
start_again || bail "the daemon did not come back"
expect_state "$busy" 30 interrupted "the live job ends interrupted"
finished=$(job_field "$busy" finished)
if [[ "$finished" < "$died" || "$finished" == "$died" ]]; then ok "its end is when the daemon died, not the restart"; else
	not_ok "its end is when the daemon died, not the restart" "finished $finished, died $died"; fi
expect_eq "$(job_state "$p")" awaiting_approval "a pending job comes back"
expect_eq "$(cat "$(job_dir "$p")/prompt.md")" "$prompt_before" "and its prompt is not rendered again"
gone() { [ ! -e "$OSPREY_HOME/jobs/$orphan" ]; }
check "a directory without a record, older than an hour, is removed" wait_until 30 gone

note "--- 429s on busy slots are pruned as they come"
post /hooks/busy '{}'
expect_eq "$code" 202 "a long job takes the only slot"
busy=$(json 'j.job' <<<"$body")
expect_state "$busy" 60 running "and runs"
for i in $(seq 150); do
	curl -s -o /dev/null -H 'Content-Type: application/json' --data-binary "{\"i\":$i}" "$BASE/hooks/busy"
done
count_jobs() { ls "$OSPREY_HOME/jobs" | wc -l; }
few_jobs() { [ "$(count_jobs)" -le 110 ]; }
check "150 rejected webhooks leave at most keep + 100 + the held jobs" wait_until 30 few_jobs
check "the busy job is kept" test -e "$(job_dir "$busy")/job.json"

note "--- jobs.max_store_bytes"
kill_daemon_hard
write_config "jobs:
  keep: 5
  max_pending: 50
  max_store_bytes: 400KiB"
start_again || bail "the daemon did not come back"
node -e 'console.log(JSON.stringify({version: "big", pad: "x".repeat(100 * 1024)}))' >"$T/100k.json"
full=
held=()
for i in 1 2 3 4 5 6 7 8; do
	post /hooks/gated "@$T/100k.json"
	if [ "$code" = 503 ]; then full=$body; break; fi
	held+=("$(json 'j.job' <<<"$body")")
done
expect_contains "$full" "jobs.max_store_bytes" "jobs awaiting approval that fill the store get 503 naming the cap"
check "the log says so too" grep -q 'the job store is full' "$T/daemon.err"
for j in "${held[@]}" "${pend[@]}"; do "$OSPREY" ignore "$j" >/dev/null 2>&1; done
accepted() { post /hooks/gated '{"version":"after"}'; [ "$code" = 202 ]; }
check "once they are decided, retention makes room and webhooks are taken again" wait_until 30 accepted

done_testing
