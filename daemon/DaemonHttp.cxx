#include "DaemonHttp.hxx"

namespace osprey::daemon {

static bool
IsStatusPath(std::string_view path) noexcept
{
	return path == "/healthz" || path == "/metrics";
}

http::RouteDecision
DaemonHttp::Route(const http::RequestHead &head)
{
	if (IsStatusPath(head.path)) {
		if (head.method != "GET" && head.method != "HEAD") {
			auto r = http::Response::Error(405, "method not allowed here; use GET, HEAD");
			r.headers.emplace_back("Allow", "GET, HEAD");
			return http::RouteDecision::Reject(std::move(r));
		}
		return http::RouteDecision::Accept(0);
	}
	if (auto decision = ingest.Route(head))
		return std::move(*decision);
	++not_found;
	return http::RouteDecision::Reject(http::Response::Error(404,
		"no pipeline listens on " + std::string(head.path)));
}

http::HandleResult
DaemonHttp::Handle(const http::Request &request)
{
	if (request.path == "/healthz")
		return status.Health();
	if (request.path == "/metrics")
		return status.Metrics(not_found);
	return ingest.Handle(request);
}

} // namespace osprey::daemon
