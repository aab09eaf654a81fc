#include "Session.hxx"
#include "Handshake.hxx"
#include "Url.hxx"
#include "json/Utf8.hxx"

#include <stdexcept>

namespace osprey::websocket {

WebSocketSession::WebSocketSession(std::size_t max_message_size) noexcept
	:decoder(false, max_message_size), assembler(max_message_size) {}

std::string
WebSocketSession::Begin(const Url &url)
{
	if (state != State::kIdle)
		throw std::logic_error("WebSocketSession::Begin() called twice");
	const std::string key = NewKey();
	response.emplace(key);
	state = State::kHandshaking;
	return UpgradeRequest(url, key);
}

std::vector<Event>
WebSocketSession::Feed(std::string_view data)
{
	std::vector<Event> events;
	if (state == State::kHandshaking) {
		std::optional<std::size_t> head_size;
		try {
			head_size = response->Feed(data);
		} catch (const std::exception &e) {
			Fail(kCloseAbnormal, std::string("WebSocket handshake: ") + e.what(), events);
			return events;
		}
		if (!head_size)
			return events;
		response.reset();
		state = State::kOpen;
		events.emplace_back(Opened{});
		data.remove_prefix(*head_size);
	}
	if (state != State::kOpen && state != State::kClosing)
		return events;
	decoder.Feed(data);
	FeedFrames(events);
	return events;
}

void
WebSocketSession::FeedFrames(std::vector<Event> &events)
{
	try {
		while (state == State::kOpen || state == State::kClosing) {
			auto frame = decoder.Next();
			if (!frame)
				break;
			if (IsControl(frame->opcode))
				HandleControl(std::move(*frame), events);
			else if (auto message = assembler.Add(std::move(*frame)))
				events.emplace_back(std::move(*message));
		}
	} catch (const ProtocolError &e) {
		Fail(e.code(), e.what(), events);
	}
}

void
WebSocketSession::HandleControl(Frame &&frame, std::vector<Event> &events)
{
	switch (frame.opcode) {
	case Opcode::kPing:
		/* once our close is out, nothing may follow it */
		if (state == State::kOpen)
			AppendClientFrame(output, Opcode::kPong, frame.payload);
		break;
	case Opcode::kPong:
		events.emplace_back(Pong{std::move(frame.payload)});
		break;
	case Opcode::kClose: {
		CloseFrame close = ParseClosePayload(frame.payload);
		if (state == State::kOpen)
			/* echo the code, as RFC 6455 section 5.5.1 suggests */
			AppendClientFrame(output, Opcode::kClose, ClosePayload(close.code, {}));
		state = State::kClosed;
		events.emplace_back(Closed{close.code, std::move(close.reason)});
		break;
	}
	default:
		break;
	}
}

void
WebSocketSession::Fail(std::uint16_t code, std::string message, std::vector<Event> &events)
{
	/* a broken protocol is answered with a close frame saying why, unless
	   ours is out already; the reason is our own text, cut to fit */
	if (state == State::kOpen && code != kCloseAbnormal) {
		std::string_view reason = message;
		reason = reason.substr(0, kMaxControlPayload - 2);
		AppendClientFrame(output, Opcode::kClose, ClosePayload(code, reason));
	}
	state = State::kFailed;
	events.emplace_back(Failed{code, std::move(message)});
}

std::vector<Event>
WebSocketSession::FeedEnd()
{
	std::vector<Event> events;
	switch (state) {
	case State::kHandshaking:
		Fail(kCloseAbnormal, "WebSocket handshake: the server closed the connection", events);
		break;
	case State::kOpen:
	case State::kClosing:
		state = State::kFailed; // no close frame can follow: nothing to send
		events.emplace_back(Failed{kCloseAbnormal,
				"the WebSocket connection ended without a close frame"});
		break;
	default:
		break;
	}
	return events;
}

bool
WebSocketSession::SendText(std::string_view text)
{
	if (!json::IsValidUtf8(text))
		throw std::invalid_argument("a WebSocket text message must be UTF-8");
	if (state != State::kOpen)
		return false;
	AppendClientFrame(output, Opcode::kText, text);
	return true;
}

bool
WebSocketSession::SendBinary(std::string_view data)
{
	if (state != State::kOpen)
		return false;
	AppendClientFrame(output, Opcode::kBinary, data);
	return true;
}

bool
WebSocketSession::SendPing(std::string_view data)
{
	if (data.size() > kMaxControlPayload)
		throw std::invalid_argument("a WebSocket ping carries at most 125 bytes");
	if (state != State::kOpen)
		return false;
	AppendClientFrame(output, Opcode::kPing, data);
	return true;
}

bool
WebSocketSession::Close(std::uint16_t code, std::string_view reason)
{
	if (!IsSendableCloseCode(code))
		throw std::invalid_argument("WebSocket close code " + std::to_string(code) +
					    " is not one an endpoint may send");
	if (reason.size() > kMaxControlPayload - 2 || !json::IsValidUtf8(reason))
		throw std::invalid_argument("a WebSocket close reason is UTF-8 of at most 123 bytes");
	if (state != State::kOpen)
		return false;
	AppendClientFrame(output, Opcode::kClose, ClosePayload(code, reason));
	state = State::kClosing;
	return true;
}

} // namespace osprey::websocket
