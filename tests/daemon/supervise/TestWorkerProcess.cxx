#include "job/WorkerJob.hxx"
#include "lib/uv/Loop.hxx"
#include "supervise/WorkerProcess.hxx"
#include "util/File.hxx"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <doctest/doctest.h>
#include <fcntl.h>
#include <functional>
#include <memory>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace osprey;
using namespace osprey::daemon;

namespace {

/* Records what the supervisor would see. */
struct Recorder final : WorkerProcess::Listener {
	std::vector<WorkerEvent> events;
	std::vector<std::string> errors;
	bool exited = false;
	std::int64_t status = -1;
	int signal = -1;
	std::size_t events_before_exit = 0;

	void OnWorkerEvent(WorkerProcess &, const WorkerEvent &e) noexcept override {
		events.push_back(e);
	}
	void OnWorkerExit(WorkerProcess &, std::int64_t s, int sig) noexcept override {
		exited = true;
		status = s;
		signal = sig;
		events_before_exit = events.size();
	}
	void OnWorkerProtocolError(WorkerProcess &, const std::string &e) noexcept override {
		errors.push_back(e);
	}
};

struct Fixture {
	std::string dir;
	uv::Loop loop;
	Recorder recorder;
	WorkerJob job;

	Fixture() {
		char t[] = "/tmp/osprey-wp-XXXXXX";
		dir = ::mkdtemp(t);
		job.job_id = "j1";
		job.pipeline = "p";
		job.job_dir = dir;
	}
	~Fixture() { RemoveTree(dir); }

	/* a stand-in worker: a shell script run with the real channel on fd 3 */
	std::string Script(std::string_view body) {
		const auto path = dir + "/worker.sh";
		WriteFileAtomic(path, "#!/bin/sh\n" + std::string(body), 0755);
		return path;
	}

	void Run(const std::string &script) {
		WorkerProcess worker(loop, recorder, {script}, ToJsonLine(job), dir + "/worker.log");
		CHECK(worker.Pid() > 0);
		loop.Run();
	}
};

} // namespace

TEST_CASE("WorkerProcess hands over the job and reports events in order, then the exit")
{
	Fixture f;
	f.Run(f.Script(
		"read -r line <&3\n"
		"printf '%s' \"$line\" > \"$(dirname \"$0\")/received\"\n"
		"echo 'stderr goes to worker.log' >&2\n"
		"printf '{\"event\":\"preparing\"}\\n{\"event\":\"running\",\"container\":\"c1\"}\\n' >&3\n"
		"printf '{\"event\":\"finished\",\"exit_code\":3}\\n' >&3\n"
		"exit 1\n"));
	REQUIRE(f.recorder.exited);
	CHECK(f.recorder.status == 1);
	CHECK(f.recorder.signal == 0);
	REQUIRE(f.recorder.events.size() == 3);
	CHECK(f.recorder.events_before_exit == 3);
	CHECK(f.recorder.events[0].kind == WorkerEvent::Kind::Preparing);
	CHECK(f.recorder.events[1].container == "c1");
	CHECK(f.recorder.events[2].exit_code == 3);
	CHECK(ParseWorkerJob(ReadFile(f.dir + "/received")).job_id == "j1");
	CHECK(ReadFile(f.dir + "/worker.log") == "stderr goes to worker.log\n");
	CHECK(f.recorder.errors.empty());
	CHECK(f.loop.AliveHandles().empty());
}

TEST_CASE("WorkerProcess without a job: the arguments reach the worker, the channel is at its end")
{
	Fixture f;
	const auto script = f.Script(
		"if read -r line <&3; then echo \"got a job: $line\" >&2; fi\n"
		"printf '{\"event\":\"removed\",\"container\":\"%s\"}\\n' \"$1\" \"$2\" >&3\n");
	WorkerProcess worker(f.loop, f.recorder, {script, "c1", "c2"}, {}, f.dir + "/worker.log");
	f.loop.Run();
	REQUIRE(f.recorder.exited);
	CHECK(f.recorder.status == 0);
	REQUIRE(f.recorder.events.size() == 2);
	CHECK(f.recorder.events[0].kind == WorkerEvent::Kind::Removed);
	CHECK(f.recorder.events[0].container == "c1");
	CHECK(f.recorder.events[1].container == "c2");
	CHECK(ReadFile(f.dir + "/worker.log").empty());
}

