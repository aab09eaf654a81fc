#!/usr/bin/env bash
# The opt-in queue: with container.max_concurrent 1 and container.queue 2,
# while one job is held running two more wait (202, state queued) and the
# next is answered 429 and recorded rejected. /healthz, /metrics, osprey
# status and osprey jobs show the queue. A queued job can be cancelled; an
# approved job that finds the slot busy queues too. When the running job
# ends the oldest queued one starts (first come, first started). A job
# still queued when the daemon stops stays queued (not interrupted) and
# starts after the restart.
#
# Jobs are held by the stand-in's "WAITFOR n" knob: each waits in its local
# workspace for release-n, which the test creates to let it finish.
. "$(dirname "$0")/lib.sh"

start_engine
mkdir -p "$T/ws"
chmod 755 "$T/ws"
pipeline held <<YAML
name: held
trigger:
  type: webhook
  path: /hooks/held
workspace:
  type: local
  path: $T/ws
channel:
  topic: "held {{ .body.n }}"
agent:
  prompt: "Hold: WAITFOR {{ .body.n }}"
YAML
pipeline gated <<YAML
name: gated
trigger:
  type: webhook
  path: /hooks/gated
workspace:
  type: local
  path: $T/ws
channel:
  approval: true
  topic: "gated {{ .body.n }}"
agent:
  prompt: "Gated: WAITFOR {{ .body.n }}"
YAML
CONTAINER_EXTRA='  max_concurrent: 1
  queue: 2'
start_daemon "jobs:
  shutdown_grace: 1s"

release() { touch "$T/ws/release-$1"; }
health() { curl -s --max-time 10 "$BASE/healthz" | json "$1"; }
metric() { curl -s --max-time 10 "$BASE/metrics" | awk -v m="$1" '$1 == m { print $2 }'; }
queued_count_is() { [ "$(health 'j.jobs.queued')" = "$1" ]; }

note "--- one running, two queued, the next rejected"
post /hooks/held '{"n":1}'
expect_eq "$code $(json 'j.state' <<<"$body")" "202 running" "the first job takes the slot"
a=$(json 'j.job' <<<"$body")
expect_state "$a" 120 running "and runs"
post /hooks/held '{"n":2}'
expect_eq "$code $body" "202 {\"job\":\"$(json 'j.job' <<<"$body")\",\"state\":\"queued\"}" \
	"the second is answered 202 {job, state: queued}"
b=$(json 'j.job' <<<"$body")
expect_eq "$(job_state "$b")" queued "its job.json says queued"
expect_eq "$(job_field "$b" 'started')" "" "it has not started"
post /hooks/held '{"n":3}'
expect_eq "$code $(json 'j.state' <<<"$body")" "202 queued" "the third is queued too"
c=$(json 'j.job' <<<"$body")
post /hooks/held '{"n":4}'
expect_eq "$code" 429 "the fourth finds the queue full: 429"
retry=$(awk -F': ' 'tolower($1) == "retry-after" { print $2 }' <<<"$headers")
check "with a Retry-After ($retry)" test -n "$retry"
expect_contains "$(json 'j.error' <<<"$body")" "container.queue" "the 429 names the queue"
d=$(json 'j.job' <<<"$body")
expect_eq "$(job_state "$d")" rejected "and the job is recorded rejected"
check "the queued jobs have no container" no_container_of "$b"

expect_eq "$(health 'j.slots.used + "/" + j.slots.max')" 1/1 "/healthz: the slot is used"
expect_eq "$(health 'j.jobs.queued + " " + j.queue.length + "/" + j.queue.max')" "2 2/2" \
	"/healthz: two queued, of two"
expect_eq "$(metric osprey_jobs_queued) $(metric osprey_jobs_queue_max)" "2 2" \
	"/metrics: osprey_jobs_queued and osprey_jobs_queue_max"
