#!/usr/bin/env bash
# Runs every libFuzzer target of a fuzz build for a bounded time each, on a
# scratch copy of its seed corpus (the repository's corpus is never written).
# usage: tests/fuzz/run.sh BUILD_DIR SECONDS_PER_TARGET
# Corpus of target fuzz-NAME in tests/fuzz/DIR/: corpus-NAME/ if present, else
# corpus/; dictionary: DIR/*.dict. Prints one TAP line per target.
set -uo pipefail

build=$(cd "${1:?usage: run.sh BUILD_DIR SECONDS}" && pwd)
seconds=${2:?usage: run.sh BUILD_DIR SECONDS}
src=$(cd "$(dirname "$0")" && pwd)
scratch=$(mktemp -d /tmp/osprey-fuzz-XXXXXX)
trap 'rm -rf "$scratch"' EXIT

n=0
failed=0
for exe in "$build"/tests/fuzz/*/fuzz-*; do
	[ -x "$exe" ] && [ -f "$exe" ] || continue
	name=$(basename "$exe")
	dir=$(basename "$(dirname "$exe")")
	seeds="$src/$dir/corpus-${name#fuzz-}"
	[ -d "$seeds" ] || seeds="$src/$dir/corpus"
	args=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1)
	for dict in "$src/$dir"/*.dict; do
		[ -f "$dict" ] && args+=(-dict="$dict") && break
	done
	mkdir -p "$scratch/$name"
	n=$((n + 1))
	log="$scratch/$name.log"
	if (cd "$scratch" && "$exe" "${args[@]}" "$scratch/$name" ${seeds:+"$seeds"}) >"$log" 2>&1; then
		runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')
		echo "ok $n - $name (${runs:-?} inputs in ${seconds}s)"
	else
		failed=$((failed + 1))
		echo "not ok $n - $name"
		tail -n 40 "$log" | sed 's/^/#   /'
		# keep the crashing input where CI output can name it
		ls "$scratch"/crash-* "$scratch"/leak-* "$scratch"/timeout-* 2>/dev/null | sed 's/^/#   input: /'
	fi
done
echo "1..$n"
[ "$n" -gt 0 ] && [ "$failed" -eq 0 ]
