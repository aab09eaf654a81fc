#!/usr/bin/env bash
# The slack channel against tests/peers/slack-api.js (Web API + Socket Mode
# on Node's ws): announcement with buttons, every envelope acknowledged
# within 3 s, Approve by an allowed user runs the job and edits the message,
# a press by anyone else changes nothing and is answered ephemerally,
# Ignore, the result in the thread, <!channel> in a payload pinging nobody,
# a `disconnect` message and a dropped socket both followed by a reconnect,
# a press after a daemon restart, 429 with Retry-After, and no token in the
# daemon's output.
. "$(dirname "$0")/lib.sh"
. "$E2E_DIR/../../peers/peers.sh"

BOT=xoxb-0000-1111-fake-bot-token
APP=xapp-1-A000-2222-fake-app-token
CH=C0OSPREY1
ALICE=U0ALICE01
EVE=U0EVE0001
peer_start SL slack-api --bot-token "$BOT" --app-token "$APP" --channel "$CH" ||
	bail "the Slack emulator did not start"

start_engine
pipeline gated <<YAML
name: gated
trigger:
  type: webhook
  path: /hooks/gated
workspace:
  type: none
channel:
  type: slack
  approval: true
  topic: "Deploy {{ .body.version }}?"
  message: "{{ .body.note }}"
  slack:
    bot_token: \${SLACK_BOT_TOKEN}
    app_token: \${SLACK_APP_TOKEN}
    channel_id: $CH
    allowed_users: [$ALICE]
    api_url: $SL_URL/api
agent:
  prompt: "Deploy {{ .body.version }}"
YAML
printf 'SLACK_BOT_TOKEN=%s\nSLACK_APP_TOKEN=%s\n' "$BOT" "$APP" >"$OSPREY_HOME/pipelines/gated/.env"
start_daemon

connections() { peer_get SL /_test/connections; }
open_sockets() { [ "$(connections | jq .open)" -ge 1 ]; }
opened_at_least() { [ "$(connections | jq .opened)" -ge "$1" ]; }
messages() { peer_get SL "/_test/messages?channel=$CH"; }
message_of() { # JOB: the top-level message naming the job
	messages | jq -c --arg job "$1" '[.messages[] | select(.thread_ts == null or .thread_ts == .ts) | select(.blocks | tostring | contains($job))][0]'
}
announced() { [ "$(message_of "$1")" != null ]; }
press() { # JOB ACTION USER
	local ts
	ts=$(message_of "$1" | jq -r .ts)
	peer_post SL /_test/press "{\"user_id\":\"$3\",\"username\":\"u$3\",\"name\":\"User $3\",\"action_id\":\"osprey_$2\",\"value\":\"$1\",\"channel\":\"$CH\",\"message_ts\":\"$ts\"}"
}
ephemerals_for() { messages | jq -c --arg u "$1" '[.ephemerals[] | select(.user == $u)]'; }
has_ephemeral() { [ "$(ephemerals_for "$1" | jq length)" -ge "$2" ]; }

if wait_until 30 open_sockets; then ok "the daemon opens a Socket Mode connection"; else
	not_ok "the daemon opens a Socket Mode connection" "$(connections)" "$(daemon_log | tail -5)"; fi

post /hooks/gated '{"version":"1.2.3","note":"hey <!channel> and <@U0BOSS> & co"}'
expect_eq "$code" 202 "a gated webhook is accepted"
a=$(json 'j.job' <<<"$body")
if wait_until 30 announced "$a"; then ok "the job is announced in the channel"; else
	not_ok "the job is announced" "$(messages)" "$(daemon_log | tail -5)"; fi
m=$(message_of "$a")
expect_contains "$(jq -r '.blocks[0].text.text' <<<"$m")" "&lt;!channel&gt; and &lt;@U0BOSS&gt; &amp; co" \
	"<!channel> and mentions in a payload are escaped: nobody is pinged"
expect_eq "$(jq -r '[.blocks[] | select(.type == "actions") | .elements[].action_id] | join(",")' <<<"$m")" \
	"osprey_approve,osprey_ignore" "with Approve and Ignore"

press "$a" approve "$EVE" >/dev/null
if wait_until 20 has_ephemeral "$EVE" 1; then ok "a stranger's press is answered to them alone"; else
	not_ok "a stranger's press is answered" "$(messages | jq -c .ephemerals)"; fi
expect_contains "$(ephemerals_for "$EVE" | jq -r '.[0].text')" "not allowed" "saying they may not decide"
expect_eq "$(job_state "$a")" awaiting_approval "and changes nothing"
acked_fast() { peer_get SL /_test/acks | jq -e 'length > 0 and all(.acked and .ms < 3000)' >/dev/null; }
check "every envelope is acknowledged within 3 s" acked_fast

