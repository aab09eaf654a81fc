#!/usr/bin/env bash
# Self-test of telegram-api.js: every documented behaviour, with curl.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
require_tools node curl jq mkfifo
. "$here/peers.sh"

TOKEN=123456:TEST-token_abc
CHAT=1001
GROUP=-1002003
peer_start TG telegram-api --token "$TOKEN" --chat "$CHAT" --chat "$GROUP" || bail "telegram-api.js did not start"
ok "READY on port $TG_PORT"

# tg METHOD JSON [TOKEN]: a Bot API call; sets $peer_code and $peer_body
tg() {
	local out=$PEERS_TMP/tg.out
	peer_code=$(curl -sS --max-time 70 -o "$out" -w '%{http_code}' -H 'Content-Type: application/json' \
		--data-binary "$2" "$TG_URL/bot${3:-$TOKEN}/$1") || peer_code=000
	peer_body=$(cat "$out")
}
desc() { printf '%s' "$peer_body" | jq -r '.description'; }

# --- tokens, getMe, getChat -------------------------------------------------
tg getMe '{}'
expect_eq "$peer_code $(printf '%s' "$peer_body" | jq -c '[.ok, .result.id, .result.is_bot]')" '200 [true,123456,true]' "getMe with the right token"
tg getMe '{}' 123456:wrong
expect_eq "$peer_code $peer_body" '401 {"ok":false,"error_code":401,"description":"Unauthorized"}' "another token: 401 Unauthorized"
tg getChat "{\"chat_id\":$GROUP}"
expect_eq "$(printf '%s' "$peer_body" | jq -c '[.result.id, .result.type]')" "[$GROUP,\"supergroup\"]" "getChat on a known chat"
tg getChat '{"chat_id":"999"}'
expect_eq "$peer_code $(desc)" '400 Bad Request: chat not found' "getChat on another chat: chat not found"
tg sendMessage '{"chat_id":999,"text":"x"}'
expect_eq "$peer_code $(desc)" '400 Bad Request: chat not found' "sendMessage to another chat: chat not found"
tg noSuchMethod '{}'
expect_eq "$peer_code $(desc)" '404 Not Found' "an unknown method: 404 Not Found"

# --- sendMessage and HTML -----------------------------------------------------
KB='{"inline_keyboard":[[{"text":"Approve","callback_data":"approve:job-1"},{"text":"Ignore","callback_data":"ignore:job-1"}]]}'
tg sendMessage "{\"chat_id\":$CHAT,\"text\":\"<b>Topic</b>\\n&lt;script&gt; &amp; &quot;x&quot; &#128512; &#x41;\",\"parse_mode\":\"HTML\",\"reply_markup\":$KB}"
expect_eq "$peer_code $(printf '%s' "$peer_body" | jq -c '[.result.text, .result.entities]')" \
	'200 ["Topic\n<script> & \"x\" 😀 A",[{"offset":0,"length":5,"type":"bold"}]]' "HTML: tags become entities, entities decode"
M1=$(printf '%s' "$peer_body" | jq -r '.result.message_id')
expect_eq "$(printf '%s' "$peer_body" | jq -c '.result.reply_markup.inline_keyboard[0][1].callback_data')" '"ignore:job-1"' "the inline keyboard comes back"
for bad in 'a < b' '<div>x</div>' 'x <b>open' 'a & b' 'AT&T' '&foo;' '</b>' '<b>x</i>' '<span>x</span>'; do
	tg sendMessage "$(jq -nc --arg t "$bad" --argjson c $CHAT '{chat_id:$c,text:$t,parse_mode:"HTML"}')"
	expect_contains "$peer_code $(desc)" "400 Bad Request: can't parse entities: " "HTML refused: $bad"
