#!/bin/bash
# Writes an Osprey home for the benchmarks: config.yaml and N webhook
# pipelines, each signed (its secret in its own .env, X-Signature) and with
# templates in its topic, message and prompt.
#
#   gen-home.sh HOME N [key=value...]
#     port=P            server.port (default 8080)
#     socket=PATH       container.socket (default /run/podman/podman.sock)
#     max_concurrent=K  container.max_concurrent (default 3)
#     prompt=TEXT       a line put first in every prompt (e.g. "SLEEP 30")
#     agent_home=DIR    where the (empty) Claude session directory goes (default HOME/agent)
#     approval=1        every pipeline asks for approval
#     max_pending=K     jobs.max_pending (left out by default: older daemons lack it)
#     channel=TYPE      stdout (default), telegram, slack, or mixed (odd pipelines
#                       telegram, even ones slack): one bot and one app for all,
#                       at telegram_url= and slack_url= (tests/peers' emulators,
#                       token 123456:bench / xoxb-bench / xapp-bench, chat -100
#                       and channel C0BENCH, allowed user 42 / U0BENCH)
#
# With N=1 the pipeline is "bench" on /hooks/bench with secret "bench-secret"
# (what tests/bench/http uses); with N>1 they are "bench-1".."bench-N" on
# /hooks/bench-i with secret "bench-secret-i".
set -euo pipefail
home=$1
n=$2
shift 2
port=8080 socket=/run/podman/podman.sock max_concurrent=3 prompt='' agent_home=$home/agent
approval=0 max_pending= channel=stdout telegram_url= slack_url=
for kv in "$@"; do
	case $kv in
	port=*) port=${kv#port=} ;;
	socket=*) socket=${kv#socket=} ;;
	max_concurrent=*) max_concurrent=${kv#max_concurrent=} ;;
	prompt=*) prompt=${kv#prompt=} ;;
	agent_home=*) agent_home=${kv#agent_home=} ;;
	approval=*) approval=${kv#approval=} ;;
	max_pending=*) max_pending=${kv#max_pending=} ;;
	channel=*) channel=${kv#channel=} ;;
	telegram_url=*) telegram_url=${kv#telegram_url=} ;;
	slack_url=*) slack_url=${kv#slack_url=} ;;
	*) echo "gen-home.sh: unknown setting $kv" >&2; exit 2 ;;
	esac
done

mkdir -p "$home/pipelines" "$agent_home/.claude"
cat > "$home/config.yaml" <<YAML
version: 1
server:
  host: 127.0.0.1
  port: $port
defaults:
  channel:
    type: stdout
  agent:
    type: claude-code
    claude-code:
      image: localhost/osprey-test-agent:latest
      auth: oauth
      oauth_path: $agent_home/.claude
container:
  socket: $socket
  max_concurrent: $max_concurrent
  default_timeout: 5m
  stop_grace: 1s
  network: none
  ulimits:
    nofile: "1024:20000"
    nproc: "1000:1000"
jobs:
  shutdown_grace: 1s
YAML
if [ -n "$max_pending" ]; then
	printf '  max_pending: %s\n  max_pending_bytes: 64GiB\n' "$max_pending" >> "$home/config.yaml"
fi

# one python3 process for all of them: 1,000 pipelines in well under a second
python3 - "$home/pipelines" "$n" "$prompt" "$approval" "$channel" "$telegram_url" "$slack_url" <<'PY'
import os, sys
root, n, prompt, approval = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4] == "1"
channel, telegram_url, slack_url = sys.argv[5], sys.argv[6], sys.argv[7]
telegram = """
  type: telegram
  telegram:
    bot_token: ${{TELEGRAM_BOT_TOKEN}}
    chat_id: -100
    allowed_users: [42]
    api_url: {url}""".format(url=telegram_url)
slack = """
  type: slack
  slack:
    bot_token: ${{SLACK_BOT_TOKEN}}
    app_token: ${{SLACK_APP_TOKEN}}
    channel_id: C0BENCH
    allowed_users: [U0BENCH]
    api_url: {url}/api""".format(url=slack_url)
def channel_of(i):
    kind = channel if channel != "mixed" else ("telegram" if i % 2 else "slack")
    return {"telegram": telegram, "slack": slack}.get(kind, "")
template = """name: {name}
description: Benchmark pipeline {i}, reviews pull request events
trigger:
  type: webhook
  path: /hooks/{name}
  secret: ${{WEBHOOK_SECRET}}
  signature_header: X-Signature
workspace:
  type: none
channel:{approval}{channel}
  topic: "PR #{{{{ .body.number }}}} {{{{ .body.action }}}}"
  message: |
    {{{{ if eq .body.action "opened" }}}}New pull request #{{{{ .body.number }}}}{{{{ else }}}}Update on #{{{{ .body.number }}}}{{{{ end }}}}
    on {{{{ .body.ref | printf "%q" }}}}.
agent:
  prompt: |
    {prompt}
    Review pull request #{{{{ .body.number }}}} ({{{{ .body.action }}}}) on {{{{ .body.ref }}}}.
    {{{{ range $k, $v := .body }}}}{{{{ $k }}}}={{{{ $v }}}}
    {{{{ end }}}}
  timeout: 20m
"""
for i in range(1, n + 1):
    name, secret = ("bench", "bench-secret") if n == 1 else (f"bench-{i}", f"bench-secret-{i}")
    d = os.path.join(root, name)
    os.makedirs(d, exist_ok=True)
    fd = os.open(os.path.join(d, ".env"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.write(fd, f"WEBHOOK_SECRET={secret}\nTELEGRAM_BOT_TOKEN=123456:bench\n"
                 f"SLACK_BOT_TOKEN=xoxb-bench\nSLACK_APP_TOKEN=xapp-bench\n".encode())
    os.close(fd)
    with open(os.path.join(d, "pipeline.yaml"), "w") as f:
        f.write(template.format(name=name, i=i, prompt=prompt,
                                approval="\n  approval: true" if approval else "",
                                channel=channel_of(i).replace("{{", "{").replace("}}", "}")))
PY
