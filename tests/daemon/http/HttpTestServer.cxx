// A small server for the curl integration test: prints its port on stdout,
// serves until SIGTERM/SIGINT, then stops gracefully and exits 0.
//   POST /hook   HMAC-SHA256 of the body in X-Signature (secret: argv[1]):
//                202 {"bytes":N} or 401; 1 MiB body limit
//   POST /echo   the body back; 4 MiB limit
//   anything else 404; other methods on those paths 405
#include "http/HttpServer.hxx"
#include "lib/openssl/HmacSha256.hxx"
#include "lib/uv/Loop.hxx"
#include "lib/uv/Signal.hxx"

#include <csignal>
#include <cstdio>
#include <exception>
#include <string>

using namespace osprey;
using namespace osprey::http;

namespace {

class Handler final : public HttpHandler, public uv::Signal::Listener {
	openssl::HmacSha256 hmac;
	HttpServer *server = nullptr;
	uv::Signal *signals[2] = {};

public:
	explicit Handler(std::string_view secret) : hmac(secret) {}

	void Attach(HttpServer &s, uv::Signal &a, uv::Signal &b) {
		server = &s;
		signals[0] = &a;
		signals[1] = &b;
	}

	RouteDecision Route(const RequestHead &head) override {
		if (head.path != "/hook" && head.path != "/echo")
			return RouteDecision::Reject(Response::Error(404, "No endpoint at this path."));
		if (head.method != "POST") {
			auto r = Response::Error(405, "This endpoint accepts POST only.");
			r.headers.emplace_back("Allow", "POST");
			return RouteDecision::Reject(std::move(r));
		}
		return RouteDecision::Accept(head.path == "/echo" ? 4 * 1024 * 1024 : 1024 * 1024);
	}

	HandleResult Handle(const Request &request) override {
		if (request.path == "/echo") {
			Response r;
			r.body.assign(request.body);
			r.content_type = "application/octet-stream";
			return r;
		}
		const auto signature = request.Header("x-signature");
		if (!signature || !hmac.Verify(request.body, *signature))
			return Response::Error(401, "The signature does not match the body.");
		return Response::Json(202, "{\"bytes\":" + std::to_string(request.body.size()) + "}");
	}

	void OnSignal(uv::Signal &, int) noexcept override {
		server->StopGracefully([this] {
			signals[0]->Close();
			signals[1]->Close();
		});
	}
};

} // namespace

int
main(int argc, char **argv)
try {
	uv::Loop loop;
	Handler handler(argc > 1 ? argv[1] : "secret");
	HttpServer server(loop, handler);
	server.Listen(argc > 2 ? argv[2] : "127.0.0.1", 0);
	uv::Signal term(loop, handler), interrupt(loop, handler);
	term.Start(SIGTERM);
	interrupt.Start(SIGINT);
	handler.Attach(server, term, interrupt);
	std::printf("%u\n", server.Port());
	std::fflush(stdout);
	loop.Run();
	for (const auto &line : loop.AliveHandles())
		std::fprintf(stderr, "alive: %s\n", line.c_str());
	return loop.AliveHandles().empty() ? 0 : 1;
} catch (const std::exception &e) {
	std::fprintf(stderr, "http-test-server: %s\n", e.what());
	return 1;
}