done
tg sendMessage "{\"chat_id\":$CHAT,\"text\":\"a < b\",\"parse_mode\":\"HTML\"}"
expect_eq "$(desc)" "Bad Request: can't parse entities: Unsupported start tag \"\" at byte offset 2" "the description names the byte offset"
tg sendMessage "{\"chat_id\":$CHAT,\"text\":\"<a href=\\\"https://example.com/?a=1&amp;b=2\\\">l</a> <i>i</i> <code>c</code> <pre><code class=\\\"language-sh\\\">ls</code></pre> <tg-spoiler>s</tg-spoiler> <blockquote>q</blockquote>\",\"parse_mode\":\"HTML\"}"
expect_eq "$peer_code $(printf '%s' "$peer_body" | jq -c '[.result.entities[].type]')" '200 ["text_link","italic","code","pre","spoiler","blockquote"]' "every supported tag is accepted"
expect_eq "$(printf '%s' "$peer_body" | jq -c '[.result.entities[] | select(.type == "pre") | .language]')" '["sh"]' "<pre><code class=language-sh> is one pre entity with its language"
tg sendMessage "{\"chat_id\":$CHAT,\"text\":\"   \"}"
expect_eq "$peer_code $(desc)" '400 Bad Request: message text is empty' "empty text refused"

long=$(printf '%4096s' '' | tr ' ' 'x')
tg sendMessage "{\"chat_id\":$CHAT,\"text\":\"$long\"}"
expect_eq "$peer_code" 200 "4096 characters are accepted"
tg sendMessage "{\"chat_id\":$CHAT,\"text\":\"${long}y\"}"
expect_eq "$peer_code $(desc)" '400 Bad Request: message is too long' "4097 characters: message is too long"
amp=$(printf '%4096s' '' | sed 's/ /\&amp;/g')
tg sendMessage "{\"chat_id\":$CHAT,\"text\":\"<b>$amp</b>\",\"parse_mode\":\"HTML\"}"
expect_eq "$peer_code" 200 "the limit counts characters after entity parsing (4096 &amp;)"
tg sendMessage "{\"chat_id\":$CHAT,\"text\":\"<b>$amp</b>&amp;\",\"parse_mode\":\"HTML\"}"
expect_eq "$peer_code $(desc)" '400 Bad Request: message is too long' "4097 after parsing: too long"

d64=$(printf '%64s' '' | tr ' ' 'd')
tg sendMessage "{\"chat_id\":$CHAT,\"text\":\"b\",\"reply_markup\":{\"inline_keyboard\":[[{\"text\":\"A\",\"callback_data\":\"$d64\"}]]}}"
expect_eq "$peer_code" 200 "callback_data of 64 bytes accepted"
tg sendMessage "{\"chat_id\":$CHAT,\"text\":\"b\",\"reply_markup\":{\"inline_keyboard\":[[{\"text\":\"A\",\"callback_data\":\"${d64}e\"}]]}}"
expect_eq "$peer_code $(desc)" '400 Bad Request: BUTTON_DATA_INVALID' "callback_data of 65 bytes: BUTTON_DATA_INVALID"
e33=$(printf '%33s' '' | sed 's/ /é/g')
tg sendMessage "{\"chat_id\":$CHAT,\"text\":\"b\",\"reply_markup\":{\"inline_keyboard\":[[{\"text\":\"A\",\"callback_data\":\"$e33\"}]]}}"
expect_eq "$(desc)" 'Bad Request: BUTTON_DATA_INVALID' "callback_data is counted in bytes (33 x é = 66 bytes)"

# form bodies, and reply_to_message_id / reply_parameters
out=$(curl -sS --data-urlencode "chat_id=$CHAT" --data-urlencode 'text=<i>result</i>' --data-urlencode 'parse_mode=HTML' \
	--data-urlencode "reply_to_message_id=$M1" "$TG_URL/bot$TOKEN/sendMessage")
expect_eq "$(printf '%s' "$out" | jq -c '[.ok, .result.text, .result.reply_to_message.message_id]')" "[true,\"result\",$M1]" "a form body; reply_to_message_id kept"
tg sendMessage "{\"chat_id\":$CHAT,\"text\":\"r2\",\"reply_parameters\":{\"message_id\":$M1}}"
R2=$(printf '%s' "$peer_body" | jq -r '.result.message_id')
tg sendMessage "{\"chat_id\":$CHAT,\"text\":\"r3\",\"reply_to_message_id\":1}"
expect_eq "$peer_code $(desc)" '400 Bad Request: message to be replied not found' "a reply to no message is refused"
msgs=$(peer_get TG "/_test/messages?chat_id=$CHAT")
expect_eq "$(printf '%s' "$msgs" | jq -c "[.[] | select(.message_id == $R2) | .reply_to_message_id]")" "[$M1]" "reply_parameters kept as reply_to_message_id"
expect_eq "$(printf '%s' "$msgs" | jq -c "[.[] | select(.message_id == $M1) | .html, .parse_mode][0:2]")" \
	'["<b>Topic</b>\n&lt;script&gt; &amp; &quot;x&quot; &#128512; &#x41;","HTML"]' "/_test/messages keeps the HTML as sent"

