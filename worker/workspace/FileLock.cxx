#include "FileLock.hxx"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <sys/file.h>
#include <thread>

namespace osprey {

FileLock::FileLock(const std::string &path, std::chrono::milliseconds timeout,
		   const std::function<bool()> &cancelled)
	: fd(::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600))
{
	if (!fd.IsDefined())
		throw std::runtime_error("opening lock file " + path + ": " + std::strerror(errno));

	/* polled rather than blocking, so a stop request is not stuck behind
	   another job's long fetch */
	const auto deadline = std::chrono::steady_clock::now() + timeout;
	while (::flock(fd.Get(), LOCK_EX | LOCK_NB) < 0) {
		if (errno != EWOULDBLOCK && errno != EINTR)
			throw std::runtime_error("locking " + path + ": " + std::strerror(errno));
		if (cancelled())
			throw std::runtime_error("waiting for lock " + path + ": cancelled");
		if (std::chrono::steady_clock::now() >= deadline)
			throw std::runtime_error("waiting for lock " + path + ": still held by another job after " +
						 std::to_string(timeout.count() / 1000) + " s");
		std::this_thread::sleep_for(std::chrono::milliseconds(50));
	}
}

} // namespace osprey
