// GET /healthz (liveness, slots and jobs, as JSON) and GET /metrics
// (Prometheus text format): what an operator's monitoring reads.
#pragma once

#include "http/HttpResponse.hxx"

#include <string>

namespace osprey::daemon {

class Channels;
class JobTable;
struct WebhookCounters;

class StatusEndpoints {
	const JobTable &jobs;
	const WebhookCounters &webhooks;
	const Channels &channels;
	const std::string started; // ISO 8601

public:
	StatusEndpoints(const JobTable &jobs, const WebhookCounters &webhooks,
			const Channels &channels);

	http::Response Health() const;
	/// @p not_found: requests for paths nobody serves.
	http::Response Metrics(std::uint64_t not_found) const;
};

} // namespace osprey::daemon
