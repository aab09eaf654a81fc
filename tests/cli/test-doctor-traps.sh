#!/usr/bin/env bash
# doctor on the traps a new user walks into: one error never hides another,
# .env mistakes are said as what they are, YAML errors say the fix.
. "$(dirname "$0")/lib.sh"
set -e
minimal_config
p() { mkdir -p "$OSPREY_HOME/pipelines/$1"; cat >"$OSPREY_HOME/pipelines/$1/pipeline.yaml"; }

p github <<'YAML'
name: github
trigger:
  type: webhook
  path: /hooks/github
  secret: ${GH_SECRET}
  signature_header: X-Hub-Signature-256
workspace: {type: none}
agent:
  prompt: p
  volumes: ["/no/such/dir:/data"]
YAML
printf 'GH_SECRET=fine\nthis line is broken\nQUOTED="x"\n' >"$OSPREY_HOME/pipelines/github/.env"
chmod 600 "$OSPREY_HOME/pipelines/github/.env"
p nightly <<'YAML'
name: nightly
trigger:
  type: cron
  cron: "0 25 * * *"
  timezone: Mars/Base
workspace: {type: none}
agent: {prompt: p}
YAML
p renamed <<'YAML'
name: other-name
trigger: {type: webhook, path: /hooks/github}
workspace: {type: none}
agent: {prompt: p}
YAML

run doctor
expect_status 1 "doctor finds errors"
g=pipelines/github
expect_contains "$out" "error: $g/.env:2: expected KEY=VALUE" "a broken .env line is an error at its line"
expect_not_contains "$out" "GH_SECRET} but it is not set" "the good lines of a broken .env still count"
expect_contains "$out" "warning: $g/.env:3: QUOTED: the value is quoted, and the quotes are part of it" \
	"a quoted .env value is a warning"
expect_contains "$out" "error: $g/pipeline.yaml:10:13: agent.volumes[0]: the source \"/no/such/dir\" does not exist" \
	"a missing volume source is an error"
expect_contains "$out" "warning: $g/pipeline.yaml:6:21: trigger.signature_header: \"X-Hub-Signature-256\" is GitHub's header, which carries \"sha256=<hex>\": set signature_prefix: \"sha256=\"" \
	"GitHub's header without its prefix is a warning"
n=pipelines/nightly/pipeline.yaml
expect_contains "$out" "error: $n:4:9: trigger.cron: " "a bad schedule is reported"
expect_contains "$out" "error: $n:5:13: trigger.timezone: unknown time zone \"Mars/Base\"" \
	"and a bad time zone beside it"
expect_contains "$out" "error: pipelines/renamed/pipeline.yaml:1:7: name: " "a name mismatch is reported"
expect_contains "$out" "trigger.path: \"/hooks/github\" is already used by pipeline" \
	"and the duplicate path behind it too"
errors=$(grep -c '^error: ' <<<"$out" || true)
expect_contains "$out" "$errors errors," "the summary counts the errors printed"
expect_contains "$out" "3 pipelines (0 valid, 0 disabled, 3 with errors)" "and the pipelines with errors"
expect_not_contains "$out$err" "fine" "no .env value is printed"

# a host every machine reaches, an unsigned webhook
rm -r "$OSPREY_HOME/pipelines/nightly" "$OSPREY_HOME/pipelines/renamed" "$OSPREY_HOME/pipelines/github"
sed -i 's/127.0.0.1/0.0.0.0/' "$OSPREY_HOME/config.yaml"
p open <<'YAML'
name: open
trigger: {type: webhook, path: /hooks/open}
workspace: {type: none}
agent: {prompt: p}
YAML
run doctor
expect_contains "$out" "warning: pipelines/open/pipeline.yaml:2:32: trigger.path: is not signed, and server.host 0.0.0.0 lets every machine that reaches port 8181 start jobs" \
	"an unsigned webhook on 0.0.0.0 is a warning"

# YAML mistakes explain themselves
p open <<'YAML'
name: open
trigger:
  type: webhook
  path: /hooks/open
workspace: {type: none}
agent:
  prompt: {{ .body.issue.title }}
YAML
run doctor
expect_contains "$out" "quote the template: prompt: \"{{ ... }}\"" "an unquoted template says the fix"
p open <<'YAML'
name: open
trigger:
  type: cron
  cron: */5 * * * *
workspace: {type: none}
agent: {prompt: p}
YAML
run doctor
expect_contains "$out" "read as a YAML alias: quote it: cron: \"*/5 * * * *\"" "an unquoted */5 says the fix"
printf 'name: open\ntrigger:\n\ttype: cron\n' >"$OSPREY_HOME/pipelines/open/pipeline.yaml"
run doctor
expect_contains "$out" "a tab is used for indentation on this line; YAML allows spaces only" "a tab says so"

done_testing
