#include "ServerSide.hxx"
#include "websocket/Session.hxx"
#include "websocket/Url.hxx"

#include <doctest/doctest.h>

#include <string>

using namespace osprey::websocket;
using namespace osprey::websocket::test;
using State = WebSocketSession::State;

namespace {

/// A session whose handshake is done.
struct OpenSession {
	WebSocketSession session{1000};

	OpenSession() {
		const std::string request = session.Begin(ParseUrl("ws://peer:8080/socket?t=1"));
		const auto events = session.Feed(SwitchingProtocols(request));
		REQUIRE(events.size() == 1);
		REQUIRE(std::holds_alternative<Opened>(events[0]));
	}

	/// The frames the session wants written.
	std::vector<Frame> Sent() { return ClientFrames(session.TakeOutput()); }
};

/// The one event of @p events, which must be a T.
template <typename T>
T
Only(const std::vector<Event> &events)
{
	REQUIRE(events.size() == 1);
	REQUIRE(std::holds_alternative<T>(events[0]));
	return std::get<T>(events[0]);
}

} // namespace

TEST_CASE("WebSocketSession handshake")
{
	WebSocketSession session;
	CHECK(session.GetState() == State::kIdle);
	const std::string request = session.Begin(ParseUrl("ws://peer:8080/socket?t=1"));
	CHECK(request.starts_with("GET /socket?t=1 HTTP/1.1\r\nHost: peer:8080\r\n"));
	CHECK(session.GetState() == State::kHandshaking);
	CHECK_THROWS_AS(session.Begin(ParseUrl("ws://peer/")), std::logic_error);
	CHECK_FALSE(session.SendText("too early"));
	CHECK_FALSE(session.HasOutput());

	SUBCASE("frames in the same read as the head are kept") {
		const std::string bytes = SwitchingProtocols(request) +
			ServerFrame(Opcode::kText, "first") + ServerFrame(Opcode::kText, "sec");
		/* the head, the first frame and half of the second */
		auto events = session.Feed(std::string_view(bytes).substr(0, bytes.size() - 2));
		REQUIRE(events.size() == 2);
		CHECK(std::holds_alternative<Opened>(events[0]));
		CHECK(std::get<Message>(events[1]).data == "first");
		CHECK(session.GetState() == State::kOpen);
		CHECK(Only<Message>(session.Feed(std::string_view(bytes).substr(bytes.size() - 2))).data == "sec");
	}
	SUBCASE("a refusal") {
		const Failed failed = Only<Failed>(session.Feed("HTTP/1.1 403 Forbidden\r\n\r\n"));
		CHECK(failed.message == "WebSocket handshake: the server answered 403 Forbidden "
		      "instead of switching protocols");
		CHECK(failed.code == kCloseAbnormal);
		CHECK(session.GetState() == State::kFailed);
		CHECK_FALSE(session.HasOutput());
		CHECK(session.Feed("more").empty());
	}
	SUBCASE("the connection ends first") {
		session.Feed("HTTP/1.1 101 Switching");
		CHECK(Only<Failed>(session.FeedEnd()).message ==
		      "WebSocket handshake: the server closed the connection");
	}
}

TEST_CASE("WebSocketSession messages")
{
	OpenSession open;
	auto &session = open.session;

	SUBCASE("sending") {
		CHECK(session.SendText("hello"));
		CHECK(session.SendBinary(std::string("\x00\xff", 2)));
		CHECK(session.SendPing("p"));
		const auto sent = open.Sent();
		REQUIRE(sent.size() == 3);
		CHECK(sent[0].opcode == Opcode::kText);
		CHECK(sent[0].payload == "hello");
		CHECK(sent[1].opcode == Opcode::kBinary);
		CHECK(sent[1].payload == std::string("\x00\xff", 2));
		CHECK(sent[2].opcode == Opcode::kPing);
		CHECK_FALSE(session.HasOutput());
		CHECK_THROWS_AS(session.SendText("\xff"), std::invalid_argument);
		CHECK_THROWS_AS(session.SendPing(std::string(126, 'x')), std::invalid_argument);
	}
	SUBCASE("a ping is answered with its data, between fragments too") {
		const auto events = session.Feed(ServerFrame(Opcode::kText, "frag", false) +
						 ServerFrame(Opcode::kPing, "are you there") +
						 ServerFrame(Opcode::kContinuation, "ment"));
		CHECK(Only<Message>(events).data == "fragment");
		const auto sent = open.Sent();
		REQUIRE(sent.size() == 1);
		CHECK(sent[0].opcode == Opcode::kPong);
		CHECK(sent[0].payload == "are you there");
	}
	SUBCASE("a pong is reported") {
		CHECK(Only<Pong>(session.Feed(ServerFrame(Opcode::kPong, "42"))).data == "42");
		CHECK_FALSE(session.HasOutput());
	}
}

