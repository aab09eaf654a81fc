#!/bin/bash
# How fast `osprey dashboard` starts on a big home: 1,000 pipelines
# (tests/bench/daemon/gen-home.sh) and 10,000 job records, no daemon.
# In a real terminal (tmux on a private socket), polling the screen: the time
# from launch to the first frame, to the pipeline names, to the first screen
# of whole rows, to every pipeline loaded, and to the full job list. Median of
# RUNS (default 5) launches.
#
#   startup.sh OSPREY [RUNS]
set -euo pipefail
osprey=$1
runs=${2:-5}
here=$(cd "$(dirname "$0")" && pwd)
T=$(mktemp -d /tmp/osprey-dash-bench-XXXXXX)
sock="osprey-dash-bench-$$"
trap 'tmux -L "$sock" kill-server 2>/dev/null; rm -rf "$T"' EXIT

bash "$here/../daemon/gen-home.sh" "$T/home" 1000 >/dev/null
python3 - "$T/home/jobs" <<'PY'
import json, os, sys
root = sys.argv[1]
states = ["succeeded", "failed", "ignored", "rejected", "timed_out"]
for i in range(10000):
    jid = "20260101-%06d-%08x" % (i // 60 % 240000, i)
    d = os.path.join(root, jid)
    os.makedirs(d)
    rec = {"id": jid, "pipeline": "bench-%d" % (i % 1000 + 1), "trigger": "webhook",
           "state": states[i % 5], "created": "2026-01-01T00:00:00Z",
           "updated": "2026-01-01T00:01:00Z", "started": "2026-01-01T00:00:01Z",
           "finished": "2026-01-01T00:01:00Z", "container": "", "reason": "",
           "decided_by": "", "timeout_ms": 900000, "approval": False}
    with open(os.path.join(d, "job.json"), "w") as f:
        json.dump(rec, f)
PY

now_ms() { date +%s%3N; }
# wait_for TEXT: until the pane shows TEXT (10 s bound); prints the time
wait_for() {
	local deadline=$(($(now_ms) + 10000))
	while ! tmux -L "$sock" capture-pane -p -t b 2>/dev/null | grep -qF -- "$1"; do
		[ "$(now_ms)" -lt "$deadline" ] || { echo "never saw: $1" >&2; exit 1; }
	done
	now_ms
}

# what tmux itself costs: a program that prints at once
base=()
for _ in $(seq "$runs"); do
	t0=$(now_ms)
	tmux -L "$sock" new-session -d -s b -x 120 -y 40 "printf ' osprey  base'; read x"
	t1=$(wait_for " osprey  ")
	tmux -L "$sock" kill-session -t b
	base+=($((t1 - t0)))
done

first=() names=() screen=() pipes=() jobs=()
for _ in $(seq "$runs"); do
	t0=$(now_ms)
	tmux -L "$sock" new-session -d -s b -x 120 -y 40 \
		"env OSPREY_HOME='$T/home' '$osprey' dashboard 2>/dev/null"
	t1=$(wait_for " osprey  ")
	tn=$(wait_for "bench-100")
	ts=$(wait_for "POST /hooks/bench-100")
	t2=$(wait_for "pipelines (1000)")
	tmux -L "$sock" send-keys -t b 2
	t3=$(wait_for "jobs (10000)")
	tmux -L "$sock" send-keys -t b q
	while tmux -L "$sock" has-session -t b 2>/dev/null; do :; done
	first+=($((t1 - t0))) names+=($((tn - t0))) screen+=($((ts - t0))) pipes+=($((t2 - t0)))
	jobs+=($((t3 - t0)))
done
median() { printf '%s\n' "$@" | sort -n | sed -n "$(( ($# + 1) / 2 ))p"; }
echo "dashboard start, 1000 pipelines + 10000 jobs, median of $runs (ms, launch through tmux included):"
echo "  tmux alone (printf):  $(median "${base[@]}")   (each: ${base[*]})"
echo "  first frame:          $(median "${first[@]}")   (each: ${first[*]})"
echo "  pipeline names shown: $(median "${names[@]}")   (each: ${names[*]})"
echo "  first screen whole:   $(median "${screen[@]}")   (each: ${screen[*]})"
echo "  all pipelines loaded: $(median "${pipes[@]}")   (each: ${pipes[*]})"
echo "  all jobs listed:      $(median "${jobs[@]}")   (each: ${jobs[*]})"
