#include "EngineFixture.hxx"
#include "lib/curl/Global.hxx"

#include <cstdlib>
#include <filesystem>
#include <random>
#include <stdexcept>
#include <system_error>

namespace osprey::test {

const std::string &
EngineSocket()
{
	static const std::string socket = [] {
		const char *value = std::getenv("OSPREY_TEST_ENGINE_SOCKET");
		if (value == nullptr || *value == '\0')
			throw std::runtime_error("OSPREY_TEST_ENGINE_SOCKET is not set: run these tests "
						 "with meson test, whose wrapper starts a private engine");
		return std::string(value);
	}();
	return socket;
}

EngineClient &
Engine()
{
	static CurlGlobal curl_global;
	static EngineClient client(EngineSocket());
	return client;
}

const std::string &
RunId()
{
	static const std::string id = [] {
		std::random_device random;
		return "run-" + std::to_string(random()) + std::to_string(random());
	}();
	return id;
}

ContainerSpec
TestSpec(std::vector<std::string> cmd)
{
	ContainerSpec spec;
	spec.image = kTestImage;
	spec.cmd = std::move(cmd);
	spec.user = "1000:1000";
	spec.labels = {{"osprey.test", RunId()}};
	return spec;
}

Containers::~Containers() noexcept
{
	for (const auto &id : ids) {
		try {
			Engine().RemoveContainer(id, true, true);
		} catch (...) {
			/* the engine's stop in the wrapper removes what is left */
		}
	}
}

std::string
Containers::Create(const ContainerSpec &spec)
{
	return ids.emplace_back(Engine().CreateContainer(spec));
}

int
Containers::Run(const ContainerSpec &spec, std::string *out, std::string *err)
{
	const std::string id = Create(spec);
	Engine().StartContainer(id);
	const int status = Engine().WaitContainer(id);
	if (out != nullptr || err != nullptr)
		Engine().StreamLogs(id, false, [&](LogStream stream, std::string_view data) {
			std::string *target = stream == LogStream::kStderr ? err : out;
			if (target != nullptr)
				target->append(data);
		});
	return status;
}

TempDir::TempDir()
{
	std::string pattern = (std::filesystem::temp_directory_path() / "osprey-test-XXXXXX").string();
	if (mkdtemp(pattern.data()) == nullptr)
		throw std::system_error(errno, std::system_category(), "creating a temporary directory");
	path = pattern;
}

TempDir::~TempDir() noexcept
{
	std::error_code ignored;
	std::filesystem::remove_all(path, ignored);
}

} // namespace osprey::test
