#include "WebhookIngest.hxx"
#include "PipelineSet.hxx"
#include "TemplateHeaders.hxx"
#include "jobs/JobTable.hxx"
#include "json/Quote.hxx"
#include "lib/openssl/HmacSha256.hxx"
#include "log/Log.hxx"

#include <memory>

namespace osprey::daemon {

using Outcome = JobTable::Submitted::Outcome;

WebhookIngest::WebhookIngest(PipelineSet &_pipelines, JobTable &_jobs)
	: pipelines(_pipelines), jobs(_jobs), max_body(_pipelines.Global().server.max_body)
{
}

static http::Response
Unavailable()
{
	return http::Response::Error(503,
		"this pipeline cannot take webhooks now; its configuration has errors");
}

std::optional<http::RouteDecision>
WebhookIngest::Route(const http::RequestHead &head)
{
	const auto name = pipelines.NameForPath(head.path);
	if (name.empty())
		return std::nullopt;
	if (head.method != "POST") {
		auto r = http::Response::Error(405, "method not allowed here; use POST");
		r.headers.emplace_back("Allow", "POST");
		return http::RouteDecision::Reject(std::move(r));
	}

	/* a missing signature is known before the body: do not read it */
	try {
		const auto &trigger = pipelines.Current(name).trigger;
		if (trigger.VerifiesSignature() && !head.Header(trigger.signature_header))
			return http::RouteDecision::Reject(Unauthorized(name, head,
				"missing signature header " + trigger.signature_header));
	} catch (const std::exception &e) {
		/* its .env changed and it no longer resolves (a ${VAR} went
		   missing): the signature cannot be checked, so nothing may be
		   accepted; the sender learns nothing of the configuration */
		LogError("webhook refused: the pipeline's configuration has errors",
			 {{"pipeline", name}, {"error", e.what()}});
		++counters.unavailable;
		return http::RouteDecision::Reject(Unavailable());
	}
	return http::RouteDecision::Accept(max_body);
}

http::Response
WebhookIngest::Unauthorized(std::string_view pipeline, const http::RequestHead &head,
			    std::string sentence)
{
	++counters.unauthorized;
	auto &log = refusals[std::string(pipeline)];
	const auto now = std::chrono::steady_clock::now();
	if (now - log.last >= std::chrono::seconds(10)) {
		LogWarning("webhook refused: " + sentence,
			   {{"pipeline", pipeline}, {"peer", head.remote_address},
			    {"not_logged_since", std::to_string(log.unlogged)}});
		log.last = now;
		log.unlogged = 0;
	} else {
		++log.unlogged;
	}
	return http::Response::Error(401, std::move(sentence));
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

static http::Response
Answer(WebhookCounters &counters, const JobTable::Submitted &job)
{
	switch (job.outcome) {
	case Outcome::BadBody:
		++counters.bad;
		return http::Response::Error(400, job.reason);
	case Outcome::Unavailable:
		++counters.unavailable;
		return http::Response::Error(503, job.reason);
	case Outcome::Rejected: {
		++counters.rejected;
		std::string body = "{\"job\":";
		json::AppendQuoted(body, job.id, json::ControlEscape::Unicode);
		body += ",\"error\":";
		json::AppendQuoted(body, job.reason, json::ControlEscape::Unicode);
		body += '}';
		auto r = http::Response::Json(429, std::move(body));
		r.headers.emplace_back("Retry-After", "30");
		return r;
	}
	case Outcome::Filtered:
		++counters.filtered;
		return http::Response::Json(200, "{\"filtered\":true}");
	case Outcome::FilterFailed:
		++counters.filter_failed;
		return http::Response::Error(500, "trigger.filter failed to render: " + job.reason);
	case Outcome::Accepted:
		break;
	}
	++counters.accepted;
	std::string body = "{\"job\":";
	json::AppendQuoted(body, job.id, json::ControlEscape::Unicode);
	body += ",\"state\":";
	json::AppendQuoted(body, job.state == JobState::Starting ? std::string_view("running")
			   : Name(job.state), json::ControlEscape::Unicode);
	if (!job.reason.empty()) {
		body += ",\"reason\":";
		json::AppendQuoted(body, job.reason, json::ControlEscape::Unicode);
	}
	body += '}';
	return http::Response::Json(202, std::move(body));
}

http::HandleResult
WebhookIngest::Handle(const http::Request &request)
{
	const std::string pipeline(pipelines.NameForPath(request.path));
	std::string signature_header;
	try {
		/* Route() ran Current() for this request's head, so the pipeline
		   is as fresh as the request: a .env edit between the head and
		   now is concurrent with it, either answer is right. That saves
		   the second stat() of the .env, a tenth of a 401's cost. */
		const auto &trigger = pipelines.Validated(pipeline).trigger;
		if (trigger.VerifiesSignature() && !SignatureMatches(pipeline, trigger, request))
			return Unauthorized(pipeline, request, "signature mismatch");
		/* hidden from templates even when not verified: it may be a secret */
		signature_header = trigger.signature_header;
	} catch (const std::exception &) {
		/* Route() just resolved it; only a .env edit in between gets here */
		++counters.unavailable;
		return Unavailable();
	}

	/* std::function needs a copyable callable: the token is shared */
	auto token = std::make_shared<http::PendingResponse>(request.Defer());
	JobTable::Trigger trigger{pipeline, "webhook", std::string(request.body),
				  std::string(request.Header("Content-Type").value_or("")),
				  CaptureHeaders(*request.headers, signature_header)};
	jobs.Submit(std::move(trigger), [this, token](JobTable::Submitted job) {
		token->Complete(Answer(counters, job));
	});
	return http::Deferred{};
}

} // namespace osprey::daemon
