#!/usr/bin/env bash
# Timeouts and failures: a job whose agent outlives agent.timeout (3s) is
# stopped, ends timed_out within bounds, the channel is told with the tail of
# the output, and its container is removed. A failing agent ends failed with
# its status; a missing image fails the job with a reason naming it. A clone
# that hangs (a git server that never answers) is bounded by the timeout and
# can be cancelled. Without an engine, jobs fail with a reason naming it.
. "$(dirname "$0")/lib.sh"

start_engine
pipeline sleepy <<'YAML'
name: sleepy
trigger:
  type: webhook
  path: /hooks/sleepy
workspace:
  type: none
channel:
  topic: "sleepy"
  message: "it sleeps"
agent:
  timeout: 3s
  prompt: "Never finishing: SLEEP 60"
YAML
pipeline failing <<'YAML'
name: failing
trigger:
  type: webhook
  path: /hooks/failing
workspace:
  type: none
agent:
  prompt: "Give up with EXIT 3"
YAML
pipeline noimage <<'YAML'
name: noimage
trigger:
  type: webhook
  path: /hooks/noimage
workspace:
  type: none
agent:
  image: localhost/osprey-no-such-image:latest
  prompt: "never runs"
YAML
# a "git server" that accepts connections and never says a word
node -e 'require("net").createServer(() => {}).listen(0, "127.0.0.1", function () { console.log(this.address().port); })' \
	>"$T/mute.port" &
EXTRA_PIDS+=($!)
wait_until 10 test -s "$T/mute.port" || bail "the mute git server did not start"
mute=git://127.0.0.1:$(cat "$T/mute.port")
# written by the admin, not chosen by a payload (that would be refused)
pipeline hangs <<YAML
name: hangs
trigger:
  type: webhook
  path: /hooks/hangs
workspace:
  type: git-clone
  repo: "$mute/a.git"
agent:
  timeout: 3s
  prompt: "never runs"
YAML
start_daemon

post /hooks/sleepy '{}'
expect_eq "$code" 202 "the sleepy job is accepted"
id=$(json 'j.job' <<<"$body")
start=$SECONDS
expect_state "$id" 60 running "it runs"
# 3 s of timeout, then the container's stop grace (2 s): bounded well under the 60 s sleep
expect_state "$id" 45 timed_out "it ends timed_out"
took=$((SECONDS - start))
if [ "$took" -lt 45 ]; then ok "within bounds ($took s after it was accepted)"; else
	not_ok "within bounds" "took $took s"; fi
expect_contains "$(job_field "$id" reason)" "3s" "the reason names the timeout"
wait_until 10 has_notification "$id" job_finished
line=$(notification "$id" job_finished)
expect_eq "$(json 'j.state + "|" + j.topic + "|" + j.message' <<<"$line")" "timed_out|sleepy|it sleeps" \
	"the notification says timed_out"
expect_contains "$(json 'j.result' <<<"$line")" "SLEEP 60" "the notification carries the tail of the output"
if wait_until 30 no_container_of "$id"; then ok "its container is gone"; else
	not_ok "its container is gone" "$(containers_of "$id") left"; fi
check "its worker is gone" test -z "$(worker_pids)"

post /hooks/failing '{}'
fid=$(json 'j.job' <<<"$body")
expect_state "$fid" 120 failed "an agent exiting 3 ends failed"
expect_eq "$(job_field "$fid" 'exit_code + " " + reason')" "3 the agent exited with status 3" \
	"job.json has the exit code and says why"
wait_until 10 has_notification "$fid" job_finished
expect_eq "$(notification "$fid" job_finished | json 'j.state')" failed "the notification says failed"
if wait_until 30 no_container_of "$fid"; then ok "the failed job's container is gone"; else
	not_ok "the failed job's container is gone" "$(containers_of "$fid") left"; fi
post /hooks/noimage '{}'
nid=$(json 'j.job' <<<"$body")
expect_state "$nid" 120 failed "a job whose image is missing ends failed"
expect_contains "$(job_field "$nid" reason)" "osprey-no-such-image" "the reason names the image"
check "it left no container" no_container_of "$nid"
wait_until 10 has_notification "$nid" job_finished
expect_eq "$(notification "$nid" job_finished | json 'j.state')" failed "the channel is told"
expect_eq "$(curl -s "$BASE/healthz" | json 'j.slots.used')" 0 "every slot is free again"
post /hooks/hangs '{}'
hid=$(json 'j.job' <<<"$body")
expect_state "$hid" 30 preparing "a clone from a mute server hangs in preparing"
expect_state "$hid" 60 timed_out "the timeout ends it: timed_out"
post /hooks/hangs '{}'
hid=$(json 'j.job' <<<"$body")
expect_state "$hid" 30 preparing "another hanging clone"
"$OSPREY" cancel "$hid" >/dev/null 2>&1
expect_state "$hid" 30 cancelled "can be cancelled while preparing"
no_git() { ! pgrep -f "git.*$(cat "$T/mute.port")" >/dev/null; }
if wait_until 30 no_git; then ok "no git process is left behind"; else
	not_ok "no git process is left behind" "$(pgrep -af "git.*$(cat "$T/mute.port")")"; fi
expect_eq "$(curl -s "$BASE/healthz" | json 'j.slots.used')" 0 "every slot is free again"

check "the daemon is still up" healthy

# the engine goes away: jobs fail with a reason, the daemon carries on
"$ENGINE_SH" stop "$ENGINE_DIR" >/dev/null 2>&1
post /hooks/failing '{}'
expect_eq "$code" 202 "with the engine gone, a webhook is still accepted"
eid=$(json 'j.job' <<<"$body")
expect_state "$eid" 120 failed "and its job fails"
expect_contains "$(job_field "$eid" reason)" "$SOCK" "the reason names the engine's socket"
note "reason: $(job_field "$eid" reason)"
check "the daemon is still up" healthy

done_testing
