#!/usr/bin/env bash
# Self-test of slack-api.js: the Web API with curl, Socket Mode with ws-client.js.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
require_tools node curl jq mkfifo
. "$here/peers.sh"

BOT=xoxb-111-222-osprey
APP=xapp-1-A0OSPREY01-333-osprey
CH=C0OSPREY01
FOREIGN=C0FOREIGN1
peer_start SL slack-api --bot-token "$BOT" --app-token "$APP" --channel "$CH" --foreign-channel "$FOREIGN" || bail "slack-api.js did not start"
ok "READY on port $SL_PORT"

# api METHOD JSON [TOKEN] [CONTENT-TYPE]: sets $peer_code, $peer_body, $peer_headers
api() {
	local out=$PEERS_TMP/sl.out
	peer_code=$(curl -sS --max-time 30 -o "$out" -D "$PEERS_TMP/sl.h" -w '%{http_code}' \
		-H "Content-Type: ${4:-application/json; charset=utf-8}" -H "Authorization: Bearer ${3:-$BOT}" \
		--data-binary "$2" "$SL_URL/api/$1") || peer_code=000
	peer_body=$(cat "$out")
	peer_headers=$(tr -d '\r' <"$PEERS_TMP/sl.h" | tr 'A-Z' 'a-z')
}
f() { printf '%s' "$peer_body" | jq -c "$@"; }

# --- auth ---------------------------------------------------------------------
api auth.test '{}'
expect_eq "$peer_code $(f '[.ok, .team, .user_id, .bot_id]')" '200 [true,"Osprey Test","U0OSPREYBT","B0OSPREYBT"]' "auth.test with the bot token"
api auth.test '{}' xoxb-wrong
expect_eq "$peer_code $peer_body" '200 {"ok":false,"error":"invalid_auth"}' "a wrong token: 200 invalid_auth"
out=$(curl -sS -X POST -H 'Content-Type: application/json; charset=utf-8' -d '{}' "$SL_URL/api/auth.test")
expect_eq "$out" '{"ok":false,"error":"not_authed"}' "no token: not_authed"
out=$(curl -sS -d "token=$BOT" "$SL_URL/api/auth.test" | jq -r .ok)
expect_eq "$out" true "a form body may carry the token"
api auth.test '{}' "$APP"
expect_eq "$(f .error)" '"not_allowed_token_type"' "the app token on a Web API method: not_allowed_token_type"
api auth.test '{}' "$BOT" application/json
expect_eq "$(f .warning)" '"missing_charset"' "JSON without charset=utf-8: Slack's missing_charset warning"
expect_contains "$peer_headers" 'content-type: application/json; charset=utf-8' "answers are application/json; charset=utf-8"

# --- conversations.info -----------------------------------------------------------
api conversations.info "{\"channel\":\"$CH\"}"
expect_eq "$(f '[.ok, .channel.id, .channel.is_member]')" "[true,\"$CH\",true]" "conversations.info: a member channel"
api conversations.info "{\"channel\":\"$FOREIGN\"}"
expect_eq "$(f '[.ok, .channel.is_member]')" '[true,false]' "conversations.info: a foreign channel"
api conversations.info '{"channel":"C0NOPE"}'
expect_eq "$(f .error)" '"channel_not_found"' "conversations.info: channel_not_found"

