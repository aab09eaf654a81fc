// Test helper: a blocking unix-socket client that sends exactly the bytes a
// test gives it, for requests ControlClient would never send.
#pragma once

#include "lib/posix/UniqueFd.hxx"

#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/un.h>

namespace osprey::daemon::test {

class RawClient {
	UniqueFd fd;

public:
	explicit RawClient(const std::string &path) {
		fd.Reset(::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0));
		sockaddr_un address{};
		address.sun_family = AF_UNIX;
		std::strncpy(address.sun_path, path.c_str(), sizeof(address.sun_path) - 1);
		if (::connect(fd.Get(), reinterpret_cast<sockaddr *>(&address), sizeof(address)) < 0)
			throw std::runtime_error("connecting to " + path + ": " + std::strerror(errno));
		// A hung server fails the test instead of hanging it.
		const timeval timeout{10, 0};
		::setsockopt(fd.Get(), SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof(timeout));
	}

	int Fd() const noexcept { return fd.Get(); }
	/// Hangs up.
	void Close() noexcept { fd = UniqueFd(); }

	/// Sends what the kernel takes; false once the server has gone.
	bool Send(std::string_view data) {
		while (!data.empty()) {
			const auto n = ::send(fd.Get(), data.data(), data.size(), MSG_NOSIGNAL);
			if (n <= 0)
				return false;
			data.remove_prefix(static_cast<std::size_t>(n));
		}
		return true;
	}

	/// Everything until the server closes; "<timeout>" if it does not
	/// within 10 s.
	std::string ReadToEof() {
		std::string received;
		char buffer[4096];
		while (true) {
			const auto n = ::recv(fd.Get(), buffer, sizeof(buffer), 0);
			if (n == 0)
				return received;
			if (n < 0)
				return errno == EAGAIN ? received + "<timeout>" : received;
			received.append(buffer, static_cast<std::size_t>(n));
		}
	}

	std::string Exchange(std::string_view request) {
		Send(request);
		return ReadToEof();
	}
};

} // namespace osprey::daemon::test
