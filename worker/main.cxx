// osprey-worker: runs one job for the supervisor (osprey start) and exits.
//
// The supervisor starts it with stdin and stdout on /dev/null, stderr
// appended to the job's worker.log, and fd 3 one end of a socketpair: the
// worker reads one WorkerJob JSON line from fd 3, answers with WorkerEvent
// JSON lines on it, and exits with a WorkerExit status (common/job/WorkerJob.hxx).
// SIGTERM, or the supervisor closing fd 3, stops the job: the container is
// stopped and removed, the workspace cleaned up, and the exit status is 6.
//
// With --remove-containers it runs no job: it removes containers that
// outlived theirs, for the supervisor (LeftoverContainers.hxx).
#include "JobRun.hxx"
#include "LeftoverContainers.hxx"
#include "ProcessTree.hxx"
#include "Signals.hxx"
#include "StopSwitch.hxx"
#include "SupervisorLink.hxx"
#include "Version.h"
#include "WorkerLog.hxx"
#include "lib/curl/Global.hxx"
#include "lib/posix/UniqueFd.hxx"
#include "util/Error.hxx"

#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <string_view>

using namespace osprey;

static constexpr const char *kUsage =
	"Usage: osprey-worker [--job FILE]\n"
	"       osprey-worker --remove-containers SOCKET (JOB | --home DIR --spare-daemon ID)\n"
	"\n"
	"Runs one Osprey job: prepares its workspace, runs the agent container, and\n"
	"reports progress. Started by the Osprey daemon (osprey start), not by hand.\n"
	"\n"
	"Without options, the job is one JSON line read from file descriptor 3 (a\n"
	"socketpair from the daemon), and progress events are written back to it as\n"
	"JSON lines. Progress messages for humans go to standard error.\n"
	"\n"
	"Options:\n"
	"  --job FILE   read the job's JSON line from FILE instead (for debugging by\n"
	"               hand) and print the events on standard output\n"
	"  --remove-containers SOCKET (JOB | --home DIR --spare-daemon ID)\n"
	"               run no job: remove the containers Osprey left on the engine\n"
	"               at SOCKET: JOB's, or those of the Osprey home DIR but the\n"
	"               ones of daemon ID's jobs; report \"removed\" events on fd 3\n"
	"               (on standard output when fd 3 is not open)\n"
	"  --help       show this help\n"
	"  --version    show the version\n"
	"\n"
	"Events: preparing, starting, running (container id), finished (exit_code),\n"
	"failed (reason), removed (container). SIGTERM stops the job: the container gets SIGTERM, then\n"
	"SIGKILL after the job's stop grace period, and is removed.\n"
	"\n"
	"Exit status: 0 the agent succeeded, 1 the agent exited non-zero, 2 usage or\n"
	"unreadable job, 3 workspace failed, 4 container engine failed, 5 image\n"
	"missing, 6 stopped, 7 internal error.\n";

static int
Exit(WorkerExit code) noexcept
{
	return static_cast<int>(code);
}

static WorkerExit
RemoveContainers(const std::string &engine_socket, const LeftoverSelection &selection) noexcept
{
	const bool own_channel = ::fcntl(kSupervisorFd, F_SETFD, FD_CLOEXEC) == 0;
	EventReporter events(own_channel ? kSupervisorFd : 1);
	try {
		const CurlGlobal curl_global;
		return RemoveLeftoverContainers(engine_socket, selection, events);
	} catch (...) {
		events.Send({WorkerEvent::Kind::Failed, {}, 0, FullMessage(std::current_exception())});
		return WorkerExit::Internal;
	}
}

int
main(int argc, char **argv)
{
	const auto started = std::chrono::steady_clock::now();
	const char *job_file = nullptr;
	if (argc >= 3 && std::string_view(argv[1]) == "--remove-containers") {
		if (argc == 4 && argv[3][0] != '-' && argv[3][0] != '\0')
			return Exit(RemoveContainers(argv[2], {argv[3], {}, {}}));
		if (argc == 7 && std::string_view(argv[3]) == "--home" && argv[4][0] == '/' &&
		    std::string_view(argv[5]) == "--spare-daemon")
			return Exit(RemoveContainers(argv[2], {{}, argv[4], argv[6]}));
		std::fprintf(stderr, "osprey-worker: bad --remove-containers arguments\n%s", kUsage);
		return Exit(WorkerExit::Usage);
	}
	for (int i = 1; i < argc; ++i) {
		const std::string_view arg = argv[i];
		if (arg == "--help" || arg == "-h") {
			std::fputs(kUsage, stdout);
			return 0;
		} else if (arg == "--version") {
			std::printf("osprey-worker %s\n", OSPREY_VERSION);
			return 0;
		} else if (arg == "--job" && i + 1 < argc) {
			job_file = argv[++i];
		} else {
			std::fprintf(stderr, "osprey-worker: unexpected argument \"%s\"\n%s", argv[i], kUsage);
			return Exit(WorkerExit::Usage);
		}
	}

	WorkerLog log(2);
	try {
		/* before any thread exists, so every thread inherits the mask */
		BlockStopSignals();
		/* what git's helpers orphan stays ours to end (ProcessTree.hxx) */
		BecomeSubreaper();

		int channel_fd = kSupervisorFd;
		UniqueFd job_fd;
		if (job_file != nullptr) {
			job_fd.Reset(::open(job_file, O_RDONLY | O_CLOEXEC));
			if (!job_fd.IsDefined()) {
				log.Line(std::string("cannot open ") + job_file + ": " + std::strerror(errno));
				return Exit(WorkerExit::Usage);
			}
			channel_fd = 1;
		} else if (::fcntl(kSupervisorFd, F_SETFD, FD_CLOEXEC) < 0) {
			/* nor does git inherit it: the supervisor must see EOF when we die */
			log.Line("file descriptor 3 is not open: osprey-worker is started by the "
				 "Osprey daemon; use --job FILE to run a job by hand");
			return Exit(WorkerExit::Usage);
		}

		WorkerJob job;
		try {
			job = ParseWorkerJob(ReadJobLine(job_file != nullptr ? job_fd.Get() : kSupervisorFd));
		} catch (const std::exception &e) {
			log.Line(std::string("bad job: ") + e.what());
			return Exit(WorkerExit::Usage);
		}
		log.SetJob(job.job_id);
		log.Line("osprey-worker " OSPREY_VERSION " started for pipeline " + job.pipeline +
			 " (" + std::string(Name(job.agent)) + ", image " + job.image + ")");

		const CurlGlobal curl_global;
		EventReporter events(channel_fd);
		StopSwitch control;
		control.SetLog(log);
		JobRun run(job, events, log, control, started);
		/* declared after run: joined before run's engine client goes,
		   which the watcher may be using to stop the container; a
		   hang-up on the channel means the supervisor died */
		const StopWatcher watcher(control, job_file != nullptr ? -1 : kSupervisorFd);
		return Exit(run.Run());
	} catch (...) {
		log.Line("internal error: " + FullMessage(std::current_exception()));
		return Exit(WorkerExit::Internal);
	}
}
