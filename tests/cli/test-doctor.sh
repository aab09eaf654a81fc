#!/usr/bin/env bash
# doctor on good and broken configurations.
. "$(dirname "$0")/lib.sh"
set -e

minimal_config
mkdir -p "$OSPREY_HOME/pipelines/deploy" "$OSPREY_HOME/pipelines/other" "$OSPREY_HOME/pipelines/nightly"
cat >"$OSPREY_HOME/pipelines/deploy/pipeline.yaml" <<'YAML'
name: deploy
trigger:
  type: webhook
  path: hooks/deploy
  secret: ${GH_SECRET}
  signature_header: X-Hub-Signature-256
workspace:
  type: git-clone
agent:
  promt: "Deploy {{ .body.ref }}"
  volumes: ["/var/run/docker.sock:/var/run/docker.sock"]
YAML
cat >"$OSPREY_HOME/pipelines/other/pipeline.yaml" <<'YAML'
name: other
trigger: {type: webhook, path: /hooks/other, secret: plain-secret-value}
workspace: {type: none}
agent: {prompt: "{{ .body.x }}"}
YAML
printf 'SOMETHING=visible-secret-value\n' >"$OSPREY_HOME/pipelines/other/.env"
chmod 644 "$OSPREY_HOME/pipelines/other/.env"
cat >"$OSPREY_HOME/pipelines/nightly/pipeline.yaml" <<'YAML'
name: nightly
trigger: {type: cron, cron: "0 3 * * *"}
workspace: {type: none}
channel: {approval: true}
agent: {prompt: "Nightly"}
YAML

unset GH_SECRET
run doctor
expect_status 1 "doctor exits 1 when there are errors"
f="pipelines/deploy/pipeline.yaml"
expect_contains "$out" "error: $f:4:9: trigger.path: must start with \"/\"" "a bad path is located"
expect_contains "$out" "error: $f:5:11: trigger.secret references \${GH_SECRET} but it is not set" "an unset secret uses the contract's wording"
expect_contains "$out" "error: $f:8:3: workspace.repo: missing: the repository URL to clone" "a missing repo is reported"
expect_contains "$out" "error: $f:10:3: agent.promt: unknown setting; did you mean \"prompt\"?" "a typo gets a suggestion"
expect_contains "$out" "error: $f:10:3: agent.prompt: missing" "the missing prompt is reported"
expect_contains "$out" "error: $f:11:13: agent.volumes[0]: \"/var/run/docker.sock\"" "a blocked volume is reported"
expect_contains "$out" "is blocked: it is the container engine's socket" "and doctor says why"
expect_contains "$out" "warning: pipelines/other/pipeline.yaml:2:10: trigger.secret: set without signature_header, so signatures are NOT verified" "secret without header is a warning"
expect_contains "$out" "warning: pipelines/other/.env: has mode 0644" "a loose .env mode is a warning"
expect_contains "$out" "warning: pipelines/nightly/pipeline.yaml:4:21: channel.approval: has no effect on cron pipelines" "approval on cron is a warning"
expect_contains "$out" "3 pipelines (2 valid, 0 disabled, 1 with errors)" "doctor summarises the pipelines"
expect_not_contains "$out$err" "plain-secret-value" "doctor never prints a secret"
expect_not_contains "$out$err" "visible-secret-value" "doctor never prints .env values"

export GH_SECRET=now-set
sed -i 's|hooks/deploy|/hooks/other|; s|promt|prompt|; /volumes/d; s|type: git-clone|type: none|' "$OSPREY_HOME/pipelines/deploy/pipeline.yaml"
run doctor
expect_status 1 "a duplicate webhook path is an error"
expect_contains "$out" "trigger.path: \"/hooks/other\" is already used by pipeline" "the duplicate path names the other pipeline"

sed -i 's|/hooks/other$|/hooks/deploy|' "$OSPREY_HOME/pipelines/deploy/pipeline.yaml"
chmod 600 "$OSPREY_HOME/pipelines/other/.env"
run doctor
expect_status 0 "doctor exits 0 with warnings only"
expect_contains "$out" "0 errors" "no errors left"

