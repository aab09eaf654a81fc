#!/bin/bash
# Section 5: configuration load with 1,000 pipelines (generated, each signed,
# with its own .env and templates) in a temporary OSPREY_HOME: `osprey list`
# and `osprey doctor` timed by hyperfine (median), and the load alone
# (bench-config-load: LoadConfiguration in-process, as list and the daemon do).
#
#   config.sh BUILD_DIR [pipelines, default 1000] [hyperfine runs, default 15]
set -euo pipefail
build=$(realpath "$1")
n=${2:-1000}
runs=${3:-15}
here=$(dirname "$(realpath "$0")")
. "$here/../daemon/lib.sh"

command -v hyperfine > /dev/null || { echo "config: hyperfine is not installed" >&2; exit 77; }
tmp=$(mktemp -d /tmp/osprey-bench-config.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

export OSPREY_HOME=$tmp/home
bash "$here/../daemon/gen-home.sh" "$OSPREY_HOME" "$n" socket="$tmp/no-engine.sock"
osprey=$build/cli/osprey
[ "$("$osprey" list --json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))')" = "$n" ] ||
	{ echo "config: osprey list does not list $n pipelines" >&2; exit 1; }

# doctor exits 0 (only warnings: no engine socket); -i keeps hyperfine going anyway
hyperfine --style none --warmup 2 --runs "$runs" -i --export-json "$tmp/hf.json" \
	-n list "$osprey list" -n doctor "$osprey doctor" > "$tmp/hf.out" 2>&1 ||
	{ cat "$tmp/hf.out" >&2; exit 1; }
load=$("$build/tests/bench/config/bench-config-load" "$runs")

read -r list_med list_min list_cpu doctor_med doctor_min doctor_cpu <<< "$(python3 - "$tmp/hf.json" <<'PY'
import json, sys
r = {x["command"]: x for x in json.load(open(sys.argv[1]))["results"]}
print(" ".join(f'{r[c]["median"] * 1000:.1f} {r[c]["min"] * 1000:.1f} {(r[c]["user"] + r[c]["system"]) * 1000:.1f}'
               for c in ("list", "doctor")))
PY
)"
field() { sed -n "s/^$1 .*$2=\([0-9.]*\).*/\1/p" <<< "$load"; }

report "### 5. Configuration load, $n signed pipelines with templates and .env files"
report ""
report '```'
report "$(printf '%-40s %10s %10s %18s' 'what' median_ms min_ms 'cpu_ms (user+sys)')"
report "$(printf '%-40s %10s %10s %18s' "osprey list (hyperfine, $runs runs)" "$list_med" "$list_min" "$list_cpu")"
report "$(printf '%-40s %10s %10s %18s' "osprey doctor (hyperfine, $runs runs)" "$doctor_med" "$doctor_min" "$doctor_cpu")"
report "$(printf '%-40s %10s %10s' 'load alone, redacted (as list)' "$(field list-style median_ms)" "$(field list-style min_ms)")"
report "$(printf '%-40s %10s %10s' 'load alone, resolved (as the daemon)' "$(field daemon-style median_ms)" "$(field daemon-style min_ms)")"
report '```'
report ""
report "| goal | figure | result |"
report "|---|---|---|"
report "| osprey list with $n pipelines < 100 ms (median) | $list_med ms | $(goal "$(awk -v m="$list_med" 'BEGIN { print (m < 100) ? 1 : 0 }')") |"
report ""
