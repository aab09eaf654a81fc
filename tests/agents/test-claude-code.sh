#!/usr/bin/env bash
# The real Claude Code CLI under Osprey, offline: the real image
# (scripts/build-images), `osprey start` with the real osprey-worker, and
# model-api.js standing in for the Anthropic API (agent.base_url).
#   - API-key auth, a git-clone workspace: the CLI writes a file with its
#     Write tool, answers; result.md, the record's turns and cost, the stdout
#     channel's result;
#   - a local workspace: the file is on disk, written by a non-root user;
#   - OAuth with a read-only session directory: the CLI signs in with the
#     session's token (Bearer), and writes its own files elsewhere;
#   - a provider outage: the job fails in seconds with the provider's error;
#   - a provider that never answers: the job times out, its container stopped.
. "$(dirname "$0")/lib.sh"

agent_images claude-code
start_agent_engine
model_api ok ok
model_api down outage
model_api hang hang
make_repo "$T/repo"
mkdir -p "$T/local"
chmod 777 "$T/local"

# The session directory of a user signed in with OAuth (a fake token: the
# emulator only looks at the scheme), read-only for everyone.
mkdir -p "$T/oauth"
cat >"$T/oauth/.credentials.json" <<'JSON'
{"claudeAiOauth":{"accessToken":"sk-ant-oat01-osprey-test","refreshToken":"sk-ant-ort01-osprey-test","expiresAt":4102444800000,"scopes":["user:inference","user:profile"],"subscriptionType":"max"}}
JSON
chmod 444 "$T/oauth/.credentials.json"
chmod 555 "$T/oauth"

mkdir -p "$OSPREY_HOME/pipelines/key"
echo "EMU_KEY=sk-ant-api03-osprey-test" >"$OSPREY_HOME/pipelines/key/.env"
# agent_pipeline NAME BASE-URL WORKSPACE-YAML AGENT-EXTRA-YAML
agent_pipeline() {
	pipeline "$1" <<YAML
name: $1
trigger:
  type: webhook
  path: /hooks/$1
workspace:
$3
agent:
  base_url: $2
  prompt: 'Create the file {{ .body.file }} containing "{{ .body.text }}", then say what you did.'
$4
YAML
}
agent_pipeline key "$API_ok" "  type: git-clone
  repo: file://$T/repo" "  auth: api_key
  api_key: \${EMU_KEY}"
agent_pipeline local "$API_ok" "  type: local
  path: $T/local" "  auth: api_key
  api_key: sk-ant-api03-osprey-test"
agent_pipeline oauth "$API_ok" "  type: git-clone
  repo: file://$T/repo" ""
agent_pipeline down "$API_down" "  type: none" "  auth: api_key
  api_key: sk-ant-api03-osprey-test"
agent_pipeline hang "$API_hang" "  type: none" "  auth: api_key
  api_key: sk-ant-api03-osprey-test
  timeout: 20s"
IMAGE=localhost/osprey-claude-code:latest
start_daemon

# --- API key, git-clone ---------------------------------------------------
trigger key note.txt "written by claude"
key=$job
expect_state "$key" 180 succeeded "claude-code with an API key: the job succeeded"
note "job took $(job_took "$key") s; the agent reported $(job_field "$key" 'JSON.stringify(agent)')"
expect_eq "$(cat "$(job_dir "$key")/result.md")" "Wrote note.txt for Osprey." "result.md holds the agent's final answer, not its JSON"
expect_eq "$(job_field "$key" agent.turns)" 2 "the record has the agent's turns"
expect_contains "$("$OSPREY" show "$key")" "2 turns" "osprey show prints the agent's report"
expect_eq "$(job_field "$key" 'agent.cost_usd > 0')" true "the record has the cost the CLI computed"
expect_eq "$(job_field "$key" agent.is_error)" false "the record says the agent reported no error"
expect_contains "$(api_log ok | grep '"toolResult":true' | head -n 1)" "/workspace/note.txt" \
	"the CLI ran its Write tool in the clone and sent the result back"
expect_contains "$(api_log ok | grep '"toolResult":true' | head -n 1)" '"auth":"x-api-key"' \
	"the API key went out as x-api-key"
finished=$(notification "$key" job_finished)
expect_eq "$(json j.result <<<"$finished")" "Wrote note.txt for Osprey." "the stdout channel's result is the answer"
expect_eq "$(json j.agent.turns <<<"$finished")" 2 "the stdout channel's result carries the turns"
expect_contains "$(cat "$(job_dir "$key")/output.log")" '"type":"result"' "output.log keeps the CLI's event stream"

# --- local workspace: the file on disk, by a non-root user -----------------
trigger local local.txt "on the host"
expect_state "$job" 180 succeeded "claude-code in a local workspace: the job succeeded"
expect_eq "$(cat "$T/local/local.txt" 2>/dev/null)" "on the host" "the CLI's Write tool wrote the file"
expect_eq "$(stat -c %u "$T/local/local.txt" 2>/dev/null)" 1000 "the agent ran as uid 1000, not root"

# --- OAuth, read-only session directory ------------------------------------
before=$(api_log ok | wc -l)
trigger oauth oauth.txt "signed in"
oauth=$job
expect_state "$oauth" 180 succeeded "claude-code with OAuth and a read-only session directory: the job succeeded"
expect_contains "$(api_log ok | tail -n +$((before + 1)))" '"auth":"bearer"' \
	"the CLI sent the session's OAuth token (Bearer)"
expect_not_contains "$(api_log ok | tail -n +$((before + 1)))" '"auth":"x-api-key"' "and no API key"
expect_eq "$(ls -A "$T/oauth")" ".credentials.json" "the session directory was not written to"
expect_eq "$(job_field "$oauth" agent.turns)" 2 "the OAuth job's turns are recorded"

# --- provider outage: fails fast with the provider's words -----------------
trigger down x.txt x
down=$job
expect_state "$down" 120 failed "an overloaded provider fails the job"
took=$(job_took "$down")
expect_eq "$(node -e "console.log($took < 60)")" true "within a minute ($took s), not at the timeout"
# Claude Code sums the provider's answers up in its own words: "API Error:
# Repeated 529 Overloaded errors. ..." (the emulator's status and type)
expect_contains "$(job_field "$down" reason)" "529 Overloaded" \
	"the reason is the provider's own error"
expect_eq "$(job_field "$down" agent.is_error)" true "the record says the agent reported an error"
expect_contains "$(notification "$down" job_finished)" "Overloaded" "the channel's result says why"

# --- a provider that never answers: the timeout stops the container --------
trigger hang x.txt x
hang=$job
expect_state "$hang" 90 timed_out "a provider that never answers: the job times out"
check "its container is gone" wait_until 30 no_container_of "$hang"
expect_contains "$(job_field "$hang" reason)" "timeout of 20s" "the reason names the timeout"

# --- osprey doctor: the configured images, in the engine or how to build them
pipeline noimage <<YAML
name: noimage
trigger: {type: webhook, path: /hooks/noimage}
workspace: {type: none}
agent:
  image: localhost/osprey-missing:1
  auth: api_key
  api_key: sk-ant-api03-osprey-test
  prompt: p
YAML
doctor=$("$OSPREY" doctor 2>&1)
expect_contains "$doctor" "the image localhost/osprey-missing:1 is not in the container engine" \
	"doctor names a configured image the engine lacks"
expect_contains "$doctor" "scripts/build-images" "and says how to build it"
expect_not_contains "$doctor" "osprey-claude-code:latest is not" "the real image is found in the engine"

done_testing
