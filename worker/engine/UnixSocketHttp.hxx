// HTTP/1.1 over a unix socket with libcurl: the transport under EngineClient.
// Each call uses its own curl handle and connection, so one UnixSocketHttp
// may be used from several threads at once (e.g. one streaming logs while
// another waits for the container).
#pragma once

#include <chrono>
#include <functional>
#include <stop_token>
#include <string>
#include <string_view>

namespace osprey {

struct EngineRequest {
	/// What the request is for, in words: the first part of every error
	/// message ("starting container 3f2a...").
	std::string what;

	const char *method = "GET";

	/// Path and query below the base URL, e.g. "/containers/json?all=1".
	std::string target;

	/// A JSON body; empty means none.
	std::string body;

	/// Bound on the whole exchange; zero means none (waits, followed logs).
	std::chrono::milliseconds timeout{std::chrono::seconds(60)};

	/// Aborts the exchange (within about a second) when stop is requested;
	/// the call then throws EngineCallCancelled.
	std::stop_token stop;

	/// Called once the response's header block is complete, with its
	/// status, before any of the body (e.g. to act once an attach stream is
	/// established). May throw: the exchange is then aborted and the
	/// exception rethrown.
	std::function<void(long status)> on_headers;

	static EngineRequest Get(std::string what, std::string target) {
		return Make(std::move(what), "GET", std::move(target));
	}
	static EngineRequest Post(std::string what, std::string target, std::string body = {}) {
		EngineRequest request = Make(std::move(what), "POST", std::move(target));
		request.body = std::move(body);
		return request;
	}
	static EngineRequest Delete(std::string what, std::string target) {
		return Make(std::move(what), "DELETE", std::move(target));
	}

private:
	static EngineRequest Make(std::string what, const char *method, std::string target) {
		EngineRequest request;
		request.what = std::move(what);
		request.method = method;
		request.target = std::move(target);
		return request;
	}
};

struct EngineResponse {
	long status = 0;
	/// The whole body, or for a successful Stream() nothing.
	std::string body;

	bool IsSuccess() const noexcept { return status >= 200 && status < 300; }
};

class UnixSocketHttp {
	std::string socket_path;
	std::string base_url;

public:
	/// Connecting is bounded by this; a missing socket fails at once.
	static constexpr std::chrono::milliseconds kConnectTimeout{std::chrono::seconds(5)};

	UnixSocketHttp(std::string _socket_path, std::string _base_url)
		: socket_path(std::move(_socket_path)), base_url(std::move(_base_url)) {}

	const std::string &GetSocketPath() const noexcept { return socket_path; }

	/// Sends @p request and returns the status and whole body, whatever the
	/// status. Throws EngineUnreachable or EngineCallCancelled.
	EngineResponse Send(const EngineRequest &request) const;

	/// Like Send(), but a 2xx body is handed to @p sink piece by piece as
	/// it arrives instead of being collected. Exceptions from @p sink end
	/// the exchange and are rethrown from here.
	using BodySink = std::function<void(std::string_view)>;
	EngineResponse Stream(const EngineRequest &request, const BodySink &sink) const;
};

} // namespace osprey
