#!/usr/bin/env bash
# Containers never outlive their jobs unaccounted, whatever the engine does.
# (a) The engine dies, then the job's worker: the job ends failed, its slot
# stays used while its container may still run, and once the engine is back
# the retried sweep removes the container and frees the slot. (b) The engine
# freezes (SIGSTOP) and the worker is killed: the same, once it thaws.
# (c) The engine is down when the daemon starts: the start-up sweep is
# retried until the engine is back and removes what a dead daemon left.
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
  prompt: "Long job: SLEEP 120"
YAML
start_daemon

service_pid() { cat "$ENGINE_DIR/podman.pid"; }
slots_used() { curl -s --max-time 5 "$BASE/healthz" | json 'j.slots.used'; }
slot_free() { [ "$(slots_used)" = 0 ]; }
# the sweep, not something else, removed the job's container
swept() { daemon_log | grep "removed a leftover container" | grep -q "job=$1"; }


# start_slow: posts a job and waits for its container; sets $job and $worker
start_slow() {
	post /hooks/slow '{}'
	job=$(json 'j.job' <<<"$body")
	wait_state "$job" 120 running || bail "job $job did not run: $(job_field "$job" reason)"
	wait_until 30 container_of_running "$job" || bail "no running container for $job"
	worker=$(worker_pids)
}

note "--- (a) the engine dies, then the worker"
start_slow
kill -KILL "$(service_pid)"
kill -KILL $worker 2>/dev/null
expect_state "$job" 60 failed "the job ends failed"
expect_eq "$(slots_used)" 1 "its slot stays used while its container may run"
if wait_until 30 bash -c "grep -q 'cannot remove leftover containers' '$T/daemon.err'"; then
	ok "the failed sweep is logged"; else not_ok "the failed sweep is logged"; fi
"$ENGINE_SH" start "$ENGINE_DIR" >/dev/null || bail "the engine did not come back"
if wait_until 90 no_container_of "$job"; then ok "the retried sweep removes the container"; else
	not_ok "the retried sweep removes the container" "$(containers_of "$job") left" "$(daemon_log | tail -n 5)"; fi
check "the daemon's sweep removed it" swept "$job"
if wait_until 30 slot_free; then ok "and frees the slot"; else
	not_ok "and frees the slot" "slots.used: $(slots_used)"; fi

note "--- (b) the engine freezes"
start_slow
frozen=$(service_pid)
kill -STOP "$frozen"
kill -KILL $worker 2>/dev/null
expect_state "$job" 60 failed "the job ends failed"
expect_eq "$(slots_used)" 1 "its slot stays used while the engine is frozen"
check "the daemon keeps serving" healthy
kill -CONT "$frozen"
if wait_until 120 no_container_of "$job"; then ok "the container is removed once the engine thaws"; else
	not_ok "the container is removed once the engine thaws" "$(containers_of "$job") left"; fi
if wait_until 30 slot_free; then ok "and the slot is freed"; else
	not_ok "and the slot is freed" "slots.used: $(slots_used)"; fi

note "--- (c) the engine is down at start"
start_slow
kill_daemon_hard
kill -KILL $worker 2>/dev/null # nothing but the next daemon may remove the container
kill -KILL "$(service_pid)"
before=$(daemon_log | grep -c "removed a leftover container")
if start_again; then ok "osprey start comes up without an engine"; else
	not_ok "osprey start comes up without an engine" "$(daemon_log | tail -n 5)"; fi
expect_state "$job" 30 interrupted "the dead daemon's job ends interrupted"
"$ENGINE_SH" start "$ENGINE_DIR" >/dev/null || bail "the engine did not come back"
if wait_until 90 no_container_of "$job"; then ok "the retried start-up sweep removes its container"; else
	not_ok "the retried start-up sweep removes its container" "$(containers_of "$job") left"; fi
after=$(daemon_log | grep -c "removed a leftover container")
check "the daemon's start-up sweep removed it" [ "$after" -gt "$before" ]

done_testing
