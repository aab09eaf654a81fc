// The command line's side of the management socket (~/.osprey/osprey.sock):
// one blocking request/response exchange with the running daemon, plain POSIX
// sockets, no event loop. Wire protocol: common/control/ControlProtocol.hxx.
#pragma once

#include "control/ControlProtocol.hxx"

#include <chrono>
#include <stdexcept>
#include <string>

namespace osprey::cli {

/// Nothing listens on the socket: "the daemon is not running (no socket at
/// PATH)", or "(nothing answers on PATH)" for a dead daemon's leftover file.
struct DaemonNotRunning : std::runtime_error {
	using std::runtime_error::runtime_error;
};

/// The daemon answered, and said no: what() is its sentence.
struct DaemonRefused : std::runtime_error {
	using std::runtime_error::runtime_error;
};

constexpr std::chrono::milliseconds default_control_timeout = std::chrono::seconds(15);

/// Sends @p request as one line to the socket at @p socket_path and returns
/// the answer line (without its newline), unparsed. Throws DaemonNotRunning,
/// or std::runtime_error naming the socket when the exchange fails or takes
/// longer than @p timeout.
std::string ControlExchange(const std::string &socket_path, const control::Request &request,
			    std::chrono::milliseconds timeout = default_control_timeout);

/// The daemon's status. Throws what ControlExchange() throws, DaemonRefused,
/// or std::runtime_error naming the socket for a malformed answer.
control::DaemonStatus AskStatus(const std::string &socket_path,
				std::chrono::milliseconds timeout = default_control_timeout);

/// Asks for a decision (@p request's command is approve, ignore or cancel).
/// Throws like AskStatus().
control::Decided AskDecision(const std::string &socket_path, const control::Request &request,
			     std::chrono::milliseconds timeout = default_control_timeout);

/// Asks the daemon to load its configuration again; answers once it applies.
/// Throws like AskStatus(); DaemonRefused carries the configuration's errors.
control::Reloaded AskReload(const std::string &socket_path,
			    std::chrono::milliseconds timeout = default_control_timeout);

/// After a command changed a pipeline (construct, edit): tells a running
/// daemon to reload and says so on standard output ("The running daemon
/// reloaded: ..."), or that none runs; a refusal or a failure is a warning
/// on standard error. Never throws: the file is written either way.
void TellDaemonToReload(const std::string &socket_path) noexcept;

} // namespace osprey::cli
