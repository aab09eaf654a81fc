// Integration: how osprey-worker stops: SIGTERM while the agent runs or
// while git hangs, the supervisor's end of the channel closing, and what a
// SIGKILL leaves for the supervisor to clean.
#include "WorkerFixture.hxx"
#include "engine/EngineClient.hxx"
#include "util/File.hxx"

#include <doctest/doctest.h>

#include <arpa/inet.h>
#include <csignal>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace osprey;
using namespace osprey::test;
using Kind = WorkerEvent::Kind;

TEST_CASE("SIGTERM mid-run stops and removes the container quickly: WorkerExit::Stopped")
{
	ScratchDir scratch;
	const std::string repo = scratch.Path() + "/repo";
	MakeRepository(repo);

	for (const auto type : {WorkspaceType::GitClone, WorkspaceType::GitWorktree}) {
		CAPTURE(Name(type));
		ScratchDir job_scratch;
		WorkerJob job = MakeJob(job_scratch.Path(), "Take your time\nSLEEP 30\n");
		job.workspace = type;
		job.repo = "file://" + repo;
		job.ref = "main";
		job.stop_grace = std::chrono::seconds(10);

		WorkerProcess worker(job.job_dir);
		worker.Send(job);
		REQUIRE(worker.WaitFor(Kind::Running, std::chrono::seconds(30)));
		/* the agent is inside its sleep once it listed the workspace */
		const auto listed = std::chrono::steady_clock::now() + std::chrono::seconds(10);
		while (!Contains(ReadOr(job.job_dir + "/output.log"), "hello.txt") &&
		       std::chrono::steady_clock::now() < listed)
			::usleep(20000);
		const auto signalled = std::chrono::steady_clock::now();
		REQUIRE(::kill(worker.GetPid(), SIGTERM) == 0);
		const WorkerRun run = worker.Finish(std::chrono::seconds(20));
		const auto took = std::chrono::steady_clock::now() - signalled;

		INFO("worker.log:\n", ReadOr(job.job_dir + "/worker.log"));
		CHECK(run.exit_status == static_cast<int>(WorkerExit::Stopped));
		CHECK(run.Kinds() == std::vector<Kind>{Kind::Preparing, Kind::Starting, Kind::Running,
						       Kind::Failed});
		CHECK(Contains(run.FailedReason(), "SIGTERM"));
		/* the entry script passes SIGTERM on: well within the grace period */
		CHECK(took < std::chrono::seconds(5));
		CHECK(ContainersOfJob(job.job_id) == 0);
		CHECK_FALSE(PathExists(job.job_dir + "/workspace"));
		CHECK_FALSE(PathExists(job.job_dir + "/result.md"));
		MESSAGE("stopped ", Name(type), " job in ",
			std::chrono::duration_cast<std::chrono::milliseconds>(took).count(), " ms");
	}
}

TEST_CASE("SIGTERM while git hangs kills git and stops the job")
{
	/* a git server that accepts connections and never answers */
	const int listener = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	REQUIRE(listener >= 0);
	sockaddr_in address{};
	address.sin_family = AF_INET;
	address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	socklen_t length = sizeof(address);
	REQUIRE(::bind(listener, reinterpret_cast<sockaddr *>(&address), sizeof(address)) == 0);
	REQUIRE(::listen(listener, 8) == 0);
	REQUIRE(::getsockname(listener, reinterpret_cast<sockaddr *>(&address), &length) == 0);

	ScratchDir scratch;
	WorkerJob job = MakeJob(scratch.Path(), "never runs\n");
	job.workspace = WorkspaceType::GitClone;
	job.repo = "git://127.0.0.1:" + std::to_string(ntohs(address.sin_port)) + "/hangs.git";
	job.ref = "main";

	WorkerProcess worker(job.job_dir);
	worker.Send(job);
	REQUIRE(worker.WaitFor(Kind::Preparing, std::chrono::seconds(10)));
	/* git is connected (and waiting) once the listener has a connection */
	pollfd pfd{listener, POLLIN, 0};
	REQUIRE(::poll(&pfd, 1, 10000) == 1);
	const auto signalled = std::chrono::steady_clock::now();
	REQUIRE(::kill(worker.GetPid(), SIGTERM) == 0);
	const WorkerRun run = worker.Finish(std::chrono::seconds(20));
	const auto took = std::chrono::steady_clock::now() - signalled;
	::close(listener);

	INFO("worker.log:\n", ReadOr(job.job_dir + "/worker.log"));
	CHECK(run.exit_status == static_cast<int>(WorkerExit::Stopped));
	CHECK(run.Kinds() == std::vector<Kind>{Kind::Preparing, Kind::Failed});
	CHECK(took < std::chrono::seconds(3));
	CHECK_FALSE(PathExists(job.job_dir + "/workspace"));
}

/* Runs @p job and kills its worker (SIGKILL) once the container runs: what a
   dead worker, or a dead daemon's, leaves behind. Returns the container id. */
static std::string
KillMidRun(const WorkerJob &job)
{
	WorkerProcess worker(job.job_dir);
	worker.Send(job);
	REQUIRE(worker.WaitFor(Kind::Running, std::chrono::seconds(30)));
	REQUIRE(::kill(worker.GetPid(), SIGKILL) == 0);
	worker.CloseChannel();
	const WorkerRun killed = worker.Finish(std::chrono::seconds(10));
	CHECK(killed.exit_status == -1);
	REQUIRE(killed.Find(Kind::Running) != nullptr);
	return killed.Find(Kind::Running)->container;
}

