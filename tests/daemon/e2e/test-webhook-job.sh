#!/usr/bin/env bash
# A webhook job end to end, once per workspace type (git-clone and
# git-worktree of a real local repository, a local directory): the 202
# answer, the job's states, its files, the stdout notification, the CLI's
# view of it, and no container left behind.
. "$(dirname "$0")/lib.sh"

start_engine
make_repo "$T/repo"
mkdir -p "$T/local"
echo "a file in the local workspace" >"$T/local/local-file.txt"
chmod 755 "$T/local"

# pipeline_for NAME WORKSPACE-YAML
pipeline_for() {
	pipeline "$1" <<YAML
name: $1
description: e2e $1
trigger:
  type: webhook
  path: /hooks/$1
workspace:
$2
channel:
  topic: "{{ .body.repository.name }} topic"
  message: "{{ .body.user }} pushed {{ .body.missing.field }}"
agent:
  prompt: |
    Review {{ .body.repository.name }} for {{ .body.user }}
    Second line of the prompt.
YAML
}
pipeline_for clone "  type: git-clone
  repo: file://$T/repo
  ref: main"
pipeline_for worktree "  type: git-worktree
  repo: file://$T/repo"
pipeline_for local "  type: local
  path: $T/local"

pipeline big <<'YAML'
name: big
trigger:
  type: webhook
  path: /hooks/big
workspace:
  type: none
agent:
  prompt: "Talk a lot: BIGOUTPUT then SLEEP {{ .body.sleep }}"
YAML
pipeline oc <<'YAML'
name: oc
trigger:
  type: webhook
  path: /hooks/oc
workspace:
  type: none
agent:
  type: opencode
  image: localhost/osprey-test-agent:latest
  auth: none
  prompt: "OpenCode, greet {{ .body.user }}"
YAML
# the repository comes from the (untrusted) payload
pipeline frompayload <<'YAML'
name: frompayload
trigger:
  type: webhook
  path: /hooks/frompayload
workspace:
  type: git-clone
  repo: "{{ .body.repo }}"
  ref: "{{ .body.ref }}"
agent:
  prompt: "Look at {{ .body.repo }}"
YAML
start_daemon

# job_sequence JOB: the states the daemon logged for JOB, in order
job_sequence() {
	daemon_log | grep -F "job=$1" | sed -n 's/.*msg="job \([a-z_]*\)".*/\1/p' | tr '\n' ' '
}

for kind in clone worktree local; do
	note "--- $kind workspace"
	# the body as sent, spacing and all: payload.json must be these bytes
	printf '{ "user": "ada",\n  "repository": {"name": "e2e-%s"}, "n": 1.0 }\n' "$kind" >"$T/body-$kind.json"
	post "/hooks/$kind" "@$T/body-$kind.json"
	expect_eq "$code" 202 "$kind: POST answers 202"
	id=$(json 'j.job' <<<"$body")
	expect_eq "$(json 'Object.keys(j).join() + " " + j.state' <<<"$body")" "job,state running" \
		"$kind: the answer is {\"job\",\"state\":\"running\"}"
	if [ ! -d "$(job_dir "$id")" ]; then
		not_ok "$kind: the job has a directory" "no $(job_dir "$id"); answer: $body"
		continue
	fi
	ok "$kind: the job has a directory named by its id"
	dir=$(job_dir "$id")

	expect_state "$id" 120 succeeded "$kind: job.json ends succeeded"
	expect_eq "$(job_sequence "$id")" "received starting preparing running succeeded " \
		"$kind: the job went starting, preparing, running, succeeded"
	expect_eq "$(job_field "$id" 'pipeline + " " + trigger + " " + exit_code')" "$kind webhook 0" \
		"$kind: job.json names the pipeline, the trigger and the exit code"
	expect_eq "$(job_field "$id" '[created, started, finished].every(t => /^\d{4}-\d\d-\d\dT/.test(t))')" true \
		"$kind: job.json has created, started and finished times"

	expect_eq "$(cat "$dir/prompt.md")" "$(printf 'Review e2e-%s for ada\nSecond line of the prompt.' "$kind")" \
		"$kind: prompt.md holds the rendered prompt"
	check "$kind: payload.json is the body as sent" cmp -s "$dir/payload.json" "$T/body-$kind.json"

	output=$(cat "$dir/output.log" 2>/dev/null)
	expect_contains "$output" "$(printf '[claude stand-in] prompt:\nReview e2e-%s for ada\nSecond line' "$kind")" \
		"$kind: the agent saw the prompt"
	expect_contains "$output" "[claude stand-in] uid: 1000" "$kind: the agent ran as uid 1000"
	case $kind in
	local) expect_contains "$output" "local-file.txt" "$kind: the agent saw the local directory's file" ;;
	*) expect_contains "$output" "README.md" "$kind: the agent saw the repository's file" ;;
	esac
	check "$kind: result.md exists" test -s "$dir/result.md"
	expect_contains "$(cat "$dir/result.md" 2>/dev/null)" "claude stand-in done: Review e2e-$kind for ada" \
		"$kind: result.md holds the agent's answer"

	wait_until 10 has_notification "$id" job_finished
	line=$(notification "$id" job_finished)
	expect_eq "$(json '[j.pipeline, j.state, j.topic, j.message].join("|")' <<<"$line")" \
		"$kind|succeeded|e2e-$kind topic|ada pushed <no value>" \
		"$kind: one job_finished line on stdout with the rendered topic and message"
	expect_contains "$(json 'j.result' <<<"$line")" "claude stand-in done: Review e2e-$kind" \
		"$kind: the notification carries the result"

	if wait_until 30 no_container_of "$id"; then
		ok "$kind: no container left with label osprey.job=$id"
	else
		not_ok "$kind: no container left with label osprey.job=$id" "$(containers_of "$id") left"
	fi

	out=$("$OSPREY" jobs 2>&1)
	expect_contains "$(grep -F "$id" <<<"$out")" "$kind" "$kind: osprey jobs lists the job"
	expect_contains "$(grep -F "$id" <<<"$out")" "succeeded" "$kind: osprey jobs shows it succeeded"
	out=$("$OSPREY" logs "$id" 2>&1)
	expect_contains "$out" "claude stand-in done: Review e2e-$kind for ada" "$kind: osprey logs shows its output"
