#include "net/ByteStream.hxx"
#include "NetFixture.hxx"

#include <doctest/doctest.h>

#include <array>
#include <fstream>
#include <string>

using namespace osprey;
using namespace osprey::test;

namespace {

/// Sends a payload through an echo server and collects what comes back,
/// the way a WebSocket client would drive the stream: send until it would
/// block, then wait for OnWritable; read until it would block.
struct EchoClient final : ByteStreamListener {
	ByteStream stream;
	std::string payload, received, error;
	std::size_t sent = 0;
	int opened = 0, writable_calls = 0;
	bool close_on_open = false, ended = false;

	EchoClient(CurlMulti &multi, std::string _payload)
		: stream(multi, *this), payload(std::move(_payload)) {}

	bool Done() const { return received.size() == payload.size() || !error.empty() || ended; }

	void Pump() noexcept {
		while (sent < payload.size()) {
			const StreamIo io = stream.Send(std::string_view(payload).substr(sent));
			if (io.status == StreamIo::Status::WouldBlock) {
				stream.WantWritable(true);
				return;
			}
			if (io.status != StreamIo::Status::Done) {
				error = "send: " + io.error;
				return;
			}
			sent += io.size;
		}
		stream.WantWritable(false);
	}

	void OnOpen() noexcept override {
		++opened;
		CHECK(stream.IsOpen());
		if (close_on_open) {
			stream.Close();
			return;
		}
		Pump();
	}
	void OnReadable() noexcept override {
		std::array<std::byte, 16384> buffer;
		while (true) {
			const StreamIo io = stream.Receive(buffer);
			if (io.status == StreamIo::Status::WouldBlock)
				return;
			if (io.status == StreamIo::Status::End) {
				ended = true;
				return;
			}
			if (io.status == StreamIo::Status::Failed) {
				error = "receive: " + io.error;
				return;
			}
			received.append(reinterpret_cast<const char *>(buffer.data()), io.size);
		}
	}
	void OnWritable() noexcept override {
		++writable_calls;
		Pump();
	}
	void OnError(std::string_view message) noexcept override {
		CHECK_FALSE(stream.IsOpen());
		error = message;
	}
};

/// The most a TCP connection on loopback can hold in flight, both ways:
/// an echo that never blocks the sender needs more than this.
std::size_t
SocketBuffersMax()
{
	std::size_t total = 0;
	for (const char *path : {"/proc/sys/net/ipv4/tcp_wmem", "/proc/sys/net/ipv4/tcp_rmem"}) {
		std::ifstream in(path);
		std::size_t min = 0, initial = 0, max = 4 * 1024 * 1024;
		in >> min >> initial >> max;
		total += max;
	}
	return 2 * total;
}

std::string
Payload(std::size_t size)
{
	std::string s(size, '\0');
	for (std::size_t i = 0; i < size; ++i)
		s[i] = char('a' + (i * 7 + i / 251) % 26);
	return s;
}

} // namespace

TEST_CASE("ByteStream carries bytes both ways over TCP and TLS")
{
	NetFixture net;
	ByteStreamOptions options;

	SUBCASE("plain TCP, more than the socket buffers take at once") {
		EchoClient client(net.multi, Payload(SocketBuffersMax() + 1024 * 1024));
		client.stream.Open(UrlOf("http", "127.0.0.1", "echo"), options);
		CHECK(client.opened == 0); // never inside Open()
		REQUIRE(RunUntil(net.loop, [&] { return client.Done(); }));
		CHECK(client.error == "");
		CHECK(client.opened == 1);
		CHECK(client.received == client.payload);
		CHECK(client.writable_calls > 0);
	}

	SUBCASE("TLS, verified against the given CA") {
		options.connection.extra_ca_file = Peer().CaFile();
		EchoClient client(net.multi, Payload(1024 * 1024));
		client.stream.Open(UrlOf("https", "localhost", "tlsecho"), options);
		REQUIRE(RunUntil(net.loop, [&] { return client.Done(); }));
		CHECK(client.error == "");
		CHECK(client.received == client.payload);
	}

	SUBCASE("TLS through an HTTPS_PROXY tunnel") {
		options.connection.extra_ca_file = Peer().CaFile();
		options.connection.proxy.https = UrlOf("http", "127.0.0.1", "proxy");
		EchoClient client(net.multi, Payload(100 * 1024));
		client.stream.Open(UrlOf("https", "localhost", "tlsecho"), options);
		REQUIRE(RunUntil(net.loop, [&] { return client.Done(); }));
		CHECK(client.error == "");
		CHECK(client.received == client.payload);
	}

	SUBCASE("an unverifiable certificate is an error, without the path") {
		EchoClient client(net.multi, "x");
		client.stream.Open(UrlOf("https", "localhost", "tlsecho", "/secret-path-123"), options);
		REQUIRE(RunUntil(net.loop, [&] { return client.Done(); }));
		CHECK(client.opened == 0);
		CHECK(client.error.starts_with("SSL certificate problem: self-signed certificate"));
		CHECK(client.error.find("secret-path-123") == std::string::npos);
	}

	SUBCASE("connection refused") {
		EchoClient client(net.multi, "x");
		client.stream.Open("http://127.0.0.1:1", options);
		REQUIRE(RunUntil(net.loop, [&] { return client.Done(); }));
		CHECK(client.error.starts_with("Failed to connect to 127.0.0.1 port 1"));
	}

	SUBCASE("Close() from OnOpen stops everything") {
		EchoClient client(net.multi, "hello");
		client.close_on_open = true;
		client.stream.Open(UrlOf("http", "127.0.0.1", "echo"), options);
		REQUIRE(RunUntil(net.loop, [&] { return client.opened == 1; }));
		CHECK_FALSE(client.stream.IsOpen());
		CHECK(client.stream.Send(std::string_view("late")).status == StreamIo::Status::Failed);
	}

	net.multi.Close();
	CHECK(AliveAfterClosing(net.loop).empty());
}
