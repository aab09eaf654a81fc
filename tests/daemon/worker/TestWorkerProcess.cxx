#include "job/WorkerJob.hxx"
#include "lib/uv/Loop.hxx"
#include "util/File.hxx"
#include "worker/WorkerProcess.hxx"

#include <doctest/doctest.h>
#include <sys/stat.h>
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
