#!/usr/bin/env bash
# The telegram channel against tests/peers/telegram-api.js (telegram-test-api
# made as strict as the Bot API): announcement with buttons, Approve by an
# allowed user runs the job and edits the message, a press by anyone else
# changes nothing and is answered with an alert, Ignore, expiry, the result
# as a reply, payload markup shown literally, a long body cut within 4096
# characters, a restart between announcement and press, the emulator down
# while a job is announced (the message arrives once it is back), 429 with
# retry_after honoured, and the token never in the daemon's output.
. "$(dirname "$0")/lib.sh"
. "$E2E_DIR/../../peers/peers.sh"

TOKEN=123456:AAFakeTokenForTheTestsOnly_x1
CHAT=-1001234
ALICE=42
EVE=666
peer_start TG telegram-api --token "$TOKEN" --chat "$CHAT" || bail "the Telegram emulator did not start"

start_engine
channel_block() { # approval-timeout
	cat <<YAML
channel:
  type: telegram
  approval: true
  approval_timeout: ${1:-1h}
  topic: "Deploy {{ .body.version }}?"
  message: "{{ .body.note }}"
  telegram:
    bot_token: \${TELEGRAM_BOT_TOKEN}
    chat_id: $CHAT
    allowed_users: [$ALICE]
    api_url: $TG_URL
YAML
}
for p in gated brief; do
	{
		printf 'name: %s\ntrigger:\n  type: webhook\n  path: /hooks/%s\nworkspace:\n  type: none\n' "$p" "$p"
		printf 'agent:\n  prompt: "Deploy {{ .body.version }}"\n'
		[ "$p" = brief ] && channel_block 3s || channel_block
	} | pipeline "$p"
	printf 'TELEGRAM_BOT_TOKEN=%s\n' "$TOKEN" >"$OSPREY_HOME/pipelines/$p/.env"
done
start_daemon

# messages_json: the chat's messages as the emulator has them now
messages() { peer_get TG "/_test/messages?chat_id=$CHAT"; }
message_of() { # JOB: the message whose text names the job
	messages | jq -c --arg job "$1" '[.[] | select(.text | contains($job))][0]'
}
announced() { [ "$(message_of "$1")" != null ]; }
press() { # JOB ACTION USER
	local m
	m=$(message_of "$1" | jq -r .message_id)
	peer_post TG /_test/press "{\"chat_id\":$CHAT,\"message_id\":$m,\"user_id\":$3,\"username\":\"u$3\",\"data\":\"$2:$1\"}"
}
answers_of() { peer_get TG /_test/answers | jq -c --arg job "$1" '[.[] | select(.query.data | endswith($job))]'; }
answered() { [ "$(answers_of "$1" | jq length)" -ge "$2" ]; }

# --- announcement, a stranger's press, approval, the result -------------
post /hooks/gated '{"version":"1.2.3","note":"<b>bold</b> & </a> <script>"}'
expect_eq "$code" 202 "a gated webhook is accepted"
a=$(json 'j.job' <<<"$body")
if wait_until 30 announced "$a"; then ok "the job is announced in the chat"; else
	not_ok "the job is announced in the chat" "$(messages)" "$(daemon_log | tail -5)"; fi
m=$(message_of "$a")
expect_eq "$(jq -r .parse_mode <<<"$m")" HTML "sent as HTML"
expect_contains "$(jq -r .text <<<"$m")" "<b>bold</b> & </a> <script>" "payload markup is shown literally"
expect_contains "$(jq -r .text <<<"$m")" "Deploy 1.2.3?" "the topic is there"
expect_eq "$(jq -r '[.reply_markup.inline_keyboard[0][].text] | join(",")' <<<"$m")" "Approve,Ignore" "with Approve and Ignore"

press "$a" approve "$EVE" >/dev/null
wait_until 20 answered "$a" 1
expect_eq "$(answers_of "$a" | jq -r '.[0].show_alert')" true "a stranger's press is answered with an alert"
expect_contains "$(answers_of "$a" | jq -r '.[0].text')" "not allowed" "saying they may not decide"
expect_eq "$(job_state "$a")" awaiting_approval "and changes nothing"

press "$a" approve "$ALICE" >/dev/null
expect_state "$a" 120 succeeded "Alice's Approve runs the job"
expect_eq "$(job_field "$a" decided_by)" "@u$ALICE" "the record says who approved"
wait_until 20 answered "$a" 2
expect_eq "$(answers_of "$a" | jq -r '.[1].show_alert')" false "Alice's press is answered quietly"
edited() { [ "$(message_of "$1" | jq -r '.reply_markup.inline_keyboard | length')" = 0 ] &&
	message_of "$1" | jq -r .text | grep -q "$2"; }
if wait_until 30 edited "$a" "Approved by @u$ALICE"; then ok "the announcement is edited: buttons gone, who approved"; else
	not_ok "the announcement is edited" "$(message_of "$a")"; fi