# --- presses, getUpdates, answerCallbackQuery -----------------------------------
peer_call POST TG /_test/press "{\"chat_id\":$CHAT,\"message_id\":$M1,\"user_id\":77,\"username\":\"alice\",\"first_name\":\"Alice\",\"data\":\"approve:job-1\"}"
Q1=$(printf '%s' "$peer_body" | jq -r '.callback_query_id')
expect_eq "$peer_code $(printf '%s' "$peer_body" | jq -r '.ok')" '200 true' "a press makes a callback query"
peer_call POST TG /_test/press "{\"chat_id\":$CHAT,\"message_id\":$M1,\"user_id\":77,\"data\":\"nope\"}"
expect_eq "$peer_code" 409 "a press on a button the message does not have is refused"
tg getUpdates '{"timeout":0}'
expect_eq "$(printf '%s' "$peer_body" | jq -c '[.result[0].callback_query | .id, .from.id, .from.username, .from.first_name, .data, .message.message_id]')" \
	"[\"$Q1\",77,\"alice\",\"Alice\",\"approve:job-1\",$M1]" "getUpdates gives the press as a callback_query"
U1=$(printf '%s' "$peer_body" | jq -r '.result[0].update_id')
tg getUpdates '{"timeout":0}'
expect_eq "$(printf '%s' "$peer_body" | jq -c '[.result[].update_id]')" "[$U1]" "an update stays until an offset confirms it"
tg getUpdates "{\"timeout\":0,\"offset\":$((U1 + 1))}"
expect_eq "$(printf '%s' "$peer_body" | jq -c '.result')" '[]' "offset = update_id + 1 confirms it"
tg getUpdates '{"timeout":0}'
expect_eq "$(printf '%s' "$peer_body" | jq -c '.result')" '[]' "a confirmed update is gone"

tg answerCallbackQuery "{\"callback_query_id\":\"$Q1\",\"text\":\"Only alice may decide\",\"show_alert\":true}"
expect_eq "$peer_code $peer_body" '200 {"ok":true,"result":true}' "answerCallbackQuery"
tg answerCallbackQuery "{\"callback_query_id\":\"$Q1\"}"
expect_eq "$peer_code $(desc)" '400 Bad Request: query is too old and response timeout expired or query ID is invalid' "a query answered twice: query is too old"
tg answerCallbackQuery '{"callback_query_id":"12345"}'
expect_eq "$peer_code" 400 "an unknown query id: 400"
expect_eq "$(peer_get TG /_test/answers | jq -c '[.[] | [.callback_query_id, .text, .show_alert, .query.user_id]]')" \
	"[[\"$Q1\",\"Only alice may decide\",true,77]]" "/_test/answers records text and show_alert"

# long polling: a pending getUpdates is answered by a press
since=$(peer_last_seq TG)
curl -sS --max-time 40 -H 'Content-Type: application/json' -d "{\"timeout\":30,\"offset\":$((U1 + 1)),\"allowed_updates\":[\"callback_query\"]}" \
	"$TG_URL/bot$TOKEN/getUpdates" >"$PEERS_TMP/poll1" &
poll=$!
peer_wait TG getUpdates 1 20000 "$since" >/dev/null || not_ok "the long poll arrived"
peer_call POST TG /_test/press "{\"chat_id\":$CHAT,\"message_id\":$M1,\"user_id\":78,\"username\":\"bob\",\"data\":\"ignore:job-1\"}"
Q2=$(printf '%s' "$peer_body" | jq -r '.callback_query_id')
wait "$poll"
expect_eq "$(jq -c '[.ok, .result[0].callback_query.id, .result[0].callback_query.data]' "$PEERS_TMP/poll1")" "[true,\"$Q2\",\"ignore:job-1\"]" \
	"a long poll returns as soon as a press arrives"
U2=$(jq -r '.result[0].update_id' "$PEERS_TMP/poll1")
check "update ids grow" test "$U2" -gt "$U1"

