// How much resident memory the network layer costs the daemon: VmRSS
// before and after curl_global_init() with SSL, one CurlMulti on a loop,
// one HTTPS request to the local TLS peer (with only the test CA), and one
// that loads the system CA bundle. Prints one line per step for the memory
// budget report; fails only when the whole layer adds more than 64 MiB, a
// figure no sane build gets near.
#include "net/HttpClient.hxx"
#include "NetFixture.hxx"

#include <cstdio>
#include <fstream>
#include <optional>
#include <string>

using namespace osprey;
using namespace osprey::test;

namespace {

long
VmRssKiB()
{
	std::ifstream status("/proc/self/status");
	for (std::string line; std::getline(status, line);)
		if (line.starts_with("VmRSS:"))
			return std::stol(line.substr(6));
	return -1;
}

long last = 0;

void
Report(const char *step)
{
	const long now = VmRssKiB();
	std::printf("%-52s VmRSS %6ld KiB  (+%ld)\n", step, now, now - last);
	last = now;
}

HttpResult
Run(uv::Loop &loop, HttpClient &client, const std::string &url)
{
	std::optional<HttpResult> result;
	HttpRequest request;
	request.url = url;
	client.Start(std::move(request), [&](HttpResult &&r) { result = std::move(r); });
	if (!RunUntil(loop, [&] { return result.has_value(); }))
		throw std::runtime_error("the request did not end in time");
	return std::move(*result);
}

} // namespace

int
main()
try {
	Peer(); // the Node peer is another process: not in our VmRSS
	last = VmRssKiB();
	const long start = last;
	std::printf("%-52s VmRSS %6ld KiB\n", "start (libcurl and OpenSSL mapped)", start);

	CurlGlobal global;
	Report("curl_global_init(CURL_GLOBAL_DEFAULT: with SSL)");
	uv::Loop loop;
	CurlMulti multi(loop);
	Report("one uv loop and one CurlMulti");

	HttpClientOptions options;
	options.connection.extra_ca_file = Peer().CaFile();
	HttpClient client(multi, std::move(options));
	const std::string url = UrlOf("https", "localhost", "https", "/echo");
	if (HttpResult r = Run(loop, client, url); !r.Ok())
		throw std::runtime_error(r.error);
	Report("first HTTPS request (test CA file + CAPATH lookup)");
	for (int i = 0; i < 10; ++i)
		Run(loop, client, url);
	Report("ten more HTTPS requests");

	HttpClient system_store(multi, {});
	const HttpResult r = Run(loop, system_store, url); // fails: self-signed
	Report("an HTTPS request loading the system CA bundle");
	std::printf("(that request: %s)\n", r.Ok() ? "succeeded?" : r.error.c_str());

	const long added = VmRssKiB() - start;
	std::printf("%-52s %6ld KiB\n", "added in all", added);
	client.Close();
	system_store.Close();
	multi.Close();
	loop.Run(UV_RUN_NOWAIT);
	return added < 64 * 1024 ? 0 : 1;
} catch (const std::exception &e) {
	std::fprintf(stderr, "%s\n", e.what());
	return 1;
}
