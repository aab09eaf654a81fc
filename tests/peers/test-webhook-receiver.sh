#!/usr/bin/env bash
# Self-test of webhook-receiver.js, with curl and openssl.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/tap.sh"
require_tools node curl jq mkfifo openssl
. "$here/peers.sh"

peer_start WH webhook-receiver || bail "webhook-receiver.js did not start"
ok "READY on port $WH_PORT"

# send PATH BODY [HEADER...]: POSTs; prints the status
send() {
	local path=$1 body=$2
	shift 2
	local h=() x
	for x in "$@"; do h+=(-H "$x"); done
	curl -sS --max-time 20 -o /dev/null -w '%{http_code}' "${h[@]}" --data-binary "$body" "$WH_URL$path"
}

BODY='{"id":"d-1","event":"announced","topic":"caf\u00e9 <b>","message":"line1\nline2"}'
SECRET=s3cr3t
SIG=$(printf '%s' "$BODY" | openssl dgst -sha256 -hmac "$SECRET" | sed 's/^.*= //')
expect_eq "$(send /hooks/osprey "$BODY" 'Content-Type: application/json' "X-Osprey-Signature: $SIG" 'X-Osprey-Delivery: d-1')" 200 "answers 200 by default"
r=$(peer_get WH /_test/requests | jq -c '.[0] | [.seq, .method, .path, .headers["content-type"], .headers["x-osprey-delivery"], .body, .status]')
expect_eq "$r" "[1,\"POST\",\"/hooks/osprey\",\"application/json\",\"d-1\",$(jq -Rn --arg b "$BODY" '$b'),200]" "records method, path, headers, body and status"
got=$(curl -sS "$WH_URL/_test/requests/1/body" | openssl dgst -sha256 -hmac "$SECRET" | sed 's/^.*= //')
expect_eq "$got" "$SIG" "the raw body checks against the HMAC"
printf '\x00\xff\xfe binary\r\n' >"$PEERS_TMP/bin"
curl -sS -o /dev/null --data-binary @"$PEERS_TMP/bin" "$WH_URL/bin"
curl -sS -o "$PEERS_TMP/bin.back" "$WH_URL/_test/requests/2/body"
check "/_test/requests/<seq>/body gives the exact bytes" cmp -s "$PEERS_TMP/bin" "$PEERS_TMP/bin.back"
peer_call GET WH /_test/requests/99/body
expect_eq "$peer_code" 404 "no such request: 404"

peer_post WH /_test/respond '{"statuses":[500,503,200]}' >/dev/null
expect_eq "$(send /a x) $(send /a x) $(send /a x) $(send /a x)" '500 503 200 200' "answers from the sequence, then 200"
peer_post WH /_test/respond '{"statuses":[{"status":202,"body":"queued","headers":{"X-Test":"1"}}]}' >/dev/null
out=$(curl -sS -D - --data-binary x "$WH_URL/b" | tr -d '\r')
expect_contains "$out" 'X-Test: 1' "an entry may set headers ..."
expect_contains "$out" 'queued' "... and the body"
peer_post WH /_test/respond '{"statuses":[{"kind":"hang"}]}' >/dev/null
expect_eq "$(curl -s -o /dev/null -w '%{http_code}' --max-time 1 --data-binary x "$WH_URL/c")" 000 "an entry may hang"
peer_post WH /_test/respond '{"statuses":[{"kind":"reset"}]}' >/dev/null
curl -s -o /dev/null --max-time 10 --data-binary x "$WH_URL/c"
expect_eq "$?" 52 "an entry may reset the connection"
peer_call POST WH /_test/respond '{"statuses":[99]}'
expect_eq "$peer_code" 400 "a bad status is refused"
peer_post WH /_test/fail '{"method":"POST","status":502,"kind":"html"}' >/dev/null
expect_eq "$(send /d x)" 502 "/_test/fail works here too"
peer_post WH /_test/fail '{"method":"POST","delay_ms":300}' >/dev/null
start=$(date +%s%N)
expect_eq "$(send /d x)" 200 "a delayed answer ..."
check "... comes after the delay" test $(( ($(date +%s%N) - start) / 1000000 )) -ge 300

# waiting
since=$(peer_last_seq WH)
( send /late late >/dev/null ) &
late=$!
w=$(peer_wait WH POST 1 20000 "$since")
expect_eq "$(printf '%s' "$w" | jq -c '[.[].body]')" '["late"]' "/_test/wait returns once the request came"
wait "$late"
since=$(peer_last_seq WH)
( send /other o >/dev/null; send /want w >/dev/null ) &
sender=$!
peer_call GET WH "/_test/wait?path=/want&count=1&timeout_ms=20000&since=$since"
expect_eq "$peer_code $(printf '%s' "$peer_body" | jq -c '[.[].body]')" '200 ["w"]' "/_test/wait?path= waits for that path"
wait "$sender"
peer_call GET WH '/_test/wait?method=PUT&count=1&timeout_ms=200'
expect_eq "$peer_code" 504 "/_test/wait: 504 on timeout"
check "/_test/calls is the same log" test "$(peer_get WH /_test/calls | jq length)" = "$(peer_get WH /_test/requests | jq length)"

done_testing
