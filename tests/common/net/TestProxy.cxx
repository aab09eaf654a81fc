#include "net/HttpClient.hxx"
#include "net/Proxy.hxx"
#include "EnvironmentGuard.hxx"
#include "NetFixture.hxx"

#include <doctest/doctest.h>

#include <optional>

using namespace osprey;
using namespace osprey::test;

namespace {

const char *const proxy_variables[] = {
	"http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY",
	"all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY",
};

void
ClearProxyEnvironment(EnvironmentGuard &env)
{
	for (const char *name : proxy_variables)
		env.Set(name, nullptr);
}

} // namespace

TEST_CASE("ProxyConfig reads the variables admins set, either case")
{
	EnvironmentGuard env;
	ClearProxyEnvironment(env);
	CHECK(ProxyConfig::FromEnvironment().For("http").empty());

	env.Set("HTTP_PROXY", "http://upper:3128");
	env.Set("HTTPS_PROXY", "http://secure:3128");
	env.Set("NO_PROXY", "localhost,.internal");
	ProxyConfig config = ProxyConfig::FromEnvironment();
	CHECK(config.For("http") == "http://upper:3128"); // curl alone would ignore it
	CHECK(config.For("https") == "http://secure:3128");
	CHECK(config.no_proxy == "localhost,.internal");

	env.Set("http_proxy", "http://lower:3128");
	env.Set("https_proxy", "");
	env.Set("ALL_PROXY", "http://all:3128");
	config = ProxyConfig::FromEnvironment();
	CHECK(config.For("http") == "http://lower:3128");      // lowercase first, as curl
	CHECK(config.For("https") == "http://secure:3128");    // empty counts as unset

	ProxyConfig only_all;
	only_all.all = "http://all:3128";
	CHECK(only_all.For("https") == "http://all:3128");
}

TEST_CASE("HttpClient goes through HTTP_PROXY and HTTPS_PROXY; NO_PROXY bypasses them")
{
	EnvironmentGuard env;
	ClearProxyEnvironment(env);
	const std::string proxy = UrlOf("http", "127.0.0.1", "proxy");
	env.Set("HTTP_PROXY", proxy.c_str());   // uppercase: the case curl ignores
	env.Set("HTTPS_PROXY", proxy.c_str());
	env.Set("NO_PROXY", "127.0.0.1");

	NetFixture net;
	HttpClientOptions options;
	options.connection.proxy = ProxyConfig::FromEnvironment();
	options.connection.extra_ca_file = Peer().CaFile();
	HttpClient client(net.multi, std::move(options));
	HttpClient direct(net.multi, {}); // no proxy configured at all

	auto run = [&](HttpClient &c, const std::string &url) {
		std::optional<HttpResult> result;
		HttpRequest request;
		request.url = url;
		c.Start(std::move(request), [&](HttpResult &&r) { result = std::move(r); });
		REQUIRE(RunUntil(net.loop, [&] { return result.has_value(); }));
		REQUIRE(result->Ok());
		return std::move(result->response);
	};
	auto proxy_log = [&] {
		return run(direct, UrlOf("http", "127.0.0.1", "http", "/proxy-log")).body;
	};

	SUBCASE("plain HTTP is forwarded by the proxy") {
		const HttpResponse response = run(client, UrlOf("http", "localhost", "http", "/echo"));
		REQUIRE(response.FindHeader("via") != nullptr);
		CHECK(*response.FindHeader("via") == "1.1 osprey-test-proxy");
		CHECK(proxy_log().find("\"kind\":\"forward\"") != std::string::npos);
	}

	SUBCASE("HTTPS is tunnelled with CONNECT, and still verified") {
		const std::string target = "localhost:" + std::to_string(Peer().Port("https"));
		const HttpResponse response = run(client, UrlOf("https", "localhost", "https", "/echo"));
		CHECK(response.status == 200);
		CHECK(response.FindHeader("via") == nullptr);
		CHECK(response.body.find(R"("tls":true)") != std::string::npos);
		CHECK(proxy_log().find(R"({"kind":"connect","target":")" + target + "\"}") !=
		      std::string::npos);
	}

	SUBCASE("NO_PROXY hosts are reached directly though the proxy is set explicitly") {
		const std::string before = proxy_log();
		const HttpResponse response = run(client, UrlOf("http", "127.0.0.1", "http", "/echo"));
		CHECK(response.status == 200);
		CHECK(response.FindHeader("via") == nullptr);
		CHECK(proxy_log() == before);
	}
}