TEST_CASE("WorkerProcess: a worker that dies of a signal, one that lies, one that is missing")
{
	SUBCASE("killed") {
		Fixture f;
		f.Run(f.Script("kill -9 $$\n"));
		REQUIRE(f.recorder.exited);
		CHECK(f.recorder.signal == 9);
	}
	SUBCASE("garbage on the channel") {
		Fixture f;
		f.Run(f.Script("echo 'not json' >&3\necho '{\"event\":\"exploded\"}' >&3\n"
			       "echo '{\"event\":\"failed\",\"reason\":\"r\"}' >&3\n"));
		REQUIRE(f.recorder.exited);
		CHECK(f.recorder.errors.size() == 2);
		REQUIRE(f.recorder.events.size() == 1);
		CHECK(f.recorder.events[0].reason == "r");
	}
	SUBCASE("a partial last line is not an event") {
		Fixture f;
		f.Run(f.Script("printf '{\"event\":\"preparing\"}' >&3\n"));
		REQUIRE(f.recorder.exited);
		CHECK(f.recorder.events.empty());
	}
	SUBCASE("no such executable") {
		Fixture f;
		const auto expected = "starting " + f.dir + "/nope";
		CHECK_THROWS_WITH_AS(WorkerProcess(f.loop, f.recorder, {f.dir + "/nope"},
						   ToJsonLine(f.job), f.dir + "/worker.log"),
				     doctest::Contains(expected.c_str()), std::system_error);
		f.loop.Run();
		CHECK(f.loop.AliveHandles().empty());
	}
}

TEST_CASE("WorkerProcess: Terminate sends SIGTERM")
{
	Fixture f;
	const auto script = f.Script("trap 'echo \"{\\\"event\\\":\\\"failed\\\",\\\"reason\\\":\\\"stopped\\\"}\" >&3; exit 6' TERM\n"
				     "echo '{\"event\":\"running\",\"container\":\"c\"}' >&3\n"
				     "while :; do sleep 0.05; done\n");
	WorkerProcess worker(f.loop, f.recorder, {script}, ToJsonLine(f.job), f.dir + "/worker.log");
	/* terminate once the worker says it runs: wait for the event, not a time */
	while (f.recorder.events.empty())
		f.loop.Run(UV_RUN_ONCE);
	worker.Terminate();
	f.loop.Run();
	REQUIRE(f.recorder.exited);
	CHECK(f.recorder.status == 6);
	REQUIRE(f.recorder.events.size() == 2);
	CHECK(f.recorder.events[1].reason == "stopped");
}

/* bounded waits: the machine is loaded, but nothing here may hang a run */
static bool
RunUntil(uv::Loop &loop, const std::function<bool()> &done, std::chrono::seconds limit = std::chrono::seconds(30))
{
	const auto deadline = std::chrono::steady_clock::now() + limit;
	while (!done()) {
		if (std::chrono::steady_clock::now() > deadline)
			return false;
		loop.Run(UV_RUN_NOWAIT);
		std::this_thread::sleep_for(std::chrono::milliseconds(5));
	}
	return true;
}

TEST_CASE("WorkerProcess sends a job of any size from the loop, never blocking it")
{
	Fixture f;
	f.job.ref = std::string(4 << 20, 'r'); // 4 MiB: far more than a socket buffer
	const auto line = ToJsonLine(f.job);
	/* reads nothing until the test, from the loop, says so; gives up
	   after 10 s (then a blocking send fails instead of hanging) */
	const auto script = f.Script(
		"d=$(dirname \"$0\"); i=0\n"
		"while [ ! -e \"$d/go\" ]; do i=$((i+1)); [ $i -gt 200 ] && exit 9; sleep 0.05; done\n"
		"cat <&3 > \"$d/received\"\n");
	const auto before = std::chrono::steady_clock::now();
	std::unique_ptr<WorkerProcess> worker;
	REQUIRE_NOTHROW(worker = std::make_unique<WorkerProcess>(f.loop, f.recorder,
		std::vector<std::string>{script}, line, f.dir + "/worker.log"));
	CHECK(std::chrono::steady_clock::now() - before < std::chrono::seconds(5));

	WriteFileAtomic(f.dir + "/go", "", 0644); // the loop runs while the worker reads
	REQUIRE(RunUntil(f.loop, [&] { return f.recorder.exited; }));
	CHECK(f.recorder.status == 0);
	CHECK(ReadFile(f.dir + "/received") == line);
	worker.reset();
	f.loop.Run();
	CHECK(f.loop.AliveHandles().empty());
}