TEST_CASE("After a SIGKILL of the worker, --remove-containers finds its container by label and removes it")
{
	ScratchDir scratch;
	WorkerJob job = MakeJob(scratch.Path(), "Take your time\nSLEEP 30\n");
	job.home = scratch.Path() + "/home";
	job.daemon_id = "d1";
	KillMidRun(job);

	EngineClient engine(job.engine_socket);
	const auto found = engine.ListContainers({"osprey.job=" + job.job_id, "osprey.managed=true",
						  "osprey.pipeline=worker-test", "osprey.home=" + job.home,
						  "osprey.daemon=d1"});
	REQUIRE(found.size() == 1);

	/* a daemon's start-up sweep takes its own home's containers only, and
	   spares those of its own jobs */
	const auto start_up_sweep = [&](const std::string &home, const std::string &daemon) {
		WorkerProcess sweep(job.job_dir, {"--remove-containers", job.engine_socket, "--home", home,
						  "--spare-daemon", daemon});
		return sweep.Finish(std::chrono::seconds(30));
	};
	for (const auto &[home, daemon] : {std::pair{scratch.Path() + "/other-home", std::string("d2")},
					   std::pair{job.home, std::string("d1")}}) {
		CAPTURE(home);
		CAPTURE(daemon);
		const WorkerRun spared = start_up_sweep(home, daemon);
		CHECK(spared.exit_status == 0);
		for (const auto &event : spared.events)
			CHECK(event.container != found[0].id);
		CHECK(ContainersOfJob(job.job_id) == 1);
	}

	/* what the supervisor does after a worker died: remove that job's */
	WorkerProcess sweep(job.job_dir, {"--remove-containers", job.engine_socket, job.job_id});
	const WorkerRun swept = sweep.Finish(std::chrono::seconds(30));
	INFO("worker.log:\n", ReadOr(job.job_dir + "/worker.log"));
	CHECK(swept.exit_status == 0);
	REQUIRE(swept.Kinds() == std::vector<Kind>{Kind::Removed});
	CHECK(swept.events[0].container == found[0].id);
	CHECK(ContainersOfJob(job.job_id) == 0);

	/* nothing left: a second sweep removes nothing and succeeds */
	WorkerProcess again(job.job_dir, {"--remove-containers", job.engine_socket, job.job_id});
	const WorkerRun second = again.Finish(std::chrono::seconds(30));
	CHECK(second.exit_status == 0);
	CHECK(second.events.empty());
}

TEST_CASE("A new daemon's start-up sweep removes what its home's dead daemon left")
{
	ScratchDir scratch;
	WorkerJob job = MakeJob(scratch.Path(), "Take your time\nSLEEP 30\n");
	job.home = scratch.Path() + "/home";
	job.daemon_id = "dead";
	const std::string container = KillMidRun(job);

	WorkerProcess sweep(job.job_dir, {"--remove-containers", job.engine_socket, "--home", job.home,
					  "--spare-daemon", "alive"});
	const WorkerRun swept = sweep.Finish(std::chrono::seconds(30));
	CHECK(swept.exit_status == 0);
	REQUIRE(swept.Kinds() == std::vector<Kind>{Kind::Removed});
	CHECK(swept.events[0].container == container);
	CHECK(ContainersOfJob(job.job_id) == 0);
}

TEST_CASE("osprey-worker --remove-containers on an engine that is not there: a failed event, exit 4")
{
	ScratchDir scratch;
	const auto socket = scratch.Path() + "/no-engine.sock";
	WorkerProcess sweep(scratch.Path(), {"--remove-containers", socket, "some-job"});
	const WorkerRun run = sweep.Finish(std::chrono::seconds(30));
	CHECK(run.exit_status == static_cast<int>(WorkerExit::Engine));
	REQUIRE(run.Kinds() == std::vector<Kind>{Kind::Failed});
	CHECK(Contains(run.events[0].reason, socket));

	for (const auto &args : {std::vector<std::string>{"--remove-containers", socket},
				 std::vector<std::string>{"--remove-containers", socket, "--spare-daemon"},
				 std::vector<std::string>{"--remove-containers", socket, "--home", "relative",
							  "--spare-daemon", "d"}}) {
		WorkerProcess usage(scratch.Path(), args);
		CHECK(usage.Finish(std::chrono::seconds(30)).exit_status ==
		      static_cast<int>(WorkerExit::Usage));
	}
}

TEST_CASE("Closing the channel (the supervisor died) stops the job too")
{
	ScratchDir scratch;
	WorkerJob job = MakeJob(scratch.Path(), "Take your time\nSLEEP 30\n");
	WorkerProcess worker(job.job_dir);
	worker.Send(job);
	REQUIRE(worker.WaitFor(Kind::Running, std::chrono::seconds(30)));
	worker.CloseChannel();
	const WorkerRun run = worker.Finish(std::chrono::seconds(20));
	const std::string log = ReadOr(job.job_dir + "/worker.log");
	INFO("worker.log:\n", log);
	CHECK(run.exit_status == static_cast<int>(WorkerExit::Stopped));
	CHECK(Contains(log, "the supervisor closed the channel"));
	CHECK(ContainersOfJob(job.job_id) == 0);
}

