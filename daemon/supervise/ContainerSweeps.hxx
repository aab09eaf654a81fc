// Removing the containers that outlived their job: after a worker died (it
// could not remove its own) and at start (a dead daemon's). Each sweep is an
// `osprey-worker --remove-containers` child, so the supervisor links neither
// the engine client nor libcurl (some thirty shared libraries, 4.6 MiB of
// resident memory) and never waits on the engine. Runs on the loop's thread.
//
// An engine that is down, dies or freezes must not let a container run on
// unaccounted: a sweep that fails is retried with capped exponential
// backoff until it succeeds, and one that hangs (a frozen engine) is killed
// and retried. Only a sweep that succeeded says the job's containers are
// gone (removed, or confirmed absent).
#pragma once

#include <chrono>
#include <functional>
#include <list>
#include <memory>
#include <string>
#include <vector>

namespace osprey::uv {
class Loop;
}

namespace osprey::daemon {

struct SweepTiming {
	/** the first retry's delay; doubled per failure up to max_retry */
	std::chrono::milliseconds first_retry{1000}, max_retry{60000};
	/** a sweep still running after this is killed and retried: the
	    engine client's own requests time out after 30 s each */
	std::chrono::milliseconds hang{120000};
};

class ContainerSweeps {
	struct Sweep;

public:
	using Timing = SweepTiming;

private:
	uv::Loop &loop;
	const std::string worker_path;
	const Timing timing;
	std::list<std::unique_ptr<Sweep>> running;

public:
	ContainerSweeps(uv::Loop &loop, std::string worker_path, Timing timing = {}) noexcept;
	~ContainerSweeps() noexcept;

	ContainerSweeps(const ContainerSweeps &) = delete;
	ContainerSweeps &operator=(const ContainerSweeps &) = delete;

	/// Removes @p job_id's containers from the engine at @p engine_socket,
	/// retrying until that succeeds; then calls @p on_gone (if any), on
	/// the loop's thread. What was removed, and every failure, goes to the log.
	void RemoveOfJob(const std::string &engine_socket, const std::string &job_id,
			 std::function<void()> on_gone = {}) noexcept;

	/// Removes every container of the Osprey home @p home but those of the
	/// jobs of the supervisor @p daemon_id (WorkerJob): at start, what a
	/// dead daemon left, without racing the new daemon's first jobs.
	/// Retried until it succeeds once.
	void RemoveAllBut(const std::string &engine_socket, const std::string &home,
			  const std::string &daemon_id) noexcept;

	/// Lets the loop end: sweeps are no longer retried or watched (no
	/// on_gone follows); a running one finishes on its own.
	void Close() noexcept;

	bool Empty() const noexcept { return running.empty(); }

private:
	/* @p job: for the log, empty for all */
	void Start(std::vector<std::string> args, const std::string &job,
		   std::function<void()> on_gone) noexcept;
};

} // namespace osprey::daemon
