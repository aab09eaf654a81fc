// The session against a real server: the `ws` package under Node.js
// (ws-peer.js), reached over a plain blocking TCP socket. Every read and the
// server's start have a deadline, so a session that stops talking fails the
// test instead of hanging it.
#include "lib/posix/Spawn.hxx"
#include "websocket/Session.hxx"
#include "websocket/Url.hxx"

#include <doctest/doctest.h>

#include <arpa/inet.h>
#include <csignal>
#include <cstdlib>
#include <deque>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace osprey;
using namespace osprey::websocket;

namespace {

constexpr int kDeadlineSeconds = 20;

std::string
Env(const char *name)
{
	const char *value = std::getenv(name);
	REQUIRE_MESSAGE(value != nullptr, name << " is not set: run this through meson test");
	return value;
}

/// ws-peer.js, running from its "ready" line until the process ends.
class NodePeer {
	SpawnedChild child;

public:
	std::uint16_t port = 0;

	NodePeer() {
		const std::string modules = Env("OSPREY_NODE_MODULES");
		struct stat st;
		REQUIRE_MESSAGE(::stat((modules + "/ws").c_str(), &st) == 0,
				modules << "/ws is missing: run `npm install` in tests/peers");
		int out[2];
		REQUIRE(::pipe2(out, O_CLOEXEC) == 0);
		UniqueFd read_end(out[0]), write_end(out[1]);
		child = Spawn({Env("OSPREY_NODE"), {"node", Env("OSPREY_WS_PEER"), modules},
			       {"PATH=/usr/bin:/bin"}, {-1, write_end.Get(), 2}});
		write_end = UniqueFd();

		std::string line;
		while (line.find('\n') == std::string::npos) {
			pollfd pfd{read_end.Get(), POLLIN, 0};
			REQUIRE_MESSAGE(::poll(&pfd, 1, kDeadlineSeconds * 1000) == 1,
					"ws-peer.js did not say ready in time");
			char buffer[64];
			const ssize_t n = ::read(read_end.Get(), buffer, sizeof(buffer));
			REQUIRE_MESSAGE(n > 0, "ws-peer.js ended before it was ready");
			line.append(buffer, std::size_t(n));
		}
		REQUIRE(line.starts_with("ready "));
		port = std::uint16_t(std::stoi(line.substr(6)));
	}

	~NodePeer() {
		if (child.pid > 0) {
			PidfdSendSignal(child.pidfd.Get(), SIGTERM);
			::waitpid(child.pid, nullptr, 0);
		}
	}
};

NodePeer &
Peer()
{
	static NodePeer peer;
	return peer;
}

/// A session on a blocking socket; every read waits at most the deadline.
class Client {
	UniqueFd fd;
	std::deque<Event> events;

public:
	WebSocketSession session;

	explicit Client(const std::string &path) {
		fd = UniqueFd(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0));
		REQUIRE(fd.IsDefined());
		const timeval deadline{kDeadlineSeconds, 0};
		::setsockopt(fd.Get(), SOL_SOCKET, SO_RCVTIMEO, &deadline, sizeof(deadline));
		::setsockopt(fd.Get(), SOL_SOCKET, SO_SNDTIMEO, &deadline, sizeof(deadline));
		sockaddr_in address{};
		address.sin_family = AF_INET;
		address.sin_port = htons(Peer().port);
		address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		REQUIRE(::connect(fd.Get(), reinterpret_cast<sockaddr *>(&address), sizeof(address)) == 0);
		Write(session.Begin(ParseUrl("ws://127.0.0.1:" + std::to_string(Peer().port) + path)));
		REQUIRE(std::holds_alternative<Opened>(Next()));
	}

	void Write(std::string_view bytes) {
		while (!bytes.empty()) {
			const ssize_t n = ::send(fd.Get(), bytes.data(), bytes.size(), MSG_NOSIGNAL);
			REQUIRE_MESSAGE(n > 0, "writing to ws-peer.js failed or timed out");
			bytes.remove_prefix(std::size_t(n));
		}
	}

