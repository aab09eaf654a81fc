// Bounds on what one management-socket client may cost the supervisor.
#pragma once

#include <cstddef>
#include <cstdint>

namespace osprey::daemon {

struct ControlLimits {
	/** the request line, newline excluded; longer ones are answered with an error */
	std::size_t max_request = 64 * 1024;
	/** a connection that has not been answered and written back by then is closed */
	std::uint64_t timeout_ms = 5000;
	/** connections beyond this are closed at once (the socket is the owner's only) */
	std::size_t max_connections = 32;
	/** a watcher (osprey dashboard) that lets this much of its stream
	    pile up unread is dropped: it reconnects and reloads */
	std::size_t max_watch_backlog = 1024 * 1024;
};

} // namespace osprey::daemon
