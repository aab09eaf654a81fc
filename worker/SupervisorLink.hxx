// The worker's end of the status socket to the supervisor (fd 3, a
// socketpair): one WorkerJob JSON line in, WorkerEvent JSON lines out
// (common/job/WorkerJob.hxx). Run by hand (--job FILE), the job comes from a
// file and events go to stdout.
#pragma once

#include "job/WorkerJob.hxx"

#include <mutex>
#include <string>

namespace osprey {

/// The file descriptor the supervisor passes the status socket on.
inline constexpr int kSupervisorFd = 3;

/// Reads up to and excluding the first '\n' (or to EOF) from @p fd.
/// Throws std::runtime_error on a read error, an empty channel, or a line
/// above 64 MiB.
std::string ReadJobLine(int fd);

/// Sends WorkerEvents to the supervisor, one JSON line each; thread-safe.
class EventReporter {
	int fd;
	bool broken = false;
	std::mutex mutex;

public:
	explicit EventReporter(int _fd) noexcept : fd(_fd) {}

	/// Writes one event line whole. A supervisor that went away is not an
	/// error here (the job is then being stopped): returns false.
	bool Send(const WorkerEvent &event) noexcept;
};

} // namespace osprey