reply_to() { messages | jq -c --argjson id "$(message_of "$1" | jq .message_id)" '[.[] | select(.reply_to_message_id == $id)][0]'; }
replied() { [ "$(reply_to "$1")" != null ]; }
if wait_until 30 replied "$a"; then ok "the result comes as a reply to the announcement"; else
	not_ok "the result comes as a reply" "$(messages)"; fi
expect_contains "$(reply_to "$a" | jq -r .text)" "Succeeded" "saying it succeeded"

press "$a" ignore "$ALICE" >/dev/null 2>&1
press "$a" approve "$ALICE" >/dev/null 2>&1 || true
# (the buttons are gone; the emulator refuses presses on them unless forced)
peer_post TG /_test/press "{\"chat_id\":$CHAT,\"message_id\":$(message_of "$a" | jq .message_id),\"user_id\":$ALICE,\"data\":\"approve:$a\",\"force\":true}" >/dev/null
if wait_until 20 answered "$a" 3; then
	expect_contains "$(answers_of "$a" | jq -r '.[-1].text')" "succeeded" "a press on a finished job is answered with its state"
else not_ok "a press on a finished job is answered" "$(answers_of "$a")"; fi

# --- ignore, expiry ------------------------------------------------------
post /hooks/gated '{"version":"2","note":"ignore me"}'
b=$(json 'j.job' <<<"$body")
wait_until 30 announced "$b"
press "$b" ignore "$ALICE" >/dev/null
expect_state "$b" 30 ignored "Ignore ends the job ignored"
if wait_until 30 edited "$b" "Ignored by @u$ALICE"; then ok "the announcement says who ignored it"; else
	not_ok "the announcement says who ignored it" "$(message_of "$b")"; fi

post /hooks/brief '{"version":"3","note":"nobody answers"}'
c=$(json 'j.job' <<<"$body")
expect_state "$c" 30 expired "an unanswered job expires"
if wait_until 30 edited "$c" "Expired after 3s"; then ok "the announcement says it expired"; else
	not_ok "the announcement says it expired" "$(message_of "$c")"; fi

# --- a body over 4096 characters ------------------------------------------
long=$(head -c 9000 /dev/zero | tr '\0' '<')
post /hooks/gated "{\"version\":\"4\",\"note\":\"$long\"}"
d=$(json 'j.job' <<<"$body")
if wait_until 30 announced "$d"; then
	len=$(message_of "$d" | jq -r '.text | length')
	check "a long body is cut within 4096 characters ($len)" test "$len" -le 4096
	expect_contains "$(message_of "$d" | jq -r .text)" "(cut)" "and says it was cut"
else not_ok "a long body is announced" "$(peer_get TG '/_test/calls?method=sendMessage' | jq -c '.[-1].response')"; fi

# --- a restart between announcement and press ------------------------------
post /hooks/gated '{"version":"5","note":"across a restart"}'
e=$(json 'j.job' <<<"$body")
wait_until 30 announced "$e"
kill -TERM "$DAEMON_PID"; wait "$DAEMON_PID" 2>/dev/null
start_again || bail "the daemon did not start again"
press "$e" approve "$ALICE" >/dev/null
expect_state "$e" 120 succeeded "a press after a restart approves the job"

# --- the emulator down while a job is announced ----------------------------
peer_stop TG
post /hooks/gated '{"version":"6","note":"while Telegram is down"}'
f=$(json 'j.job' <<<"$body")
expect_eq "$code" 202 "a webhook is accepted while Telegram is down"
peer_restart TG || bail "the Telegram emulator did not start again"
if wait_until 60 announced "$f"; then ok "the announcement arrives once Telegram is back"; else
	not_ok "the announcement arrives once Telegram is back" "$(daemon_log | tail -5)"; fi

# --- 429 with retry_after ---------------------------------------------------
peer_post TG /_test/fail '{"method":"sendMessage","count":1,"status":429,"retry_after":2}' >/dev/null
since=$(peer_last_seq TG)
post /hooks/gated '{"version":"7","note":"rate limited"}'
g=$(json 'j.job' <<<"$body")
if wait_until 60 announced "$g"; then ok "a 429 is retried"; else not_ok "a 429 is retried" "$(daemon_log | tail -5)"; fi
gap=$(peer_get TG "/_test/calls?method=sendMessage&since=$since" | json 'Date.parse(j[1].time) - Date.parse(j[0].time)')
check "after the retry_after it asked for (${gap} ms)" test "${gap%.*}" -ge 1900
expect_contains "$(daemon_log)" "Too Many Requests" "the retry is logged with Telegram's words"

expect_not_contains "$(daemon_log; cat "$T/daemon.out")" "$TOKEN" "the token is in no log line"
expect_not_contains "$(cat "$OSPREY_HOME"/jobs/*/*.json)" "$TOKEN" "nor in any job file"
expect_not_contains "$(curl -s "$BASE/metrics")" "$TOKEN" "nor in the metrics"
expect_contains "$(curl -s "$BASE/metrics")" 'osprey_notifications_total{channel="telegram",outcome="sent"}' "/metrics counts deliveries"
done_testing
