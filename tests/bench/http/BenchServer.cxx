// The benchmark subject: HttpServer with the one route the daemon's webhook
// path has on its hot path — verify an HMAC-SHA256 signature header, answer
// 401 {"error":...} or 202. Usage: bench-http-server <port> <secret>
// Prints the bound port, serves until SIGTERM/SIGINT.
#include "http/HttpServer.hxx"
#include "lib/openssl/HmacSha256.hxx"
#include "lib/uv/Loop.hxx"
#include "lib/uv/Signal.hxx"

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <exception>

using namespace osprey;
using namespace osprey::http;

namespace {

class WebhookRoute final : public HttpHandler, public uv::Signal::Listener {
	openssl::HmacSha256 hmac;
	HttpServer *server = nullptr;
	uv::Signal *term = nullptr, *interrupt = nullptr;

public:
	explicit WebhookRoute(const char *secret) : hmac(secret) {}

	void Attach(HttpServer &s, uv::Signal &t, uv::Signal &i) noexcept {
		server = &s;
		term = &t;
		interrupt = &i;
	}

	RouteDecision Route(const RequestHead &head) override {
		if (head.path != "/hooks/bench")
			return RouteDecision::Reject(Response::Error(404, "No pipeline listens at this path."));
		if (head.method != "POST") {
			auto r = Response::Error(405, "This endpoint accepts POST only.");
			r.headers.emplace_back("Allow", "POST");
			return RouteDecision::Reject(std::move(r));
		}
		return RouteDecision::Accept();
	}

	HandleResult Handle(const Request &request) override {
		const auto signature = request.Header("x-signature");
		if (!signature || !hmac.Verify(request.body, *signature))
			return Response::Error(401, "The signature does not match the body.");
		return Response::Json(202, R"({"job":"bench","state":"running"})");
	}

	void OnSignal(uv::Signal &, int) noexcept override {
		server->StopGracefully([this] {
			term->Close();
			interrupt->Close();
		});
	}
};

} // namespace

int
main(int argc, char **argv)
try {
	if (argc != 3) {
		std::fprintf(stderr, "usage: bench-http-server <port> <secret>\n");
		return 2;
	}
	uv::Loop loop;
	WebhookRoute route(argv[2]);
	HttpServer server(loop, route);
	server.Listen("127.0.0.1", unsigned(std::atoi(argv[1])));
	uv::Signal term(loop, route), interrupt(loop, route);
	term.Start(SIGTERM);
	interrupt.Start(SIGINT);
	route.Attach(server, term, interrupt);
	std::printf("%u\n", server.Port());
	std::fflush(stdout);
	loop.Run();
	return 0;
} catch (const std::exception &e) {
	std::fprintf(stderr, "bench-http-server: %s\n", e.what());
	return 1;
}
