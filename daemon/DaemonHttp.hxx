// The daemon's HTTP routes: GET /healthz and /metrics, the pipelines'
// webhook paths, and 404 for anything else.
#pragma once

#include "http/HttpHandler.hxx"
#include "ingest/WebhookIngest.hxx"
#include "status/StatusEndpoints.hxx"

namespace osprey::daemon {

class DaemonHttp final : public http::HttpHandler {
	WebhookIngest &ingest;
	const StatusEndpoints &status;
	std::uint64_t not_found = 0;

public:
	DaemonHttp(WebhookIngest &_ingest, const StatusEndpoints &_status) noexcept
		: ingest(_ingest), status(_status) {}

	http::RouteDecision Route(const http::RequestHead &head) override;
	http::HandleResult Handle(const http::Request &request) override;
};

} // namespace osprey::daemon