printf 'version: 1\ndefaults:\n  channel:\n    type: slack\n' >"$OSPREY_HOME/config.yaml"
run doctor
expect_status 1 "a broken config.yaml is reported"
expect_contains "$out" "error: config.yaml:4:5: defaults.channel.slack: missing" "the missing slack block is located"

# --- blocked volume sources, empty secrets, a path from the .env ---
minimal_config
rm -rf "$OSPREY_HOME/pipelines"/*
mkdir -p "$OSPREY_HOME/pipelines/mounts" "$OSPREY_HOME/pipelines/empty" "$OSPREY_HOME/pipelines/pathvar"
cat >"$OSPREY_HOME/pipelines/mounts/pipeline.yaml" <<YAML
name: mounts
trigger: {type: webhook, path: /hooks/mounts}
workspace: {type: none}
agent:
  prompt: p
  volumes:
    - /proc/1/root:/host
    - /run/podman:/podman
    - /var/lib/containers/storage:/storage
    - $OSPREY_HOME/pipelines/empty/.env:/env
    - $T:/t
    - /sys:/sys
YAML
cat >"$OSPREY_HOME/pipelines/empty/pipeline.yaml" <<'YAML'
name: empty
trigger: {type: webhook, path: /hooks/empty, secret: "${EMPTY_SECRET}", signature_header: X-Sig}
workspace: {type: none}
agent: {prompt: p}
YAML
printf 'EMPTY_SECRET=\n' >"$OSPREY_HOME/pipelines/empty/.env"
cat >"$OSPREY_HOME/pipelines/pathvar/pipeline.yaml" <<'YAML'
name: pathvar
trigger: {type: webhook, path: "${HOOK_PATH}"}
workspace: {type: none}
agent: {prompt: p}
YAML
printf 'HOOK_PATH=/hooks/from-env\n' >"$OSPREY_HOME/pipelines/pathvar/.env"
chmod 600 "$OSPREY_HOME"/pipelines/*/.env
run doctor
expect_status 1 "blocked volumes and an empty secret are errors"
m="error: pipelines/mounts/pipeline.yaml"
expect_contains "$out" "$m:7:7: agent.volumes[0]: \"/proc/1/root\"" "a source below /proc is blocked..."
expect_contains "$out" "is blocked: it is inside \"/proc\", which exposes the host's processes" "...saying why"
expect_contains "$out" "$m:8:7: agent.volumes[1]: \"/run/podman\" is blocked: it is inside \"/run\"" "a source below /run is blocked"
expect_contains "$out" "$m:9:7: agent.volumes[2]: \"/var/lib/containers/storage\" is blocked: it is inside \"/var/lib/containers\", which is the container engine's storage" "the engine's storage is blocked"
expect_contains "$out" "$m:10:7: agent.volumes[3]: \"$OSPREY_HOME/pipelines/empty/.env\" is blocked: it is inside \"$OSPREY_HOME\", which is Osprey's home" "a file in OSPREY_HOME is blocked"
expect_contains "$out" "$m:11:7: agent.volumes[4]: \"$T\" is blocked: it contains \"$OSPREY_HOME\"" "a directory containing OSPREY_HOME is blocked"
expect_contains "$out" "$m:12:7: agent.volumes[5]: \"/sys\" is blocked: it exposes the host's kernel" "/sys is blocked"
expect_contains "$out" "error: pipelines/empty/pipeline.yaml:2:54: trigger.secret: \${EMPTY_SECRET} is set but empty: an empty secret would accept unsigned requests" "an empty secret is an error"
expect_not_contains "$out" "pipelines/pathvar/pipeline.yaml" "a path from the .env is checked after substitution"
expect_contains "$out" "3 pipelines (1 valid, 0 disabled, 2 with errors)" "only pathvar is valid"
run list
expect_contains "$out" "POST /hooks/from-env" "list shows the substituted path"

done_testing
