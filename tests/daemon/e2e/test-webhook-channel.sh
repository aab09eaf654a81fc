#!/usr/bin/env bash
# The webhook channel against tests/peers/webhook-receiver.js: announced,
# decided and finished events, each signed (checked with `openssl dgst`),
# the same id on every retry, 5xx retried, 4xx given up, and what was not
# delivered sent after a restart.
. "$(dirname "$0")/lib.sh"
. "$E2E_DIR/../../peers/peers.sh"

SECRET=webhook-channel-secret-for-tests
peer_start RX webhook-receiver || bail "the webhook receiver did not start"
start_engine
pipeline relay <<YAML
name: relay
trigger:
  type: webhook
  path: /hooks/relay
workspace:
  type: none
channel:
  type: webhook
  approval: true
  topic: "Relay {{ .body.n }}"
  message: "message {{ .body.n }}"
  webhook:
    url: $RX_URL/notify
    secret: \${NOTIFY_SECRET}
    headers:
      X-Team: platform
agent:
  prompt: "relay {{ .body.n }}"
YAML
printf 'NOTIFY_SECRET=%s\n' "$SECRET" >"$OSPREY_HOME/pipelines/relay/.env"
start_daemon

requests() { peer_get RX /_test/requests; }
events_of() { requests | jq -c --arg job "$1" '[.[] | select(.path == "/notify") | (.body | fromjson) + {seq: .seq, status: .status, headers: .headers} | select(.job == $job)]'; }
has_events() { [ "$(events_of "$1" | jq "[.[] | select(.status < 300)] | length")" -ge "$2" ]; }

post /hooks/relay '{"n":1}'
a=$(json 'j.job' <<<"$body")
if wait_until 30 has_events "$a" 1; then ok "the job is announced"; else not_ok "the job is announced" "$(requests)"; fi
first=$(events_of "$a" | jq -c '.[0]')
expect_eq "$(jq -r .event <<<"$first")" announced "event: announced"
expect_eq "$(jq -r '[.state, .topic, .message, .pipeline] | join("|")' <<<"$first")" \
	"awaiting_approval|Relay 1|message 1|relay" "with the job's state and rendered text"
expect_eq "$(jq -r '.headers["x-osprey-delivery"]' <<<"$first")" "$(jq -r .id <<<"$first")" "X-Osprey-Delivery is the id"
expect_eq "$(jq -r '.headers["x-team"]' <<<"$first")" platform "the configured headers are sent"
seq=$(jq -r .seq <<<"$first")
peer_call GET RX "/_test/requests/$seq/body"
printf '%s' "$peer_body" >"$T/body"
mac=$(openssl dgst -sha256 -hmac "$SECRET" -r "$T/body" | cut -d' ' -f1)
expect_eq "$(jq -r '.headers["x-osprey-signature"]' <<<"$first")" "$mac" "signed like inbound webhooks (openssl dgst agrees)"

# a 5xx is retried with the same id; then the decision and the end
peer_post RX /_test/respond '{"statuses":[503,500]}' >/dev/null
"$OSPREY" approve "$a" >/dev/null
expect_state "$a" 120 succeeded "the approved job runs"
if wait_until 60 has_events "$a" 3; then ok "decided and finished are delivered after 5xx answers"; else
	not_ok "decided and finished are delivered" "$(events_of "$a")"; fi
decided=$(events_of "$a" | jq -c '[.[] | select(.event == "decided")]')
expect_eq "$(jq length <<<"$decided")" 3 "the decision was tried three times (503, 500, 200)"
expect_eq "$(jq -r '[.[].id] | unique | length' <<<"$decided")" 1 "with the same id each time"
expect_contains "$(jq -r '.[-1].decided_by' <<<"$decided")" "from the command line" "saying who decided"
expect_eq "$(events_of "$a" | jq -r '[.[] | select(.event == "finished")][0].state')" succeeded "finished: succeeded"
expect_eq "$(job_field "$a" state)" succeeded "the job itself never waited for the channel"

# a 4xx is given up
peer_post RX /_test/respond '{"statuses":[404]}' >/dev/null
post /hooks/relay '{"n":2}'
b=$(json 'j.job' <<<"$body")
refused() { grep -q "notification refused" "$T/daemon.err" && grep "notification refused" "$T/daemon.err" | grep -q "$b"; }
if wait_until 30 refused; then ok "a 404 is given up and logged"; else not_ok "a 404 is given up" "$(daemon_log | tail -5)"; fi
expect_eq "$(events_of "$b" | jq '[.[] | select(.event == "announced")] | length')" 1 "and not tried again"
expect_contains "$(cat "$(job_dir "$b")/notices.json")" "HTTP 404" "notices.json keeps the error"

# nothing delivered while the receiver is down; sent after a restart
peer_stop RX
post /hooks/relay '{"n":3}'
c=$(json 'j.job' <<<"$body")
"$OSPREY" ignore "$c" >/dev/null
expect_state "$c" 30 ignored "a job is decided while the receiver is down"
kill -TERM "$DAEMON_PID"; wait "$DAEMON_PID" 2>/dev/null
expect_contains "$(cat "$(job_dir "$c")/notices.json")" '"undelivered":["announced","decided","finished"]' \
	"notices.json says what is still owed"
peer_restart RX || bail "the receiver did not start again"
start_again || bail "the daemon did not start again"
if wait_until 60 has_events "$c" 3; then ok "after a restart, what was owed is delivered"; else
	not_ok "after a restart, what was owed is delivered" "$(events_of "$c")"; fi
expect_eq "$(events_of "$c" | jq -r '[.[].event] | join(",")')" "announced,decided,finished" "in order"
expect_not_contains "$(daemon_log)" "$SECRET" "the secret is in no log line"
done_testing