# --- chat.postMessage ----------------------------------------------------------------
blocks() { # TEXT: a section and the two buttons, as the daemon sends them
	jq -nc --arg t "$1" '[{type:"section",text:{type:"mrkdwn",text:$t}},{type:"actions",elements:[
		{type:"button",text:{type:"plain_text",text:"Approve"},action_id:"osprey_approve",value:"job-1",style:"primary"},
		{type:"button",text:{type:"plain_text",text:"Ignore"},action_id:"osprey_ignore",value:"job-1"}]}]'
}
api chat.postMessage "{\"channel\":\"$CH\",\"text\":\"fallback\",\"blocks\":$(blocks '*Topic*\nbody &lt;!channel&gt;')}"
TS=$(f -r .ts)
expect_eq "$(f '[.ok, .channel]')" "[true,\"$CH\"]" "chat.postMessage"
check "ts looks like Slack's (seconds.micros)" grep -Eq '^[0-9]{10}\.[0-9]{6}$' <<<"$TS"
api chat.postMessage "{\"channel\":\"$CH\",\"text\":\"result\",\"thread_ts\":\"$TS\"}"
TS2=$(f -r .ts)
check "a fresh ts each time" test "$TS2" != "$TS"
expect_eq "$(f .message.thread_ts)" "\"$TS\"" "thread_ts kept"
api chat.postMessage "{\"channel\":\"$FOREIGN\",\"text\":\"x\"}"
expect_eq "$(f .error)" '"not_in_channel"' "a foreign channel: not_in_channel"
api chat.postMessage '{"channel":"C0NOPE","text":"x"}'
expect_eq "$(f .error)" '"channel_not_found"' "no such channel: channel_not_found"
api chat.postMessage "{\"channel\":\"$CH\"}"
expect_eq "$(f .error)" '"no_text"' "neither text nor blocks: no_text"
api chat.postMessage "{\"channel\":\"$CH\",\"text\":\"x\",\"blocks\":$(blocks "$(printf '%3000s' '' | tr ' ' a)")}"
expect_eq "$(f .ok)" true "a section of 3000 characters is accepted"
api chat.postMessage "{\"channel\":\"$CH\",\"text\":\"x\",\"blocks\":$(blocks "$(printf '%3001s' '' | tr ' ' a)")}"
expect_eq "$(f '[.ok, .error, .errors[0]]')" '[false,"invalid_blocks","must be less than 3001 characters [json-pointer:/blocks/0/text/text]"]' "a section of 3001 characters: invalid_blocks"
many=$(jq -nc '[range(51) | {type:"divider"}]')
api chat.postMessage "{\"channel\":\"$CH\",\"text\":\"x\",\"blocks\":$many}"
expect_eq "$(f .error)" '"invalid_blocks"' "51 blocks: invalid_blocks"
api chat.postMessage "{\"channel\":\"$CH\",\"text\":\"x\",\"blocks\":$(jq -nc '[range(50) | {type:"divider"}]')}"
expect_eq "$(f .ok)" true "50 blocks are accepted"
out=$(curl -sS -H "Authorization: Bearer $BOT" --data-urlencode "channel=$CH" --data-urlencode "text=form" \
	--data-urlencode "blocks=$(blocks form)" "$SL_URL/api/chat.postMessage" | jq -c '[.ok, .message.blocks[1].elements[0].action_id]')
expect_eq "$out" '[true,"osprey_approve"]' "a form body with blocks as a JSON string"

# --- chat.update, chat.postEphemeral ------------------------------------------------------
api chat.update "{\"channel\":\"$CH\",\"ts\":\"$TS\",\"text\":\"Approved by <@U0ALICE>\",\"blocks\":[{\"type\":\"section\",\"text\":{\"type\":\"mrkdwn\",\"text\":\"*Topic*\\nApproved\"}}]}"
expect_eq "$(f '[.ok, .ts, .text]')" "[true,\"$TS\",\"Approved by <@U0ALICE>\"]" "chat.update"
api chat.update "{\"channel\":\"$CH\",\"ts\":\"1.000001\",\"text\":\"x\"}"
expect_eq "$(f .error)" '"message_not_found"' "chat.update on no message: message_not_found"
HTS=$(peer_post SL /_test/post "{\"channel\":\"$CH\",\"text\":\"a person wrote this\",\"user\":\"U0PERSON1\"}" | jq -r .ts)
api chat.update "{\"channel\":\"$CH\",\"ts\":\"$HTS\",\"text\":\"x\"}"
expect_eq "$(f .error)" '"cant_update_message"' "chat.update on someone else's message: cant_update_message"
api chat.update "{\"channel\":\"$CH\",\"ts\":\"$TS2\",\"text\":\"result, edited\"}"
api chat.postEphemeral "{\"channel\":\"$CH\",\"user\":\"U0MALLORY\",\"text\":\"You may not decide this job\"}"
expect_eq "$(f '.ok')" true "chat.postEphemeral"
api chat.postEphemeral "{\"channel\":\"$FOREIGN\",\"user\":\"U0MALLORY\",\"text\":\"x\"}"
expect_eq "$(f .error)" '"not_in_channel"' "chat.postEphemeral in a foreign channel: not_in_channel"
msgs=$(peer_get SL "/_test/messages?channel=$CH")
expect_eq "$(printf '%s' "$msgs" | jq -c ".messages[] | select(.ts == \"$TS\") | [.text, .blocks[0].text.text, (.edits | length), .edits[0].text]")" \
	'["Approved by <@U0ALICE>","*Topic*\nApproved",1,"fallback"]' "/_test/messages: text, blocks and edits"