status_out=$("$OSPREY" status 2>&1)
expect_contains "$(grep '^queue' <<<"$status_out")" "2 of 2 waiting" "osprey status shows the queue"
expect_contains "$(grep '^jobs' <<<"$status_out")" "1 running, 2 queued" "and counts the queued jobs"
expect_contains "$("$OSPREY" jobs 2>&1 | grep -F "$b")" " queued " "osprey jobs lists a queued job"
expect_eq "$("$OSPREY" jobs --state queued --json 2>&1 | json 'j.map(r => r.id).sort().join(" ")')" \
	"$(printf '%s\n' "$b" "$c" | sort | tr '\n' ' ' | sed 's/ $//')" "osprey jobs --state queued"

note "--- cancel a queued job"
out=$("$OSPREY" approve "$c" 2>&1)
expect_contains "$out" "is queued, not awaiting approval" "a queued job cannot be approved"
out=$("$OSPREY" cancel "$c" 2>&1)
expect_eq "$?" 0 "osprey cancel on a queued job exits 0"
expect_contains "$out" "$c" "and names it"
expect_state "$c" 10 cancelled "the queued job ends cancelled"
expect_contains "$(job_field "$c" reason)" "while queued" "its reason says it never ran"
expect_eq "$(job_field "$c" 'started')" "" "it never started"
wait_until 10 has_notification "$c" job_finished
expect_eq "$(notification "$c" job_finished | json 'j.state + " " + j.topic')" "cancelled held 3" \
	"the channel is told"
if wait_until 10 queued_count_is 1; then ok "/healthz: one queued now"; else
	not_ok "/healthz: one queued now" "$(curl -s "$BASE/healthz")"; fi
check "the cancelled job never had a container" no_container_of "$c"

note "--- an approved job queues when the slot is busy"
post /hooks/gated '{"n":5}'
g=$(json 'j.job' <<<"$body")
expect_eq "$code $(json 'j.state' <<<"$body")" "202 awaiting_approval" "a gated job awaits approval"
out=$("$OSPREY" approve "$g" 2>&1)
expect_contains "$out" "queued" "approving it while the slot is busy queues it"
expect_state "$g" 10 queued "its job.json says queued"
expect_contains "$(job_field "$g" decided_by)" "$(id -un)" "and who approved it"
post /hooks/held '{"n":6}'
expect_eq "$code" 429 "the queue is full again: 429"

note "--- the running job ends: the oldest queued one starts"
release 1
expect_state "$a" 60 succeeded "the first job finishes"
expect_state "$b" 120 running "the oldest queued job starts"
expect_eq "$(job_state "$g")" queued "the approved job still waits behind it"
check "the second job started after the first finished" \
	[ "$(job_field "$b" started)" \> "$(job_field "$a" finished)" -o "$(job_field "$b" started)" = "$(job_field "$a" finished)" ]
check "its container runs" container_of_running "$b"

note "--- a restart keeps the queue"
pid=$DAEMON_PID
kill -TERM "$pid"
if wait_until 60 exited "$pid"; then ok "the daemon stops on SIGTERM"; else
	not_ok "the daemon stops on SIGTERM" "$(daemon_log | tail -n 10)"; kill -KILL "$pid"; fi
wait "$pid" 2>/dev/null
DAEMON_PID=
expect_eq "$(job_state "$b")" interrupted "the running job ends interrupted"
expect_eq "$(job_state "$g")" queued "the queued job stays queued on disk"
start_again || bail "the daemon did not start again"
expect_state "$g" 120 running "after the restart the queued job starts"
expect_eq "$(job_field "$g" reason)" "" "it was never interrupted"
expect_contains "$(daemon_log)" "restored queued jobs" "the daemon says it restored the queue"
release 5
expect_state "$g" 60 succeeded "and finishes"
expect_eq "$(health 'j.jobs.queued + " " + j.slots.used')" "0 0" "the queue and the slot are empty"
check "the daemon is still up" healthy

done_testing
