#include "FrameDecoder.hxx"
#include "CloseCode.hxx"

namespace osprey::websocket {

static constexpr std::size_t kKeptCapacity = 65536;

static bool
IsKnownOpcode(std::uint8_t opcode) noexcept
{
	return opcode <= 0x2 || (opcode >= 0x8 && opcode <= 0xa);
}

std::optional<Frame>
FrameDecoder::Next()
{
	const std::string_view in = std::string_view(buffer).substr(start);
	if (in.size() < 2)
		return std::nullopt;
	const auto b0 = std::uint8_t(in[0]), b1 = std::uint8_t(in[1]);
	const bool fin = b0 & 0x80;
	const auto opcode = Opcode(b0 & 0x0f);
	const bool masked = b1 & 0x80;
	const std::string_view peer = expect_masked ? "the client" : "the server";

	/* no extension was negotiated, so none of RSV1-3 may be set */
	if (b0 & 0x70)
		throw ProtocolError(kCloseProtocolError, std::string(peer) + " set a reserved bit in a frame header");
	if (!IsKnownOpcode(b0 & 0x0f))
		throw ProtocolError(kCloseProtocolError,
				    std::string(peer) + " sent a frame with the reserved opcode " +
				    std::to_string(b0 & 0x0f));
	if (masked != expect_masked)
		throw ProtocolError(kCloseProtocolError, masked
				    ? "the server sent a masked frame"
				    : "the client sent an unmasked frame");

	if (IsControl(opcode) && !fin)
		throw ProtocolError(kCloseProtocolError, std::string(peer) + " fragmented a control frame");

	std::size_t header = 2;
	std::uint64_t size = b1 & 0x7f;
	if (size == 126) {
		if (in.size() < 4)
			return std::nullopt;
		size = std::uint64_t(std::uint8_t(in[2])) << 8 | std::uint8_t(in[3]);
		header = 4;
	} else if (size == 127) {
		if (in.size() < 10)
			return std::nullopt;
		size = 0;
		for (std::size_t i = 2; i < 10; ++i)
			size = size << 8 | std::uint8_t(in[i]);
		if (size >> 63)
			throw ProtocolError(kCloseProtocolError,
					    std::string(peer) + " sent a frame length with its top bit set");
		header = 10;
	}
	if (IsControl(opcode) && size > kMaxControlPayload)
		throw ProtocolError(kCloseProtocolError,
				    std::string(peer) + " sent a control frame of over 125 bytes");
	if (size > max_payload)
		throw ProtocolError(kCloseMessageTooBig,
				    std::string(peer) + " sent a frame of " + std::to_string(size) +
				    " bytes, over the limit of " + std::to_string(max_payload));

	MaskKey mask{};
	if (masked) {
		if (in.size() < header + 4)
			return std::nullopt;
		for (std::size_t i = 0; i < 4; ++i)
			mask[i] = std::uint8_t(in[header + i]);
		header += 4;
	}
	if (in.size() - header < size)
		return std::nullopt;

	Frame frame{opcode, fin, std::string(in.substr(header, std::size_t(size)))};
	if (masked)
		ApplyMask(frame.payload.data(), frame.payload.size(), mask);
	start += header + std::size_t(size);
	/* drop what was read once it is most of the buffer: the copy is then
	   no bigger than what was read, so each byte is moved O(1) times */
	if (start == buffer.size()) {
		/* a big message's buffer is not kept for the small ones after it */
		if (buffer.capacity() > kKeptCapacity)
			std::string().swap(buffer);
		else
			buffer.clear();
		start = 0;
	} else if (start > buffer.size() / 2) {
		buffer.erase(0, start);
		start = 0;
	}
	return frame;
}

} // namespace osprey::websocket
