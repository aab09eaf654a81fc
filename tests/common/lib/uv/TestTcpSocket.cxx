#include "lib/uv/Loop.hxx"
#include "lib/uv/TcpSocket.hxx"

#include <doctest/doctest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <array>
#include <string>
#include <thread>

using namespace osprey::uv;

namespace {

/// An echo server on the loop: echoes with TryWrite(), queueing the rest
/// with Write(); closes when the client has shut down its side and every
/// queued write is done (closing cancels the writes still queued, which a
/// loaded machine may still have).
struct EchoServer final : TcpSocket::Listener {
	Loop &loop;
	TcpSocket server, accepted;
	std::array<char, 4096> buffer;
	std::size_t echoed = 0;
	int queued_writes = 0, completed_writes = 0;
	bool eof = false;

	explicit EchoServer(Loop &l) : loop(l), server(l, *this) {}

	void OnConnection(TcpSocket &, int status) noexcept override {
		CHECK(status == 0);
		accepted = TcpSocket(loop, *this);
		CHECK(server.Accept(accepted) == 0);
		server.Close(); // one client is all this test needs
		accepted.ReadStart(buffer);
	}
	void OnRead(TcpSocket &, ssize_t nread, const char *data) noexcept override {
		if (nread < 0) {
			eof = true;
			CloseWhenFlushed();
			return;
		}
		const std::string_view bytes(data, std::size_t(nread));
		const int n = accepted.TryWrite(bytes);
		const std::size_t sent = n > 0 ? std::size_t(n) : 0;
		if (sent < bytes.size()) {
			CHECK(accepted.Write(bytes.substr(sent)) == 0);
			++queued_writes;
		}
		echoed += bytes.size();
	}
	void OnWritten(TcpSocket &, int status) noexcept override {
		CHECK(status == 0);
		++completed_writes;
		CloseWhenFlushed();
	}
	void CloseWhenFlushed() noexcept {
		if (eof && completed_writes == queued_writes)
			accepted.Close();
	}
};

} // namespace

TEST_CASE("TcpSocket: listen, accept, read, write (direct and queued), close")
{
	Loop loop;
	EchoServer echo(loop);
	sockaddr_in address{};
	address.sin_family = AF_INET;
	address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	echo.server.Bind(reinterpret_cast<const sockaddr &>(address), "binding");
	echo.server.Listen(8, "listening");
	address.sin_port = htons(std::uint16_t(echo.server.LocalPort()));
	REQUIRE(address.sin_port != 0);

	constexpr std::size_t total = 8 * 1024 * 1024;
	std::size_t received = 0;
	std::thread client([&] {
		const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
		REQUIRE(::connect(fd, reinterpret_cast<sockaddr *>(&address), sizeof(address)) == 0);
		// Send everything before reading anything: the echo backs up and
		// the server has to queue writes.
		std::thread sender([fd] {
			const std::string chunk(65536, 'e');
			for (std::size_t sent = 0; sent < total; sent += chunk.size())
				REQUIRE(::send(fd, chunk.data(), chunk.size(), MSG_NOSIGNAL) == ssize_t(chunk.size()));
			::shutdown(fd, SHUT_WR);
		});
		char buffer[65536];
		ssize_t n;
		while ((n = ::recv(fd, buffer, sizeof(buffer), 0)) > 0)
			received += std::size_t(n);
		sender.join();
		::close(fd);
	});
	loop.Run();
	client.join();
	CHECK(echo.echoed == total);
	CHECK(received == total);
	CHECK(echo.completed_writes == echo.queued_writes);
	CHECK(loop.AliveHandles().empty());
}

TEST_CASE("TcpSocket: Bind reports the error with context")
{
	Loop loop;
	struct : TcpSocket::Listener {
		void OnRead(TcpSocket &, ssize_t, const char *) noexcept override {}
	} listener;
	TcpSocket socket(loop, listener);
	sockaddr_in address{};
	address.sin_family = AF_INET;
	address.sin_addr.s_addr = htonl(0x01020304); // not a local address
	CHECK_THROWS_WITH(socket.Bind(reinterpret_cast<const sockaddr &>(address), "binding 1.2.3.4"),
			  doctest::Contains("binding 1.2.3.4"));
	socket.Close();
	loop.Run();
	CHECK(loop.AliveHandles().empty());
}
