#!/usr/bin/env bash
# The real OpenCode CLI under Osprey, offline: the real image
# (scripts/build-images), `osprey start` with the real osprey-worker, and
# model-api.js standing in for an OpenAI-compatible gateway (agent.base_url
# becomes the provider "osprey" in OPENCODE_CONFIG_CONTENT).
#   - a git-clone workspace: the CLI writes a file with its write tool and
#     answers; result.md, the record's turns, the stdout channel's result;
#   - a local workspace: the file is on disk, written by a non-root user;
#   - a provider outage: the job fails with the provider's error, well
#     before its timeout.
. "$(dirname "$0")/lib.sh"

agent_images opencode
start_agent_engine
model_api ok ok
model_api down outage
make_repo "$T/repo"
mkdir -p "$T/local"
chmod 777 "$T/local"

# agent_pipeline NAME BASE-URL WORKSPACE-YAML [AGENT-EXTRA-YAML]
agent_pipeline() {
	pipeline "$1" <<YAML
name: $1
trigger:
  type: webhook
  path: /hooks/$1
workspace:
$3
agent:
  type: opencode
  image: localhost/osprey-opencode:latest
  auth: none
  base_url: $2/v1
  model: emu-model
  prompt: 'Create the file {{ .body.file }} containing "{{ .body.text }}", then say what you did.'
${4:-}
YAML
}
agent_pipeline clone "$API_ok" "  type: git-clone
  repo: file://$T/repo"
agent_pipeline local "$API_ok" "  type: local
  path: $T/local"
agent_pipeline down "$API_down" "  type: none" "  timeout: 10m"
start_daemon

# --- git-clone ---------------------------------------------------------------
trigger clone note.txt "written by opencode"
clone=$job
expect_state "$clone" 180 succeeded "opencode: the job succeeded"
note "job took $(job_took "$clone") s; the agent reported $(job_field "$clone" 'JSON.stringify(agent)')"
expect_eq "$(cat "$(job_dir "$clone")/result.md")" "Wrote note.txt for Osprey." "result.md holds the final answer, not the JSON events"
expect_eq "$(job_field "$clone" 'agent.turns >= 2')" true "the record has the agent's turns (steps)"
expect_eq "$(job_field "$clone" agent.is_error)" false "the record says the agent reported no error"
expect_contains "$(api_log ok | grep '"toolResult":true' | head -n 1)" "note.txt" \
	"the CLI ran its write tool in the clone and sent the result back"
expect_contains "$(api_log ok | grep '"tools"' | tail -n 1)" '"model":"emu-model"' "agent.model reached the gateway"
finished=$(notification "$clone" job_finished)
expect_eq "$(json j.result <<<"$finished")" "Wrote note.txt for Osprey." "the stdout channel's result is the answer"
expect_eq "$(json 'j.agent.turns >= 2' <<<"$finished")" true "the stdout channel's result carries the turns"

# --- local workspace: the file on disk, by a non-root user -----------------
trigger local local.txt "on the host"
expect_state "$job" 180 succeeded "opencode in a local workspace: the job succeeded"
expect_eq "$(cat "$T/local/local.txt" 2>/dev/null)" "on the host" "the CLI's write tool wrote the file"
expect_eq "$(stat -c %u "$T/local/local.txt" 2>/dev/null)" 1000 "the agent ran as uid 1000, not root"

# --- provider outage ---------------------------------------------------------
trigger down x.txt x
down=$job
expect_state "$down" 240 failed "a provider outage fails the job"
took=$(job_took "$down")
note "the outage job failed after $took s"
expect_eq "$(node -e "console.log($took < 120)")" true "well before its 10m timeout ($took s)"
expect_contains "$(job_field "$down" reason)" "Service unavailable (Osprey test emulator outage)" \
	"the reason is the provider's own error"
expect_eq "$(job_field "$down" agent.is_error)" true "the record says the agent reported an error"

done_testing
