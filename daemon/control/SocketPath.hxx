// Claiming the path of a listening unix socket left behind (or not) by an
// earlier process.
#pragma once

#include <string>

namespace osprey::daemon {

/// Makes @p path free for bind(2): nothing there is fine; a socket nobody
/// answers on (connect(2) says ECONNREFUSED: its daemon died) is removed.
/// Throws std::runtime_error "another osprey daemon is running (socket
/// PATH)" when something answers, and std::runtime_error/std::system_error
/// naming @p path when it is too long for a socket address or is not a socket.
void ClaimSocketPath(const std::string &path);

} // namespace osprey::daemon