done

# git-worktree: a cached clone, which keeps no worktree of a finished job
cache_head=$(find "$OSPREY_HOME/cache" -maxdepth 3 -name HEAD 2>/dev/null | head -n 1)
if [ -n "$cache_head" ]; then
	ok "git-worktree keeps a cached clone under the cache directory"
	expect_eq "$(git -C "$(dirname "$cache_head")" worktree list --porcelain | grep -c '^worktree ')" 1 \
		"the cached clone lists no worktree of a finished job"
else
	not_ok "git-worktree keeps a cached clone under the cache directory" "nothing in $OSPREY_HOME/cache"
fi
workspaces=$(find "$OSPREY_HOME/jobs" -mindepth 2 -maxdepth 2 -name workspace | wc -l)
expect_eq "$workspaces" 0 "no job directory keeps its workspace"

out=$("$OSPREY" jobs --json 2>&1)
expect_eq "$(json 'j.filter(x => x.state === "succeeded").length' <<<"$out")" 3 "osprey jobs --json has the three jobs"

note "--- a lot of output, followed live"
post /hooks/big '{"sleep":3}'
id=$(json 'j.job' <<<"$body")
expect_state "$id" 120 running "the talkative job runs"
timeout 120 "$OSPREY" logs -f "$id" >"$T/followed" 2>"$T/followed.err"
status=$?
expect_eq "$status" 0 "osprey logs -f ends by itself when the job ends"
expect_eq "$(job_state "$id")" succeeded "the job succeeded"
expect_eq "$(grep -c '^big output line, 64 bytes long' "$T/followed")" 16384 "logs -f printed all 16384 lines of output"
expect_eq "$(grep -c '^big output line, 64 bytes long' "$(job_dir "$id")/output.log")" 16384 "output.log holds all 16384 lines"
expect_eq "$(tail -n 1 "$T/followed")" "claude stand-in done: Talk a lot: BIGOUTPUT then SLEEP 3" "logs -f printed the last line"
wait_until 10 has_notification "$id" job_finished
result=$(notification "$id" job_finished | json 'j.result')
check "the notification's result is cut to a few KiB (${#result} bytes)" [ "${#result}" -gt 100 -a "${#result}" -lt 10000 ]
expect_contains "$result" "claude stand-in done: Talk a lot" "and ends with the answer"

note "--- the opencode runtime"
post /hooks/oc '{"user":"grace"}'
id=$(json 'j.job' <<<"$body")
expect_state "$id" 120 succeeded "an opencode job succeeds"
expect_contains "$(cat "$(job_dir "$id")/output.log")" "[opencode stand-in] prompt:" "the opencode CLI ran"
expect_contains "$(cat "$(job_dir "$id")/result.md" 2>/dev/null)" "opencode stand-in done: OpenCode, greet grace" \
	"its answer is in result.md"

note "--- repo and ref from the payload"
post /hooks/frompayload "{\"repo\":\"file://$T/repo\",\"ref\":\"main\"}"
id=$(json 'j.job' <<<"$body")
expect_eq "$(json 'j.state' <<<"$body")" failed "a local repository named by the payload fails the job at once"
expect_contains "$(job_field "$id" reason)" "refused: a repository named by a payload must be an https://" \
	"and says why"
check "no worker or container ran for it" no_container_of "$id"
post /hooks/frompayload "{\"repo\":\"--upload-pack=touch $T/pwned-repo\",\"ref\":\"main\"}"
id=$(json 'j.job' <<<"$body")
expect_state "$id" 120 failed "a repo that looks like a git option fails the job"
post /hooks/frompayload "{\"repo\":\"https://example.invalid/repo.git\",\"ref\":\"--upload-pack=touch $T/pwned-ref\"}"
id2=$(json 'j.job' <<<"$body")
expect_state "$id2" 120 failed "a ref that looks like a git option fails the job"
check "neither became a git option (nothing was run)" test ! -e "$T/pwned-repo" -a ! -e "$T/pwned-ref"
expect_contains "$(job_field "$id" reason)" "repo" "the reason talks about the repository"
post /hooks/frompayload "{\"repo\":\"https://example.invalid/no-such-repo.git\",\"ref\":\"main\"}"
id=$(json 'j.job' <<<"$body")
expect_state "$id" 120 failed "a repository that does not exist fails the job"
note "reason: $(job_field "$id" reason)"
check "and no container was made for it" no_container_of "$id"
check "the daemon is still up" healthy

done_testing
