#!/bin/bash
# Section 3: trigger-to-container-running latency, the real daemon and a
# private Podman engine (tests/support/engine.sh) against a direct Engine API
# create + start of an equivalent container (latency.js says how).
#
#   latency.sh BUILD_DIR [runs, default 20]
set -euo pipefail
build=$(realpath "$1")
runs=${2:-20}
here=$(dirname "$(realpath "$0")")
. "$here/lib.sh"

scratch obl

start_engine

port=$(free_port)
bash "$here/gen-home.sh" "$tmp/home" 1 port="$port" socket="$socket" max_concurrent=3 prompt="SLEEP 1"
OSPREY_HOME=$tmp/home OSPREY_WORKER=$build/worker/osprey-worker \
	"$build/cli/osprey" start > "$tmp/osprey.out" 2> "$tmp/osprey.err" &
osprey_pid=$!
pids+=("$osprey_pid")
wait_port "$port" || { cat "$tmp/osprey.err" >&2; exit 1; }

signature=$(sign "$BENCH_SECRET" "$BENCH_BODY")
opts=$(python3 -c 'import json,sys; print(json.dumps({"engine": sys.argv[1], "url": sys.argv[2], "signature": sys.argv[3],
	"body": sys.argv[4], "jobs": sys.argv[5], "runs": int(sys.argv[6])}))' \
	"$socket" "http://127.0.0.1:$port/hooks/bench" "$signature" "$BENCH_BODY" "$tmp/home/jobs" "$runs")
if ! result=$(timeout $((runs * 20 + 120)) node "$here/latency.js" "$opts"); then
	echo "latency: the run failed; the daemon's log:" >&2
	tail -n 20 "$tmp/osprey.err" >&2
	exit 1
fi
kill "$osprey_pid" 2>/dev/null || true

# medians, p90, the daemon's overhead (also the median of per-pair
# differences), and where the daemon's time goes, from each job's worker.log
# (millisecond timestamps): trigger -> worker's first line (the daemon's
# request handling and records, fork and exec, worker start) -> workspace
# ready (image check, workspace) -> container created -> running (inspect,
# attach, start)
python3 - "$result" "$tmp/home/jobs" > "$tmp/summary" <<'PY'
import datetime, json, math, re, sys
r, jobs = json.loads(sys.argv[1]), sys.argv[2]
def pct(v, p):
    v = sorted(v)
    return v[max(0, math.ceil(len(v) * p / 100) - 1)] if v else 0
def med(v):
    v = sorted(v); n = len(v)
    return (v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2) if n else 0
d, x, a = r["daemon"], r["direct"], r["accept"]
pairs = [p - q for p, q in zip(d, x)]
states = ",".join(f"{k}:{v}" for k, v in sorted(r["states"].items()))
stages = {"up": [], "ready": [], "created": [], "running": []}
for run in r["runs"]:
    marks = {}
    try:
        for line in open(f"{jobs}/{run['id']}/worker.log"):
            m = re.match(r"(\S+)Z ", line)
            if not m:
                continue
            t = datetime.datetime.fromisoformat(m.group(1)).replace(tzinfo=datetime.timezone.utc).timestamp() * 1000 - run["epoch"]
            marks.setdefault("up", t)
            if "workspace ready" in line: marks["ready"] = t
            if "created container" in line: marks["created"] = t
    except OSError:
        continue
    if len(marks) == 3:
        stages["up"].append(marks["up"])
        stages["ready"].append(marks["ready"] - marks["up"])
        stages["created"].append(marks["created"] - marks["ready"])
        stages["running"].append(run["ms"] - marks["created"])
print(f"{med(d):.1f} {pct(d, 90):.1f} {med(x):.1f} {pct(x, 90):.1f} {med(a):.1f} {med(d) - med(x):.1f} {med(pairs):.1f} {states}")
print(" ".join(f"{med(stages[k]):.1f}" for k in ("up", "ready", "created", "running")),
      f"{med(r['create']):.1f} {med([p - q for p, q in zip(x, r['create'])]):.1f}")
PY
read -r d50 d90 x50 x90 a50 over pair states < <(sed -n 1p "$tmp/summary")
read -r s_up s_ready s_created s_running x_create x_start < <(sed -n 2p "$tmp/summary")

report "### 3. Trigger to container running, $runs runs each (alternating), private Podman engine"
report ""
report '```'
report "$(printf '%-34s %10s %10s' path median_ms p90_ms)"
report "$(printf '%-34s %10s %10s' 'daemon: signed POST -> running' "$d50" "$d90")"
report "$(printf '%-34s %10s %10s' 'direct: create + start -> running' "$x50" "$x90")"
report "$(printf '%-34s %10s %10s' '(daemon: POST -> 202 answered)' "$a50" '')"
report '```'
report ""
report "Where the time goes (medians, ms): daemon: trigger -> osprey-worker's first log line $s_up;"
report "image check + workspace $s_ready; container create $s_created; create done -> running (attach, start) $s_running."
report "Direct: create $x_create; create done -> running (start) $x_start."
report ""
report "jobs ended: $states. Per run (ms) daemon: $(python3 -c 'import json,sys; print(" ".join(str(v) for v in json.loads(sys.argv[1])["daemon"]))' "$result")"
report "Per run (ms) direct: $(python3 -c 'import json,sys; print(" ".join(str(v) for v in json.loads(sys.argv[1])["direct"]))' "$result")"
report ""
report "| goal | figure | result |"
report "|---|---|---|"
report "| daemon's median overhead over the direct path < 30 ms | $over ms (median of per-run differences: $pair ms) | $(goal "$(awk -v o="$over" 'BEGIN { print (o < 30) ? 1 : 0 }')") |"
report ""