TEST_CASE("WebSocketSession close")
{
	OpenSession open;
	auto &session = open.session;

	SUBCASE("the server closes: the code is echoed") {
		const auto events = session.Feed(ServerFrame(Opcode::kClose, ClosePayload(4001, "bye")) +
						 ServerFrame(Opcode::kText, "after the close"));
		const Closed closed = Only<Closed>(events);
		CHECK(closed.code == 4001);
		CHECK(closed.reason == "bye");
		CHECK(session.GetState() == State::kClosed);
		const auto sent = open.Sent();
		REQUIRE(sent.size() == 1);
		CHECK(sent[0].opcode == Opcode::kClose);
		CHECK(sent[0].payload == ClosePayload(4001, ""));
		CHECK_FALSE(session.SendText("late"));
		CHECK_FALSE(session.Close());
		CHECK(session.FeedEnd().empty());
	}
	SUBCASE("the server closes without a code: so do we") {
		CHECK(Only<Closed>(session.Feed(ServerFrame(Opcode::kClose, ""))).code == kCloseNoStatus);
		const auto sent = open.Sent();
		REQUIRE(sent.size() == 1);
		CHECK(sent[0].payload.empty());
	}
	SUBCASE("we close; pings are no longer answered; the server's close ends it") {
		CHECK(session.Close(kCloseGoingAway, "restarting"));
		CHECK(session.GetState() == State::kClosing);
		auto sent = open.Sent();
		REQUIRE(sent.size() == 1);
		CHECK(sent[0].payload == ClosePayload(1001, "restarting"));
		CHECK_FALSE(session.Close());
		CHECK_FALSE(session.SendText("late"));

		CHECK(Only<Message>(session.Feed(ServerFrame(Opcode::kText, "in flight"))).data == "in flight");
		CHECK(session.Feed(ServerFrame(Opcode::kPing, "")).empty());
		const Closed closed = Only<Closed>(session.Feed(ServerFrame(Opcode::kClose, ClosePayload(1001, ""))));
		CHECK(closed.code == 1001);
		CHECK_FALSE(session.HasOutput());
	}
	SUBCASE("bad arguments") {
		CHECK_THROWS_WITH_AS(session.Close(1005), "WebSocket close code 1005 is not one an endpoint may send",
				     std::invalid_argument);
		CHECK_THROWS_AS(session.Close(1000, std::string(124, 'x')), std::invalid_argument);
		CHECK_THROWS_AS(session.Close(1000, "\xff"), std::invalid_argument);
		CHECK(session.Close(1000, std::string(123, 'x')));
	}
	SUBCASE("the connection ends without a close frame") {
		const Failed failed = Only<Failed>(session.FeedEnd());
		CHECK(failed.code == kCloseAbnormal);
		CHECK(failed.message == "the WebSocket connection ended without a close frame");
		CHECK_FALSE(session.HasOutput());
	}
}

TEST_CASE("WebSocketSession protocol errors close with their code")
{
	struct Case {
		std::string bytes;
		std::uint16_t code;
		const char *message;
	};
	const Case cases[] = {
		{std::string("\x81\x80\x00\x00\x00\x00", 6), 1002, "the server sent a masked frame"},
		{ServerFrame(Opcode::kContinuation, "x"), 1002,
		 "the server sent a continuation frame with no message to continue"},
		{ServerFrame(Opcode::kText, "\xc3"), 1007, "the server sent a text message that is not UTF-8"},
		{ServerFrame(Opcode::kBinary, std::string(1001, 'x')), 1009,
		 "the server sent a frame of 1001 bytes, over the limit of 1000"},
		{ServerFrame(Opcode::kText, std::string(600, 'x'), false) +
		 ServerFrame(Opcode::kContinuation, std::string(600, 'x')), 1009,
		 "the server sent a message over the limit of 1000 bytes"},
		{ServerFrame(Opcode::kClose, "\x03"), 1002, "the server's close frame has a one-byte payload"},
		{ServerFrame(Opcode::kClose, ClosePayload(1000, "\xff")), 1007,
		 "the server's close reason is not UTF-8"},
	};
	for (const auto &c : cases) {
		CAPTURE(c.message);
		OpenSession open;
		const Failed failed = Only<Failed>(open.session.Feed(c.bytes + ServerFrame(Opcode::kText, "ignored")));
		CHECK(failed.code == c.code);
		CHECK(failed.message == c.message);
		CHECK(open.session.GetState() == State::kFailed);
		const auto sent = open.Sent();
		REQUIRE(sent.size() == 1);
		CHECK(sent[0].opcode == Opcode::kClose);
		const CloseFrame close = ParseClosePayload(sent[0].payload);
		CHECK(close.code == c.code);
		CHECK(close.reason == c.message);
		CHECK(open.session.Feed(ServerFrame(Opcode::kPing, "")).empty());
		CHECK_FALSE(open.session.HasOutput());
	}
}
