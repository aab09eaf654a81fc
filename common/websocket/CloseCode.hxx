// Status codes of a WebSocket close frame (RFC 6455 section 7.4) and the
// error that carries one: a protocol violation by the server is answered with
// a close frame of the matching code before the connection is dropped.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace osprey::websocket {

enum CloseCode : std::uint16_t {
	kCloseNormal = 1000,
	kCloseGoingAway = 1001,
	kCloseProtocolError = 1002,
	kCloseUnsupportedData = 1003,
	/** never sent: reported when a close frame carried no code */
	kCloseNoStatus = 1005,
	/** never sent: reported when the connection ended without a close frame */
	kCloseAbnormal = 1006,
	kCloseInvalidPayload = 1007,
	kClosePolicyViolation = 1008,
	kCloseMessageTooBig = 1009,
	kCloseInternalError = 1011,
};

/// True for the codes an endpoint may put in a close frame: the ones RFC 6455
/// defines for the wire (1000-1003, 1007-1011; 1012-1014 were registered
/// later and browsers send them), and 3000-4999 for libraries and apps.
constexpr bool
IsSendableCloseCode(std::uint16_t code) noexcept
{
	return (code >= 1000 && code <= 1003) || (code >= 1007 && code <= 1014) ||
		(code >= 3000 && code <= 4999);
}

/// A violation of the protocol by the peer; code() is the status the close
/// frame answering it carries (1002, 1007 or 1009). The message never quotes
/// payload bytes: they may carry tokens.
class ProtocolError : public std::runtime_error {
	std::uint16_t code_;

public:
	ProtocolError(std::uint16_t code, const std::string &what)
		:std::runtime_error(what), code_(code) {}

	std::uint16_t code() const noexcept { return code_; }
};

} // namespace osprey::websocket
