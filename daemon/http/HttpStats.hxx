// Counters the server keeps for the daemon's /metrics: what the handler never
// sees (errors the server answers itself, refused connections) included.
// Loop-thread only, like the server.
#pragma once

#include <array>
#include <cstdint>

namespace osprey::http {

struct HttpStats {
	std::uint64_t connections_accepted = 0;
	/// Answered 503 because HttpLimits::max_connections were open.
	std::uint64_t connections_overloaded = 0;
	/// Requests read completely (handled, or rejected by the route).
	std::uint64_t requests = 0;
	/// Every final response sent, by status code: the handler's and the
	/// server's own (400, 408, 413, 431, 500, 503, 505).
	std::array<std::uint64_t, 600> responses_by_status{};

	void CountResponse(unsigned status) noexcept {
		if (status < responses_by_status.size())
			++responses_by_status[status];
	}
};

} // namespace osprey::http
