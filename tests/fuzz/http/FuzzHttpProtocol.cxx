// libFuzzer target: arbitrary bytes through HttpConnectionProtocol, split at
// fuzzer-chosen points, with fuzzer-chosen limits and events (timeout,
// graceful stop, end of input). Checks, besides the sanitizers:
//  - the output is always a sequence of well-formed responses (status line,
//    Content-Length framing), whatever the input;
//  - nothing is sent after the protocol decided to close;
//  - splitting the input differently never changes the answers, also when
//    answers are deferred (PendingResponse) and completed between pieces.
#include "http/HttpConnectionProtocol.hxx"

#include <fuzzer/FuzzedDataProvider.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <algorithm>
#include <deque>
#include <stdexcept>
#include <vector>

using namespace osprey::http;

namespace {

struct FuzzHandler final : HttpHandler {
	/// For each request routed, in order: was it a HEAD (no body bytes in
	/// its response)? Each routed request gets exactly one final response.
	std::deque<bool> head_requests;
	/// Deferred answers (?defer), each with the response it will send.
	std::vector<std::pair<PendingResponse, Response>> deferred;

	RouteDecision Route(const RequestHead &head) override {
		head_requests.push_back(head.method == "HEAD");
		// Touch every view: the sanitizers check they point at live bytes.
		std::size_t n = head.method.size() + head.target.size() + head.path.size() +
			head.query.size();
		for (std::size_t i = 0; i < head.headers->Size(); ++i)
			n += head.headers->NameAt(i).size() + head.headers->ValueAt(i).size();
		(void)head.Header("x-signature");
		if (head.path.starts_with("/reject"))
			return RouteDecision::Reject(Response::Error(404, "no"));
		if (head.path.starts_with("/throw"))
			throw std::runtime_error("route");
		if (head.path.starts_with("/tiny"))
			return RouteDecision::Accept(n % 8);
		return RouteDecision::Accept();
	}

	HandleResult Handle(const Request &request) override {
		if (request.query == "throw")
			throw std::runtime_error("handle");
		Response r;
		r.status = 200 + unsigned(request.body.size() % 5);
		r.body.assign(request.body);
		if (request.query == "h")
			r.headers.emplace_back(std::string(request.path), std::string(request.body));
		if (request.query == "defer") {
			deferred.emplace_back(request.Defer(), std::move(r));
			return Deferred{};
		}
		if (request.query == "defer-now") {
			request.Defer().Complete(r);
			return Deferred{};
		}
		if (request.query == "drop") {
			(void)request.Defer(); // 500
			return Deferred{};
		}
		return r;
	}

