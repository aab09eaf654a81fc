// Test helper: a blocking raw-TCP client that waits for events with poll(2)
// (bounded by a timeout), never with sleeps.
#pragma once

#include "lib/posix/UniqueFd.hxx"

#include <arpa/inet.h>
#include <cerrno>
#include <chrono>
#include <functional>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdexcept>
#include <string>
#include <string_view>
#include <sys/socket.h>
#include <unistd.h>

namespace osprey::http::test {

class TestClient {
	UniqueFd fd;

public:
	std::string received;
	bool eof = false;

	/// Connects to @p host (IPv4 or IPv6 literal); throws on failure.
	TestClient(unsigned port, const char *host = "127.0.0.1") {
		sockaddr_storage address{};
		socklen_t length;
		if (auto &in = reinterpret_cast<sockaddr_in &>(address);
		    inet_pton(AF_INET, host, &in.sin_addr) == 1) {
			in.sin_family = AF_INET;
			in.sin_port = htons(std::uint16_t(port));
			length = sizeof(sockaddr_in);
		} else {
			auto &in6 = reinterpret_cast<sockaddr_in6 &>(address);
			inet_pton(AF_INET6, host, &in6.sin6_addr);
			in6.sin6_family = AF_INET6;
			in6.sin6_port = htons(std::uint16_t(port));
			length = sizeof(sockaddr_in6);
		}
		fd.Reset(::socket(address.ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0));
		if (!fd.IsDefined() ||
		    ::connect(fd.Get(), reinterpret_cast<sockaddr *>(&address), length) < 0)
			throw std::runtime_error("connect failed");
		const int one = 1;
		::setsockopt(fd.Get(), IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	}

	void Send(std::string_view bytes) {
		while (!bytes.empty()) {
			const ssize_t n = ::send(fd.Get(), bytes.data(), bytes.size(), MSG_NOSIGNAL);
			if (n < 0)
				throw std::runtime_error("send failed");
			bytes.remove_prefix(std::size_t(n));
		}
	}

	/// Sends, tolerating the server's reset or close (returns false then).
	bool TrySend(std::string_view bytes) noexcept {
		while (!bytes.empty()) {
			const ssize_t n = ::send(fd.Get(), bytes.data(), bytes.size(), MSG_NOSIGNAL);
			if (n < 0)
				return false;
			bytes.remove_prefix(std::size_t(n));
		}
		return true;
	}

	/// Reads until @p done(received) holds, EOF, an error or @p timeout.
	/// Returns whether @p done held.
	bool ReadUntil(const std::function<bool(const std::string &)> &done,
		       std::chrono::milliseconds timeout = std::chrono::seconds(5)) {
		const auto until = std::chrono::steady_clock::now() + timeout;
		while (!done(received)) {
			if (eof)
				return false;
			const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
				until - std::chrono::steady_clock::now());
			if (left.count() <= 0)
				return false;
			pollfd p{fd.Get(), POLLIN, 0};
			if (::poll(&p, 1, int(left.count())) <= 0)
				continue;
			char buffer[65536];
			const ssize_t n = ::recv(fd.Get(), buffer, sizeof(buffer), 0);
			if (n <= 0)
				eof = true; // EOF or reset: nothing more will come
			else
				received.append(buffer, std::size_t(n));
		}
		return true;
	}

	bool ReadToEof(std::chrono::milliseconds timeout = std::chrono::seconds(5)) {
		ReadUntil([](const std::string &) { return false; }, timeout);
		return eof;
	}

	/// The socket's pending error (SO_ERROR): ECONNRESET once the server
	/// reset the connection.
	int PendingError() noexcept {
		int error = 0;
		socklen_t length = sizeof(error);
		::getsockopt(fd.Get(), SOL_SOCKET, SO_ERROR, &error, &length);
		return error;
	}

	/// Half-close: the server sees EOF.
	void ShutdownWrite() noexcept { ::shutdown(fd.Get(), SHUT_WR); }
	void Close() noexcept { fd.Reset(); }
};

} // namespace osprey::http::test
