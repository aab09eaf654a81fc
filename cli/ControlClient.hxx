// The command line's side of the management socket (~/.osprey/osprey.sock):
// one blocking request/response exchange with the running daemon, plain POSIX
// sockets, no event loop. Wire protocol: daemon/control/ControlHandler.hxx.
#pragma once

#include "json/Value.hxx"

#include <chrono>
#include <stdexcept>
#include <string>

namespace osprey::cli {

/// Nothing listens on the socket: "the daemon is not running (no socket at
/// PATH)", or "(nothing answers on PATH)" for a dead daemon's leftover file.
struct DaemonNotRunning : std::runtime_error {
	using std::runtime_error::runtime_error;
};

/// Sends @p request as one line to the socket at @p socket_path and returns
/// the parsed response (an object with a boolean "ok"), whatever "ok" says.
/// Throws DaemonNotRunning, or std::runtime_error naming the socket when the
/// exchange fails, takes longer than @p timeout or the answer is not such an
/// object.
json::Value ControlRequest(const std::string &socket_path, const json::Value &request,
			   std::chrono::milliseconds timeout = std::chrono::seconds(15));

/// ControlRequest(), then the answer when "ok" is true; otherwise throws
/// std::runtime_error with the daemon's "error" sentence.
json::Value ControlCommand(const std::string &socket_path, const json::Value &request);

/// The local user's name (getpwuid), for "by"; "uid N" when it has none.
std::string LocalUserName();

} // namespace osprey::cli
