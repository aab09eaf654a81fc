// libFuzzer target: arbitrary bytes through HttpConnectionProtocol, split at
// fuzzer-chosen points, with fuzzer-chosen limits and events (timeout,
// graceful stop, end of input). Checks, besides the sanitizers:
//  - the output is always a sequence of well-formed responses (status line,
//    Content-Length framing), whatever the input;
//  - nothing is sent after the protocol decided to close;
//  - splitting the input differently never changes the answers.
#include "http/HttpConnectionProtocol.hxx"

#include <fuzzer/FuzzedDataProvider.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <algorithm>
#include <vector>

using namespace osprey::http;

namespace {

struct FuzzHandler final : HttpHandler {
	RouteDecision Route(const RequestHead &head) override {
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

	Response Handle(const Request &request) override {
		if (request.query == "throw")
			throw std::runtime_error("handle");
		Response r;
		r.status = 200 + unsigned(request.body.size() % 5);
		r.body.assign(request.body);
		if (request.query == "h")
			r.headers.emplace_back(std::string(request.path), std::string(request.body));
		return r;
	}
};

/// Splits @p out into well-formed responses; aborts on a malformed one or
/// an incomplete tail.
std::vector<std::string>
CheckResponses(std::string &out)
{
	std::vector<std::string> responses;
	while (!out.empty()) {
		const auto end = out.find("\r\n\r\n");
		if (end == std::string::npos || !out.starts_with("HTTP/1.1 ") || out.size() < 12)
			std::abort();
		const std::string_view head(out.data(), end + 4);
		const unsigned status = unsigned(std::atoi(out.substr(9, 3).c_str()));
		if (status < 100 || status > 599)
			std::abort();
		std::size_t length = 0;
		if (const auto cl = head.find("\r\nContent-Length: "); cl != head.npos)
			length = std::size_t(std::atol(head.data() + cl + 18));
		else if (status != 100 && status != 204 && status != 304)
			std::abort();
		if (out.size() < end + 4 + length)
			std::abort();
		responses.push_back(out.substr(0, end + 4 + length));
		out.erase(0, end + 4 + length);
	}
	return responses;
}

/// When a request is both malformed and too large, which error llhttp meets
/// first depends on where the input was split (it reports a header piece at
/// the end of each Feed()). Either answer is right; anything else must match.
bool
SameAnswers(std::string a, std::string b)
{
	auto ra = CheckResponses(a), rb = CheckResponses(b);
	if (ra == rb)
		return true;
	if (ra.size() != rb.size() || ra.empty() ||
	    !std::equal(ra.begin(), ra.end() - 1, rb.begin()))
		return false;
	const auto is_limit_race = [](const std::string &r) {
		return r.starts_with("HTTP/1.1 400 ") || r.starts_with("HTTP/1.1 413 ") ||
			r.starts_with("HTTP/1.1 431 ");
	};
	return is_limit_race(ra.back()) && is_limit_race(rb.back());
}

/// Date lines differ from one second to the next; everything else must not.
std::string
WithoutDates(std::string s)
{
	for (std::size_t p; (p = s.find("\r\nDate: ")) != std::string::npos;)
		s.erase(p, s.find("\r\n", p + 2) - p);
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

	FuzzHandler handler;

	// Reference: everything at once.
	HttpConnectionProtocol whole(handler, limits);
	whole.Feed(input);
	const std::string expected = WithoutDates(whole.Output());

	// The same bytes in fuzzer-chosen pieces.
	HttpConnectionProtocol pieces(handler, limits);
	std::string all_output;
	std::size_t offset = 0;
	for (const char s : splits) {
		const std::size_t n = std::min<std::size_t>(std::uint8_t(s), input.size() - offset);
		const bool closed_before = pieces.WantsClose();
		pieces.Feed(std::string_view(input).substr(offset, n));
		offset += n;
		if (closed_before && !pieces.Output().empty())
			std::abort(); // answered after deciding to close
		all_output += pieces.Output();
		CheckResponses(pieces.Output());
	}
	pieces.Feed(std::string_view(input).substr(offset));
	all_output += pieces.Output();
	CheckResponses(pieces.Output());
	if (!SameAnswers(WithoutDates(all_output), expected)) {
		std::fprintf(stderr, "split output:\n%s\n--- whole output:\n%s\n",
			     WithoutDates(all_output).c_str(), expected.c_str());
		std::abort();
	}

	switch (event) {
	case 0: pieces.Timeout(); break;
	case 1: pieces.StopGracefully(); break;
	case 2: pieces.EndOfInput(); break;
	default: break;
	}
	CheckResponses(pieces.Output());
	// Timeouts and the end of input always end the connection; a graceful
	// stop leaves no idle connection.
	if ((event == 0 || event == 2) && !pieces.WantsClose())
		std::abort();
	if (event == 1 && pieces.GetPhase() == HttpConnectionProtocol::Phase::IDLE)
		std::abort();
	return 0;
}
