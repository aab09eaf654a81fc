// An exclusive flock(2) on a lock file, held for the object's lifetime:
// jobs on the same repository take turns on its cached clone.
#pragma once

#include "lib/posix/UniqueFd.hxx"

#include <chrono>
#include <functional>
#include <string>

namespace osprey {

class FileLock {
	UniqueFd fd;

public:
	/// Waits for the lock on @p path (created 0600 when missing), at most
	/// @p timeout; gives up early when @p cancelled returns true. Throws
	/// std::runtime_error naming the file.
	FileLock(const std::string &path, std::chrono::milliseconds timeout,
		 const std::function<bool()> &cancelled);

	/// Closing the descriptor releases the lock.
	~FileLock() noexcept = default;
	FileLock(FileLock &&) noexcept = default;
	FileLock &operator=(FileLock &&) noexcept = default;
};

} // namespace osprey
