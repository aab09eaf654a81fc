// The wire protocol of the management socket without the socket: one request
// line in, one response line out (see ControlHandler.hxx). Kept apart from
// ControlConnection so it reads as the protocol's definition.
#pragma once

#include <string>
#include <string_view>

namespace osprey::daemon {

class ControlHandler;

/// Parses @p line, calls @p handler and returns the JSON response (no
/// newline). Never throws: malformed requests and exceptions from the handler
/// become {"ok":false,"error":"..."}. A status response is {"ok":true} followed
/// by the members of ControlHandler::Status(); a decision's is
/// {"ok":true,"state":"<state>"}.
std::string DispatchControlRequest(ControlHandler &handler, std::string_view line) noexcept;

/// {"ok":false,"error":"<message>"}; never throws.
std::string ControlError(std::string_view message) noexcept;

} // namespace osprey::daemon
