#!/usr/bin/env bash
# Signals. SIGHUP reloads pipelines from disk: a new pipeline's path starts
# answering, a removed one stops, a broken configuration is refused and the
# old one kept, and a running job carries on. SIGTERM stops gracefully: a
# running job gets jobs.shutdown_grace (2s), then it is stopped and ends
# interrupted, no container is left, pending approvals stay pending, and the
# daemon exits by itself with status 0.
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
  prompt: "{{ .body.prompt }}"
YAML
pipeline old <<'YAML'
name: old
trigger:
  type: webhook
  path: /hooks/old
workspace:
  type: none
agent:
  prompt: "old"
YAML
start_daemon "jobs:
  shutdown_grace: 2s"

# status_of METHOD PATH: the HTTP status only
status_of() { curl -s --max-time 10 -o /dev/null -w '%{http_code}' -X "$1" "$BASE$2"; }
path_is() { [ "$(status_of GET "$2")" = "$1" ]; }

note "--- SIGHUP"
post /hooks/slow '{"prompt":"Reload under me: SLEEP 10"}'
running=$(json 'j.job' <<<"$body")
expect_state "$running" 120 running "a job runs"

pipeline fresh <<'YAML'
name: fresh
trigger:
  type: webhook
  path: /hooks/fresh
workspace:
  type: none
agent:
  prompt: "fresh {{ .body.n }}"
YAML
rm -rf "$OSPREY_HOME/pipelines/old"
post /hooks/fresh '{"n":1}'
expect_eq "$code" 404 "a new pipeline's path is 404 before SIGHUP"
kill -HUP "$DAEMON_PID"
if wait_until 30 path_is 405 /hooks/fresh; then ok "after SIGHUP the new path is served"; else
	not_ok "after SIGHUP the new path is served" "$(daemon_log | tail -n 5)"; fi
post /hooks/fresh '{"n":1}'
expect_eq "$code" 202 "a POST to the new path is 202"
fresh=$(json 'j.job' <<<"$body")
expect_eq "$(status_of POST /hooks/old)" 404 "the removed pipeline's path is 404"
expect_contains "$(daemon_log)" 'msg="pipelines reloaded"' "the daemon logs the reload"
expect_state "$fresh" 120 succeeded "the new pipeline's job succeeds"
expect_eq "$(job_state "$running")" running "the job running across the reload goes on"
expect_state "$running" 120 succeeded "and succeeds"

# a broken configuration is refused; the loaded one stays
printf 'name: broken\ntrigger:\n  type: webhook\n  path: no-slash\nagent:\n  prompt: x\n' |
	pipeline broken
kill -HUP "$DAEMON_PID"
refused() { daemon_log | grep -q 'reload refused'; }
if wait_until 30 refused; then ok "a reload with a broken pipeline is refused"; else
	not_ok "a reload with a broken pipeline is refused" "$(daemon_log | tail -n 5)"; fi
expect_contains "$(daemon_log | grep 'reload refused')" "pipelines/broken/pipeline.yaml" "the refusal names the broken file"
check "the daemon keeps serving" healthy
expect_eq "$(status_of GET /hooks/fresh)" 405 "with the pipelines it had"
rm -rf "$OSPREY_HOME/pipelines/broken"

note "--- SIGTERM"
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
  prompt: "gated"
YAML
kill -HUP "$DAEMON_PID"
wait_until 30 path_is 405 /hooks/gated
post /hooks/gated '{}'
pending=$(json 'j.job' <<<"$body")
expect_eq "$(job_state "$pending")" awaiting_approval "a job awaits approval"
post /hooks/slow '{"prompt":"Outlive the grace: SLEEP 60"}'
live=$(json 'j.job' <<<"$body")
expect_state "$live" 120 running "a long job runs"
wait_until 30 container_of_running "$live"

pid=$DAEMON_PID
start=$SECONDS
kill -TERM "$pid"
if wait_until 60 exited "$pid"; then
	ok "the daemon exits by itself after SIGTERM ($((SECONDS - start)) s)"
	wait "$pid"
	expect_eq "$?" 0 "with status 0"
else
	not_ok "the daemon exits by itself after SIGTERM" "still running after 60 s" "$(daemon_log | tail -n 10)"
	kill -KILL "$pid"
fi
DAEMON_PID=
check "the grace was honoured (at least 2 s)" [ $((SECONDS - start)) -ge 2 ]
expect_eq "$(job_state "$live")" interrupted "the running job ends interrupted"
expect_contains "$(job_field "$live" reason)" "daemon stopped" "its reason says the daemon stopped"
expect_eq "$(notification "$live" job_finished | json 'j.state')" interrupted "the channel is told"
if wait_until 30 no_container_of "$live"; then ok "no container is left"; else
	not_ok "no container is left" "$(containers_of "$live") left"; fi
expect_eq "$(job_state "$pending")" awaiting_approval "the pending approval stays pending on disk"
check "the webhook port is closed" [ "$(curl -s --max-time 5 -o /dev/null -w '%{http_code}' "$BASE/healthz")" = 000 ]
check "the control socket is gone" test ! -e "$OSPREY_HOME/osprey.sock"
expect_contains "$(daemon_log | tail -n 3)" 'msg=stopped' "the daemon logs that it stopped"

done_testing
