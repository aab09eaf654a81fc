// Splits a received byte stream into frames, incrementally: bytes are fed in
// any split and a frame comes out once all of it is there. It checks what a
// single frame can get wrong; what a frame means in sequence (fragments,
// message size, UTF-8) is MessageAssembler's.
#pragma once

#include "Frame.hxx"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace osprey::websocket {

struct Frame {
	Opcode opcode;
	bool fin;
	std::string payload; // unmasked
};

class FrameDecoder {
	std::string buffer;
	std::size_t start = 0; // of the first frame not yet returned
	std::uint64_t max_payload;
	bool expect_masked;

public:
	/// @p expect_masked: true to read a client's frames (tests, the
	/// fuzzer), false for a server's. A frame whose payload is over
	/// @p max_payload is refused before it is buffered.
	FrameDecoder(bool expect_masked, std::uint64_t max_payload) noexcept
		:max_payload(max_payload), expect_masked(expect_masked) {}

	void Feed(std::string_view data) { buffer.append(data); }

	/// The next whole frame, or std::nullopt until more bytes come. Throws
	/// ProtocolError: 1002 for reserved bits or opcodes, the wrong masking,
	/// a fragmented control frame or one over 125 bytes, a 64-bit length
	/// with its top bit set; 1009 for a payload over the maximum. After it
	/// threw, the stream is unusable.
	std::optional<Frame> Next();

	/// Bytes fed and not yet returned as a frame.
	std::size_t Buffered() const noexcept { return buffer.size() - start; }
};

} // namespace osprey::websocket
