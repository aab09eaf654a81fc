#!/usr/bin/env bash
# Checks the built man pages, speaking TAP:
#  - each page renders without a single troff warning at 80 columns;
#  - no @PLACEHOLDER@ was left unsubstituted;
#  - every config key the code reads (the string literals given to the Section
#    getters in common/config/*.cxx) and every enum spelling of Names.hxx is
#    named in osprey-config(5) or osprey-pipeline(5);
#  - with --osprey, every example config.yaml and pipeline.yaml in the pages
#    loads with `osprey doctor`, and every example pipeline renders with
#    `osprey test`.
#
# usage: check-pages.sh [--osprey BINARY] CONFIG_SOURCE_DIR PAGE...
set -u

osprey=
if [ "${1:-}" = --osprey ]; then
	osprey=$2
	shift 2
fi
config_dir=$1
shift
pages=("$@")

n=0
failed=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); failed=1; echo "not ok $n - $1"; sed 's/^/# /' <<<"$2"; }
skip() { n=$((n + 1)); echo "ok $n - $1 # SKIP $2"; }

# --- rendering ---------------------------------------------------------------
for page in "${pages[@]}"; do
	name=$(basename "$page")
	if command -v man >/dev/null 2>&1; then
		out=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings=all -l -E UTF-8 "$page" 2>&1 >/dev/null)
	elif command -v groff >/dev/null 2>&1; then
		out=$(LC_ALL=C.UTF-8 groff -man -Tutf8 -ww -z "$page" 2>&1)
	else
		skip "$name renders without warnings" "neither man nor groff is installed"
		continue
	fi
	if [ -z "$out" ]; then
		ok "$name renders without warnings"
	else
		not_ok "$name renders without warnings" "$out"
	fi

	if left=$(grep -n '@[A-Z_][A-Z_]*@' "$page"); then
		not_ok "$name has no unsubstituted @PLACEHOLDER@" "$left"
	else
		ok "$name has no unsubstituted @PLACEHOLDER@"
	fi
done

# --- every key and enum spelling is documented ----------------------------------
# The section 5 pages as plain text: troff's escaped hyphen, tilde and
# zero-width characters undone, so "claude\-code" reads "claude-code".
doc_text=$(for page in "${pages[@]}"; do
	case $(basename "$page") in
	*.5) sed -e 's/\\-/-/g' -e 's/\\&//g' -e 's/\\(ti/~/g' "$page" ;;
	esac
done)

keys=$(grep -ohE '\b(String|RawString|RequiredString|Integer|Boolean|Duration|Size|Number|Enum|StringList|IntegerList|StringMap|Child|Find)\(\{[^}]*\}' \
	"$config_dir"/*.cxx | grep -oE '"[^"]*"' | tr -d '"' | sort -u)
spellings=$(grep -oE '\{"[a-z0-9_-]+", [A-Za-z]+::' "$config_dir/Names.hxx" |
	grep -oE '"[^"]*"' | tr -d '"' | sort -u)

check_words() {
	local what=$1 words=$2 missing=
	if [ -z "$words" ]; then
		not_ok "every $what is documented" "found none in $config_dir: has the code changed shape?"
		return
	fi
	for w in $words; do
		grep -qE "(^|[^A-Za-z0-9_-])$w([^A-Za-z0-9_-]|\$)" <<<"$doc_text" || missing+="$w "
	done
	if [ -z "$missing" ]; then
		ok "every $what is documented ($(wc -w <<<"$words") checked)"
	else
		not_ok "every $what is documented" "missing from osprey-config(5) and osprey-pipeline(5): $missing"
	fi
}
check_words "config key read in common/config/*.cxx" "$keys"
check_words "value spelling of common/config/Names.hxx" "$spellings"

# --- the examples load ------------------------------------------------------------
if [ -n "$osprey" ]; then
	work=$(mktemp -d)
	trap 'rm -rf "$work"' EXIT
	# What the examples may take for granted: a home with a Claude Code session.
	mkdir -p "$work/user/.claude"
	# volume sources of the examples must exist: doctor refuses missing ones
	mkdir -p "$work/user/.ssh" && : >"$work/user/.ssh/known_hosts"

	# Every .EX block, unescaped, one file each: example-N.
	count=0
	for page in "${pages[@]}"; do
		case $(basename "$page") in *.5) ;; *) continue ;; esac
		count=$(awk -v dir="$work" -v start="$count" '
			/^\.EX/ { inside = 1; ++start; file = dir "/example-" start; printf "" > file; next }
			/^\.EE/ { inside = 0; close(file); next }
			inside { print > file }
			END { print start }' "$page")
	done
	for f in "$work"/example-*; do
		sed -i -e 's/\\-/-/g' -e 's/\\&//g' -e 's/\\(ti/~/g' -e 's/\\(aq/'"'"'/g' \
			-e 's/\\(dq/"/g' -e 's/\\f[BIRP]//g' -e 's/\\e/\\/g' "$f"
	done

	# Dummy values for every variable the examples refer to.
	for v in $(cat "$work"/example-* | grep -oE '\$\{[A-Za-z_][A-Za-z0-9_]*\}' |
			tr -d '${}' | sort -u); do
		export "$v=example-value"
	done
	# The API-key variables the examples name in prose rather than as ${NAME}.
	export ANTHROPIC_API_KEY=example-value OPENAI_API_KEY=example-value \
		GOOGLE_GENERATIVE_AI_API_KEY=example-value
	export HOME="$work/user"

	minimal=
	for f in "$work"/example-*; do
		head -n 20 "$f" | grep -q '^version: ' || continue
		home="$work/config-$(basename "$f")"
		mkdir -p "$home"
		cp "$f" "$home/config.yaml"
		[ -n "$minimal" ] || [ "$(wc -l <"$f")" -gt 10 ] || minimal=$f
		if out=$(OSPREY_HOME="$home" "$osprey" doctor 2>&1); then
			ok "example config.yaml ($(basename "$f")) loads"
		else
			not_ok "example config.yaml ($(basename "$f")) loads" "$out"
		fi
	done

	home="$work/pipelines-home"
	mkdir -p "$home/pipelines"
	if [ -n "$minimal" ]; then
		cp "$minimal" "$home/config.yaml"
	else
		printf 'version: 1\ndefaults:\n  channel:\n    type: stdout\n' >"$home/config.yaml"
	fi
	names=
	for f in "$work"/example-*; do
		name=$(sed -n 's/^name: *//p' "$f" | head -n 1)
		[ -n "$name" ] || continue
		mkdir -p "$home/pipelines/$name"
		cp "$f" "$home/pipelines/$name/pipeline.yaml"
		names+="$name "
	done
	if [ -z "$names" ]; then
		not_ok "the example pipelines load" "no example pipeline found"
	elif [ ! -e /usr/share/zoneinfo/Europe/Berlin ] && [ -z "${TZDIR:-}" ]; then
		skip "the example pipelines load" "no time zone database (install tzdata)"
	elif out=$(OSPREY_HOME="$home" "$osprey" doctor 2>&1); then
		ok "the example pipelines ($names) load"
		for name in $names; do
			if out=$(OSPREY_HOME="$home" "$osprey" test "$name" --payload '{"number":1}' 2>&1); then
				ok "example pipeline $name renders"
			else
				not_ok "example pipeline $name renders" "$out"
			fi
		done
	else
		not_ok "the example pipelines ($names) load" "$out"
	fi
fi

echo "1..$n"
exit $failed