	/// Completes every deferred answer, letting @p protocol go on after
	/// each, as the connection does on its next loop iteration.
	void CompleteAll(HttpConnectionProtocol &protocol) {
		while (!deferred.empty()) {
			auto [token, response] = std::move(deferred.front());
			deferred.erase(deferred.begin());
			token.Complete(response);
			protocol.Continue();
		}
	}
};

[[noreturn]] void
Fail(const char *what, const std::string &detail)
{
	std::fprintf(stderr, "%s\n%s\n", what, detail.c_str());
	std::abort();
}

/// Date lines differ from one second to the next; everything else must not.
std::string
WithoutDate(std::string s)
{
	if (const auto p = s.find("\r\nDate: "); p != std::string::npos)
		s.erase(p, s.find("\r\n", p + 2) - p);
	return s;
}

/// Splits what the protocol sent into responses (Date lines removed) and
/// empties @p out; aborts on anything a strict client could not frame.
void
TakeResponses(std::string &out, FuzzHandler &handler, std::vector<std::string> &responses)
{
	while (!out.empty()) {
		const auto end = out.find("\r\n\r\n");
		if (end == std::string::npos || !out.starts_with("HTTP/1.1 ") || out.size() < 12)
			Fail("malformed response", out);
		const std::string_view head(out.data(), end + 4);
		const unsigned status = unsigned(std::atoi(out.substr(9, 3).c_str()));
		if (status < 100 || status > 599)
			Fail("bad status", out);
		std::size_t length = 0;
		if (const auto cl = head.find("\r\nContent-Length: "); cl != head.npos)
			length = std::size_t(std::atol(head.data() + cl + 18));
		else if (status != 100 && status != 204 && status != 304)
			Fail("no Content-Length", out);
		if (status != 100 && !handler.head_requests.empty()) {
			if (handler.head_requests.front())
				length = 0;
			handler.head_requests.pop_front();
		}
		// 505 is decided before routing, so the handler never saw that
		// request; a bodiless 505 (to a HEAD) must end the output.
		if (status == 505 && out.size() == end + 4)
			length = 0;
		if (out.size() < end + 4 + length)
			Fail("truncated body", out);
		responses.push_back(WithoutDate(out.substr(0, end + 4 + length)));
		out.erase(0, end + 4 + length);
	}
}

/// When a request is both malformed and too large, which error llhttp meets
/// first depends on where the input was split (it reports a header piece at
/// the end of each Feed()). Either answer is right; anything else must match.
bool
SameAnswers(const std::vector<std::string> &a, const std::vector<std::string> &b)
{
	if (a == b)
		return true;
	if (a.size() != b.size() || a.empty() || !std::equal(a.begin(), a.end() - 1, b.begin()))
		return false;
	const auto is_limit_race = [](const std::string &r) {
		return r.starts_with("HTTP/1.1 400 ") || r.starts_with("HTTP/1.1 413 ") ||
			r.starts_with("HTTP/1.1 431 ");
	};
	return is_limit_race(a.back()) && is_limit_race(b.back());
}

std::string
Join(const std::vector<std::string> &v)
{
	std::string s;
	for (const auto &r : v)
		s += r + "\n----\n";
	return s;
}

} // namespace

extern "C" int
LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
	FuzzedDataProvider provider(data, size);
	HttpLimits limits;
	limits.max_header_bytes = provider.ConsumeIntegralInRange<std::size_t>(1, 512);
	limits.max_body_bytes = provider.ConsumeIntegralInRange<std::size_t>(0, 256);
	const auto event = provider.ConsumeIntegralInRange<int>(0, 3);
	const std::string splits = provider.ConsumeBytesAsString(
		provider.ConsumeIntegralInRange<std::size_t>(0, 16));
	const std::string input = provider.ConsumeRemainingBytesAsString();

	// Reference: everything at once.
	HttpStats stats;
	FuzzHandler whole_handler;
	HttpConnectionProtocol whole(whole_handler, limits, stats);
	whole.Feed(input);
	whole_handler.CompleteAll(whole);
	std::vector<std::string> expected;
	TakeResponses(whole.Output(), whole_handler, expected);

	// The same bytes in fuzzer-chosen pieces.
	FuzzHandler handler;
	HttpConnectionProtocol pieces(handler, limits, stats);
	std::vector<std::string> responses;
	std::size_t offset = 0;
	for (const char s : splits) {
		const std::size_t n = std::min<std::size_t>(std::uint8_t(s), input.size() - offset);
		const bool closed_before = pieces.WantsClose();
		pieces.Feed(std::string_view(input).substr(offset, n));
		handler.CompleteAll(pieces);
		offset += n;
		if (closed_before && !pieces.Output().empty())
			Fail("answered after deciding to close", pieces.Output());
		TakeResponses(pieces.Output(), handler, responses);
	}
	pieces.Feed(std::string_view(input).substr(offset));
	handler.CompleteAll(pieces);
	TakeResponses(pieces.Output(), handler, responses);
	if (!SameAnswers(responses, expected))
		Fail("split input answered differently", Join(responses) + "==== whole:\n" + Join(expected));

	switch (event) {
	case 0: pieces.Timeout(); break;
	case 1: pieces.StopGracefully(); break;
	case 2: pieces.EndOfInput(); break;
	default: break;
	}
	TakeResponses(pieces.Output(), handler, responses);
	// Timeouts and the end of input always end the connection; a graceful
	// stop leaves no idle connection.
	if ((event == 0 || event == 2) && !pieces.WantsClose())
		std::abort();
	if (event == 1 && pieces.GetPhase() == HttpConnectionProtocol::Phase::IDLE)
		std::abort();
	return 0;
}
