// The worker's stop switch: what a stop request (SIGTERM from the supervisor,
// or the supervisor going away) must reach while the job runs: the git
// process of the moment and the container. The main thread registers them;
// the signal watcher thread (Signals.hxx) calls RequestStop(). Thread-safe.
#pragma once

#include <atomic>
#include <chrono>
#include <mutex>
#include <stop_token>
#include <string>
#include <sys/types.h>

namespace osprey {

class EngineClient;
class WorkerLog;

class StopSwitch {
	std::atomic<bool> stopping{false};
	/** the stop is a failure of the job (RequestFailure()), not a request */
	std::atomic<bool> failure{false};
	std::stop_source stop_source;

	std::mutex mutex;
	std::string reason;
	/** the running git command, or 0 */
	pid_t child = 0;
	/** the job's container once created, and how to stop it */
	std::string container;
	const EngineClient *engine = nullptr;
	std::chrono::seconds grace{10};
	WorkerLog *log = nullptr;

public:
	void SetLog(WorkerLog &_log) noexcept { log = &_log; }

	bool IsStopping() const noexcept { return stopping.load(); }
	/// Whether the stop came from RequestFailure().
	bool IsFailure() const noexcept { return failure.load(); }
	std::string GetStopReason();

	/// Cancels the blocking engine calls that take it (they throw
	/// EngineCallCancelled) once a stop was requested and no container is
	/// there to stop.
	std::stop_token GetStopToken() const noexcept { return stop_source.get_token(); }

	/// Registers a git child just forked; false when a
	/// stop was already requested (the caller kills it itself).
	bool SetChild(pid_t pgid);
	void ClearChild();

	/// Registers the job's container; false when a stop was already
	/// requested (the caller stops it itself).
	bool SetContainer(const EngineClient &engine, std::string id, std::chrono::seconds grace);
	void ClearContainer();

	/// From the watcher thread: marks the job stopping, terminates the git
	/// child, and stops the container (SIGTERM, SIGKILL after the grace
	/// period), blocking until the engine has done so. Later calls only
	/// log. Never throws.
	void RequestStop(const std::string &why) noexcept;

	/// RequestStop() because the job broke a rule (the disk budget): the
	/// job fails with @p reason rather than counting as stopped.
	void RequestFailure(const std::string &reason) noexcept;

private:
	/* the first call wins: a later one only logs */
	void Stop(const std::string &why, bool is_failure) noexcept;
};

} // namespace osprey