press "$a" approve "$ALICE" >/dev/null
expect_state "$a" 120 succeeded "Alice's Approve runs the job"
expect_eq "$(job_field "$a" decided_by)" "User $ALICE ($ALICE)" "the record says who approved"
edited() { message_of "$1" | jq -e --arg w "$2" '([.blocks[] | select(.type == "actions")] | length == 0) and (.blocks | tostring | contains($w))' >/dev/null; }
if wait_until 30 edited "$a" "Approved by User $ALICE"; then ok "the announcement is edited: buttons gone, who approved"; else
	not_ok "the announcement is edited" "$(message_of "$a")"; fi
thread_of() { messages | jq -c --arg ts "$(message_of "$1" | jq -r .ts)" '[.messages[] | select(.thread_ts == $ts and .ts != $ts)]'; }
replied() { [ "$(thread_of "$1" | jq length)" -ge 1 ]; }
if wait_until 30 replied "$a"; then ok "the result goes into the announcement's thread"; else not_ok "the result goes into the thread" "$(messages)"; fi
expect_contains "$(thread_of "$a" | jq -r '.[0].text')" "Succeeded" "saying it succeeded"

# decisions on a decided job are answered with its state
peer_post SL /_test/press "{\"user_id\":\"$ALICE\",\"action_id\":\"osprey_ignore\",\"value\":\"$a\",\"channel\":\"$CH\",\"message_ts\":\"$(message_of "$a" | jq -r .ts)\",\"force\":true}" >/dev/null
if wait_until 20 has_ephemeral "$ALICE" 1; then
	expect_contains "$(ephemerals_for "$ALICE" | jq -r '.[-1].text')" "succeeded" "a press on a finished job is answered with its state"
else not_ok "a press on a finished job is answered" "$(messages | jq -c .ephemerals)"; fi

# Ignore
post /hooks/gated '{"version":"2","note":"no"}'
b=$(json 'j.job' <<<"$body")
wait_until 30 announced "$b"
press "$b" ignore "$ALICE" >/dev/null
expect_state "$b" 30 ignored "Ignore ends the job ignored"
if wait_until 30 edited "$b" "Ignored by User $ALICE"; then ok "the announcement says who ignored it"; else
	not_ok "the announcement says who ignored it" "$(message_of "$b")"; fi

# a disconnect message, then a dropped socket: reconnects each time
before=$(connections | jq .opened)
peer_post SL /_test/disconnect '{"reason":"refresh_requested"}' >/dev/null
if wait_until 30 opened_at_least $((before + 1)); then ok "a disconnect message is followed by a new connection"; else
	not_ok "a disconnect message is followed by a new connection" "$(connections)"; fi
wait_until 30 open_sockets
before=$(connections | jq .opened)
peer_post SL /_test/drop >/dev/null
if wait_until 60 opened_at_least $((before + 1)) && wait_until 30 open_sockets; then
	ok "a dropped socket is followed by a reconnect"; else not_ok "a dropped socket is followed by a reconnect" "$(connections)"; fi
post /hooks/gated '{"version":"3","note":"after reconnects"}'
c=$(json 'j.job' <<<"$body")
wait_until 30 announced "$c"
press "$c" approve "$ALICE" >/dev/null
expect_state "$c" 120 succeeded "presses work on the new connection"

# a restart between announcement and press
post /hooks/gated '{"version":"4","note":"across a restart"}'
d=$(json 'j.job' <<<"$body")
wait_until 30 announced "$d"
kill -TERM "$DAEMON_PID"; wait "$DAEMON_PID" 2>/dev/null
start_again || bail "the daemon did not start again"
wait_until 30 open_sockets
press "$d" approve "$ALICE" >/dev/null
expect_state "$d" 120 succeeded "a press after a restart approves the job"

# Slack down while a job is announced: the message arrives, and presses
# work again, once it is back
peer_stop SL
post /hooks/gated '{"version":"4b","note":"while Slack is down"}'
expect_eq "$code" 202 "a webhook is accepted while Slack is down"
g=$(json 'j.job' <<<"$body")
peer_restart SL || bail "the Slack emulator did not start again"
if wait_until 90 announced "$g"; then ok "the announcement arrives once Slack is back"; else
	not_ok "the announcement arrives once Slack is back" "$(daemon_log | tail -5)"; fi
if wait_until 90 open_sockets; then ok "Socket Mode connects again"; else not_ok "Socket Mode connects again" "$(connections)"; fi
press "$g" ignore "$ALICE" >/dev/null
expect_state "$g" 30 ignored "a press works on the new connection"

# 429 with Retry-After
peer_post SL /_test/fail '{"method":"chat.postMessage","count":1,"status":429,"retry_after":2}' >/dev/null
post /hooks/gated '{"version":"5","note":"rate limited"}'
e=$(json 'j.job' <<<"$body")
if wait_until 60 announced "$e"; then ok "a 429 is retried"; else not_ok "a 429 is retried" "$(daemon_log | tail -5)"; fi

expect_not_contains "$(daemon_log; cat "$T/daemon.out")" "$BOT" "the bot token is in no log line"
expect_not_contains "$(daemon_log; cat "$T/daemon.out")" "$APP" "nor the app token"
expect_not_contains "$(daemon_log)" "ticket=" "nor Socket Mode's URL"
done_testing
