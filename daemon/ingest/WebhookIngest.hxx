// The daemon's HTTP face: webhook paths of the loaded pipelines, plus
// GET /healthz and GET /metrics. Implements the behaviour decisions.md fixes:
// 202 with the job id, 401 on a bad signature, 429 when every slot is busy,
// 404, 405, 413, 400, every error as {"error": "..."}.
#pragma once

#include "http/HttpHandler.hxx"
#include "lib/openssl/HmacSha256.hxx"

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <string>

namespace osprey { struct Trigger; }

namespace osprey::daemon {

class JobTable;
class PipelineSet;

class WebhookIngest final : public http::HttpHandler {
	PipelineSet &pipelines;
	JobTable &jobs;
	std::uint64_t max_body;
	std::string started; // ISO 8601, for /healthz

	/* requests answered, by status class of interest, for /metrics */
	std::uint64_t accepted = 0, unauthorized = 0, rejected = 0, bad = 0, not_found = 0,
		unavailable = 0;

	/* a keyed HMAC per pipeline, made again when its secret changes: keying
	   one (algorithm fetch, key schedule) costs twice the HMAC itself */
	struct Verifier {
		std::string secret;
		openssl::HmacSha256 hmac;
	};
	std::map<std::string, Verifier, std::less<>> verifiers;

public:
	WebhookIngest(PipelineSet &pipelines, JobTable &jobs);

	http::RouteDecision Route(const http::RequestHead &head) override;
	http::HandleResult Handle(const http::Request &request) override;

	/// Prometheus text exposition of the daemon's counters and gauges.
	std::string Metrics() const;

private:
	http::Response Webhook(const http::Request &request, std::string_view pipeline);
	bool SignatureMatches(std::string_view pipeline, const Trigger &trigger,
			      const http::Request &request);
	http::Response Health() const;
};

} // namespace osprey::daemon
