// WebSocket frames on the wire (RFC 6455 section 5.2): opcodes, encoding,
// masking, and the close frame's payload.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace osprey::websocket {

enum class Opcode : std::uint8_t {
	kContinuation = 0x0,
	kText = 0x1,
	kBinary = 0x2,
	kClose = 0x8,
	kPing = 0x9,
	kPong = 0xa,
};

constexpr bool
IsControl(Opcode opcode) noexcept
{
	return (std::uint8_t(opcode) & 0x8) != 0;
}

/// Control frames carry at most this much (and are never fragmented).
constexpr std::size_t kMaxControlPayload = 125;

using MaskKey = std::array<std::uint8_t, 4>;

/// XORs @p size bytes at @p data with @p mask, the first byte being byte
/// @p offset of the payload. Masking and unmasking are the same operation.
void ApplyMask(char *data, std::size_t size, const MaskKey &mask,
	       std::size_t offset = 0) noexcept;

/// Appends one frame to @p out, masked with @p mask when there is one
/// (a client's frames always are; a server's never are), its length in the
/// shortest of the 7-, 16- and 64-bit forms.
void AppendFrame(std::string &out, Opcode opcode, std::string_view payload, bool fin,
		 const std::optional<MaskKey> &mask);

/// Appends one client frame with a fresh random mask.
void AppendClientFrame(std::string &out, Opcode opcode, std::string_view payload,
		       bool fin = true);

/// What a close frame says. code is kCloseNoStatus when it carried none.
struct CloseFrame {
	std::uint16_t code;
	std::string reason;
};

/// The payload of a close frame: nothing for kCloseNoStatus, else the code
/// in network order and the reason.
std::string ClosePayload(std::uint16_t code, std::string_view reason);

/// Reads a received close frame's payload. Throws ProtocolError: 1002 for a
/// one-byte payload or a code no endpoint may send, 1007 for a reason that is
/// not UTF-8.
CloseFrame ParseClosePayload(std::string_view payload);

} // namespace osprey::websocket
