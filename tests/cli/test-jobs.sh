#!/usr/bin/env bash
# osprey jobs, logs, status, approve/ignore/cancel: job records read from
# hand-written job directories; the daemon's socket absent, stale, or played
# by a fake daemon that answers one line.
. "$(dirname "$0")/lib.sh"
set -e

JOBS="$OSPREY_HOME/jobs"
SOCK="$OSPREY_HOME/osprey.sock"

# job ID PIPELINE STATE [STARTED FINISHED REASON]: writes ID's job.json
job() {
	mkdir -p "$JOBS/$1"
	cat >"$JOBS/$1/job.json.tmp" <<JSON
{"id":"$1","pipeline":"$2","trigger":"webhook","state":"$3","created":"2026-11-22T00:00:00Z","updated":"","started":"${4:-}","finished":"${5:-}","container":"","exit_code":null,"reason":"${6:-}","decided_by":"","timeout_ms":600000}
JSON
	mv "$JOBS/$1/job.json.tmp" "$JOBS/$1/job.json"
}

run jobs
expect_status 0 "jobs without any job"
expect_contains "$out" "No jobs in $JOBS." "jobs says where it looked"

n=0
for state in awaiting_approval starting preparing running succeeded failed timed_out ignored rejected expired cancelled interrupted queued; do
	n=$((n + 1))
	job "20261122-0000$(printf %02d $n)-0000aa$(printf %02d $n)" sentry "$state"
done
job 20261122-000013-bbbb0001 deploy succeeded 2026-11-22T00:01:00Z 2026-11-22T00:02:05Z
job 20261122-000014-cccc0001 deploy failed 2026-11-22T00:01:00Z 2026-11-22T00:01:30Z \
	"the agent exited with status 3 after it could not push the branch to the remote"
mkdir -p "$JOBS/20261122-000015-dddd0001" # being created: no job.json yet
mkdir -p "$JOBS/20261122-000016-eeee0001"
echo '{"id":' >"$JOBS/20261122-000016-eeee0001/job.json"

run jobs
expect_status 0 "jobs"
expect_contains "$(head -n1 <<<"$out")" "ID" "a header line"
for c in PIPELINE STATE TRIGGER CREATED DURATION REASON; do
	expect_contains "$(head -n1 <<<"$out")" "$c" "column $c"
done
expect_eq "$(wc -l <<<"$out")" 17 "one line per readable record, and a note"
expect_eq "$(tail -n1 <<<"$out")" "(reasons ending in ... are cut short: \`osprey show <job>\` prints one whole)" \
	"a reason cut short says how to see it whole"
out=$(sed '$d' <<<"$out")
expect_contains "$(sed -n 2p <<<"$out")" "20261122-000014-cccc0001" "newest first"
expect_contains "$(tail -n1 <<<"$out")" "20261122-000001-0000aa01" "oldest last"
for state in awaiting_approval starting preparing running succeeded failed timed_out ignored rejected expired cancelled interrupted queued; do
	expect_contains "$out" " $state " "a $state job is listed"
done
expect_contains "$(grep bbbb0001 <<<"$out")" "1m5s" "DURATION is started to finished"
expect_contains "$(grep cccc0001 <<<"$out")" "the agent exited with status 3 after it could..." "REASON is cut short"
expect_contains "$(grep 0000aa01 <<<"$out")" "2026-11-22T00:00:00Z" "CREATED"
expect_contains "$err" "skipping job 20261122-000016-eeee0001" "a broken record is a warning"
expect_not_contains "$err" "dddd0001" "a job without record yet is skipped quietly"

run jobs --state failed
expect_status 0 "jobs --state"
expect_eq "$(grep '^2026' <<<"$out" | awk '{print $1}' | tr '\n' ' ')" "20261122-000014-cccc0001 20261122-000006-0000aa06 " "--state keeps only that state"
run jobs --pipeline deploy --limit 1
expect_eq "$(grep '^2026' <<<"$out" | awk '{print $1}')" "20261122-000014-cccc0001" "--pipeline and --limit"
run jobs --pipeline nope
expect_contains "$out" "No matching jobs." "no match is said so"
run jobs --state bogus
expect_status 2 "jobs --state with an unknown state"
expect_contains "$err" 'unknown state "bogus" (one of awaiting_approval, queued, starting' "the states are listed"
run jobs --limit 0
expect_status 2 "jobs --limit 0"

run jobs --json
expect_status 0 "jobs --json"
expect_eq "$(json_get "$out" 'j.length')" 15 "--json holds every readable record"
expect_eq "$(json_get "$out" 'j[0].id + " " + j[0].state + " " + j[0].reason.length')" "20261122-000014-cccc0001 failed 79" "--json is newest first with the whole reason"
run jobs --json --state running --limit 5
expect_eq "$(json_get "$out" 'j.map(x => x.id).join()')" "20261122-000004-0000aa04" "--json with filters"

