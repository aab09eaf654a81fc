#!/usr/bin/env bash
# osprey doctor --online against tests/peers' Telegram and Slack emulators:
# working bots pass; a rejected token, an unknown chat and a channel the bot
# is not in are each said plainly; no token is printed; exit 1 on a failure.
. "$(dirname "$0")/lib.sh"
EXTRA_PIDS=()
. "$(dirname "$0")/../peers/peers.sh"
trap 'peers_cleanup; rm -rf "$T"' EXIT

TG_TOKEN=987654:OnlineCheckToken_abc
peer_start TG telegram-api --token "$TG_TOKEN" --chat -100 || { echo "Bail out! no Telegram emulator"; exit 1; }
peer_start SL slack-api --bot-token xoxb-online-1 --app-token xapp-online-1 --channel C0GOOD --foreign-channel C0ELSE ||
	{ echo "Bail out! no Slack emulator"; exit 1; }

mkdir -p "$OSPREY_HOME/pipelines/tg" "$OSPREY_HOME/pipelines/sl" "$T/claude"
cat >"$OSPREY_HOME/config.yaml" <<YAML
version: 1
defaults:
  channel: {type: stdout}
  agent: {claude-code: {oauth_path: $T/claude}}
YAML
write_pipelines() { # chat channel
	cat >"$OSPREY_HOME/pipelines/tg/pipeline.yaml" <<YAML
name: tg
trigger: {type: webhook, path: /tg}
workspace: {type: none}
agent: {prompt: p}
channel:
  type: telegram
  telegram: {bot_token: '\${TOKEN}', chat_id: $1, allowed_users: [1], api_url: $TG_URL}
YAML
	cat >"$OSPREY_HOME/pipelines/sl/pipeline.yaml" <<YAML
name: sl
trigger: {type: webhook, path: /sl}
workspace: {type: none}
agent: {prompt: p}
channel:
  type: slack
  slack: {bot_token: '\${BOT}', app_token: '\${APP}', channel_id: $2, allowed_users: [U1], api_url: $SL_URL/api}
YAML
}
printf 'TOKEN=%s\n' "$TG_TOKEN" >"$OSPREY_HOME/pipelines/tg/.env"
printf 'BOT=xoxb-online-1\nAPP=xapp-online-1\n' >"$OSPREY_HOME/pipelines/sl/.env"
chmod 600 "$OSPREY_HOME"/pipelines/*/.env

write_pipelines -100 C0GOOD
run doctor --online
expect_status 0 "working bots pass"
expect_contains "$out" "ok   telegram bot at $TG_URL (pipeline tg)" "the Telegram bot is checked"
expect_contains "$out" "chat -100: the bot can post there" "and its chat"
expect_contains "$out" "channel C0GOOD: the bot is a member" "the Slack channel is checked"
expect_contains "$out" "Socket Mode: the app token can open a connection" "and Socket Mode"

write_pipelines -200 C0ELSE
run doctor --online
expect_status 1 "a failed check exits 1"
expect_contains "$out" "chat -200: the bot cannot see this chat" "an unknown chat is said plainly"
expect_contains "$out" "the bot is not a member of channel C0ELSE" "so is a channel the bot is not in"

printf 'TOKEN=987654:wrong\n' >"$OSPREY_HOME/pipelines/tg/.env"
printf 'BOT=xoxb-online-1\nAPP=xoxb-online-1\n' >"$OSPREY_HOME/pipelines/sl/.env"
run doctor --online
expect_contains "$out" "the Telegram bot token was rejected" "a rejected Telegram token"
expect_contains "$out" "the app token is not an app-level token" "a bot token given as the app token"
expect_not_contains "$out$err" "987654:" "no token is printed"
expect_not_contains "$out$err" "xoxb-online" "no Slack token either"

run doctor
expect_not_contains "$out" "Online checks" "without --online nothing is asked"
done_testing
