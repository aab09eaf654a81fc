#!/usr/bin/env bash
# The first hour with GitHub: a pipeline made by `osprey construct --preset
# github-issues` (flags only, as a script would), real GitHub "issues"
# bodies from @octokit/webhooks-examples, signed exactly as GitHub signs them
# (X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body>, computed
# here with openssl). "opened" starts a job; "edited" is filtered: 200
# {"filtered":true} and no job.
. "$(dirname "$0")/lib.sh"

EXAMPLES=$E2E_DIR/../../peers/node_modules/@octokit/webhooks-examples/api.github.com/index.json
[ -r "$EXAMPLES" ] || bail "no $EXAMPLES: run npm ci in tests/peers (scripts/install-deps --with-tests)"
command -v openssl >/dev/null || bail "openssl is needed to sign like GitHub"

# github_body ACTION FILE: the first "issues" example with that action, as
# GitHub sends it (compact JSON)
github_body() {
	node -e 'const all = require(process.argv[1]);
const e = all.find(x => x.name === "issues").examples.find(x => x.action === process.argv[2]);
if (!e) process.exit(1);
process.stdout.write(JSON.stringify(e));' "$EXAMPLES" "$1" >"$2"
}
# github_post FILE: POSTs the file's bytes signed with $SECRET
github_post() {
	local sig
	sig=$(openssl dgst -sha256 -hmac "$SECRET" -hex <"$1" | sed 's/^.*= *//')
	post /hooks/gh-issues "@$1" -H "X-GitHub-Event: issues" \
		-H "X-GitHub-Delivery: 72d3162e-cc78-11e3-81ab-4c9367dc0958" \
		-H "X-Hub-Signature-256: sha256=$sig" -H "User-Agent: GitHub-Hookshot/044aadd"
}
job_count() { find "$OSPREY_HOME/jobs" -mindepth 1 -maxdepth 1 -type d 2>/dev/null | wc -l; }

start_engine
github_body opened "$T/opened.json" || bail "no issues.opened example"
github_body edited "$T/edited.json" || bail "no issues.edited example"
# the preset clones at the payload's default branch: give the repository that one
branch=$(json 'j.repository.default_branch' <"$T/opened.json")
make_repo "$T/repo"
git -C "$T/repo" branch -m main "$branch"

PORT=1 write_config # construct checks the pipeline against config.yaml
SECRET=a-github-webhook-secret
out=$(printf '%s\n' "$SECRET" | "$OSPREY" construct gh-issues --preset github-issues \
	--secret - --repo "file://$T/repo" 2>&1)
expect_eq "$?" 0 "construct --preset github-issues with flags only"
file=$OSPREY_HOME/pipelines/gh-issues/pipeline.yaml
yaml=$(cat "$file" 2>/dev/null)
expect_contains "$yaml" 'signature_header: "X-Hub-Signature-256"' "the preset verifies GitHub's header"
expect_contains "$yaml" 'signature_prefix: "sha256="' "with GitHub's prefix"
expect_contains "$yaml" 'filter: "{{ eq .body.action \"opened\" }}"' "and filters to opened issues"
expect_contains "$yaml" 'ref: "{{ .body.repository.default_branch }}"' "at the default branch"
expect_not_contains "$out$yaml" "$SECRET" "the secret is neither printed nor in pipeline.yaml"

start_daemon
before=$(job_count)
github_post "$T/edited.json"
expect_eq "$code" 200 "issues.edited: 200"
expect_eq "$(json 'j.filtered' <<<"$body")" true "issues.edited: the answer says filtered"
expect_eq "$(job_count)" "$before" "issues.edited: no job"

cp "$T/opened.json" "$T/tampered.json"
sed -i 's/"opened"/"opened" /' "$T/tampered.json"
sig=$(openssl dgst -sha256 -hmac "$SECRET" -hex <"$T/opened.json" | sed 's/^.*= *//')
post /hooks/gh-issues "@$T/tampered.json" -H "X-Hub-Signature-256: sha256=$sig"
expect_eq "$code" 401 "a body that is not the one signed: 401"

github_post "$T/opened.json"
expect_eq "$code" 202 "issues.opened, signed as GitHub signs it: 202"
id=$(json 'j.job' <<<"$body")
if [ -z "$id" ] || [ ! -d "$(job_dir "$id")" ]; then
	not_ok "issues.opened starts a job" "answer: $body" "$(daemon_log | tail -n 10)"
else
	ok "issues.opened starts a job"
	expect_state "$id" 120 succeeded "the job succeeds"
	title=$(json 'j.issue.title' <"$T/opened.json")
	expect_contains "$(cat "$(job_dir "$id")/prompt.md")" "Title: $title" \
		"the preset's prompt names the issue"
	expect_contains "$(cat "$(job_dir "$id")/output.log")" "README.md" \
		"the agent worked in the clone at the payload's default branch ($branch)"
fi
expect_eq "$(job_count)" "$((before + 1))" "one job in all"

done_testing
