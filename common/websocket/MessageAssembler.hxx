// Turns data frames into messages: joins the fragments of one message,
// enforces the size cap over the whole of it and checks that a text message
// is UTF-8 (RFC 6455 sections 5.4 and 8.1). Control frames may arrive between
// fragments; they are the session's and never come here.
#pragma once

#include "FrameDecoder.hxx"

#include <cstddef>
#include <optional>
#include <string>

namespace osprey::websocket {

struct Message {
	bool binary;
	std::string data; // UTF-8 when !binary
};

class MessageAssembler {
	std::string partial;
	std::size_t max_size;
	Opcode fragmented = Opcode::kContinuation; // the open message's opcode, if any

public:
	explicit MessageAssembler(std::size_t max_size) noexcept :max_size(max_size) {}

	/// Takes a text, binary or continuation frame; returns the message it
	/// completes, if it completes one. Throws ProtocolError: 1002 for a
	/// continuation with no message open or a new message while one is,
	/// 1009 when the message grows over the cap, 1007 for a text message
	/// that is not UTF-8.
	std::optional<Message> Add(Frame &&frame);
};

} // namespace osprey::websocket
