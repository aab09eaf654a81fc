#!/usr/bin/env bash
# `osprey start` as an admin meets it: a broken configuration is refused with
# doctor's messages (file:line:column, exit 1) and nothing is left listening;
# a good one starts, announces its webhook URLs, skips disabled pipelines; a
# second daemon on the same home is refused; SIGTERM on an idle daemon ends
# it at once.
. "$(dirname "$0")/lib.sh"

start_engine
PORT=$(free_port)
BASE=http://127.0.0.1:$PORT

# start_once: runs `osprey start` expecting it to exit (bounded); sets
# $status and $err
start_once() {
	timeout 60 "$OSPREY" start --worker "$OSPREY_WORKER" "$@" >"$T/once.out" 2>"$T/once.err" </dev/null
	status=$?
	err=$(cat "$T/once.err")
}

SERVER_EXTRA='  max_conections: 10'
write_config
pipeline bad <<'YAML'
name: bad
trigger:
  type: webhook
  path: no-slash
  secret: ${E2E_UNSET_SECRET}
  signature_header: X-Signature
workspace:
  type: none
agent:
  prompt: "x"
YAML
pipeline dup1 <<'YAML'
name: dup1
trigger:
  type: webhook
  path: /same
workspace:
  type: none
agent:
  prompt: "x"
YAML
sed 's/dup1/dup2/' "$OSPREY_HOME/pipelines/dup1/pipeline.yaml" | pipeline dup2
pipeline empty <<'YAML'
name: empty
trigger:
  type: webhook
  path: /empty
  secret: ${E2E_EMPTY_SECRET}
  signature_header: X-Signature
workspace:
  type: none
agent:
  prompt: "x"
YAML
printf 'E2E_EMPTY_SECRET=\n' >"$OSPREY_HOME/pipelines/empty/.env"
chmod 600 "$OSPREY_HOME/pipelines/empty/.env"

start_once
expect_eq "$status" 1 "start refuses a broken configuration (exit 1)"
expect_contains "$err" "osprey: the configuration has errors; not starting" "it says it is not starting"
expect_contains "$err" 'config.yaml:5:3: server.max_conections: unknown setting; did you mean "max_connections"?' \
	"an unknown key: file:line:column and a suggestion"
expect_contains "$err" 'pipelines/bad/pipeline.yaml:4:9: trigger.path: must start with "/"' \
	"a bad path: file:line:column and the field"
expect_contains "$err" 'pipelines/bad/pipeline.yaml:5:11: trigger.secret references ${E2E_UNSET_SECRET} but it is not set' \
	"an unset secret: the contract's sentence"
expect_contains "$err" 'is already used by pipeline' "a path used twice"
expect_contains "$err" 'pipelines/empty/pipeline.yaml:5:11: trigger.secret: ${E2E_EMPTY_SECRET} is set but empty' \
	"an empty secret, as for an unset one"
doctor=$("$OSPREY" doctor 2>&1)
errors=$(grep '^error: ' <<<"$doctor" | sed 's/^error: //' | sort)
expect_eq "$(grep '^  ' <<<"$err" | sed 's/^  //' | sort)" "$errors" "the errors are exactly doctor's"
check "nothing listens on the port" [ "$(curl -s --max-time 5 -o /dev/null -w '%{http_code}' "$BASE/healthz")" = 000 ]
check "no control socket is left" test ! -e "$OSPREY_HOME/osprey.sock"
check "no jobs directory was created" test ! -e "$OSPREY_HOME/jobs"

start_once --worker "$T/no-such-worker"
expect_eq "$status" 1 "start with a missing worker fails (exit 1)"
expect_contains "$err" "osprey: $T/no-such-worker is not an executable osprey-worker" "and says so"

# fix it: the bad pipeline disabled, the duplicate gone
SERVER_EXTRA=
rm -rf "$OSPREY_HOME/pipelines/dup2" "$OSPREY_HOME/pipelines/empty"
sed -i 's/^name: bad$/name: bad\ndisabled: true/; s/path: no-slash/path: \/bad/; /secret:/d; /signature_header:/d' \
	"$OSPREY_HOME/pipelines/bad/pipeline.yaml"
pipeline off <<'YAML'
name: off
disabled: true
trigger:
  type: webhook
  path: /hooks/off
workspace:
  type: none
agent:
  prompt: "x"
YAML
start_daemon
ok "start comes up with the configuration fixed"
log=$(daemon_log)
expect_contains "$log" 'msg="pipeline disabled; skipped" pipeline=bad' "it prints the skipped pipeline bad"
expect_contains "$log" 'msg="pipeline disabled; skipped" pipeline=off' "it prints the skipped pipeline off"
expect_contains "$log" "msg=\"webhook pipeline ready\" pipeline=dup1 url=http://127.0.0.1:$PORT/same" \
	"it prints the webhook URL of each served pipeline"
expect_contains "$log" "listen=127.0.0.1:$PORT" "it says where it listens"
code=$(curl -s --max-time 10 -o /dev/null -w '%{http_code}' --data '{}' "$BASE/hooks/off")
expect_eq "$code" 404 "a disabled pipeline's path is 404"
check "the control socket exists" test -S "$OSPREY_HOME/osprey.sock"

timeout 60 "$OSPREY" start --worker "$OSPREY_WORKER" >"$T/second.out" 2>"$T/second.err" </dev/null
status=$?
expect_eq "$status" 1 "a second daemon on the same home is refused (exit 1)"
expect_contains "$(cat "$T/second.err")" "another osprey daemon is running" "and says why"
check "the first daemon still serves" healthy

pid=$DAEMON_PID
start=$SECONDS
kill -TERM "$pid"
if wait_until 20 exited "$pid"; then
	ok "an idle daemon exits on SIGTERM ($((SECONDS - start)) s)"
	wait "$pid"
	expect_eq "$?" 0 "with status 0"
else
	not_ok "an idle daemon exits on SIGTERM" "still running after 20 s"
fi
DAEMON_PID=
check "the control socket is removed" test ! -e "$OSPREY_HOME/osprey.sock"

done_testing
