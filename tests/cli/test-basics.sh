#!/usr/bin/env bash
# osprey --help, --version, usage errors and exit codes.
. "$(dirname "$0")/lib.sh"
set -e

run --version
expect_status 0 "--version"
expect_contains "$out" "osprey " "--version prints the version"

run --help
expect_status 0 "--help"
for c in setup construct edit list doctor test; do
	expect_contains "$out" "  $c" "--help lists $c"
done

run
expect_status 2 "no command is a usage error"

run frobnicate
expect_status 2 "unknown command"
expect_contains "$err" 'osprey: unknown command "frobnicate"' "unknown command is named"

run contruct
expect_status 2 "a mistyped command"
expect_contains "$err" 'did you mean `osprey construct`?' "a mistyped command gets a suggestion"

run help nope
expect_status 2 "help for an unknown command is an error"
expect_contains "$err" 'unknown command "nope"' "and names it"
expect_eq "$out" "" "and prints no usage on stdout"

run help doctr
expect_contains "$err" 'did you mean `osprey doctor`?' "help suggests too"

run help doctor
expect_status 0 "help for a command"
expect_contains "$out" "usage: osprey doctor" "prints that command's usage"

for c in $("$OSPREY" --help | sed -n 's/^  \([a-z]*\) .*/\1/p'); do
	set +e; h=$("$OSPREY" "$c" -h 2>&1); st=$?; set -e
	if [ "$st" -eq 0 ] && [[ "$h" == *"usage: osprey $c"* ]]; then ok "$c -h prints its usage"
	else not_ok "$c -h prints its usage" "exit $st" "$h"; fi
done

run list --jsn
expect_status 2 "unknown option"
expect_contains "$err" "unknown option --jsn; did you mean --json?" "unknown option suggests the right one"
expect_contains "$err" "usage: osprey list" "usage errors show the usage line"

run test --help
expect_status 0 "test --help"
expect_contains "$out" "--payload JSON" "test --help documents --payload"

run test
expect_status 2 "test without a name"
expect_contains "$err" "missing the pipeline name" "the missing argument is named"

run list
expect_status 1 "list without config.yaml fails"
expect_contains "$err" "config.yaml: not found in $OSPREY_HOME; create it with \`osprey setup\`" "missing config.yaml says what to do"

# start and doctor run in osprey-daemon; osprey itself leaves libcurl out
# (its libraries cost ~20 ms at every start) and hands over with exec
if ldd "$OSPREY" | grep -q libcurl; then
	not_ok "osprey does not load libcurl" "$(ldd "$OSPREY" | grep libcurl)"
else
	ok "osprey does not load libcurl"
fi
run start --worker /nonexistent/osprey-worker
expect_status 1 "start hands over to osprey-daemon, which checks --worker"
expect_contains "$err" "/nonexistent/osprey-worker is not an executable osprey-worker" \
	"osprey-daemon's own message comes back"
run doctor
expect_status 1 "doctor hands over to osprey-daemon"
expect_contains "$out" "Osprey home: $OSPREY_HOME" "doctor's report comes from osprey-daemon"

done_testing