	void Flush() { Write(session.TakeOutput()); }

	/// The next event; reads until there is one.
	Event Next() {
		while (events.empty()) {
			char buffer[65536];
			const ssize_t n = ::recv(fd.Get(), buffer, sizeof(buffer), 0);
			REQUIRE_MESSAGE(n >= 0, "no event from ws-peer.js within the deadline");
			auto more = n == 0 ? session.FeedEnd() : session.Feed({buffer, std::size_t(n)});
			Flush();
			REQUIRE_MESSAGE((n > 0 || !more.empty()), "ws-peer.js ended the connection");
			events.insert(events.end(), more.begin(), more.end());
		}
		Event event = std::move(events.front());
		events.pop_front();
		return event;
	}

	template <typename T>
	T Next() {
		Event event = Next();
		if (auto *failed = std::get_if<Failed>(&event))
			FAIL("the session failed: " << failed->message);
		REQUIRE(std::holds_alternative<T>(event));
		return std::get<T>(std::move(event));
	}

	/// True once the server ended the connection (reads EOF in time); how
	/// many bytes came before it in @p after.
	bool Ended(std::size_t &after) {
		after = 0;
		char buffer[65536];
		while (true) {
			const ssize_t n = ::recv(fd.Get(), buffer, sizeof(buffer), 0);
			if (n <= 0)
				return n == 0;
			after += std::size_t(n);
		}
	}
};

std::string
Text(std::size_t size)
{
	std::string s(size, '\0');
	for (std::size_t i = 0; i < size; ++i)
		s[i] = char('a' + i % 26);
	return s;
}

} // namespace

TEST_CASE("WebSocketSession against ws: echo")
{
	Client client("/echo");
	for (const std::size_t size : {0, 125, 126, 65535, 65536, 1024 * 1024 - 1}) {
		CAPTURE(size);
		const std::string text = Text(size);
		REQUIRE(client.session.SendText(text));
		client.Flush();
		const Message echo = client.Next<Message>();
		CHECK_FALSE(echo.binary);
		CHECK(echo.data.size() == size);
		CHECK(echo.data == text);
	}
	REQUIRE(client.session.SendBinary(std::string("\x00\xff\x80", 3)));
	client.Flush();
	const Message binary = client.Next<Message>();
	CHECK(binary.binary);
	CHECK(binary.data == std::string("\x00\xff\x80", 3));

	/* our close is answered with the same code, then the server hangs up */
	REQUIRE(client.session.Close(kCloseNormal, "done"));
	client.Flush();
	const Closed closed = client.Next<Closed>();
	CHECK(closed.code == kCloseNormal);
	std::size_t after;
	CHECK(client.Ended(after));
	CHECK(after == 0);
}

TEST_CASE("WebSocketSession against ws: the server's ping is answered with its data")
{
	Client client("/ping");
	CHECK(client.Next<Message>().data == "pong:keepalive?");
}

TEST_CASE("WebSocketSession against ws: the server closes")
{
	Client client("/close");
	const Closed closed = client.Next<Closed>();
	CHECK(closed.code == 4000);
	CHECK(closed.reason == "server says bye");
	/* ws hangs up once it has our answer (else only after 30 s) */
	std::size_t after;
	CHECK(client.Ended(after));
	CHECK(after == 0);
}

TEST_CASE("WebSocketSession against ws: fragmented messages")
{
	Client client("/fragments");
	CHECK(client.Next<Message>().data == "fragment");
	CHECK(client.Next<Message>().data == "hé");
}

TEST_CASE("WebSocketSession against ws: a message over the limit")
{
	Client client("/big");
	const Event event = client.Next();
	REQUIRE(std::holds_alternative<Failed>(event));
	CHECK(std::get<Failed>(event).code == kCloseMessageTooBig);
	/* the 1009 close frame went out; ws answers it and hangs up (the rest
	   of the message, and ws's close frame, come before that) */
	std::size_t after;
	CHECK(client.Ended(after));
	CHECK(after < 1024 * 1024 + 16);
}
