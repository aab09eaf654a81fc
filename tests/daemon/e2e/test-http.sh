#!/usr/bin/env bash
# The webhook port as senders see it (decisions.md, "Webhook HTTP
# behaviour"): signatures, 404/405/413/400, form mode, empty bodies,
# keep-alive, slow and malformed requests, /healthz and /metrics; every error
# is JSON {"error": ...}.
. "$(dirname "$0")/lib.sh"

start_engine
secret='e2e s3cret, with spaces'

pipeline open <<'YAML'
name: open
trigger:
  type: webhook
  path: /hooks/open
workspace:
  type: none
agent:
  prompt: "Hello {{ .body.name }}"
YAML
pipeline signed <<'YAML'
name: signed
trigger:
  type: webhook
  path: /hooks/signed
  secret: ${HOOK_SECRET}
  signature_header: X-Signature
workspace:
  type: none
agent:
  prompt: "Signed {{ .body.name }}"
YAML
printf 'HOOK_SECRET=%s\n' "$secret" >"$OSPREY_HOME/pipelines/signed/.env"
pipeline github <<'YAML'
name: github
trigger:
  type: webhook
  path: /hooks/github
  secret: ${HOOK_SECRET}
  signature_header: X-Hub-Signature-256
  signature_prefix: sha256=
workspace:
  type: none
agent:
  prompt: "GitHub {{ .body.name }}"
YAML
printf 'HOOK_SECRET=%s\n' "$secret" >"$OSPREY_HOME/pipelines/github/.env"
pipeline pathvar <<'YAML'
name: pathvar
trigger:
  type: webhook
  path: ${HOOK_PATH}
  secret: ${HOOK_SECRET}
  signature_header: X-Signature
workspace:
  type: none
agent:
  prompt: "Path {{ .body.name }}"
