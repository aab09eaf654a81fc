// One osprey-worker child, as the supervisor sees it: started with only its
// channel (fd 3, a socketpair), stdin/stdout on /dev/null, stderr appended
// to the job's worker.log, in a session and process group of its own (the
// terminal's Ctrl-C never reaches it; killing it kills what it started) and
// with only the environment it needs. The job goes down the channel as one
// JSON line, written from the loop as the worker reads it (a
// --remove-containers worker gets none);
// events come back as JSON lines and are reported in order, all of them
// before the exit. A worker that crashes or is killed is just an exit with a
// signal: nothing here trusts the child.
#pragma once

#include "job/WorkerJob.hxx"
#include "lib/posix/UniqueFd.hxx"
#include "lib/uv/Poll.hxx"
#include "lib/uv/Process.hxx"

#include <csignal>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace osprey::uv {
class Loop;
}

namespace osprey::daemon {

class WorkerProcess final : uv::Process::Listener, uv::Poll::Listener {
public:
	class Listener {
	public:
		virtual void OnWorkerEvent(WorkerProcess &worker, const WorkerEvent &event) noexcept = 0;
		/// The last report: no event follows. The WorkerProcess may be
		/// destroyed from here.
		virtual void OnWorkerExit(WorkerProcess &worker, std::int64_t exit_status,
					  int term_signal) noexcept = 0;
		/// A line the worker sent that is not a valid event (a bug).
		virtual void OnWorkerProtocolError(WorkerProcess &worker, const std::string &error) noexcept = 0;

	protected:
		~Listener() = default;
	};

private:
	Listener &listener;
	UniqueFd channel;
	uv::Poll poll;
	uv::Process process;
	std::string input;
	/* the job line, sent as the channel takes it */
	std::string output;
	std::size_t written = 0;

public:
	/// Starts @p args[0] with @p args, sends it @p job_line (a WorkerJob
	/// from ToJsonLine(); nothing when empty) and appends its stderr to
	/// @p stderr_path. Never blocks: the line goes out from the loop.
	/// Throws std::system_error when the worker cannot be started
	/// (missing executable, no descriptors).
	WorkerProcess(uv::Loop &loop, Listener &listener, std::vector<std::string> args,
		      std::string_view job_line, const std::string &stderr_path);
	~WorkerProcess() noexcept = default;

	WorkerProcess(const WorkerProcess &) = delete;
	WorkerProcess &operator=(const WorkerProcess &) = delete;

	int Pid() const noexcept { return process.Pid(); }

	/// SIGTERM to the worker alone: it stops its container (with the
	/// job's grace), ends its children and exits.
	void Terminate() noexcept;
	/// SIGKILL to the worker's whole process group: for a worker that did
	/// not stop in time, and whatever it started (git).
	void Kill() noexcept;

private:
	void WatchChannel() noexcept;
	/* sends what the channel takes of the job; shuts our side down once all is out */
	void WriteChannel() noexcept;
	/* reads what is there; false once the channel is at its end */
	bool ReadChannel() noexcept;
	void DeliverLines() noexcept;

	void OnPoll(uv::Poll &, int status, int events) noexcept override;
	void OnProcessExit(uv::Process &, std::int64_t exit_status, int term_signal) noexcept override;
};

} // namespace osprey::daemon
