// The dashboard's reader of ~/.osprey, on a thread of its own: the pipeline
// list and the job records at start, the followed job's output.log twice a
// second, and the records again while the daemon cannot push changes.
#pragma once

#include "Shared.hxx"
#include "config/Home.hxx"

#include <atomic>
#include <condition_variable>
#include <thread>

namespace osprey::dashboard {

class DiskReader {
	const Home &home;
	Shared &shared;
	std::atomic<bool> stop{false};
	std::mutex wait_mutex;
	std::condition_variable wait;
	std::thread thread;

public:
	/// Starts reading at once. @p home and @p shared outlive the reader.
	DiskReader(const Home &home, Shared &shared);
	/// Stops and joins (within a file read).
	~DiskReader() noexcept;

	DiskReader(const DiskReader &) = delete;
	DiskReader &operator=(const DiskReader &) = delete;

	/// Read now (the followed job changed).
	void Poke() noexcept { wait.notify_all(); }

private:
	void Run() noexcept;
	void ListPipelines() noexcept;
	void LoadFirstPipelines() noexcept;
	void LoadConfig() noexcept;
	void LoadJobs(bool only_new) noexcept;
	void ReadFollowed() noexcept;
};

} // namespace osprey::dashboard
