#!/usr/bin/env bash
# Cron: a `* * * * *` pipeline fires at the next minute (bound 90 s), without
# approval even when channel.approval is true; its job has trigger cron, a
# body of {}, and succeeds. A disabled cron pipeline never fires.
. "$(dirname "$0")/lib.sh"

start_engine
pipeline minutely <<'YAML'
name: minutely
trigger:
  type: cron
  cron: "* * * * *"
workspace:
  type: none
channel:
  topic: "cron {{ .body.anything }}"
  approval: true
agent:
  prompt: "Nightly check {{ .body.anything }}"
YAML
pipeline off <<'YAML'
name: off
disabled: true
trigger:
  type: cron
  cron: "* * * * *"
workspace:
  type: none
agent:
  prompt: "never"
YAML
start_daemon
expect_contains "$(daemon_log)" 'msg="cron pipeline scheduled" pipeline=minutely' "the cron pipeline is scheduled"

cron_job() {
	local d
	for d in "$OSPREY_HOME"/jobs/*/; do
		[ -f "$d/job.json" ] || continue
		[ "$(json 'j.pipeline + " " + j.trigger' <"$d/job.json")" = "minutely cron" ] && basename "$d" && return 0
	done
	return 1
}
has_cron_job() { cron_job >/dev/null; }
start=$SECONDS
if wait_until 90 has_cron_job; then
	ok "a cron job appears within $((SECONDS - start)) s"
else
	not_ok "a cron job appears within 90 s" "$(daemon_log | tail -n 10)"
	done_testing
	exit 1
fi
id=$(cron_job)
expect_state "$id" 120 succeeded "the cron job succeeds (no approval asked)"
expect_eq "$(cat "$(job_dir "$id")/payload.json")" "{}" "its payload is {}"
expect_eq "$(cat "$(job_dir "$id")/prompt.md")" "Nightly check <no value>" "its template data is an empty body"
check "no approval was requested" test -z "$(notification "$id" approval_requested)"
wait_until 10 has_notification "$id" job_finished
expect_eq "$(notification "$id" job_finished | json 'j.state + "|" + j.topic')" "succeeded|cron <no value>" \
	"the channel gets the result"
expect_contains "$("$OSPREY" jobs 2>&1 | grep -F "$id")" "cron" "osprey jobs shows the cron trigger"
if wait_until 30 no_container_of "$id"; then ok "its container is gone"; else
	not_ok "its container is gone" "$(containers_of "$id") left"; fi
expect_eq "$(grep -l '"pipeline":"off"' "$OSPREY_HOME"/jobs/*/job.json 2>/dev/null | wc -l)" 0 \
	"the disabled cron pipeline never fired"

done_testing
