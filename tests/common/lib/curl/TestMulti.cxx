#include "lib/curl/Easy.hxx"
#include "lib/curl/Global.hxx"
#include "lib/curl/Multi.hxx"
#include "lib/uv/Loop.hxx"
#include "../../net/RunLoop.hxx"

#include <doctest/doctest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <optional>
#include <string>

using namespace osprey;
using osprey::test::AliveAfterClosing;
using osprey::test::RunUntil;

namespace {

/// A transfer that counts how it ended and may remove itself from there.
struct Transfer final : CurlTransferListener {
	CurlMulti &multi;
	std::optional<CurlEasy> easy{std::in_place};
	int done = 0;
	CURLcode result = CURLE_OK;
	bool remove_when_done = false;
	bool adding = false; // must never be true when done

	Transfer(CurlMulti &m, const std::string &url) : multi(m) {
		easy->SetURL(url);
		easy->SetOption(CURLOPT_CONNECTTIMEOUT_MS, 20'000L);
	}
	void Add() {
		adding = true;
		multi.Add(easy->Get(), *this);
		adding = false;
	}
	void OnTransferDone(CURLcode code) noexcept override {
		CHECK_FALSE(adding);
		++done;
		result = code;
		if (remove_when_done) {
			multi.Remove(easy->Get());
			easy.reset(); // curl_easy_cleanup() right here
		}
	}
};

/// A listening socket nobody accepts on: connections complete (the kernel
/// queues them) and then the server says nothing, ever.
struct SilentServer {
	int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	int port = 0;
	SilentServer() {
		sockaddr_in address{};
		address.sin_family = AF_INET;
		address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		REQUIRE(::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof(address)) == 0);
		REQUIRE(::listen(fd, 16) == 0);
		socklen_t size = sizeof(address);
		::getsockname(fd, reinterpret_cast<sockaddr *>(&address), &size);
		port = ntohs(address.sin_port);
	}
	~SilentServer() { ::close(fd); }
	std::string Url() const { return "http://127.0.0.1:" + std::to_string(port) + "/"; }
};

} // namespace

TEST_CASE("CurlMulti drives transfers on the loop and reports each end once")
{
	CurlGlobal global;
	uv::Loop loop;
	CurlMulti multi(loop);
	REQUIRE(multi.IsDefined());

	SUBCASE("failures are reported after Add() returned, removal from the callback is safe") {
		Transfer a(multi, "http://127.0.0.1:1/"), b(multi, "http://127.0.0.1:1/");
		a.remove_when_done = b.remove_when_done = true;
		a.Add();
		b.Add();
		CHECK(a.done == 0);
		CHECK(RunUntil(loop, [&] { return a.done && b.done; }));
		CHECK(a.result == CURLE_COULDNT_CONNECT);
		CHECK(b.result == CURLE_COULDNT_CONNECT);
		CHECK(a.done == 1);
		CHECK(b.done == 1);
	}

	SUBCASE("a removed transfer is never reported; Close() closes every uv handle") {
		SilentServer server;
		Transfer waiting(multi, server.Url()), removed(multi, server.Url());
		Transfer refused(multi, "http://127.0.0.1:1/");
		waiting.Add();
		removed.Add();
		refused.Add();
		multi.Remove(removed.easy->Get());
		// the refused one ends; the others stay connected and waiting
		CHECK(RunUntil(loop, [&] { return refused.done == 1; }));
		CHECK(removed.done == 0);
		CHECK(waiting.done == 0);
		multi.Remove(waiting.easy->Get());
		multi.Remove(refused.easy->Get());
		multi.Close();
		CHECK_FALSE(multi.IsDefined());
		CHECK(AliveAfterClosing(loop).empty());
	}

	SUBCASE("a moved multi keeps working") {
		CurlMulti moved(std::move(multi));
		Transfer t(moved, "http://127.0.0.1:1/");
		t.remove_when_done = true;
		t.Add();
		CHECK(RunUntil(loop, [&] { return t.done == 1; }));
	}

	multi.Close();
	CHECK(AliveAfterClosing(loop).empty());
}