TEST_CASE("WorkerProcess starts the worker isolated: own session, only fd 0-3, a filtered environment")
{
	Fixture f;
	::setenv("OSPREY_TEST_DAEMON_SECRET", "from a .env", 1);
	::setenv("LC_TIME", "C", 1);
	/* a descriptor without CLOEXEC, as a library or the parent shell may leave */
	const int null = ::open("/dev/null", O_RDONLY);
	const int leaked = ::dup2(null, 57);
	::close(null);
	REQUIRE(leaked == 57);
	f.Run(f.Script(
		"d=$(dirname \"$0\")\n"
		"set -- $(cut -d' ' -f1,5,6 /proc/$$/stat)\n"
		"echo \"$1 $2 $3\" > \"$d/ids\"\n"
		"env > \"$d/env\"\n"
		"[ -e /proc/$$/fd/57 ] && echo leaked > \"$d/fd57\"\n"
		"exit 0\n"));
	::close(leaked);
	::unsetenv("OSPREY_TEST_DAEMON_SECRET");
	REQUIRE(f.recorder.exited);
	const auto ids = ReadFile(f.dir + "/ids");
	const auto pid = ids.substr(0, ids.find(' '));
	CHECK(ids == pid + " " + pid + " " + pid + "\n"); // session and group leader
	const auto env = ReadFile(f.dir + "/env");
	CHECK(env.find("OSPREY_TEST_DAEMON_SECRET") == std::string::npos);
	CHECK(env.find("PATH=") != std::string::npos);
	CHECK(env.find("LC_TIME=C") != std::string::npos);
	CHECK(::access((f.dir + "/fd57").c_str(), F_OK) != 0);
}

/* dead: no such process, or a zombie nobody reaped yet (init in a container may not) */
static bool
Gone(pid_t pid)
{
	if (::kill(pid, 0) < 0 && errno == ESRCH)
		return true;
	try {
		const auto stat = ReadFile("/proc/" + std::to_string(pid) + "/stat");
		return stat.substr(stat.rfind(')') + 2, 1) == "Z";
	} catch (const std::exception &) {
		return true;
	}
}

TEST_CASE("WorkerProcess: nothing a worker started outlives it")
{
	Fixture f;
	SUBCASE("Kill() kills the worker's process group") {
		const auto script = f.Script(
			"sleep 1000 &\n"
			"echo $! > \"$(dirname \"$0\")/child\"\n"
			"echo '{\"event\":\"preparing\"}' >&3\n"
			"wait\n");
		WorkerProcess worker(f.loop, f.recorder, {script}, ToJsonLine(f.job), f.dir + "/worker.log");
		REQUIRE(RunUntil(f.loop, [&] { return !f.recorder.events.empty(); }));
		const auto child = std::stoi(ReadFile(f.dir + "/child"));
		worker.Kill();
		REQUIRE(RunUntil(f.loop, [&] { return f.recorder.exited; }));
		CHECK(f.recorder.signal == SIGKILL);
		CHECK(RunUntil(f.loop, [&] { return Gone(child); }));
	}
	SUBCASE("a worker that exits leaves nothing running") {
		f.Run(f.Script("sleep 1000 &\necho $! > \"$(dirname \"$0\")/child\"\nexit 0\n"));
		REQUIRE(f.recorder.exited);
		const auto child = std::stoi(ReadFile(f.dir + "/child"));
		CHECK(RunUntil(f.loop, [&] { return Gone(child); }));
	}
	f.loop.Run();
	CHECK(f.loop.AliveHandles().empty());
}