# logs
printf 'line one\nline two\n' >"$JOBS/20261122-000013-bbbb0001/output.log"
run logs 20261122-000013-bbbb0001
expect_status 0 "logs"
expect_eq "$out" "$(printf 'line one\nline two')" "logs prints output.log"
run logs 20261122-000013-b
expect_eq "$out" "$(printf 'line one\nline two')" "a unique prefix is enough"
run logs bbbb0001
expect_eq "$out" "$(printf 'line one\nline two')" "the random part at the end is enough"
run logs 20261122-00001
expect_status 1 "an ambiguous prefix"
expect_contains "$err" 'osprey: job id part "20261122-00001" matches' "an ambiguous prefix says so"
run logs 20991231
expect_status 1 "an unknown job"
expect_contains "$err" "osprey: no job \"20991231\" in $JOBS" "an unknown job is named"
run logs ../jobs
expect_status 1 "a path is no job id"
run logs 20261122-000014-cccc0001
expect_status 1 "logs of a job that never produced output"
expect_eq "$out" "" "prints no output"
expect_eq "$err" "osprey: job 20261122-000014-cccc0001 failed after 30s: the agent exited with status 3 after it could not push the branch to the remote; it has no output" \
	"says how the job ended and why"
run logs 20261122-000001-0000aa01
expect_status 1 "logs of a job awaiting approval"
expect_contains "$err" "awaiting_approval; it has no output yet (osprey logs -f waits for it)" "says it may come"

# show
printf '{}' >"$JOBS/20261122-000014-cccc0001/payload.json"
run show cccc0001
expect_status 0 "show"
for line in "Job        20261122-000014-cccc0001" "Pipeline   deploy" "State      failed" \
	"Reason     the agent exited with status 3 after it could not push the branch to the remote" \
	"Decision   none asked (approval is off)" "Started    2026-11-22T00:01:00Z" \
	"Finished   2026-11-22T00:01:30Z" "Ran        30s" "Timeout    10m" \
	"payload.json           2 bytes  the request body"; do
	expect_contains "$out" "$line" "show prints: $line"
done
expect_not_contains "$out" "output.log" "show lists only files that exist"
cat >"$JOBS/20261122-000014-cccc0001/job.json" <<'JSON'
{"id":"20261122-000014-cccc0001","pipeline":"deploy","trigger":"webhook","state":"ignored","created":"2026-11-22T00:00:00Z","updated":"","started":"","finished":"2026-11-22T00:03:00Z","container":"","exit_code":null,"reason":"","decided_by":"@alice","timeout_ms":600000,"approval":true}
JSON
run show cccc0001
expect_contains "$out" "Decision   ignored by @alice" "show says who decided"
run show --json cccc0001
expect_eq "$(json_get "$out" 'j.decided_by')" "@alice" "show --json is the record"
run show 0000aa13
expect_contains "$out" "State      queued (waiting for an agent slot: container.queue)" "show says what a queued job waits for"
run logs 0000aa13
expect_status 1 "logs of a queued job"
expect_contains "$err" "queued; it has no output yet (osprey logs -f waits for it)" "says it may come"
run show nope
expect_status 1 "show of an unknown job"
run logs
expect_status 2 "logs without a job"
run logs -f 20261122-000013-bbbb0001
expect_status 0 "logs -f of a finished job ends at once"
expect_eq "$out" "$(printf 'line one\nline two')" "logs -f prints everything"

# logs -f while a writer appends and then ends the job
live=20261122-000020-ffff0001
job $live sentry running 2026-11-22T00:00:00Z
: >"$JOBS/$live/output.log"
(
	for i in 1 2 3 4 5; do
		sleep 0.2
		echo "output $i" >>"$JOBS/$live/output.log"
	done
	echo "last words" >>"$JOBS/$live/output.log"
	job $live sentry succeeded 2026-11-22T00:00:00Z 2026-11-22T00:00:02Z
) &
writer=$!
set +e
out=$(timeout 20 "$OSPREY" logs --follow 20261122-000020 2>"$T/stderr" </dev/null)
status=$?
err=$(cat "$T/stderr")
set -e
wait $writer
expect_status 0 "logs --follow ends by itself when the job ends"
expect_eq "$out" "$(printf 'output 1\noutput 2\noutput 3\noutput 4\noutput 5\nlast words')" "every line was printed, in order"
expect_eq "$err" "osprey: job $live succeeded after 2s" "and then how the job ended, on stderr"

# The daemon's socket: absent, stale, then a fake daemon.
for cmd in status "approve $live" "ignore $live" "cancel $live"; do
	run $cmd
	expect_status 1 "$cmd without a daemon"
	expect_eq "$err" "osprey: the daemon is not running (no socket at $SOCK)" "$cmd says the daemon is not running"
