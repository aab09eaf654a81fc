// A client WebSocket connection as pure protocol (sans-IO): it reads the bytes
// the transport received and leaves the bytes to send in an output buffer; it
// does no I/O, keeps no clock and takes no locks. The transport (TCP, TLS,
// proxy) writes TakeOutput() after each call and owns every deadline: the
// handshake's, the close handshake's, keepalive pings.
//
// One thread at a time. Feed() reports what happened as events; the Send*()
// and Close() calls only queue frames.
#pragma once

#include "CloseCode.hxx"
#include "Event.hxx"
#include "FrameDecoder.hxx"
#include "HandshakeResponse.hxx"
#include "MessageAssembler.hxx"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace osprey::websocket {

struct Url;

class WebSocketSession {
public:
	enum class State {
		kIdle,        // Begin() not called yet
		kHandshaking, // request sent, waiting for the 101
		kOpen,
		kClosing,     // we sent a close frame, waiting for the server's
		kClosed,      // both close frames exchanged
		kFailed,      // handshake failed, protocol broken or connection lost
	};

	static constexpr std::size_t kDefaultMaxMessageSize = 1024 * 1024;

private:
	State state = State::kIdle;
	std::optional<HandshakeResponse> response;
	FrameDecoder decoder;
	MessageAssembler assembler;
	std::string output;

public:
	/// Messages (and single frames) over @p max_message_size bytes are
	/// refused with 1009.
	explicit WebSocketSession(std::size_t max_message_size = kDefaultMaxMessageSize) noexcept;

	State GetState() const noexcept { return state; }

	/// Starts the handshake: returns the upgrade request for @p url, to be
	/// written once the connection is up (it holds the URL's query, which
	/// may be a secret: never log it). Throws std::logic_error unless idle.
	std::string Begin(const Url &url);

	/// Takes bytes the transport received, in any split. Returns what they
	/// completed, in order; may leave frames in the output (pongs, close
	/// answers). Bytes after a Closed or Failed are ignored.
	std::vector<Event> Feed(std::string_view data);

	/// The transport's connection ended (EOF or error). Returns Failed with
	/// kCloseAbnormal unless the session had already closed or failed.
	std::vector<Event> FeedEnd();

	/// Queue a message. Return false (and queue nothing) unless open: after
	/// a close, messages are dropped. SendText() throws
	/// std::invalid_argument for text that is not UTF-8; SendPing() for data
	/// over 125 bytes.
	bool SendText(std::string_view text);
	bool SendBinary(std::string_view data);
	bool SendPing(std::string_view data = {});

	/// Starts the close handshake; Feed() reports Closed when the server
	/// answered. Returns false unless open. Throws std::invalid_argument
	/// for a code no endpoint may send, or a reason over 123 bytes or not
	/// UTF-8.
	bool Close(std::uint16_t code = kCloseNormal, std::string_view reason = {});

	/// The bytes to write now; the buffer is empty afterwards.
	std::string TakeOutput() noexcept { return std::exchange(output, {}); }
	bool HasOutput() const noexcept { return !output.empty(); }

private:
	void FeedFrames(std::vector<Event> &events);
	void HandleControl(Frame &&frame, std::vector<Event> &events);
	void Fail(std::uint16_t code, std::string message, std::vector<Event> &events);
};

} // namespace osprey::websocket
