#include "UnixSocketHttp.hxx"
#include "EngineError.hxx"
#include "lib/curl/Easy.hxx"
#include "lib/curl/Slist.hxx"

#include <cstring>
#include <exception>

namespace osprey {

namespace {

/// State shared with curl's callbacks. They are noexcept trampolines: a
/// failure is recorded here and curl is told to abort.
struct Exchange {
	CurlEasy &easy;
	const UnixSocketHttp::BodySink *sink;
	const std::stop_token &stop;
	const std::function<void(long)> *on_headers;
	std::string body;
	std::exception_ptr failure;
	bool cancelled = false;

	static size_t Write(char *data, size_t, size_t n, void *userdata) noexcept {
		auto &self = *static_cast<Exchange *>(userdata);
		try {
			const long status = self.easy.GetResponseCode();
			if (self.sink != nullptr && status >= 200 && status < 300)
				(*self.sink)({data, n});
			else
				self.body.append(data, n);
			return n;
		} catch (...) {
			self.failure = std::current_exception();
			return 0;
		}
	}

	static size_t Header(char *data, size_t, size_t n, void *userdata) noexcept {
		auto &self = *static_cast<Exchange *>(userdata);
		const std::string_view line(data, n);
		const long status = self.easy.GetResponseCode();
		/* the empty line ends a header block; "100 Continue" blocks
		   are followed by the real one */
		if ((line != "\r\n" && line != "\n") || status < 200 || self.on_headers == nullptr)
			return n;
		try {
			(*self.on_headers)(status);
			return n;
		} catch (...) {
			self.failure = std::current_exception();
			return 0;
		}
	}

	static int Progress(void *userdata, curl_off_t, curl_off_t, curl_off_t,
			    curl_off_t) noexcept {
		auto &self = *static_cast<Exchange *>(userdata);
		if (self.stop.stop_requested()) {
			self.cancelled = true;
			return 1;
		}
		return 0;
	}
};

} // namespace

[[noreturn]] static void
ThrowTransportError(const EngineRequest &request, const std::string &socket_path,
		    const CurlEasy &easy, const std::system_error &error)
{
	const auto code = static_cast<CURLcode>(error.code().value());
	const std::string prefix = request.what + ": ";

	if (code == CURLE_COULDNT_CONNECT) {
		const long os_errno = easy.GetInfo<long>(CURLINFO_OS_ERRNO);
		throw EngineUnreachable(prefix + "engine unreachable at " + socket_path +
					": connect failed: " +
					(os_errno != 0 ? std::strerror(static_cast<int>(os_errno))
						       : error.what()));
	}

	if (code == CURLE_OPERATION_TIMEDOUT) {
		const bool connected = easy.GetInfo<curl_off_t>(CURLINFO_CONNECT_TIME_T) > 0;
		throw EngineUnreachable(prefix + (connected
			? "engine at " + socket_path + " did not answer within " +
			  std::to_string(request.timeout.count()) + " ms"
			: "engine unreachable at " + socket_path + ": connect timed out"));
	}

	throw EngineUnreachable(prefix + "talking to the engine at " + socket_path +
				" failed: " + error.what());
}

static EngineResponse
Perform(const std::string &socket_path, const std::string &base_url,
	const EngineRequest &request, const UnixSocketHttp::BodySink *sink)
{
	CurlEasy easy;
	easy.SetOption(CURLOPT_UNIX_SOCKET_PATH, socket_path.c_str());
	easy.SetURL(base_url + request.target);
	easy.SetOption(CURLOPT_CONNECTTIMEOUT_MS,
		       static_cast<long>(UnixSocketHttp::kConnectTimeout.count()));
	easy.SetOption(CURLOPT_TIMEOUT_MS, static_cast<long>(request.timeout.count()));

	CurlSlist headers;
	/* without this, curl waits a second for "100 Continue" before
	   sending bodies over 1 KiB, which engines do not send */
	headers.Append("Expect:");

	const std::string_view method = request.method;
	if (method == "POST") {
		easy.SetOption(CURLOPT_POST, 1L);
		easy.SetOption(CURLOPT_POSTFIELDS, request.body.c_str());
		easy.SetOption(CURLOPT_POSTFIELDSIZE_LARGE,
			       static_cast<curl_off_t>(request.body.size()));
	} else if (method != "GET") {
		easy.SetOption(CURLOPT_CUSTOMREQUEST, request.method);
	}
	if (!request.body.empty())
		headers.Append("Content-Type: application/json");
	easy.SetOption(CURLOPT_HTTPHEADER, headers.Get());

	Exchange exchange{easy, sink, request.stop,
			  request.on_headers ? &request.on_headers : nullptr, {}, {}};
	easy.SetOption(CURLOPT_WRITEFUNCTION, &Exchange::Write);
	easy.SetOption(CURLOPT_WRITEDATA, static_cast<void *>(&exchange));
	if (request.on_headers) {
		easy.SetOption(CURLOPT_HEADERFUNCTION, &Exchange::Header);
		easy.SetOption(CURLOPT_HEADERDATA, static_cast<void *>(&exchange));
	}
	if (request.stop.stop_possible()) {
		easy.SetOption(CURLOPT_XFERINFOFUNCTION, &Exchange::Progress);
		easy.SetOption(CURLOPT_XFERINFODATA, static_cast<void *>(&exchange));
		easy.SetOption(CURLOPT_NOPROGRESS, 0L);
	}

	try {
		easy.Perform();
	} catch (const std::system_error &error) {
		if (exchange.failure)
			std::rethrow_exception(exchange.failure);
		if (exchange.cancelled)
			throw EngineCallCancelled(request.what + ": cancelled");
		ThrowTransportError(request, socket_path, easy, error);
	}

	return {easy.GetResponseCode(), std::move(exchange.body)};
}

EngineResponse
UnixSocketHttp::Send(const EngineRequest &request) const
{
	return Perform(socket_path, base_url, request, nullptr);
}

EngineResponse
UnixSocketHttp::Stream(const EngineRequest &request, const BodySink &sink) const
{
	return Perform(socket_path, base_url, request, &sink);
}

} // namespace osprey