expect_eq "$(printf '%s' "$msgs" | jq -c ".messages[] | select(.ts == \"$TS2\") | [.thread_ts, .text]")" "[\"$TS\",\"result, edited\"]" "/_test/messages: thread_ts"
expect_eq "$(printf '%s' "$msgs" | jq -c '[.ephemerals[] | [.user, .text]]')" '[["U0MALLORY","You may not decide this job"]]' "/_test/messages: ephemerals separately"

# --- rate limits and faults -------------------------------------------------------------
peer_post SL /_test/fail '{"method":"chat.postMessage","status":429,"retry_after":7}' >/dev/null
api chat.postMessage "{\"channel\":\"$CH\",\"text\":\"x\"}"
expect_eq "$peer_code $peer_body" '429 {"ok":false,"error":"ratelimited"}' "an injected rate limit: 429 ratelimited"
expect_contains "$peer_headers" 'retry-after: 7' "... with Retry-After"
peer_post SL /_test/fail '{"method":"chat.update","status":200,"error":"fatal_error"}' >/dev/null
api chat.update "{\"channel\":\"$CH\",\"ts\":\"$TS\",\"text\":\"y\"}"
expect_eq "$peer_code $peer_body" '200 {"ok":false,"error":"fatal_error"}' "an injected Slack error at 200"
peer_post SL /_test/fail '{"method":"*","kind":"html","status":503}' >/dev/null
api auth.test '{}'
expect_eq "$peer_code $(printf '%s' "$peer_body" | head -c 6)" '503 <html>' "an injected 503 with an HTML body, any method"

# --- Socket Mode ---------------------------------------------------------------
api apps.connections.open '{}' "$BOT"
expect_eq "$(f .error)" '"not_allowed_token_type"' "apps.connections.open with the bot token: not_allowed_token_type"
api apps.connections.open '{}' xapp-wrong
expect_eq "$(f .error)" '"invalid_auth"' "apps.connections.open with a wrong token: invalid_auth"
api apps.connections.open '{}' "$APP"
URL=$(f -r .url)
check "apps.connections.open gives a ws:// url with a ticket" grep -Eq "^ws://127\\.0\\.0\\.1:$SL_PORT/socket\\?ticket=[0-9a-f]+$" <<<"$URL"

# ws_start NAME URL [ARGS]: ws-client.js with its lines on fd WS_<NAME>; ws_next NAME: the next line
ws_start() {
	local fifo=$PEERS_TMP/ws.$1
	mkfifo "$fifo"
	node "$here/ws-client.js" "$2" "${@:3}" >"$fifo" &
	_PEER_PIDS+=("$!")
	local fd
	exec {fd}<"$fifo"
	printf -v "WS_$1" %s "$fd"
}
ws_next() {
	local fdvar=WS_$1 line=
	read -r -t 20 -u "${!fdvar}" line || line="<nothing within 20 s>"
	printf '%s\n' "$line"
}

ws_start A "$URL" --ack-delay-ms 150
expect_eq "$(ws_next A)" OPEN "the client connects"
hello=$(ws_next A)
expect_eq "$(printf '%s' "$hello" | jq -c '[.type, .num_connections, (.debug_info | has("host")), .connection_info.app_id]')" '["hello",1,true,"A0OSPREY01"]' "hello on connect, as Slack sends it"
ws_start B "$URL"
expect_eq "$(ws_next B)" 'ERROR Unexpected server response: 401' "a ticket works once"
expect_eq "$(ws_next B)" 'CLOSE 1006' "... the second client is refused"

env=$(peer_post SL /_test/press "{\"user_id\":\"U0ALICE\",\"username\":\"alice\",\"action_id\":\"osprey_ignore\",\"value\":\"job-1\",\"channel\":\"$CH\",\"message_ts\":\"$TS\"}")
expect_eq "$(printf '%s' "$env" | jq -r .ok)" false "no press on a button the message no longer has (chat.update removed it)"
api chat.postMessage "{\"channel\":\"$CH\",\"text\":\"fallback\",\"blocks\":$(blocks 'job 2')}"
TS3=$(f -r .ts)
env=$(peer_post SL /_test/press "{\"user_id\":\"U0ALICE\",\"username\":\"alice\",\"action_id\":\"osprey_approve\",\"value\":\"job-1\",\"channel\":\"$CH\",\"message_ts\":\"$TS3\"}")
EID=$(printf '%s' "$env" | jq -r .envelope_id)
frame=$(ws_next A)
expect_eq "$(printf '%s' "$frame" | jq -c '[.type, .envelope_id, .accepts_response_payload, .payload.type]')" "[\"interactive\",\"$EID\",false,\"block_actions\"]" "a press is an interactive envelope"
expect_eq "$(printf '%s' "$frame" | jq -c '.payload | [.user.id, .user.username, .user.name, .user.team_id, .channel.id, .container.type, .container.message_ts, .container.channel_id, .message.ts]')" \
	"[\"U0ALICE\",\"alice\",\"alice\",\"T0OSPREY01\",\"$CH\",\"message\",\"$TS3\",\"$CH\",\"$TS3\"]" "block_actions: user, channel, container, message"
expect_eq "$(printf '%s' "$frame" | jq -c '.payload.actions[0] | [.action_id, .value, .type, (.block_id | length > 0), (.action_ts | test("^[0-9]+\\.[0-9]{6}$"))]')" \
	'["osprey_approve","job-1","button",true,true]' "block_actions: actions[0]"
expect_eq "$(printf '%s' "$frame" | jq -c '.payload | [(.response_url | startswith("http://127.0.0.1:")), (.trigger_id | length > 10)]')" '[true,true]' "block_actions: response_url and trigger_id"
peer_wait SL socket:ack 1 20000 >/dev/null
acks=$(peer_get SL /_test/acks)
expect_eq "$(printf '%s' "$acks" | jq -c "[.[] | select(.envelope_id == \"$EID\") | .acked, (.ms >= 150)]")" '[true,true]' "the ack is recorded with the time it took"
ru=$(printf '%s' "$frame" | jq -r .payload.response_url)
curl -sS -H 'Content-Type: application/json' -d '{"text":"thanks"}' "$ru" >/dev/null
expect_eq "$(peer_get SL '/_test/calls?method=response_url' | jq -r '.[0].params')" '{"text":"thanks"}' "posts to response_url are recorded"
expect_eq "$(peer_get SL /_test/connections | jq -c '[.opened, .open]')" '[1,1]' "/_test/connections: opened and open"

peer_post SL /_test/disconnect '{"reason":"refresh_requested","close_after_ms":null}' >/dev/null
expect_eq "$(ws_next A | jq -c '[.type, .reason]')" '["disconnect","refresh_requested"]' "disconnect message, as Slack sends it"
api apps.connections.open '{}' "$APP"
ws_start C "$(f -r .url)"
expect_eq "$(ws_next C)" OPEN "a fresh url connects"
ws_next C >/dev/null # hello
expect_eq "$(peer_get SL /_test/connections | jq -c '[.opened, .open]')" '[2,2]' "two open"
peer_post SL /_test/disconnect '{"reason":"warning","close_after_ms":0}' >/dev/null
expect_eq "$(ws_next A | jq -r .reason)" warning "disconnect reason warning ..."
expect_eq "$(ws_next A)" 'CLOSE 1000' "... then closed with a close frame (close_after_ms 0)"
ws_next C >/dev/null
expect_eq "$(ws_next C)" 'CLOSE 1000' "every open connection got it"

api apps.connections.open '{}' "$APP"
ws_start D "$(f -r .url)"
ws_next D >/dev/null
ws_next D >/dev/null
peer_call POST SL /_test/drop
expect_eq "$(printf '%s' "$peer_body" | jq -c .dropped)" 1 "/_test/drop"
expect_eq "$(ws_next D)" 'CLOSE 1006' "a dropped socket: no close frame (1006)"
peer_wait SL socket:close 3 20000 >/dev/null
expect_eq "$(peer_get SL /_test/connections | jq -c '[.opened, .open]')" '[3,0]' "/_test/connections after the drop"
peer_call POST SL /_test/press "{\"user_id\":\"U0ALICE\",\"action_id\":\"osprey_approve\",\"value\":\"job-1\",\"channel\":\"$CH\",\"message_ts\":\"$TS3\"}"
expect_eq "$peer_code" 409 "a press with no open connection: 409"

done_testing
