#!/usr/bin/env bash
# osprey edit validates like crontab -e.
. "$(dirname "$0")/lib.sh"
set -e

minimal_config
mkdir -p "$OSPREY_HOME/pipelines/p"
file="$OSPREY_HOME/pipelines/p/pipeline.yaml"
printf 'name: p\ntrigger: {type: webhook, path: /p}\nworkspace: {type: none}\nagent: {prompt: old}\n' >"$file"

cat >"$T/good-editor" <<'SH'
#!/bin/sh
sed -i 's/prompt: old/prompt: new/' "$1"
SH
cat >"$T/bad-editor" <<'SH'
#!/bin/sh
sed -i 's|path: /p|path: p|' "$1"
SH
chmod +x "$T/good-editor" "$T/bad-editor"

EDITOR="$T/bad-editor" run edit p
expect_status 1 "an invalid edit is refused"
expect_contains "$err" 'trigger.path: must start with "/"' "the error is shown"
expect_contains "$err" "changes discarded" "the change is discarded"
expect_contains "$(cat "$file")" "path: /p" "the file is unchanged"

VISUAL="$T/good-editor" EDITOR="$T/bad-editor" run edit p
expect_status 0 "a valid edit is saved (VISUAL wins over EDITOR)"
expect_contains "$(cat "$file")" "prompt: new" "the file has the change"
expect_eq "$(ls -A "$OSPREY_HOME/pipelines/p")" "pipeline.yaml" "no draft is left behind"

EDITOR=true run edit p
expect_status 0 "an edit without changes"
expect_contains "$out" "No changes" "no changes is said"

EDITOR=false run edit p
expect_status 1 "a failing editor leaves the file alone"

run edit missing
expect_status 1 "editing a missing pipeline"
expect_contains "$err" "osprey construct missing" "points at construct"

done_testing
