#!/usr/bin/env bash
# osprey dashboard driven in a real terminal (tmux on a private socket)
# against the real daemon: the refusal without a terminal and without a
# payload, the pipelines view, a filter, the builder (selections, the
# preview, Esc leaving pipeline.yaml byte for byte, Enter saving), a resize,
# the jobs view updating when a webhook arrives (pushed by watch), and
# approve from the jobs view. Every wait polls the screen with a bound.
. "$(dirname "$0")/../../daemon/e2e/lib.sh"

TMUX_SOCK="osprey-dash-$$"
tm() { tmux -L "$TMUX_SOCK" "$@"; }
screen_text() { tm capture-pane -p -t dash 2>/dev/null; }
screen_has() { screen_text | grep -qF -- "$1"; }
# see TEXT DESCRIPTION: ok once the screen shows TEXT (within 15 s)
see() {
	if wait_until 15 screen_has "$1"; then ok "$2"; else
		not_ok "$2"; screen_text | sed 's/^/#   /'; fi
}
dashboard_cleanup() { tm kill-server 2>/dev/null; cleanup; }
trap dashboard_cleanup EXIT

start_engine
pipeline gated <<'YAML'
# keep this comment
name: gated
trigger:
  type: webhook
  path: /hooks/gated
workspace:
  type: none
channel:
  approval: true
  topic: 'Deploy?'
agent:
  prompt: "Deploy {{ .body.version }}"
YAML
pipeline nightly <<'YAML'
name: nightly
trigger:
  type: cron
  cron: "0 3 * * *"
workspace:
  type: none
agent:
  prompt: "nightly"
YAML
start_daemon
YAML_FILE=$OSPREY_HOME/pipelines/gated/pipeline.yaml

# --- refusals -----------------------------------------------------------
err=$("$OSPREY" dashboard </dev/null 2>&1 >/dev/null); rc=$?
expect_eq "$rc" 2 "without a terminal: exit 2"
expect_eq "$err" "osprey: dashboard needs a terminal" "without a terminal: the sentence"
cp "$YAML_FILE" "$T/before.yaml"
err=$("$OSPREY" dashboard --builder gated 2>&1 >/dev/null); rc=$?
expect_eq "$rc" 1 "--builder without a payload: exit 1"
expect_contains "$err" "gated has no payload yet" "--builder without a payload: the sentence"

# --- pipelines, filter, refusal in the UI --------------------------------
tm new-session -d -s dash -x 80 -y 24 "env OSPREY_HOME='$OSPREY_HOME' HOME='$HOME' TERM=xterm-256color '$OSPREY' dashboard"
see "daemon: live" "the dashboard follows the running daemon"
see "POST /hooks/gated" "the pipelines view lists a webhook pipeline with its path"
see "0 3 * * * next" "and a cron pipeline with its next run"
tm send-keys -t dash m
see "gated has no payload yet" "m without a payload: the builder refuses in the UI"
tm send-keys -t dash / n i g
see "pipelines (1)  /nig" "/ filters the pipelines"
if screen_has "POST /hooks/gated"; then not_ok "the filter hides the others"; else ok "the filter hides the others"; fi
tm send-keys -t dash Escape
see "pipelines (2)" "Esc in the filter line clears it"

# --- the jobs view updates when a webhook arrives -------------------------
tm send-keys -t dash Tab
see "jobs (0)" "Tab shows the jobs view"
post /hooks/gated '{"version":"1.2.3","issue":{"title":"Crash on start"},"x-event":"push"}'
expect_eq "$code" 202 "a webhook is accepted"
job=$(json j.job <<<"$body")
see "awaiting_approval" "the new job appears at once, awaiting approval (pushed)"
see "$job" "with its id"

# --- approve from the jobs view ------------------------------------------
tm send-keys -t dash a
see "approve job $job? y/n" "a asks first"
tm send-keys -t dash y
if wait_until 30 job_in "$job" starting preparing running succeeded failed; then
	ok "y approves: the daemon started the job"; else not_ok "y approves: the daemon started the job"; fi
if wait_until 15 eval '! screen_text | grep -q awaiting_approval'; then
	ok "the jobs view shows the new state"; else not_ok "the jobs view shows the new state"; screen_text | sed 's/^/#   /'; fi
tm send-keys -t dash Enter
see "output.log (followed)" "Enter opens the job with its output"
see "pipeline gated" "the job's record is shown"
tm send-keys -t dash Escape 1
see "pipelines (2)" "Esc goes back, 1 shows the pipelines"
# 80 columns: LAST JOB whole at the end of the row, TRIGGER gives way
last_job_whole() { screen_text | grep -Eq '^ ?gated .*(starting|preparing|running|succeeded|failed) [0-9hms]+ ago *$'; }
if wait_until 15 last_job_whole; then ok "at 80 columns the LAST JOB column is whole"; else
	not_ok "at 80 columns the LAST JOB column is whole"; screen_text | sed 's/^/#   /'; fi

# --- the builder: selections, preview, Esc, Enter -------------------------
tm send-keys -t dash Home m
see "message builder: gated" "m opens the builder now that a payload is stored"
see "issue.title = Crash on start" "fields are listed as paths with their values"
see "x-event = push" "a key with a dash is listed"
tm send-keys -t dash / t i t l e Enter
see "/title" "/ filters the fields"
tm send-keys -t dash Space
see "Issue title: Crash on start" "Space selects; the preview renders it"
tm send-keys -t dash Escape
see "cancelled: gated/pipeline.yaml untouched" "Esc cancels"
check "Esc left pipeline.yaml byte for byte" cmp -s "$YAML_FILE" "$T/before.yaml"

tm send-keys -t dash m
see "message builder: gated" "the builder opens again"
tm send-keys -t dash / e v e n t Enter Space
see "X event: push" "a key with a dash previews through index"
tm resize-window -t dash -x 100 -y 30
see "X event: push" "the builder redraws after a resize"
if [ "$(tm display -p -t dash '#{window_width}x#{window_height}')" = 100x30 ]; then ok "the terminal is 100x30"; else not_ok "the terminal is 100x30"; fi
tm send-keys -t dash Enter
see "saved channel.message in gated/pipeline.yaml" "Enter saves"
expect_contains "$(cat "$YAML_FILE")" '{{ index .body "x-event" }}' "the message holds the expression"
expect_contains "$(cat "$YAML_FILE")" "# keep this comment" "the comment is kept"
check "the saved pipeline still passes doctor" "$OSPREY" doctor

tm send-keys -t dash q
if wait_until 10 eval '! tm has-session -t dash 2>/dev/null'; then ok "q quits"; else not_ok "q quits"; fi

# --- the daemon down -------------------------------------------------------
kill "$DAEMON_PID"; wait_until 30 exited "$DAEMON_PID"
tm new-session -d -s dash -x 80 -y 24 "env OSPREY_HOME='$OSPREY_HOME' HOME='$HOME' '$OSPREY' dashboard"
see "daemon down: showing the files" "with the daemon down, it says so"
tm send-keys -t dash 2
see "$job" "and shows the jobs the files hold"
tm send-keys -t dash q

done_testing
