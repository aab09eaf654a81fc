#!/usr/bin/env bash
# Ctrl-C on `osprey start`: the terminal sends SIGINT to the whole foreground
# process group. Here the daemon leads its own group (setsid) and the group
# gets SIGINT, as from a terminal. The first one means what SIGTERM means: a
# running job survives it and finishes within jobs.shutdown_grace (workers
# never see the terminal's signals), `osprey status` and `osprey cancel`
# still work meanwhile (`approve` is refused); a second one cuts the grace short: the jobs still
# running are stopped now and end interrupted, and the daemon exits 0.
. "$(dirname "$0")/lib.sh"

start_engine
pipeline work <<'YAML'
name: work
trigger:
  type: webhook
  path: /hooks/work
workspace:
  type: none
agent:
  prompt: "{{ .body.prompt }}"
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
  prompt: "gated"
YAML

PORT=$(free_port)
BASE=http://127.0.0.1:$PORT
CONTAINER_EXTRA="  max_concurrent: 4"
write_config "jobs:
  shutdown_grace: 120s"
# not a group leader (no job control here), so setsid execs in place: $! is the daemon
setsid "$OSPREY" start --worker "$OSPREY_WORKER" >>"$T/daemon.out" 2>>"$T/daemon.err" </dev/null &
DAEMON_PID=$!
wait_until 60 daemon_up || bail "osprey start did not come up: $(daemon_log | tail -n 5)"
pgid=$(cut -d' ' -f5 "/proc/$DAEMON_PID/stat")
expect_eq "$pgid" "$DAEMON_PID" "the daemon leads its own process group, as under a terminal"

submit() { post /hooks/work "{\"prompt\":\"$1\"}"; json 'j.job' <<<"$body"; }
short=$(submit "Short: SLEEP 6")
long=$(submit "Long: SLEEP 200")
cancelme=$(submit "Cancel me: SLEEP 200")
for j in "$short" "$long" "$cancelme"; do
	wait_state "$j" 120 running || bail "job $j did not run: $(job_field "$j" reason)"
done
ok "three jobs run"
post /hooks/gated '{}'
gated=$(json 'j.job' <<<"$body")

note "--- the first SIGINT"
kill -INT -- "-$pgid"
stopping() { daemon_log | grep -q '"stopping"\|msg=stopping\|stopping '; }
wait_until 30 stopping || not_ok "the daemon logs that it is stopping"
out=$("$OSPREY" status 2>&1)
expect_eq "$?" 0 "osprey status works during the grace"
"$OSPREY" cancel "$cancelme" >/dev/null 2>&1
expect_eq "$?" 0 "osprey cancel works during the grace"
out=$("$OSPREY" approve "$gated" 2>&1)
check "osprey approve is refused during the grace (a new job would hold the stop up)" [ $? -ne 0 ]
expect_contains "$out" "stopping" "it says the daemon is stopping"
expect_state "$cancelme" 60 cancelled "the cancelled job ends cancelled"
expect_state "$short" 60 succeeded "a running job survives the first SIGINT and finishes"
expect_eq "$(job_state "$long")" running "a longer job still runs within the grace"
check "the daemon still runs" kill -0 "$DAEMON_PID"

note "--- the second SIGINT"
kill -INT -- "-$pgid"
expect_state "$long" 60 interrupted "the second SIGINT stops the running job now"
if wait_until 60 exited "$DAEMON_PID"; then ok "the daemon exits"; else not_ok "the daemon exits"; fi
wait "$DAEMON_PID"
expect_eq "$?" 0 "with status 0"
DAEMON_PID=
if wait_until 60 no_container_of "$long"; then ok "no container is left"; else
	not_ok "no container is left" "$(containers_of "$long") left"; fi
expect_eq "$(job_state "$gated")" awaiting_approval "the pending job stays pending"

done_testing
