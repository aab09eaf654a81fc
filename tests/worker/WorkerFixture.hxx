// Shared setup of the osprey-worker integration tests: the built worker
// (OSPREY_WORKER) run as a real child process over a real socketpair, the
// private engine (OSPREY_TEST_ENGINE_SOCKET), git repositories made for the
// test, and a job directory per test.
#pragma once

#include "job/WorkerJob.hxx"

#include <chrono>
#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

namespace osprey::test {

inline constexpr const char *kWorkerTestImage = "localhost/osprey-test-agent:latest";

/// The value of an environment variable the meson test sets; throws saying
/// how to run the tests when it is missing.
std::string RequiredEnv(const char *name);

/// A temporary directory (under /tmp, short), removed at scope exit.
class ScratchDir {
	std::string path;

public:
	ScratchDir();
	~ScratchDir() noexcept;
	ScratchDir(const ScratchDir &) = delete;
	ScratchDir &operator=(const ScratchDir &) = delete;
	const std::string &Path() const noexcept { return path; }
};

/// A TCP listener on 127.0.0.1, a git server the test answers by hand (or
/// never: a connection waits in its backlog).
class LoopbackListener {
	int fd = -1;
	int port = 0;

public:
	LoopbackListener();
	~LoopbackListener() noexcept { Close(); }
	LoopbackListener(const LoopbackListener &) = delete;
	LoopbackListener &operator=(const LoopbackListener &) = delete;

	int Port() const noexcept { return port; }
	/// True once a client is waiting to be accepted, within @p timeout_ms.
	bool WaitForClient(int timeout_ms) const;
	/// The next client's descriptor (close it), or -1.
	int Accept() const;
	/// Nobody listens any more: later connections are refused.
	void Close() noexcept;
};

/// Runs a command (no shell) and throws when it fails; returns its stdout.
std::string Run(const std::vector<std::string> &argv, const std::string &cwd = {});

/// A git repository at @p dir with a commit of "hello.txt" on main, a
/// branch "feature" adding "feature.txt", a tag "v1" on main's commit.
/// Returns main's commit id.
std::string MakeRepository(const std::string &dir);

/// A job for the test engine and image, in @p scratch/job (created, with
/// prompt.md holding @p prompt).
WorkerJob MakeJob(const std::string &scratch, const std::string &prompt);

/// The events and the end of one worker run.
struct WorkerRun {
	std::vector<WorkerEvent> events;
	/// WorkerExit value, or -1 when the worker died by a signal
	int exit_status = -1;
	std::chrono::milliseconds duration{};
	/// From the worker's start to its Running event.
	std::optional<std::chrono::milliseconds> time_to_running;

	std::vector<WorkerEvent::Kind> Kinds() const;
	const WorkerEvent *Find(WorkerEvent::Kind kind) const;
	/// The reason of the Failed event, or "(no failed event)".
	std::string FailedReason() const;
};

/// osprey-worker as a child: fds 0 and 1 on /dev/null, fd 2 appended to
/// <job_dir>/worker.log, fd 3 one end of a socketpair; every other
/// descriptor closed; @p args after its name. With @p own_group, in a
/// process group of its own, as the supervisor starts it. Killed (SIGKILL,
/// its group too) if still running at destruction.
class WorkerProcess {
	pid_t pid = -1;
	bool own_group = false;
	int channel = -1;
	int pidfd = -1;
	std::chrono::steady_clock::time_point started;
	std::string buffer;
	WorkerRun run;

public:
	explicit WorkerProcess(const std::string &job_dir, const std::vector<std::string> &args = {},
			       bool own_group = false);
	~WorkerProcess() noexcept;
	WorkerProcess(const WorkerProcess &) = delete;
	WorkerProcess &operator=(const WorkerProcess &) = delete;

	pid_t GetPid() const noexcept { return pid; }

	/// Sends @p line (a newline is added when missing).
	void Send(std::string line);
	void Send(const WorkerJob &job) { Send(ToJsonLine(job)); }

	/// Closes our end of the channel, as a dying supervisor would.
	void CloseChannel() noexcept;

	/// Reads events until one of @p kind arrived (true) or the channel
	/// closed (false); throws after @p timeout.
	bool WaitFor(WorkerEvent::Kind kind, std::chrono::milliseconds timeout);

	/// Reads the remaining events (unless the channel was closed) and
	/// waits for the exit, at most @p timeout (else throws; the destructor
	/// kills the worker).
	WorkerRun Finish(std::chrono::milliseconds timeout);

private:
	/// One event, or nullopt at the channel's end; throws on timeout.
	std::optional<WorkerEvent> Next(std::chrono::steady_clock::time_point deadline);
};

/// Runs @p job through a fresh worker and returns what happened.
WorkerRun RunWorker(const WorkerJob &job,
		    std::chrono::milliseconds timeout = std::chrono::seconds(60));

/// Containers of the test engine carrying osprey.job=<job_id>.
std::size_t ContainersOfJob(const std::string &job_id);

/// True when @p haystack contains @p needle.
bool Contains(const std::string &haystack, const std::string &needle);

/// Whole file, or "" when missing.
std::string ReadOr(const std::string &path);

} // namespace osprey::test
