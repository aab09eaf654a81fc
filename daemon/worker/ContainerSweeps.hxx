// Removing the containers that outlived their job: after a worker died (it
// could not remove its own) and at start (a dead daemon's). Each sweep is an
// `osprey-worker --remove-containers` child, so the supervisor links neither
// the engine client nor libcurl (some thirty shared libraries, 4.6 MiB of
// resident memory) and never waits on the engine. Runs on the loop's thread.
#pragma once

#include <list>
#include <memory>
#include <string>
#include <vector>

namespace osprey::uv {
class Loop;
}

namespace osprey::daemon {

class ContainerSweeps {
	struct Sweep;

	uv::Loop &loop;
	const std::string worker_path;
	std::list<std::unique_ptr<Sweep>> running;

public:
	ContainerSweeps(uv::Loop &loop, std::string worker_path) noexcept;
	~ContainerSweeps() noexcept;

	ContainerSweeps(const ContainerSweeps &) = delete;
	ContainerSweeps &operator=(const ContainerSweeps &) = delete;

	/// Removes @p job_id's containers from the engine at @p engine_socket.
	/// What was removed, and any failure, goes to the log.
	void RemoveOfJob(const std::string &engine_socket, const std::string &job_id) noexcept;

	/// Removes every container of the Osprey home @p home but those of the
	/// jobs of the supervisor @p daemon_id (WorkerJob): at start, what a
	/// dead daemon left, without racing the new daemon's first jobs.
	void RemoveAllBut(const std::string &engine_socket, const std::string &home,
			  const std::string &daemon_id) noexcept;

	/// Lets the loop end: running sweeps are no longer watched, yet finish
	/// on their own.
	void Close() noexcept;

	bool Empty() const noexcept { return running.empty(); }

private:
	/* @p job: for the log, empty for all */
	void Start(std::vector<std::string> args, const std::string &job) noexcept;
};

} // namespace osprey::daemon
