#!/bin/bash
# How fast `osprey dashboard` starts on a big home: 1,000 pipelines
# (tests/bench/daemon/gen-home.sh) and 10,000 job records, no daemon.
# In a pseudo-terminal read by a terminal emulator (startup.py): the time from
# launch to the first frame, to the pipeline names, to the first screen of
# whole rows, to every pipeline loaded, and (after `2`) to the full job list.
# Median of RUNS (default 5) launches; also what the harness alone costs.
#
#   startup.sh OSPREY [RUNS]
set -euo pipefail
osprey=$1
runs=${2:-5}
here=$(cd "$(dirname "$0")" && pwd)
T=$(mktemp -d /tmp/osprey-dash-bench-XXXXXX)
trap 'rm -rf "$T"' EXIT
python=/usr/bin/python3 # Debian's, which has python3-pyte
"$python" -c 'import pyte' 2>/dev/null || { echo "startup.sh: needs python3-pyte (scripts/install-deps)" >&2; exit 1; }

bash "$here/../daemon/gen-home.sh" "$T/home" 1000 >/dev/null
"$python" - "$T/home/jobs" <<'PY'
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

# one launch first, not counted: the files into the page cache
"$python" "$here/startup.py" "$osprey" "$T/home" >/dev/null
for _ in $(seq "$runs"); do
	"$python" "$here/startup.py" - - >>"$T/harness"
	"$python" "$here/startup.py" "$osprey" "$T/home" >>"$T/launches"
done
# median NAME FILE: the median of NAME=ms over the lines of FILE, and each
median() {
	local all
	all=$(grep -o "$1=[0-9]*" "$2" | cut -d= -f2)
	printf '%5s   (each: %s)' "$(sort -n <<<"$all" | sed -n "$(( ($(wc -l <<<"$all") + 1) / 2 ))p")" \
		"$(tr '\n' ' ' <<<"$all")"
}
echo "dashboard start, 1000 pipelines + 10000 jobs, median of $runs (ms from launch):"
echo "  the harness alone (echo): $(median first_frame "$T/harness")"
echo "  first frame:              $(median first_frame "$T/launches")"
echo "  pipeline names shown:     $(median pipeline_names "$T/launches")"
echo "  first screen whole:       $(median first_screen_whole "$T/launches")"
echo "  all pipelines loaded:     $(median all_pipelines "$T/launches")"
echo "  all jobs listed:          $(median all_jobs "$T/launches")"