# a second poller terminates the first with 409
since=$(peer_last_seq TG)
curl -sS --max-time 40 -o "$PEERS_TMP/poll2" -w '%{http_code}' -H 'Content-Type: application/json' -d "{\"timeout\":30,\"offset\":$((U2 + 1))}" \
	"$TG_URL/bot$TOKEN/getUpdates" >"$PEERS_TMP/poll2.code" &
poll=$!
peer_wait TG getUpdates 1 20000 "$since" >/dev/null || not_ok "the first poll arrived"
tg getUpdates '{"timeout":0}'
wait "$poll"
expect_eq "$(cat "$PEERS_TMP/poll2.code") $(jq -r .description "$PEERS_TMP/poll2")" \
	'409 Conflict: terminated by other getUpdates request; make sure that only one bot instance is running' "a concurrent getUpdates: 409 for the first poller"
expect_eq "$peer_code" 200 "the second poller is answered"

# allowed_updates persists; updates of other types are not delivered
tg getUpdates '{"timeout":0,"allowed_updates":["message"]}'
peer_call POST TG /_test/press "{\"chat_id\":$CHAT,\"message_id\":$M1,\"user_id\":79,\"data\":\"ignore:job-1\"}"
tg getUpdates '{"timeout":0}'
expect_eq "$(printf '%s' "$peer_body" | jq -c '.result')" '[]' "allowed_updates [\"message\"]: no callback_query"
tg getUpdates '{"timeout":0,"allowed_updates":[]}'

# webhooks and getUpdates
tg setWebhook '{"url":"https://example.com/hook"}'
tg getUpdates '{"timeout":0}'
expect_eq "$peer_code $(desc)" "409 Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first" "getUpdates with a webhook set: 409"
tg deleteWebhook '{}'
expect_eq "$peer_code $(printf '%s' "$peer_body" | jq -c '.result')" '200 true' "deleteWebhook"
tg getUpdates '{"timeout":0}'
expect_eq "$peer_code" 200 "getUpdates works again"

# --- edits ------------------------------------------------------------------
tg editMessageText "{\"chat_id\":$CHAT,\"message_id\":$M1,\"text\":\"<b>Topic</b>\\nApproved by @alice\",\"parse_mode\":\"HTML\"}"
expect_eq "$peer_code $(printf '%s' "$peer_body" | jq -c '[.result.message_id, .result.text, (.result.edit_date > 0), .result.reply_markup]')" \
	"200 [$M1,\"Topic\\nApproved by @alice\",true,null]" "editMessageText returns the edited Message; no reply_markup removes the buttons"
tg editMessageText "{\"chat_id\":$CHAT,\"message_id\":$M1,\"text\":\"<b>Topic</b>\\nApproved by @alice\",\"parse_mode\":\"HTML\"}"
expect_contains "$peer_code $(desc)" '400 Bad Request: message is not modified' "the same text again: message is not modified"
tg editMessageText "{\"chat_id\":$CHAT,\"message_id\":1,\"text\":\"x\"}"
expect_eq "$peer_code $(desc)" '400 Bad Request: message to edit not found' "editMessageText on no message"
tg editMessageText "{\"chat_id\":$CHAT,\"message_id\":$M1,\"text\":\"a <x> b\",\"parse_mode\":\"HTML\"}"
expect_contains "$peer_code $(desc)" "400 Bad Request: can't parse entities" "editMessageText validates HTML too"
peer_call POST TG /_test/press "{\"chat_id\":$CHAT,\"message_id\":$M1,\"user_id\":77,\"data\":\"approve:job-1\"}"
expect_eq "$peer_code" 409 "no press on buttons that went away"
tg editMessageReplyMarkup "{\"chat_id\":$CHAT,\"message_id\":$M1,\"reply_markup\":$KB}"
expect_eq "$peer_code $(printf '%s' "$peer_body" | jq -c '.result.reply_markup.inline_keyboard[0][0].text')" '200 "Approve"' "editMessageReplyMarkup returns the Message"
tg editMessageReplyMarkup "{\"chat_id\":$CHAT,\"message_id\":$M1,\"reply_markup\":$KB}"
expect_contains "$peer_code $(desc)" '400 Bad Request: message is not modified' "the same markup: not modified"
tg editMessageReplyMarkup "{\"chat_id\":$CHAT,\"message_id\":$M1}"
expect_eq "$peer_code $(printf '%s' "$peer_body" | jq -c '.result.reply_markup')" '200 null' "editMessageReplyMarkup without markup removes it"
m=$(peer_get TG "/_test/messages?chat_id=$CHAT" | jq -c ".[] | select(.message_id == $M1)")
expect_eq "$(printf '%s' "$m" | jq -c '[.text, .reply_markup, [.edits[].by], .edits[0].text]')" \
	'["Topic\nApproved by @alice",null,["editMessageText","editMessageReplyMarkup","editMessageReplyMarkup"],"Topic\n<script> & \"x\" 😀 A"]' "/_test/messages: the message now and its edit history"

