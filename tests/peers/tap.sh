# TAP helpers for the peers' self-tests (the same names as tests/daemon/e2e/lib.sh).
_n=0
_failed=0
ok() { _n=$((_n + 1)); echo "ok $_n - $1"; }
not_ok() {
	_n=$((_n + 1)); _failed=$((_failed + 1))
	echo "not ok $_n - $1"
	shift
	local line
	for line in "$@"; do printf '#   %s\n' "$line"; done
}
bail() { echo "Bail out! $*"; exit 1; }
expect_eq() { # actual expected description
	if [ "$1" = "$2" ]; then ok "$3"; else not_ok "$3" "expected: $2" "actual:   $1"; fi
}
expect_contains() { # haystack needle description
	case "$1" in
	*"$2"*) ok "$3" ;;
	*) not_ok "$3" "expected to find: $2" "in: ${1:0:2000}" ;;
	esac
}
check() { # description command...
	local what=$1
	shift
	if "$@"; then ok "$what"; else not_ok "$what" "failed: $*"; fi
}
done_testing() {
	echo "1..$_n"
	[ "$_failed" -eq 0 ]
}

# require_tools TOOL...: skips the whole script (TAP "1..0 # SKIP") when a
# tool or the npm packages (scripts/install-deps --with-tests) are missing.
require_tools() {
	local t
	for t in "$@"; do
		command -v "$t" >/dev/null 2>&1 || { echo "1..0 # SKIP $t is not installed"; exit 0; }
	done
	local d
	d=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
	for t in ws telegram-test-api; do
		[ -d "$d/node_modules/$t" ] || { echo "1..0 # SKIP tests/peers/node_modules/$t is missing: scripts/install-deps --with-tests"; exit 0; }
	done
}
