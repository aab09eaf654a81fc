#!/usr/bin/env bash
# The slot limit: with container.max_concurrent 2, two long jobs run and a
# third trigger is answered 429 with Retry-After and recorded as rejected;
# `osprey cancel` then stops the running ones (cancelled, containers gone)
# and frees their slots.
. "$(dirname "$0")/lib.sh"

start_engine
pipeline slow <<'YAML'
name: slow
trigger:
  type: webhook
  path: /hooks/slow
workspace:
  type: none
channel:
  topic: "slow {{ .body.n }}"
agent:
  prompt: "Take your time: SLEEP 30 (request {{ .body.n }})"
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
  topic: "gated"
agent:
  prompt: "gated"
YAML
CONTAINER_EXTRA='  max_concurrent: 2'
start_daemon

post /hooks/gated '{}'
gated=$(json 'j.job' <<<"$body")
expect_eq "$(job_state "$gated")" awaiting_approval "a gated job waits (it holds no slot)"

# a burst: five requests at once, two slots
burst=()
for n in 1 2 3 4 5; do
	curl -sS --max-time 60 -o "$T/burst$n" -w '%{http_code}' -H 'Content-Type: application/json' \
		--data "{\"n\":$n}" "$BASE/hooks/slow" >"$T/burst$n.code" &
	burst+=($!)
done
wait "${burst[@]}"
codes=$(for n in 1 2 3 4 5; do cat "$T/burst$n.code"; echo; done | sort | tr '\n' ' ')
expect_eq "$codes" "202 202 429 429 429 " "five requests at once, two slots: two 202 and three 429"
ids=()
for n in 1 2 3 4 5; do
	[ "$(cat "$T/burst$n.code")" = 202 ] && ids+=("$(json 'j.job' <"$T/burst$n")")
done
for id in "${ids[@]}"; do
	check "an accepted job's answer says running" [ "$(job_field "$id" 'state === "rejected" ? "no" : "yes"')" = yes ]
done
for n in 1 2; do
	expect_state "${ids[$((n - 1))]}" 120 running "job $n reaches running"
done
check "job 1's container is running" container_of_running "${ids[0]}"
check "job 2's container is running" container_of_running "${ids[1]}"
expect_eq "$(curl -s "$BASE/healthz" | json 'j.slots.used + "/" + j.slots.max')" "2/2" "/healthz shows both slots used"
status_out=$("$OSPREY" status 2>&1)
expect_contains "$status_out" "is running (pid $DAEMON_PID)" "osprey status names the daemon"
expect_contains "$status_out" "2 of 2 in use" "osprey status shows both slots used"
expect_contains "$(grep '^jobs' <<<"$status_out")" "2 running, 1 awaiting_approval" \
	"osprey status counts the running and the pending jobs"
expect_contains "$(grep '^jobs' <<<"$status_out")" "rejected" "and the rejected ones"
expect_not_contains "$status_out" "{" "osprey status prints no raw JSON"

post /hooks/slow '{"n":6}'
expect_eq "$code" 429 "one more request, all slots busy: 429"
retry=$(awk -F': ' 'tolower($1) == "retry-after" { print $2 }' <<<"$headers")
check "the 429 has a Retry-After in seconds ($retry)" test -n "$retry" -a "$retry" -gt 0
expect_contains "$(json 'j.error' <<<"$body")" "slots" "the 429 body says why"
rejected=$(json 'j.job' <<<"$body")
if [ -f "$(job_dir "$rejected")/job.json" ]; then
	expect_eq "$(job_state "$rejected")" rejected "the rejected job's job.json says rejected"
else
	not_ok "the rejected job's job.json says rejected" "no record for '$rejected' (body: $body)"
fi
# the sender has its answer; a flood of 429s must not flood the channel
expect_eq "$(notification "$rejected" job_finished)" "" "a webhook answered 429 is not announced on the channel"
check "the rejected job never had a container" no_container_of "$rejected"
expect_eq "$(find "$OSPREY_HOME/jobs" -name job.json -exec grep -l '"state":"rejected"' {} + | wc -l)" 4 \
	"every 429 is recorded as a rejected job"

out=$("$OSPREY" approve "$gated" 2>&1)
expect_contains "$out" "rejected" "approving a job while all slots are busy: it is rejected"
expect_state "$gated" 10 rejected "its job.json says rejected"
wait_until 10 has_notification "$gated" job_finished
expect_eq "$(notification "$gated" job_finished | json 'j.state + " " + j.topic')" "rejected gated" \
	"and the channel is told (no sender heard a 429)"

for n in 1 2; do
	id=${ids[$((n - 1))]}
	out=$("$OSPREY" cancel "$id" 2>&1)
	status=$?
	expect_eq "$status" 0 "osprey cancel job $n exits 0"
	expect_contains "$out" "$id" "osprey cancel names the job"
done
for n in 1 2; do
	id=${ids[$((n - 1))]}
	expect_state "$id" 60 cancelled "job $n ends cancelled"
	expect_contains "$(job_field "$id" reason)" "cancelled by $(id -un)" "job $n's reason says who cancelled it"
	if wait_until 30 no_container_of "$id"; then ok "job $n's container is gone"; else
		not_ok "job $n's container is gone" "$(containers_of "$id") left"; fi
	wait_until 10 has_notification "$id" job_finished
	expect_eq "$(notification "$id" job_finished | json 'j.state')" cancelled "the channel is told job $n was cancelled"
done
expect_eq "$(curl -s "$BASE/healthz" | json 'j.slots.used')" 0 "the slots are free again"

out=$("$OSPREY" cancel "${ids[0]}" 2>&1)
status=$?
expect_eq "$status" 1 "cancelling a cancelled job fails"
expect_contains "$out" "cancelled" "and says the job is cancelled"

post /hooks/slow '{"n":7}'
expect_eq "$code" 202 "a new request is accepted once slots are free"
id4=$(json 'j.job' <<<"$body")
expect_state "$id4" 120 running "and runs"
"$OSPREY" cancel "$id4" >/dev/null 2>&1
expect_state "$id4" 60 cancelled "and can be cancelled too"
check "the daemon is still up" healthy

done_testing