# --- faults -----------------------------------------------------------------
peer_post TG /_test/fail '{"method":"sendMessage","count":2,"status":429,"retry_after":3}' >/dev/null
tg sendMessage "{\"chat_id\":$CHAT,\"text\":\"x\"}"
expect_eq "$peer_code $peer_body" '429 {"ok":false,"error_code":429,"description":"Too Many Requests: retry after 3","parameters":{"retry_after":3}}' "an injected 429 with retry_after"
tg sendMessage "{\"chat_id\":$CHAT,\"text\":\"x\"}"
expect_eq "$peer_code" 429 "count 2: the second call too"
tg sendMessage "{\"chat_id\":$CHAT,\"text\":\"x\"}"
expect_eq "$peer_code" 200 "then the real answer again"
peer_post TG /_test/fail '[{"method":"getMe","status":500},{"method":"getMe","kind":"html"},{"method":"getMe","kind":"garbage"}]' >/dev/null
tg getMe '{}'
expect_eq "$peer_code $(desc)" '500 Internal Server Error' "an injected 500"
out=$(curl -sS -D - "$TG_URL/bot$TOKEN/getMe")
expect_contains "$out" '502 Bad Gateway' "an injected 502 ..."
expect_contains "$out" 'Content-Type: text/html' "... with an HTML body"
tg getMe '{}'
expect_eq "$peer_code $(printf '%s' "$peer_body" | jq . >/dev/null 2>&1 && echo json || echo garbage)" '200 garbage' "an injected garbage body"
peer_post TG /_test/fail '{"method":"getMe","kind":"hang"}' >/dev/null
code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 1 "$TG_URL/bot$TOKEN/getMe")
expect_eq "$code" 000 "an injected hang: no answer at all"
peer_post TG /_test/fail '{"method":"getMe","kind":"reset"}' >/dev/null
curl -s -o /dev/null --max-time 10 "$TG_URL/bot$TOKEN/getMe"
expect_eq "$?" 52 "an injected reset: the connection closes with no answer"
peer_post TG /_test/fail '{"method":"getMe","delay_ms":200}' >/dev/null
tg getMe '{}'
expect_eq "$peer_code" 200 "an injected delay, then the real answer"
calls=$(peer_get TG '/_test/calls?method=getMe')
expect_eq "$(printf '%s' "$calls" | jq -c '[.[-6:][] | .status]')" '[500,502,200,"hang","reset",200]' "the calls log records what was answered"
check "the calls log has seq, method, params" test "$(printf '%s' "$calls" | jq -r '.[0] | has("seq") and has("params") and .method == "getMe"')" = true
peer_call GET TG '/_test/wait?method=getChat&count=99&timeout_ms=200'
expect_eq "$peer_code" 504 "/_test/wait answers 504 on timeout"

# --- a restart on the same port ------------------------------------------------
old=$TG_PORT
peer_restart TG || bail "no restart"
expect_eq "$TG_PORT" "$old" "restarted on the same port"
tg getMe '{}'
expect_eq "$peer_code" 200 "answers after the restart"
tg sendMessage "{\"chat_id\":$CHAT,\"text\":\"after\",\"reply_markup\":$KB}"
M3=$(printf '%s' "$peer_body" | jq -r '.result.message_id')
peer_post TG /_test/press "{\"chat_id\":$CHAT,\"message_id\":$M3,\"user_id\":77,\"text\":\"Approve\"}" >/dev/null
tg getUpdates "{\"timeout\":0,\"offset\":$((U2 + 1))}"
expect_eq "$(printf '%s' "$peer_body" | jq -c '[.result[].callback_query.data]')" '["approve:job-1"]' "a poller's old offset does not hide presses after a restart"

done_testing
