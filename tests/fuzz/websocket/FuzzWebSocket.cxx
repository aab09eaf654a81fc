// The WebSocket session on any bytes from the server. The first input byte
// picks what the rest is: when its low bit is set, the server's handshake
// response; otherwise frames after a valid handshake, fed in chunks whose
// size the next byte picks. Invariants:
//   - the events do not depend on how the bytes were split (the whole input at
//     once gives the same events and the same frames to send);
//   - text messages are UTF-8, no message is over the cap;
//   - a failure's code is 1002, 1007 or 1009, a close's code one an endpoint
//     may send (or 1005, none);
//   - what the session sends parses back as masked client frames: pongs and at
//     most one close, nothing after the close, our own message intact.
#include "json/Utf8.hxx"
#include "websocket/Handshake.hxx"
#include "websocket/Session.hxx"
#include "websocket/Url.hxx"

#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

using namespace osprey::websocket;

static constexpr std::size_t kMaxMessage = 4096;

static void
Check(bool condition)
{
	if (!condition)
		std::abort();
}

static std::string
SwitchingProtocols(std::string_view request)
{
	const std::string_view name = "Sec-WebSocket-Key: ";
	const std::size_t at = request.find(name) + name.size();
	const std::string_view key = request.substr(at, request.find("\r\n", at) - at);
	return "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n"
		"Connection: Upgrade\r\nSec-WebSocket-Accept: " + AcceptFor(key) + "\r\n\r\n";
}

/// Every frame of @p bytes (the session's output), which must all be whole.
static std::vector<Frame>
Parse(std::string_view bytes)
{
	FrameDecoder decoder(true, std::uint64_t(1) << 32);
	decoder.Feed(bytes);
	std::vector<Frame> frames;
	while (auto frame = decoder.Next()) // throws (and so crashes) on a bad frame
		frames.push_back(std::move(*frame));
	Check(decoder.Buffered() == 0);
	return frames;
}

struct Run {
	std::vector<Event> events;
	std::vector<Frame> sent;
};

static Run
Drive(std::string_view input, bool handshake_only, std::size_t chunk)
{
	WebSocketSession session(kMaxMessage);
	const std::string request = session.Begin(ParseUrl("wss://example.com/link?ticket=t"));
	Run run;
	if (!handshake_only) {
		const auto opened = session.Feed(SwitchingProtocols(request));
		Check(opened.size() == 1 && std::holds_alternative<Opened>(opened[0]));
	}
	std::string output;
	for (std::size_t at = 0; at < input.size(); at += chunk) {
		for (auto &event : session.Feed(input.substr(at, chunk)))
			run.events.push_back(std::move(event));
		output += session.TakeOutput();
	}
	for (auto &event : session.FeedEnd())
		run.events.push_back(std::move(event));
	/* a message of our own goes out intact, if the session is still open */
	if (session.SendText("ack \xc3\xa9"))
		output += session.TakeOutput();
	run.sent = Parse(output);
	return run;
}

static void
CheckEvents(const Run &run)
{
	for (const auto &event : run.events) {
		if (const auto *m = std::get_if<Message>(&event)) {
			Check(m->data.size() <= kMaxMessage);
			Check(m->binary || osprey::json::IsValidUtf8(m->data));
		} else if (const auto *c = std::get_if<Closed>(&event)) {
			Check(c->code == kCloseNoStatus || IsSendableCloseCode(c->code));
			Check(osprey::json::IsValidUtf8(c->reason));
		} else if (const auto *f = std::get_if<Failed>(&event)) {
			Check(f->code == kCloseProtocolError || f->code == kCloseInvalidPayload ||
			      f->code == kCloseMessageTooBig || f->code == kCloseAbnormal);
		}
	}
	bool closed = false;
	for (const auto &frame : run.sent) {
		Check(!closed);
		Check(frame.fin);
		if (frame.opcode == Opcode::kClose) {
			closed = true;
			const CloseFrame close = ParseClosePayload(frame.payload);
			Check(close.code == kCloseNoStatus || IsSendableCloseCode(close.code));
		} else {
			Check(frame.opcode == Opcode::kPong ||
			      (frame.opcode == Opcode::kText && frame.payload == "ack \xc3\xa9"));
		}
	}
}

static bool
SameEvents(const Run &a, const Run &b)
{
	if (a.events.size() != b.events.size() || a.sent.size() != b.sent.size())
		return false;
	for (std::size_t i = 0; i < a.events.size(); ++i) {
		const Event &x = a.events[i], &y = b.events[i];
		if (x.index() != y.index())
			return false;
		if (const auto *m = std::get_if<Message>(&x)) {
			const auto &n = std::get<Message>(y);
			if (m->binary != n.binary || m->data != n.data)
				return false;
		} else if (const auto *c = std::get_if<Closed>(&x)) {
			const auto &d = std::get<Closed>(y);
			if (c->code != d.code || c->reason != d.reason)
				return false;
		} else if (const auto *f = std::get_if<Failed>(&x)) {
			/* a head cut short says so; fed whole, the same head may not */
			if (f->code != std::get<Failed>(y).code)
				return false;
		} else if (const auto *p = std::get_if<Pong>(&x)) {
			if (p->data != std::get<Pong>(y).data)
				return false;
		}
	}
	for (std::size_t i = 0; i < a.sent.size(); ++i)
		if (a.sent[i].opcode != b.sent[i].opcode || a.sent[i].payload != b.sent[i].payload)
			return false;
	return true;
}

extern "C" int
LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
	if (size < 2)
		return 0;
	const bool handshake_only = data[0] & 1;
	const std::size_t chunk = data[1] % 64 + 1;
	const std::string_view input(reinterpret_cast<const char *>(data) + 2, size - 2);

	const Run split = Drive(input, handshake_only, chunk);
	CheckEvents(split);
	const Run whole = Drive(input, handshake_only, input.size() + 1);
	Check(SameEvents(split, whole));
	return 0;
}