done
# What is no job id is refused before anything is asked or opened.
for cmd in "approve ../../etc/passwd" "ignore ../$live" "cancel nosuchjob"; do
	run $cmd
	expect_status 1 "$cmd"
	expect_eq "$err" "osprey: no job ${cmd#* }" "$cmd: no job, without asking the daemon"
done

# A listener that exits without closing leaves its socket file: a crash.
node -e 'require("net").createServer().listen(process.argv[1], () => process.exit(0));' "$SOCK"
if [ -S "$SOCK" ]; then
	run status
	expect_status 1 "status on a stale socket"
	expect_eq "$err" "osprey: the daemon is not running (nothing answers on $SOCK)" "a stale socket is no daemon"
	rm -f "$SOCK"
fi

# fake_daemon REPLY: answers every request line with REPLY, records requests
fake_daemon() {
	rm -f "$SOCK" "$T/requests"
	node -e '
const fs = require("fs"), net = require("net");
net.createServer(c => {
	let buf = "";
	c.on("data", d => {
		buf += d;
		if (buf.includes("\n")) {
			fs.appendFileSync(process.argv[2], buf);
			c.end(process.argv[3] + "\n");
		}
	});
}).listen(process.argv[1]);' "$SOCK" "$T/requests" "$1" &
	fake=$!
	for _ in $(seq 100); do [ -S "$SOCK" ] && break; sleep 0.05; done
}
stop_fake() { kill $fake; wait $fake 2>/dev/null || true; }

fake_daemon '{"ok":true,"state":"starting","by":"alice (uid 1000) from the command line"}'
run approve 20261122-000020
expect_status 0 "approve"
expect_eq "$out" "job $live: starting, approved by alice (uid 1000) from the command line" \
	"approve prints the new state and who decided"
expect_eq "$(cat "$T/requests")" "{\"command\":\"approve\",\"job\":\"$live\"}" \
	"approve sends the whole id, and nothing about who asks"
run cancel $live
expect_eq "$out" "job $live: starting, cancelled by alice (uid 1000) from the command line" \
	"cancel says cancelled by"
stop_fake

fake_daemon '{"ok":true,"state":"starting"}'
run approve $live
expect_status 0 "approve answered by an older daemon"
expect_eq "$out" "job $live: starting" "without who decided, the state alone"
stop_fake

fake_daemon '{"ok":false,"error":"job 20261122-000020-ffff0001 is running, not awaiting approval"}'
run ignore $live
expect_status 1 "a refused ignore"
expect_eq "$err" "osprey: job 20261122-000020-ffff0001 is running, not awaiting approval" "the daemon's sentence is the error"
run cancel ../../etc/passwd
expect_eq "$err" "osprey: no job ../../etc/passwd" "a path is no job"
expect_eq "$(wc -l <"$T/requests")" 1 "and never reaches the daemon"
stop_fake

fake_daemon '{"ok":true,"version":"0.1.0","pid":77,"started":"2026-11-22T00:00:00Z","listening":"127.0.0.1:8181","slots":{"used":1,"max":4},"pipelines":{"webhook":2,"cron":1,"disabled":0},"jobs":{"running":1,"awaiting_approval":0,"succeeded":5}}'
run status
expect_status 0 "status"
expect_contains "$out" "osprey 0.1.0 is running (pid 77) since 2026-11-22T00:00:00Z" "status names the daemon"
expect_contains "$out" "127.0.0.1:8181" "status shows where it listens"
expect_contains "$out" "1 of 4 in use" "status shows the slots"
expect_contains "$out" "2 webhook, 1 cron, 0 disabled" "status counts pipelines"
expect_contains "$out" "1 running, 5 succeeded" "status counts jobs, zeros left out"
expect_contains "$(grep '^queue' <<<"$out")" "off (container.queue is 0)" "status says a daemon without a queue has none"
run status --json
expect_eq "$(json_get "$out" 'Object.keys(j).join()')" "version,pid,started,listening,slots,pipelines,jobs" "status --json is the daemon's answer without ok"
expect_eq "$(cat "$T/requests" | tail -n1)" '{"command":"status"}' "status sends the status command"
stop_fake

fake_daemon '{"ok":true,"version":"0.1.0","pid":77,"started":"2026-11-22T00:00:00Z","listening":"127.0.0.1:8181","slots":{"used":4,"max":4},"pipelines":{"webhook":2,"cron":1,"disabled":0},"jobs":{"running":4,"queued":3,"awaiting_approval":0},"queue":{"length":3,"max":10}}'
run status
expect_contains "$(grep '^queue' <<<"$out")" "3 of 10 waiting" "status shows the queue"
expect_contains "$(grep '^jobs' <<<"$out")" "4 running, 3 queued" "and counts the queued jobs"
stop_fake

fake_daemon 'this is not json'
run status
expect_status 1 "a garbled answer"
expect_contains "$err" "osprey: talking to the daemon on $SOCK: malformed answer" "a garbled answer is an error"
stop_fake

done_testing
