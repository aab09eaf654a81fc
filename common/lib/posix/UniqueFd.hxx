// Owns one file descriptor; the only place that calls close(2).
#pragma once

#include <unistd.h>
#include <utility>

namespace osprey {

class UniqueFd {
	int fd = -1;

public:
	UniqueFd() noexcept = default;
	explicit UniqueFd(int _fd) noexcept : fd(_fd) {}
	UniqueFd(UniqueFd &&other) noexcept : fd(std::exchange(other.fd, -1)) {}
	UniqueFd &operator=(UniqueFd &&other) noexcept {
		std::swap(fd, other.fd);
		return *this;
	}
	~UniqueFd() noexcept { Reset(); }

	bool IsDefined() const noexcept { return fd >= 0; }
	int Get() const noexcept { return fd; }
	int Release() noexcept { return std::exchange(fd, -1); }
	void Reset(int new_fd = -1) noexcept {
		if (fd >= 0)
			::close(fd);
		fd = new_fd;
	}
};

} // namespace osprey
