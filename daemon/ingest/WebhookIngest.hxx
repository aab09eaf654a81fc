// Webhook paths of the loaded pipelines: the behaviour decisions.md fixes
// (202 with the job id once it is durable, 200 when trigger.filter says no,
// 401 on a bad signature, 429 when a slot or cap refuses, 404, 405, 413,
// 400, 500 when the filter fails, 503), every error as
// {"error": "..."}. The body is parsed and rendered on the thread pool and
// the job recorded by the job store; the answer waits for both, the loop
// does not.
#pragma once

#include "http/HttpHandler.hxx"
#include "lib/openssl/HmacSha256.hxx"

#include <chrono>
#include <cstdint>
#include <map>
#include <string>

namespace osprey { struct Trigger; }

namespace osprey::daemon {

class JobTable;
class PipelineSet;

/// Requests answered, by outcome, for /metrics.
struct WebhookCounters {
	std::uint64_t accepted = 0, unauthorized = 0, rejected = 0, bad = 0, not_found = 0,
		unavailable = 0;
	/* trigger.filter said no (200), or failed to render (500) */
	std::uint64_t filtered = 0, filter_failed = 0;
};

class WebhookIngest {
	PipelineSet &pipelines;
	JobTable &jobs;
	std::uint64_t max_body;
	WebhookCounters counters;

	/* a keyed HMAC per pipeline, made again when its secret changes: keying
	   one (algorithm fetch, key schedule) costs twice the HMAC itself */
	struct Verifier {
		std::string secret;
		openssl::HmacSha256 hmac;
	};
	std::map<std::string, Verifier, std::less<>> verifiers;

	/* 401s are logged at most once per pipeline per interval, with how
	   many were not: a flood of bad signatures must not flood the log */
	struct RefusalLog {
		std::chrono::steady_clock::time_point last{};
		std::uint64_t unlogged = 0;
	};
	std::map<std::string, RefusalLog, std::less<>> refusals;

public:
	WebhookIngest(PipelineSet &pipelines, JobTable &jobs);

	/// For a path of a webhook pipeline; nullopt for any other path.
	std::optional<http::RouteDecision> Route(const http::RequestHead &head);
	http::HandleResult Handle(const http::Request &request);

	const WebhookCounters &Counters() const noexcept { return counters; }

private:
	bool SignatureMatches(std::string_view pipeline, const Trigger &trigger,
			      const http::Request &request);
	http::Response Unauthorized(std::string_view pipeline, const http::RequestHead &head,
				    std::string sentence);
};

} // namespace osprey::daemon
