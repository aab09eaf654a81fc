// Integration: talking to the engine at all, images, and an engine that is not there.
#include "EngineFixture.hxx"

#include <doctest/doctest.h>

#include <chrono>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

using namespace osprey;
using namespace osprey::test;

TEST_CASE("Ping and Version reach the engine")
{
	Engine().Ping();
	const EngineVersion version = Engine().Version();
	CAPTURE(version.version);
	CHECK(!version.version.empty());
	CHECK(version.api_version == "1.41");
	CHECK(version.os == "linux");
}

TEST_CASE("InspectImage and RequireImage")
{
	SUBCASE("the test image is there") {
		const auto info = Engine().InspectImage(kTestImage);
		REQUIRE(info.has_value());
		CHECK(info->id.size() >= 12);
		CHECK(info->labels.contains("org.osprey.test-image.hash"));
		CHECK(Engine().RequireImage(kTestImage, "").id == info->id);
	}

	SUBCASE("a missing image is ImageNotFound with a hint") {
		CHECK_FALSE(Engine().InspectImage("localhost/osprey-no-such-image:latest").has_value());
		CHECK_THROWS_WITH_AS(Engine().RequireImage("localhost/osprey-no-such-image:latest",
							   "osprey image build claude-code"),
				     "image \"localhost/osprey-no-such-image:latest\" not found on the "
				     "engine; build it with osprey image build claude-code",
				     ImageNotFound);
	}

	SUBCASE("creating from a missing image is the engine's 404") {
		ContainerSpec spec = TestSpec({"true"});
		spec.image = "localhost/osprey-no-such-image:latest";
		spec.labels[kJobLabel] = "20261122-x1";
		try {
			Engine().CreateContainer(spec);
			FAIL("created a container from a missing image");
		} catch (const EngineError &e) {
			INFO(std::string(e.what()));
			CHECK(e.GetStatus() == 404);
			CHECK(std::string(e.what()).starts_with(
				"creating container for job 20261122-x1 from image "
				"\"localhost/osprey-no-such-image:latest\": "
				"engine answered 404: "));
			CHECK(e.GetEngineMessage().find("no such image") != std::string::npos);
		}
	}
}

template<typename F>
static std::chrono::milliseconds
TimeOf(F &&f)
{
	const auto start = std::chrono::steady_clock::now();
	f();
	return std::chrono::duration_cast<std::chrono::milliseconds>(
		std::chrono::steady_clock::now() - start);
}

TEST_CASE("An engine that is not there fails fast and says where it looked")
{
	TempDir dir;

	SUBCASE("no socket file") {
		const std::string path = dir.Path() + "/missing.sock";
		const EngineClient client(path);
		const auto elapsed = TimeOf([&] {
			CHECK_THROWS_WITH_AS(client.Ping(),
					     ("pinging the engine: engine unreachable at " + path +
					      ": connect failed: No such file or directory").c_str(),
					     EngineUnreachable);
			CHECK_THROWS_AS(client.CreateContainer(TestSpec({"true"})), EngineUnreachable);
		});
		CHECK(elapsed < std::chrono::seconds(1));
	}

	SUBCASE("an engine that accepts connections and never answers") {
		const std::string path = dir.Path() + "/hung.sock";
		const int fd = socket(AF_UNIX, SOCK_STREAM, 0);
		REQUIRE(fd >= 0);
		sockaddr_un address{};
		address.sun_family = AF_UNIX;
		path.copy(address.sun_path, sizeof(address.sun_path) - 1);
		REQUIRE(bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof(address)) == 0);
		REQUIRE(listen(fd, 4) == 0); /* the kernel accepts; nobody reads */

		const EngineClient client(path, std::chrono::milliseconds(300));
		const auto elapsed = TimeOf([&] {
			CHECK_THROWS_WITH_AS(client.Ping(),
					     ("pinging the engine: engine at " + path +
					      " did not answer within 300 ms").c_str(),
					     EngineUnreachable);
		});
		close(fd);
		CHECK(elapsed >= std::chrono::milliseconds(250)); /* curl's timer is coarse */
		CHECK(elapsed < std::chrono::seconds(2));
	}

	SUBCASE("a socket nobody listens on") {
		const std::string path = dir.Path() + "/dead.sock";
		const int fd = socket(AF_UNIX, SOCK_STREAM, 0);
		REQUIRE(fd >= 0);
		sockaddr_un address{};
		address.sun_family = AF_UNIX;
		path.copy(address.sun_path, sizeof(address.sun_path) - 1);
		REQUIRE(bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof(address)) == 0);
		close(fd);

		const EngineClient client(path);
		const auto elapsed = TimeOf([&] {
			CHECK_THROWS_WITH_AS(client.Version(),
					     ("asking the engine for its version: engine unreachable at " +
					      path + ": connect failed: Connection refused").c_str(),
					     EngineUnreachable);
		});
		CHECK(elapsed < std::chrono::seconds(1));
	}
}
