#!/usr/bin/env bash
# setup and construct driven by flags, as a script would.
. "$(dirname "$0")/lib.sh"
set -e

SECRET_TOKEN="123456:AAsecret-bot-token-value"
run setup --host 127.0.0.1 --port 8282 --channel telegram --telegram-bot-token "$SECRET_TOKEN" \
	--telegram-chat-id -100123 --telegram-allowed-users "11, 22" --agent claude-code --auth api_key \
	--api-key sk-ant-secret-value --max-concurrent 2 --socket "$T/engine.sock"
expect_status 0 "setup with every answer as a flag"
expect_mode "$OSPREY_HOME/.env" 600 "setup writes .env with mode 0600"
expect_contains "$(cat "$OSPREY_HOME/.env")" "TELEGRAM_BOT_TOKEN=$SECRET_TOKEN" ".env holds the bot token"
expect_contains "$(cat "$OSPREY_HOME/.env")" "ANTHROPIC_API_KEY=sk-ant-secret-value" ".env holds the API key"
config=$(cat "$OSPREY_HOME/config.yaml")
expect_contains "$config" 'bot_token: ${TELEGRAM_BOT_TOKEN}' "config.yaml references the token"
expect_not_contains "$config" "$SECRET_TOKEN" "config.yaml never holds the token"
expect_contains "$config" "allowed_users: [11, 22]" "allowed users written as a list"
expect_not_contains "$out$err" "$SECRET_TOKEN" "setup never prints the token"

run setup --channel stdout
expect_status 1 "setup refuses to overwrite"
expect_contains "$err" "already exists" "setup says why"

cp "$OSPREY_HOME/config.yaml" "$T/config.before"
run setup --force --port 8383
expect_status 0 "setup --force changing one answer"
config=$(cat "$OSPREY_HOME/config.yaml")
expect_contains "$config" "port: 8383" "the answer given is written"
for kept in 'host: "127.0.0.1"' "type: telegram" "chat_id: -100123" "allowed_users: [11, 22]" \
	"auth: api_key" "max_concurrent: 2" "socket: \"$T/engine.sock\""; do
	expect_contains "$config" "$kept" "the current value is the default: $kept"
done
expect_contains "$(cat "$OSPREY_HOME/.env")" "TELEGRAM_BOT_TOKEN=$SECRET_TOKEN" "the current token is kept"
expect_contains "$(cat "$OSPREY_HOME/.env")" "ANTHROPIC_API_KEY=sk-ant-secret-value" "the current API key is kept"
sed -i 's/port: 8383/port: 8282/' "$OSPREY_HOME/config.yaml"

run construct fix-errors --description "Fix errors" --trigger webhook --path /hooks/errors \
	--secret hook-secret-value --signature-header X-Signature --workspace none \
	--prompt 'Fix {{ .body.error }}' --approval --message 'New error: {{ .body.error }}'
expect_status 0 "construct with flags"
expect_contains "$out" "Webhook URL: http://127.0.0.1:8282/hooks/errors" "construct prints the webhook URL"
file="$OSPREY_HOME/pipelines/fix-errors/pipeline.yaml"
expect_contains "$(cat "$file")" "name: fix-errors" "construct sets name"
if grep -Eq '^created: [0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$' "$file"; then
	ok "construct sets created as ISO 8601 UTC"
else
	not_ok "construct sets created as ISO 8601 UTC" "$(grep created "$file")"
fi
expect_contains "$(cat "$file")" 'secret: ${WEBHOOK_SECRET}' "the secret is referenced, not written"
expect_mode "$OSPREY_HOME/pipelines/fix-errors/.env" 600 "the pipeline .env has mode 0600"
expect_not_contains "$(cat "$file")" "hook-secret-value" "pipeline.yaml never holds the secret"

run construct fix-errors --trigger webhook --workspace none --prompt p
expect_status 1 "construct refuses to overwrite"

run construct unsigned --trigger webhook --path /hooks/unsigned --secret '' \
	--signature-header X-Signature --workspace none --prompt p
expect_status 2 "construct refuses an empty --secret"
expect_contains "$err" "--secret must not be empty" "and says why"
run construct unsigned --trigger webhook --path /hooks/unsigned --secret - \
	--signature-header X-Signature --workspace none --prompt p
expect_status 2 "construct refuses --secret - with empty input"
expect_contains "$err" "standard input had no secret" "and says where the empty secret came from"
check_absent() { if [ ! -e "$1" ]; then ok "$2"; else not_ok "$2" "$1 exists"; fi; }
check_absent "$OSPREY_HOME/pipelines/unsigned/pipeline.yaml" "no pipeline is written without its secret"

HOOK_PATH=/hooks/from-env run construct pathvar --trigger webhook --path '${HOOK_PATH}' \
	--workspace none --prompt p
expect_status 0 "construct takes a \${VARIABLE} as the path"
expect_contains "$(cat "$OSPREY_HOME/pipelines/pathvar/pipeline.yaml")" 'path: "${HOOK_PATH}"' "and writes the reference"
expect_contains "$out" "/hooks/from-env" "the webhook URL shows the substituted path"
rm -r "$OSPREY_HOME/pipelines/pathvar" # HOOK_PATH is not set for the rest
run construct pathvar2 --trigger webhook --path '${NO_SUCH_PATH}' --workspace none --prompt p
expect_status 1 "an unset path variable is refused"
expect_contains "$err" 'trigger.path references ${NO_SUCH_PATH} but it is not set' "with the contract's wording"
run construct review-pr --trigger webhook --path /hooks/pr --workspace git-clone \
	--repo '{{ .body.repository.clone_url }}' --ref main --prompt 'Review it'
expect_status 0 "construct with a repository from the payload"
expect_contains "$(cat "$OSPREY_HOME/pipelines/review-pr/pipeline.yaml")" "# allowed_repos: [" \
	"construct recommends allowed_repos when the repository comes from the payload"

run construct nightly --trigger cron --workspace none
expect_status 2 "construct without a terminal needs every required answer"
expect_contains "$err" "--prompt is required when not running on a terminal" "the missing flag is named"

run construct nightly --trigger cron --cron "0 25 * * *" --workspace none --prompt p
expect_status 2 "construct rejects a bad cron"
expect_contains "$err" "hour 25 is out of range 0-23" "the cron error is explained"

run construct nightly --trigger cron --cron "30 2 * * *" --timezone Europe/Berlin --workspace none --prompt 'Nightly review'
expect_status 0 "construct a cron pipeline"

run construct "bad name" --trigger cron
expect_status 2 "construct rejects a bad name"

run list
expect_status 0 "list after construct"
expect_contains "$out" "fix-errors  POST /hooks/errors" "list shows the webhook pipeline"
expect_contains "$out" 'nightly     cron "30 2 * * *" next' "list shows the cron pipeline with its next run"

run doctor
expect_status 0 "doctor on the constructed configuration"
expect_contains "$out" "0 errors" "doctor finds no errors"
expect_not_contains "$out$err" "$SECRET_TOKEN" "doctor never prints secrets"
expect_not_contains "$out$err" "hook-secret-value" "doctor never prints the webhook secret"

done_testing
