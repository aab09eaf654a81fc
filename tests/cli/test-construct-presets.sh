#!/usr/bin/env bash
# construct's presets, its per-answer checks and its refusal of options that
# do not apply; setup's checks of what it is given.
. "$(dirname "$0")/lib.sh"
set -e
minimal_config
pf() { cat "$OSPREY_HOME/pipelines/$1/pipeline.yaml" 2>/dev/null; }
check_absent() { if [ ! -e "$1" ]; then ok "$2"; else not_ok "$2" "$1 exists"; fi; }

run construct issues --preset github-issues --secret s3cret
expect_status 0 "construct --preset github-issues with only the secret"
y=$(pf issues)
for line in 'path: "/hooks/issues"' 'signature_header: "X-Hub-Signature-256"' 'signature_prefix: "sha256="' \
	'filter: "{{ eq .body.action \"opened\" }}"' 'type: git-clone' 'repo: "{{ .body.repository.clone_url }}"' \
	'ref: "{{ .body.repository.default_branch }}"' 'topic: "Issue #{{ .body.issue.number }}: {{ .body.issue.title }}"' \
	'  prompt: |' '    Title: {{ .body.issue.title }}' '  message: |'; do
	expect_contains "$y" "$line" "github-issues writes $line"
done
run test issues --payload '{"action":"opened","issue":{"number":7,"title":"Crash","body":"It fails"},"repository":{"full_name":"o/r"}}'
expect_status 0 "the preset's pipeline renders"
expect_contains "$out" "Title: Crash" "with the issue in the prompt"

run construct prs --preset github-pull-requests --secret s3cret --ref '{{ .body.pull_request.base.ref }}' \
	--prompt $'Review it.\n\nCarefully.'
expect_status 0 "a preset's answer can be changed by its option"
y=$(pf prs)
expect_contains "$y" 'ref: "{{ .body.pull_request.base.ref }}"' "the given ref wins over the preset's"
expect_contains "$y" 'filter: "{{ or (eq .body.action \"opened\") (eq .body.action \"synchronize\") }}"' \
	"github-pull-requests filters to opened and synchronize"
expect_contains "$y" $'  prompt: |\n    Review it.\n\n    Carefully.' "a multi-line prompt is a block scalar"

run construct alerts --preset sentry --secret s3cret
expect_status 2 "the sentry preset needs the repository"
expect_contains "$err" "--repo is required" "and names the option"
run construct alerts --preset sentry --secret s3cret --repo git@github.com:o/r.git
expect_status 0 "construct --preset sentry"
expect_contains "$(pf alerts)" 'signature_header: "Sentry-Hook-Signature"' "sentry's header"
expect_not_contains "$(pf alerts)" "signature_prefix" "and no prefix: Sentry sends the bare digest"

run construct gh --secret s3cret --signature-header X-Hub-Signature-256 --workspace none --prompt p
expect_status 0 "construct with GitHub's header and no preset"
expect_contains "$(pf gh)" 'signature_prefix: "sha256="' "gets GitHub's prefix by default"

run construct nightly --trigger cron --approval --workspace none --prompt p
expect_status 2 "--approval on a cron pipeline"
expect_contains "$err" "--approval applies to webhook pipelines only: cron jobs run without approval" "says why"
run construct nightly --trigger cron --path /x --workspace none --prompt p
expect_status 2 "--path on a cron pipeline"
expect_contains "$err" "--path applies to webhook pipelines only" "says why"
run construct hook --signature-header X-Sig --workspace none --prompt p
expect_status 2 "--signature-header without a secret"
expect_contains "$err" "--signature-header needs --secret" "says why"
run construct hook --workspace none --repo https://x/y.git --prompt p
expect_status 2 "--repo without a git workspace"
run construct hook --preset github-issues --trigger cron --secret s
expect_status 2 "a webhook preset with a cron trigger"
run construct nightly --trigger cron --timezone Mars/Base --workspace none --prompt p
expect_status 2 "a bad time zone"
expect_contains "$err" '--timezone: unknown time zone "Mars/Base"' "is named when given"
run construct hook --workspace none --prompt p --timeout 10
expect_status 2 "a bad timeout"
expect_contains "$err" "--timeout: " "is refused at its option"
run construct hook --workspace none --prompt '{{ .body.x' --agent opencode
expect_status 2 "a broken template"
expect_contains "$err" "--prompt: " "is refused at its option"
run construct hook --workspace none --prompt p --agent nope
expect_status 2 "an unknown agent"
expect_contains "$err" "--agent: expected one of: claude-code, opencode" "lists the agents"
check_absent "$OSPREY_HOME/pipelines/hook" "nothing is written for a refused answer"
run construct hook --workspace none --prompt p --agent opencode --timeout 30m
expect_status 0 "agent and timeout"
expect_contains "$(pf hook)" $'  type: opencode\n  prompt: "p"\n  timeout: 30m' "are written"

# on a terminal (script(1) gives one): a bad answer is asked again at once,
# a multi-line prompt ends with an empty line
if command -v script >/dev/null; then
	printf '%s\n' github-issues '' bad '' sekrit '' '' '' none '' '' '' '' 'Line one' 'Line two' '' '' \
		>"$T/answers"
	set +e
	out=$(timeout 30 script -qec "$OSPREY construct tty" /dev/null <"$T/answers")
	status=$?
	set -e
	expect_status 0 "construct on a terminal"
	expect_contains "$out" "must start with / (or be a \${VARIABLE} holding the path)" "a bad path is refused when given"
	y=$(pf tty)
	expect_contains "$y" 'path: "/hooks/tty"' "and asked again"
	expect_contains "$y" 'signature_prefix: "sha256="' "GitHub's prefix is the default answer"
	expect_contains "$y" $'  prompt: |\n    Line one\n    Line two' "the typed lines become a block scalar"
	expect_contains "$y" $'  message: |\n    {{ .body.repository.full_name }}' "an empty first line keeps the preset's message"
else
	ok "construct on a terminal # SKIP no script(1)"
fi

# setup
run setup --force --host no-such-host.invalid --channel stdout --auth oauth
expect_status 2 "setup --host that does not resolve"
expect_contains "$err" "--host: not an address, nor a name this machine resolves" "says why"
run setup --force --public-url example.com --channel stdout --auth oauth
expect_status 2 "setup --public-url without a scheme"
expect_contains "$err" "--public-url: expected an http:// or https:// URL" "says why"
rm -r "$HOME/.claude"
run setup --force --host localhost --channel stdout --socket "$T/no-engine.sock"
expect_status 2 "without ~/.claude, setup proposes an API key"
expect_contains "$out" "No Claude Code session in $HOME/.claude on this machine: api_key" "and says why"
expect_contains "$err" "--api-key is required" "so a script must give the key"
run setup --force --host localhost --channel stdout --api-key - --socket "$T/no-engine.sock"
expect_status 2 "an empty key from standard input is refused"
set +e
out=$(echo sk-test | "$OSPREY" setup --force --host localhost --channel stdout --api-key - \
	--socket "$T/no-engine.sock" 2>"$T/stderr")
status=$?
err=$(cat "$T/stderr")
set -e
expect_status 0 "setup with an API key"
expect_contains "$(cat "$OSPREY_HOME/config.yaml")" "auth: api_key" "writes api_key auth"
expect_contains "$err" "note: no container engine listens at $T/no-engine.sock" "notes a missing engine socket"

done_testing
