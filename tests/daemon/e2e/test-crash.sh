#!/usr/bin/env bash
# Crashes. (a) An osprey-worker killed with SIGKILL mid-job: the job ends
# failed naming the signal, its container is removed, the daemon keeps
# serving. (b) The supervisor killed with SIGKILL mid-job: the next
# `osprey start` marks the live job interrupted and removes its container,
# and a job that was awaiting approval still awaits and can be approved.
. "$(dirname "$0")/lib.sh"

start_engine
pipeline slow <<'YAML'
name: slow
trigger:
  type: webhook
  path: /hooks/slow
workspace:
  type: none
agent:
  prompt: "Long job: SLEEP 60"
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
  approval_timeout: 8s
agent:
  prompt: "brief"
YAML
pipeline gated <<'YAML'
name: gated
trigger:
  type: webhook
  path: /hooks/gated
workspace:
  type: none
channel:
  approval: true
agent:
  prompt: "Approved work {{ .body.n }}"
YAML
start_daemon

note "--- (a) the worker dies"
post /hooks/slow '{}'
a=$(json 'j.job' <<<"$body")
expect_state "$a" 120 running "the job runs"
wait_until 30 container_of_running "$a"
worker=$(worker_pids)
if [ -n "$worker" ] && [ "$(wc -w <<<"$worker")" = 1 ]; then
	ok "one osprey-worker child of the daemon ($worker)"
else
	not_ok "one osprey-worker child of the daemon" "found: '$worker'"
fi
kill -KILL $worker 2>/dev/null
expect_state "$a" 60 failed "the job ends failed"
expect_contains "$(job_field "$a" reason)" "SIGKILL" "the reason names the signal"
check "the daemon keeps serving (/healthz 200)" healthy
if wait_until 60 no_container_of "$a"; then ok "the job's container is removed"; else
	not_ok "the job's container is removed" "$(containers_of "$a") left"; fi
logged_removal() { daemon_log | grep "removed a leftover container" | grep -q "job=$1"; }
if wait_until 30 logged_removal "$a"; then ok "the daemon logs the removal with the job's id"; else
	not_ok "the daemon logs the removal with the job's id" "$(daemon_log | tail -n 5)"; fi
wait_until 10 has_notification "$a" job_finished
expect_eq "$(notification "$a" job_finished | json 'j.state')" failed "the channel is told it failed"
expect_eq "$(curl -s "$BASE/healthz" | json 'j.slots.used')" 0 "its slot is free again"
post /hooks/slow '{}'
expect_eq "$code" 202 "the daemon takes new jobs"
a2=$(json 'j.job' <<<"$body")
"$OSPREY" cancel "$a2" >/dev/null 2>&1
expect_state "$a2" 60 cancelled "and runs them (cancelled here)"

note "--- (b) the supervisor dies"
post /hooks/gated '{"n":7}'
pending=$(json 'j.job' <<<"$body")
expect_eq "$(job_state "$pending")" awaiting_approval "a job awaits approval"
# GitHub's form mode: the pending job must come back from its payload.json too
code=$(curl -sS --max-time 30 -o "$T/resp.body" -w '%{http_code}' \
	--data-urlencode 'payload={"n": 8, "big": 123456789012345678}' "$BASE/hooks/gated")
form_pending=$(json 'j.job' <"$T/resp.body")
expect_eq "$code $(job_state "$form_pending")" "202 awaiting_approval" "a form-mode job awaits approval"
post /hooks/slow '{}'
b=$(json 'j.job' <<<"$body")
expect_state "$b" 120 running "a job runs"
wait_until 30 container_of_running "$b"
# asked for approval just before the kill, so that its time runs out after it
post /hooks/brief '{}'
brief=$(json 'j.job' <<<"$body")
brief_deadline=$(($(date +%s) + 9))
orphan=$(worker_pids)
EXTRA_PIDS+=($orphan)
old_pid=$DAEMON_PID
kill_daemon_hard
ok "the supervisor was killed with SIGKILL"
expect_eq "$(job_state "$b")" running "the record still says running"

# the brief job's approval_timeout runs out while no daemon runs
past_deadline() { [ "$(date +%s)" -gt "$brief_deadline" ]; }
wait_until 30 past_deadline
expect_eq "$(job_state "$brief")" awaiting_approval "a job whose approval time runs out while the daemon is down"
if start_again; then ok "osprey start again comes up"; else
	not_ok "osprey start again comes up" "$(daemon_log | tail -n 10)"; fi
check "it is a new daemon" [ "$DAEMON_PID" != "$old_pid" ]
expect_state "$b" 30 interrupted "the live job's record becomes interrupted"
expect_contains "$(job_field "$b" reason)" "daemon stopped" "its reason says the daemon stopped"
if wait_until 60 no_container_of "$b"; then ok "its container is removed"; else
	not_ok "its container is removed" "$(containers_of "$b") left"; fi
wait_until 10 has_notification "$b" job_finished
expect_eq "$(notification "$b" job_finished | json 'j.state')" interrupted "the channel is told it was interrupted"
if [ -n "$orphan" ]; then
	if wait_until 60 exited "$orphan"; then ok "the dead daemon's worker ends once its container is gone"; else
		not_ok "the dead daemon's worker ends once its container is gone" "pid $orphan still runs"; fi
fi

expect_state "$brief" 10 expired "is expired by the new daemon"
expect_eq "$(job_state "$pending")" awaiting_approval "the pending job still awaits approval"
expect_eq "$(curl -s "$BASE/healthz" | json 'j.jobs.awaiting_approval')" 2 "the new daemon counts both as pending"
out=$("$OSPREY" approve "$pending" 2>&1)
status=$?
expect_eq "$status" 0 "it can be approved after the restart"
expect_state "$pending" 120 succeeded "and it runs and succeeds"
expect_contains "$(cat "$(job_dir "$pending")/prompt.md")" "Approved work 7" "rendered from its recorded payload"
expect_eq "$(job_state "$form_pending")" awaiting_approval "the form-mode pending job also survives the restart"
"$OSPREY" approve "$form_pending" >/dev/null 2>&1
expect_state "$form_pending" 120 succeeded "and runs once approved"
expect_eq "$(cat "$(job_dir "$form_pending")/prompt.md")" "Approved work 8" "rendered from the form's payload"
check "the daemon keeps serving" healthy

note "--- retention at start: jobs.keep"
newest=$(ls "$OSPREY_HOME/jobs" | sort | tail -n 2 | tr '\n' ' ')
check "there are more than two finished jobs" [ "$(ls "$OSPREY_HOME/jobs" | wc -l)" -gt 2 ]
kill_daemon_hard
write_config "jobs:
  keep: 2"
if start_again; then ok "osprey start with jobs.keep 2 comes up"; else
	not_ok "osprey start with jobs.keep 2 comes up" "$(daemon_log | tail -n 10)"; fi
# retention runs on the thread pool once the daemon serves: wait for it
kept() { [ "$(ls "$OSPREY_HOME/jobs" | sort | tr '\n' ' ')" = "$newest" ]; }
wait_until 30 kept
expect_eq "$(ls "$OSPREY_HOME/jobs" | sort | tr '\n' ' ')" "$newest" "only the two newest finished jobs are kept"

done_testing
