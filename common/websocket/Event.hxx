// What a WebSocketSession reports about the bytes it was fed.
#pragma once

#include "MessageAssembler.hxx"

#include <cstdint>
#include <string>
#include <variant>

namespace osprey::websocket {

/// The handshake succeeded: messages may be sent.
struct Opened {};

/// A pong arrived (the answer to SendPing(), or unsolicited).
struct Pong {
	std::string data;
};

/// The close handshake is done on our side: the server sent a close frame
/// (code kCloseNoStatus when it gave none), and, if we had not sent ours
/// first, the answer is in the output. The transport writes the output, then
/// waits for the server to end the connection, with a deadline of its own.
struct Closed {
	std::uint16_t code;
	std::string reason;
};

/// The handshake failed, the server broke the protocol, or the connection
/// ended without a close frame. When the protocol was broken, a close frame
/// with code is in the output; write it and drop the connection. message
/// says what happened and never quotes tokens or payloads.
struct Failed {
	std::uint16_t code; // kCloseProtocolError etc., kCloseAbnormal when none was sent
	std::string message;
};

using Event = std::variant<Opened, Message, Pong, Closed, Failed>;

} // namespace osprey::websocket
