// Test helper: an HttpHandler with a few routes that exercise every decision
// the server supports, recording what reached Handle().
#pragma once

#include "http/HttpHandler.hxx"

#include <atomic>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace osprey::http::test {

struct RecordingHandler final : HttpHandler {
	std::vector<std::string> handled;
	unsigned routed = 0;
	/// Called by Handle() for /stop, on the loop's thread.
	std::function<void()> on_stop;
	/// Answers deferred by /defer (and /defer-throws), oldest first.
	std::vector<PendingResponse> deferred;
	/// Requests deferred so far; other threads wait on it.
	std::atomic<unsigned> deferred_total{0};

	RouteDecision Route(const RequestHead &head) override {
		++routed;
		if (head.path == "/missing")
			return RouteDecision::Reject(Response::Error(404, "No pipeline listens here."));
		if (head.path == "/hook" && head.method != "POST") {
			auto r = Response::Error(405, "Use POST.");
			r.headers.emplace_back("Allow", "POST");
			return RouteDecision::Reject(std::move(r));
		}
		if (head.path == "/small")
			return RouteDecision::Accept(10);
		if (head.path == "/route-throws")
			throw std::runtime_error("routing failed");
		return RouteDecision::Accept();
	}

	HandleResult Handle(const Request &request) override {
		if (request.path == "/handle-throws")
			throw std::runtime_error("handling failed");
		if (request.path.starts_with("/defer"))
			return Defer(request);
		if (request.path == "/stop" && on_stop)
			on_stop();
		if (request.path == "/big") {
			// A response larger than any socket buffer: the queued-write path.
			Response r;
			r.body.assign(std::stoul(std::string(request.query)), 'x');
			return r;
		}
		std::string line(request.method);
		line += ' ';
		line += request.path;
		if (!request.query.empty()) {
			line += '?';
			line += request.query;
		}
		if (const auto v = request.Header("x-tag"))
			line += " tag=" + std::string(*v);
		if (request.query == "peer")
			line += " from " + std::string(request.remote_address);
		line += ' ';
		line += request.body;
		handled.push_back(line);
		Response r;
		r.status = 202;
		r.body = line;
		r.content_type = "text/plain";
		return r;
	}

	/// Answers the oldest deferred request with "later <what>".
	void CompleteOldest(std::string_view what) {
		Response r;
		r.status = 202;
		r.body = "later " + std::string(what);
		r.content_type = "text/plain";
		deferred.front().Complete(r);
		deferred.erase(deferred.begin());
	}

private:
	HandleResult Defer(const Request &request) {
		if (request.path == "/defer-nothing")
			return Deferred{}; // a bug: no token taken
		auto token = request.Defer();
		if (request.path == "/defer-now") {
			Response r;
			r.body = "now";
			token.Complete(r);
			return Deferred{};
		}
		if (request.path == "/defer-drop")
			return Deferred{}; // the token dies here: 500
		deferred.push_back(std::move(token));
		++deferred_total;
		deferred_total.notify_all();
		if (request.path == "/defer-throws")
			throw std::runtime_error("handling failed after Defer()");
		if (request.path == "/defer-twice")
			(void)request.Defer(); // throws std::logic_error: 500
		return Deferred{};
	}
};

} // namespace osprey::http::test
