#include "WebhookIngest.hxx"
#include "BodyParse.hxx"
#include "PipelineSet.hxx"
#include "jobs/JobTable.hxx"
#include "lib/openssl/HmacSha256.hxx"
#include "log/Log.hxx"
#include "time/Iso8601.hxx"
#include "util/Error.hxx"

#include <chrono>

namespace osprey::daemon {

WebhookIngest::WebhookIngest(PipelineSet &_pipelines, JobTable &_jobs)
	: pipelines(_pipelines), jobs(_jobs), max_body(_pipelines.Global().server.max_body),
	  started(FormatIso8601Utc(std::chrono::system_clock::now()))
{
}

static http::Response
MethodNotAllowed(std::string_view allow)
{
	auto r = http::Response::Error(405, "method not allowed here; use " + std::string(allow));
	r.headers.emplace_back("Allow", std::string(allow));
	return r;
}

http::RouteDecision
WebhookIngest::Route(const http::RequestHead &head)
{
	if (head.path == "/healthz" || head.path == "/metrics") {
		if (head.method != "GET" && head.method != "HEAD")
			return http::RouteDecision::Reject(MethodNotAllowed("GET, HEAD"));
		return http::RouteDecision::Accept(0);
	}

	const auto name = pipelines.NameForPath(head.path);
	if (name.empty()) {
		++not_found;
		return http::RouteDecision::Reject(http::Response::Error(404,
			"no pipeline listens on " + std::string(head.path)));
	}
	if (head.method != "POST")
		return http::RouteDecision::Reject(MethodNotAllowed("POST"));

	/* a missing signature is known before the body: do not read it */
	try {
		const auto &trigger = pipelines.Current(name).trigger;
		if (trigger.VerifiesSignature() && !head.Header(trigger.signature_header)) {
			++unauthorized;
			return http::RouteDecision::Reject(http::Response::Error(401,
				"missing signature header " + trigger.signature_header));
		}
	} catch (const std::exception &e) {
		/* its .env changed and it no longer resolves (a ${VAR} went
		   missing): the signature cannot be checked, so nothing may be
		   accepted; the sender learns nothing of the configuration */
		LogError("webhook refused: the pipeline's configuration has errors",
			 {{"pipeline", name}, {"error", e.what()}});
		++unavailable;
		return http::RouteDecision::Reject(http::Response::Error(503,
			"this pipeline cannot take webhooks now; its configuration has errors"));
	}
	return http::RouteDecision::Accept(max_body);
}

http::HandleResult
WebhookIngest::Handle(const http::Request &request)
{
	if (request.path == "/healthz")
		return Health();
	if (request.path == "/metrics") {
		http::Response r;
		r.body = Metrics();
		r.content_type = "text/plain; version=0.0.4";
		return r;
	}
	return Webhook(request, pipelines.NameForPath(request.path));
}

/* The contract's rule: raw bytes, HMAC-SHA256, lowercase hex, bare digest,
   constant-time comparison; signature_prefix (an extension) is stripped. */
bool
WebhookIngest::SignatureMatches(std::string_view pipeline, const Trigger &trigger,
				const http::Request &request)
{
	auto value = request.Header(trigger.signature_header).value_or(std::string_view());
	if (!trigger.signature_prefix.empty()) {
		if (!value.starts_with(trigger.signature_prefix))
			return false;
		value.remove_prefix(trigger.signature_prefix.size());
	}
	auto i = verifiers.find(pipeline);
	if (i == verifiers.end() || i->second.secret != trigger.secret) {
		try {
			i = verifiers.insert_or_assign(std::string(pipeline),
				Verifier{trigger.secret, openssl::HmacSha256(trigger.secret)}).first;
		} catch (const std::exception &) {
			return false; /* OpenSSL refused the key: nothing verifies */
		}
	}
	/* lowercase hex of the right length, compared in constant time; an
	   OpenSSL failure is a mismatch */
	return i->second.hmac.Verify(request.body, value);
}

http::Response
WebhookIngest::Webhook(const http::Request &request, std::string_view name)
{
	const std::string pipeline(name);
	try {
		/* Route() ran Current() for this request's head, so the pipeline
		   is as fresh as the request: a .env edit between the head and
		   now is concurrent with it, either answer is right. That saves
		   the second stat() of the .env, a tenth of a 401's cost. */
		const auto &trigger = pipelines.Validated(pipeline).trigger;
		if (trigger.VerifiesSignature() && !SignatureMatches(pipeline, trigger, request)) {
			++unauthorized;
			return http::Response::Error(401, "signature mismatch");
		}
	} catch (const std::exception &) {
		/* Route() just resolved it; only a .env edit in between gets here */
		++unavailable;
		return http::Response::Error(503,
			"this pipeline cannot take webhooks now; its configuration has errors");
	}

	json::Value payload;
	try {
		payload = ParseBody(request);
	} catch (const BadBody &e) {
		++bad;
		return http::Response::Error(400, e.what());
	}

	JobTable::Submitted job;
	try {
		job = jobs.Submit(pipeline, request.body, std::move(payload), "webhook");
	} catch (const std::exception &e) {
		LogError("cannot record a job", {{"pipeline", pipeline}, {"error", FullMessage(e)}});
		return http::Response::Error(500, "cannot record the job: " + FullMessage(e));
	}

	std::string body = "{\"job\":";
	http::AppendJsonString(body, job.id);
	if (job.state == JobState::Rejected) {
		++rejected;
		body += ",\"error\":";
		http::AppendJsonString(body, job.reason);
		body += '}';
		auto r = http::Response::Json(429, std::move(body));
		r.headers.emplace_back("Retry-After", "30");
		return r;
	}
	++accepted;
	const auto state = job.state == JobState::Starting ? std::string_view("running") : Name(job.state);
	body += ",\"state\":";
	http::AppendJsonString(body, state);
	if (!job.reason.empty()) {
		body += ",\"reason\":";
		http::AppendJsonString(body, job.reason);
	}
	body += '}';
	return http::Response::Json(202, std::move(body));
}

http::Response
WebhookIngest::Health() const
{
	std::string body = "{\"status\":\"ok\",\"started\":";
	http::AppendJsonString(body, started);
	body += ",\"slots\":{\"used\":" + std::to_string(jobs.UsedSlots()) +
		",\"max\":" + std::to_string(jobs.MaxSlots()) + "},\"jobs\":{\"live\":" +
		std::to_string(jobs.LiveCount()) + ",\"awaiting_approval\":" +
		std::to_string(jobs.AwaitingCount()) + "}}";
	return http::Response::Json(200, std::move(body));
}

std::string
WebhookIngest::Metrics() const
{
	std::string m;
	auto metric = [&](std::string_view name, std::string_view type, std::string_view help) {
		m += "# HELP " + std::string(name) + " " + std::string(help) + "\n# TYPE " +
			std::string(name) + " " + std::string(type) + "\n";
	};
	metric("osprey_webhook_requests_total", "counter", "Webhook requests by outcome.");
	for (const auto &[outcome, n] : {std::pair{"accepted", accepted}, {"unauthorized", unauthorized},
					 {"rejected", rejected}, {"bad_request", bad},
					 {"unavailable", unavailable},
					 {"not_found", not_found}})
		m += "osprey_webhook_requests_total{outcome=\"" + std::string(outcome) + "\"} " +
			std::to_string(n) + "\n";
	metric("osprey_jobs_ended_total", "counter", "Jobs that reached a final state since start.");
	for (const auto &[state, n] : jobs.EndedCounts())
		m += "osprey_jobs_ended_total{state=\"" + std::string(Name(state)) + "\"} " +
			std::to_string(n) + "\n";
	metric("osprey_agent_slots_used", "gauge", "Agent containers running or starting.");
	m += "osprey_agent_slots_used " + std::to_string(jobs.UsedSlots()) + "\n";
	metric("osprey_agent_slots_max", "gauge", "container.max_concurrent.");
	m += "osprey_agent_slots_max " + std::to_string(jobs.MaxSlots()) + "\n";
	metric("osprey_jobs_awaiting_approval", "gauge", "Jobs waiting for a human.");
	m += "osprey_jobs_awaiting_approval " + std::to_string(jobs.AwaitingCount()) + "\n";
	return m;
}

} // namespace osprey::daemon