YAML
printf 'HOOK_PATH=/hooks/from-env\nHOOK_SECRET=%s\n' "$secret" >"$OSPREY_HOME/pipelines/pathvar/.env"
chmod 600 "$OSPREY_HOME"/pipelines/*/.env

SERVER_EXTRA='  header_timeout: 2s
  body_timeout: 2s
  max_connections: 6'
CONTAINER_EXTRA='  max_concurrent: 12'
start_daemon

job_count() { find "$OSPREY_HOME/jobs" -mindepth 1 -maxdepth 1 -type d | wc -l; }
sign() { openssl dgst -sha256 -hmac "$secret" -r "$1" | cut -d' ' -f1; }
is_error_json() { [ "$(json 'typeof j.error === "string" && j.error.length > 0 && Object.keys(j).length' <<<"$1")" = 1 ]; }
expect_error_json() { # body description
	if is_error_json "$1"; then ok "$2"; else not_ok "$2" "body: $1"; fi
}
header() { # NAME: the value of header NAME in $headers
	awk -F': ' -v h="$(tr 'A-Z' 'a-z' <<<"$1")" 'tolower($1) == h { print $2 }' <<<"$headers"
}
# raw SECONDS: sends stdin on a new connection (and keeps its sending side
# open), prints what comes back until the server closes (or SECONDS pass)
raw() {
	node -e '
const net = require("net");
const input = require("fs").readFileSync(0);
const c = net.connect(+process.argv[1], "127.0.0.1", () => c.write(input));
let out = "";
c.on("data", d => out += d);
c.on("error", e => out += "\n<" + e.code + ">");
c.on("close", () => { process.stdout.write(out); process.exit(0); });
setTimeout(() => { process.stdout.write(out + "\n<still open>"); process.exit(0); }, process.argv[2] * 1000);
' "$PORT" "$1"
}

# --- signatures ---
printf '{"name":"sig"}' >"$T/sig.json"
before=$(job_count)
post /hooks/signed "@$T/sig.json" -H "X-Signature: $(sign "$T/sig.json" | tr 0-9a-f 1-9a-f0)"
expect_eq "$code" 401 "a wrong signature is 401"
expect_error_json "$body" "the 401 body is JSON {\"error\"}"
post /hooks/signed "@$T/sig.json"
expect_eq "$code" 401 "a missing signature is 401"
expect_error_json "$body" "the missing-signature body is JSON {\"error\"}"
expect_contains "$body" "X-Signature" "the missing-signature answer names the header"
post /hooks/signed "@$T/sig.json" -H "X-Signature: sha256=$(sign "$T/sig.json")"
expect_eq "$code" 401 "a prefixed digest is 401 without signature_prefix (the contract)"
post /hooks/signed "@$T/sig.json" -H "X-Signature: $(sign "$T/sig.json" | tr a-f A-F)"
expect_eq "$code" 401 "an uppercase digest is 401 (lowercase hex only)"
expect_eq "$(job_count)" "$before" "no job is recorded for a refused signature"

post /hooks/signed "@$T/sig.json" -H "x-signature: $(sign "$T/sig.json")"
expect_eq "$code" 202 "the bare digest (header name in any case) is accepted: 202"
signed_job=$(json 'j.job' <<<"$body")

post /hooks/github "@$T/sig.json" -H "X-Hub-Signature-256: sha256=$(sign "$T/sig.json")"
expect_eq "$code" 202 "signature_prefix sha256= is stripped: 202"
github_job=$(json 'j.job' <<<"$body")
post /hooks/github "@$T/sig.json" -H "X-Hub-Signature-256: $(sign "$T/sig.json")"
expect_eq "$code" 401 "with signature_prefix, a bare digest is 401"
expect_state "$signed_job" 120 succeeded "the signed job runs"
expect_state "$github_job" 120 succeeded "the GitHub-style job runs"
expect_eq "$(cat "$(job_dir "$github_job")/prompt.md")" "GitHub sig" "the GitHub-style job's prompt is rendered"

# a pipeline's .env is read fresh: a new secret applies without a restart
old_secret=$secret
secret='rotated secret'
printf 'HOOK_SECRET=%s\n' "$secret" >"$OSPREY_HOME/pipelines/signed/.env.new"
mv "$OSPREY_HOME/pipelines/signed/.env.new" "$OSPREY_HOME/pipelines/signed/.env"
post /hooks/signed "@$T/sig.json" -H "X-Signature: $(sign "$T/sig.json")"
expect_eq "$code" 202 "after the pipeline's .env changes, the new secret is accepted"
rotated_job=$(json 'j.job' <<<"$body")
secret=$old_secret
post /hooks/signed "@$T/sig.json" -H "X-Signature: $(sign "$T/sig.json")"
expect_eq "$code" 401 "and the old one is refused"
expect_state "$rotated_job" 120 succeeded "the job signed with the new secret runs"

# a .env that loses the secret's variable: nothing can be verified, so nothing
# is accepted or recorded, and the sender learns nothing of the configuration
printf 'OTHER=x\n' >"$OSPREY_HOME/pipelines/signed/.env.new"
mv "$OSPREY_HOME/pipelines/signed/.env.new" "$OSPREY_HOME/pipelines/signed/.env"
before=$(job_count)
post /hooks/signed "@$T/sig.json" -H "X-Signature: whatever"
expect_eq "$code" 503 "a pipeline whose secret went missing answers 503"
expect_not_contains "$body" "HOOK_SECRET" "the answer does not name the variable"
expect_eq "$(job_count)" "$before" "and records no job"

# an empty secret is an error like a missing one, never verification turned off
printf 'HOOK_SECRET=\n' >"$OSPREY_HOME/pipelines/signed/.env.new"
mv "$OSPREY_HOME/pipelines/signed/.env.new" "$OSPREY_HOME/pipelines/signed/.env"
post /hooks/signed "@$T/sig.json"
expect_eq "$code" 503 "a pipeline whose secret became empty answers an unsigned request 503"
expect_error_json "$body" "the 503 body is JSON {\"error\"}"
expect_eq "$(job_count)" "$before" "and records no job"
printf 'HOOK_SECRET=%s\n' "$secret" >"$OSPREY_HOME/pipelines/signed/.env.new"
mv "$OSPREY_HOME/pipelines/signed/.env.new" "$OSPREY_HOME/pipelines/signed/.env"
post /hooks/signed "@$T/sig.json"
expect_eq "$code" 401 "with the secret back, an unsigned request is 401 again"

# trigger.path from the .env: registered at start; a .env edit that moves it
# takes the old path out of service until a reload
post /hooks/from-env "@$T/sig.json"
expect_eq "$code" 401 "a path from the pipeline's .env is served (401 unsigned)"
printf 'HOOK_PATH=/hooks/moved\nHOOK_SECRET=%s\n' "$secret" >"$OSPREY_HOME/pipelines/pathvar/.env.new"
mv "$OSPREY_HOME/pipelines/pathvar/.env.new" "$OSPREY_HOME/pipelines/pathvar/.env"
post /hooks/from-env "@$T/sig.json" -H "X-Signature: $(sign "$T/sig.json")"
expect_eq "$code" 503 "after the .env moves the path, the old one answers 503, even signed"
expect_eq "$(job_count)" "$before" "and records no job"
post /hooks/moved "@$T/sig.json" -H "X-Signature: $(sign "$T/sig.json")"
expect_eq "$code" 404 "the new path waits for a reload"
kill -HUP "$DAEMON_PID"
get_is_405() { [ "$(curl -s --max-time 10 -o /dev/null -w '%{http_code}' "$BASE$1")" = 405 ]; }
if wait_until 30 get_is_405 /hooks/moved; then ok "after SIGHUP the new path is registered"; else
	not_ok "after SIGHUP the new path is registered" "$(daemon_log | tail -n 5)"; fi
post /hooks/moved "@$T/sig.json"
expect_eq "$code" 401 "and served (401 unsigned)"
post /hooks/from-env "@$T/sig.json" -H "X-Signature: $(sign "$T/sig.json")"
expect_eq "$code" 404 "the old path is gone"

# --- routing ---
post /nowhere '{}'
expect_eq "$code" 404 "an unknown path is 404"
expect_error_json "$body" "the 404 body is JSON {\"error\"}"
code=$(curl -sS --max-time 10 -o "$T/resp.body" -D "$T/resp.headers" -w '%{http_code}' "$BASE/hooks/open")
body=$(cat "$T/resp.body")
headers=$(tr -d '\r' <"$T/resp.headers")
expect_eq "$code" 405 "GET on a webhook path is 405"
expect_eq "$(header Allow)" POST "the 405 says Allow: POST"
expect_error_json "$body" "the 405 body is JSON {\"error\"}"
code=$(curl -sS --max-time 10 -o "$T/resp.body" -w '%{http_code}' -X PUT --data '{}' "$BASE/hooks/signed")
expect_eq "$code" 405 "PUT on a webhook path is 405 (before any signature check)"

# --- body size ---
head -c $((2 * 1024 * 1024)) /dev/zero | tr '\0' ' ' >"$T/big.json"
before=$(job_count)
post /hooks/open "@$T/big.json" -H 'Expect:'
expect_eq "$code" 413 "a 2 MiB body sent at once (no Expect) is 413"
expect_error_json "$body" "the 413 body is JSON {\"error\"}"
post /hooks/open "@$T/big.json"
expect_eq "$code" 413 "a 2 MiB body with Expect: 100-continue is 413"
start=$SECONDS
answer=$(printf 'POST /hooks/open HTTP/1.1\r\nHost: e2e\r\nContent-Type: application/json\r\nContent-Length: 50000000\r\n\r\n' | raw 20)
expect_contains "$(head -n 1 <<<"$answer")" "HTTP/1.1 413" "Content-Length over the limit and no body sent: 413"
[ $((SECONDS - start)) -lt 8 ] && ok "that 413 comes without waiting for the body ($((SECONDS - start)) s)" ||
	not_ok "that 413 comes without waiting for the body" "took $((SECONDS - start)) s"
expect_error_json "${answer#*$'\r\n\r\n'}" "the raw 413 body is JSON {\"error\"}"
post /hooks/open "@$T/big.json" -H 'Transfer-Encoding: chunked'
expect_eq "$code" 413 "a chunked 2 MiB body is 413"
expect_eq "$(job_count)" "$before" "no job is recorded for a body over the limit"

# --- body formats ---
post /hooks/open 'this is not JSON'
expect_eq "$code" 400 "a body that is not JSON is 400"
expect_error_json "$body" "the 400 body is JSON {\"error\"}"
expect_contains "$(json 'j.error' <<<"$body")" "not valid JSON" "the 400 says why"
post /hooks/open '[1, 2' -H 'Content-Type: text/plain'
expect_eq "$code" 400 "truncated JSON is 400"

code=$(curl -sS --max-time 30 -o "$T/resp.body" -w '%{http_code}' \
	--data-urlencode 'payload={"name":"form & friends"}' "$BASE/hooks/open")
body=$(cat "$T/resp.body")
expect_eq "$code" 202 "form mode (payload=<url-encoded JSON>) is accepted"
form_job=$(json 'j.job' <<<"$body")
code=$(curl -sS --max-time 30 -o "$T/resp.body" -w '%{http_code}' \
	-H 'Content-Type: application/x-www-form-urlencoded' --data 'other=1&name=x' "$BASE/hooks/open")
body=$(cat "$T/resp.body")
expect_eq "$code" 400 "a form without a payload field is 400"
expect_contains "$(json 'j.error' <<<"$body")" "payload" "that 400 names the payload field"

code=$(curl -sS --max-time 30 -o "$T/resp.body" -w '%{http_code}' -X POST "$BASE/hooks/open")
body=$(cat "$T/resp.body")
expect_eq "$code" 202 "an empty body is accepted"
empty_job=$(json 'j.job' <<<"$body")
expect_state "$form_job" 120 succeeded "the form-mode job runs"
expect_eq "$(cat "$(job_dir "$form_job")/prompt.md")" "Hello form & friends" "the form's payload is the template data"
expect_eq "$(cat "$(job_dir "$form_job")/payload.json")" '{"name":"form & friends"}' \
	"payload.json holds the form's payload as JSON"
expect_eq "$(cat "$OSPREY_HOME"/payloads/open/*-webhook.json | grep -c 'payload=')" 0 \
	"the payloads kept for the dashboard are JSON too"
expect_state "$empty_job" 120 succeeded "the empty-body job runs"
expect_eq "$(cat "$(job_dir "$empty_job")/prompt.md")" "Hello <no value>" "an empty body renders as {}"
expect_eq "$(cat "$(job_dir "$empty_job")/payload.json")" "{}" "an empty body is recorded as {}"
post /hooks/open $' \r\n\t'
expect_eq "$code" 202 "a body of whitespace is accepted"
expect_eq "$(cat "$(job_dir "$(json 'j.job' <<<"$body")")/payload.json")" "{}" "and recorded as {}"

# --- other shapes senders use ---
post '/hooks/open?source=e2e' '{"name":"query"}'
expect_eq "$code" 202 "a query string after the webhook path is fine"
code=$(curl -sS --http1.0 --max-time 30 -o "$T/resp.body" -w '%{http_code}' -H 'Content-Type: application/json' \
	--data '{"name":"http10"}' "$BASE/hooks/open")
expect_eq "$code" 202 "an HTTP/1.0 POST is accepted"
printf '{"name":"chunked", "pad":"%s"}' "$(head -c 100000 /dev/zero | tr '\0' x)" >"$T/chunked.json"
post /hooks/open "@$T/chunked.json" -H 'Transfer-Encoding: chunked'
expect_eq "$code" 202 "a chunked body within the limit is accepted"
check "and recorded byte for byte" cmp -s "$T/chunked.json" "$(job_dir "$(json 'j.job' <<<"$body")")/payload.json"
head -c 100000 /dev/zero | tr '\0' '[' >"$T/deep.json"
post /hooks/open "@$T/deep.json"
expect_eq "$code" 400 "JSON nested 100000 deep is 400"
expect_contains "$(json 'j.error' <<<"$body")" "nesting" "and the 400 says it is nested too deeply"
check "the daemon survives it" healthy

# --- keep-alive ---
verbose=$(curl -sv --max-time 30 -H 'Content-Type: application/json' --data '{"name":"ka"}' \
	-o "$T/ka1" -o "$T/ka2" -w '%{http_code} ' "$BASE/hooks/open" "$BASE/hooks/open" 2>&1)
expect_contains "$verbose" "Re-using existing connection" "two POSTs share one connection"
expect_contains "$verbose" "202 202 " "both get 202"
expect_eq "$(json 'j.state' <"$T/ka1") $(json 'j.state' <"$T/ka2")" "running running" "both started a job"
check "the two jobs differ" [ "$(json 'j.job' <"$T/ka1")" != "$(json 'j.job' <"$T/ka2")" ]

# --- malformed and slow requests ---
answer=$(printf 'BLAH\x01 / HTTP/1.1\r\n\r\n' | raw 10)
expect_contains "$(head -n 1 <<<"$answer")" "HTTP/1.1 400" "a malformed request line is 400"
expect_error_json "${answer#*$'\r\n\r\n'}" "its body is JSON {\"error\"}"
start=$SECONDS
answer=$(printf 'POST /hooks/open HTTP/1.1\r\nHost: e2e\r\n' | raw 20)
expect_contains "$(head -n 1 <<<"$answer")" "HTTP/1.1 408" "headers that never end: 408 (header_timeout 2s)"
expect_error_json "${answer#*$'\r\n\r\n'}" "the 408 body is JSON {\"error\"}"
[ $((SECONDS - start)) -lt 15 ] && ok "the slow-header client is cut off in time ($((SECONDS - start)) s)" ||
	not_ok "the slow-header client is cut off in time" "took $((SECONDS - start)) s"
start=$SECONDS
answer=$(printf 'POST /hooks/open HTTP/1.1\r\nHost: e2e\r\nContent-Length: 100\r\n\r\n{"na' | raw 20)
expect_contains "$(head -n 1 <<<"$answer")" "HTTP/1.1 408" "a body that never ends: 408 (body_timeout 2s)"
[ $((SECONDS - start)) -lt 15 ] && ok "the slow-body client is cut off in time ($((SECONDS - start)) s)" ||
	not_ok "the slow-body client is cut off in time" "took $((SECONDS - start)) s"

# --- connection limit: six kept-alive connections fill it, a seventh gets 503 ---
# (each has had its answer and idles under idle_timeout, 1m by default)
answer=$(node -e '
const net = require("net");
const port = +process.argv[1];
const idle = [];
let answered = 0;
for (let i = 0; i < 6; i++) {
	const c = net.connect(port, "127.0.0.1", () => c.write("GET /healthz HTTP/1.1\r\nHost: e2e\r\n\r\n"));
	c.once("data", () => { if (++answered === 6) seventh(); });
	idle.push(c);
}
function seventh() {
	const c = net.connect(port, "127.0.0.1", () => c.write("GET /healthz HTTP/1.1\r\nHost: e2e\r\n\r\n"));
	let out = "";
	c.on("data", d => out += d);
	c.on("close", () => { process.stdout.write(out); idle.forEach(s => s.destroy()); process.exit(0); });
	c.on("error", e => { out += "<" + e.code + ">"; });
}
setTimeout(() => { process.stdout.write("<timeout>"); process.exit(0); }, 15000);
' "$PORT")
expect_contains "$(head -n 1 <<<"$answer")" "HTTP/1.1 503" "a connection over server.max_connections is answered 503"
expect_error_json "${answer#*$'\r\n\r\n'}" "its body is JSON {\"error\"}"
if wait_until 20 healthy; then ok "once they are gone, requests are served again"; else
	not_ok "once they are gone, requests are served again"; fi

# --- health and metrics ---
code=$(curl -sS --max-time 10 -o "$T/resp.body" -D "$T/resp.headers" -w '%{http_code}' "$BASE/healthz")
body=$(cat "$T/resp.body")
expect_eq "$code" 200 "GET /healthz is 200"
expect_eq "$(json 'j.status + " " + j.slots.max + " " + typeof j.slots.used' <<<"$body")" "ok 12 number" \
	"/healthz is JSON with the status and slot use"
expect_contains "$(tr 'A-Z' 'a-z' <"$T/resp.headers")" "content-type: application/json" "/healthz says it is JSON"
code=$(curl -sS --max-time 10 -o "$T/resp.body" -D "$T/resp.headers" -w '%{http_code}' "$BASE/metrics")
metrics=$(cat "$T/resp.body")
expect_eq "$code" 200 "GET /metrics is 200"
expect_contains "$(tr 'A-Z' 'a-z' <"$T/resp.headers")" "content-type: text/plain" "/metrics is Prometheus text"
expect_contains "$metrics" "# TYPE osprey_" "/metrics has TYPE lines"
expect_contains "$metrics" 'osprey_webhook_requests_total{outcome="unauthorized"} 9' "/metrics counts the refused signatures"
expect_contains "$metrics" 'osprey_agent_slots_max 12' "/metrics has the slot limit"
bad=$(grep -v '^#' <<<"$metrics" | grep -v '^osprey_[a-z_]*\({[a-z_]*="[a-z_]*"\(,[a-z_]*="[a-z_]*"\)*}\)\? [0-9]*$' || true)
expect_eq "$bad" "" "every /metrics sample line is well formed"
code=$(curl -sS --max-time 10 -o "$T/resp.body" -w '%{http_code}' --data '{}' "$BASE/healthz")
expect_eq "$code" 405 "POST /healthz is 405"
expect_error_json "$(cat "$T/resp.body")" "that 405 body is JSON {\"error\"}"

check "the daemon is still up" healthy
done_testing
