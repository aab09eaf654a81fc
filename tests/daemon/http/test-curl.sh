#!/bin/bash
# Integration test: real curl against http-test-server (HttpServer + HMAC).
# Usage: test-curl.sh <http-test-server>
set -euo pipefail
server_exe=$1
secret='s3cret key'
tmp=$(mktemp -d)
coproc SERVER { exec "$server_exe" "$secret"; }
server_pid=$SERVER_PID
trap 'kill "$server_pid" 2>/dev/null || true; rm -rf "$tmp"' EXIT
read -t 10 -r port <&"${SERVER[0]}"
base="http://127.0.0.1:$port"
failures=0

check() { # name expected actual
	if [ "$2" == "$3" ]; then echo "ok - $1"; else echo "FAIL - $1: expected '$2', got '$3'"; failures=$((failures+1)); fi
}
sign() { openssl dgst -sha256 -hmac "$secret" -r "$1" | cut -d' ' -f1; }
CURL=(curl -sS --max-time 10)

head -c 700000 /dev/urandom > "$tmp/binary"
printf '{"action":"opened","number":42}' > "$tmp/small.json"
head -c $((1024 * 1024 + 1)) /dev/zero > "$tmp/too-big"

# Binary bodies arrive intact, with Content-Length and chunked.
"${CURL[@]}" --data-binary @"$tmp/binary" -o "$tmp/echoed" "$base/echo"
check "echo with Content-Length" "$(sha256sum < "$tmp/binary")" "$(sha256sum < "$tmp/echoed")"
"${CURL[@]}" -H 'Transfer-Encoding: chunked' --data-binary @"$tmp/binary" -o "$tmp/echoed2" "$base/echo"
check "echo chunked" "$(sha256sum < "$tmp/binary")" "$(sha256sum < "$tmp/echoed2")"

# HMAC verification.
sig=$(sign "$tmp/small.json")
code=$("${CURL[@]}" -o "$tmp/body" -w '%{http_code}' -H "X-Signature: $sig" --data-binary @"$tmp/small.json" "$base/hook")
check "good signature" '202 {"bytes":31}' "$code $(cat "$tmp/body")"
code=$("${CURL[@]}" -o "$tmp/body" -w '%{http_code}' -H "X-Signature: ${sig/a/b}0" --data-binary @"$tmp/small.json" "$base/hook")
check "wrong signature" "401" "$code"
check "wrong signature body" '{"error":"The signature does not match the body."}' "$(cat "$tmp/body")"

# Limits: Content-Length over the limit (curl waits for 100-continue), chunked over the limit.
code=$("${CURL[@]}" -o "$tmp/body" -w '%{http_code}' --data-binary @"$tmp/too-big" "$base/hook")
check "413 from Content-Length" "413" "$code"
check "413 body is JSON" '{"error":"The request body is larger than this endpoint accepts (1048576 bytes)."}' "$(cat "$tmp/body")"
code=$("${CURL[@]}" -o /dev/null -w '%{http_code}' -H 'Transfer-Encoding: chunked' --data-binary @"$tmp/too-big" "$base/hook")
check "413 chunked" "413" "$code"

# Routing errors.
check "404" "404" "$("${CURL[@]}" -o /dev/null -w '%{http_code}' "$base/nowhere")"
allow=$("${CURL[@]}" -o /dev/null -D - "$base/hook" | tr -d '\r' | awk -F': ' 'tolower($1)=="allow"{print $2}')
check "405 names the allowed method" "POST" "$allow"

# Keep-alive: one connection for three requests; HTTP/1.0 works too.
connects=$("${CURL[@]}" -o /dev/null -o /dev/null -o /dev/null -w '%{num_connects} ' \
	--data-binary @"$tmp/small.json" "$base/echo" "$base/echo" "$base/echo")
check "keep-alive reuses the connection" "1 0 0 " "$connects"
check "HTTP/1.0" "200" "$("${CURL[@]}" --http1.0 -o /dev/null -w '%{http_code}' --data-binary x "$base/echo")"

# Graceful stop on SIGTERM, no handle left behind.
kill -TERM "$server_pid"
status=0
wait "$server_pid" || status=$?
check "graceful stop exit status" "0" "$status"

[ "$failures" -eq 0 ]
