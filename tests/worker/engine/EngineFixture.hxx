// Shared setup of the engine integration tests: the private engine started
// by tests/support/engine.sh (OSPREY_TEST_ENGINE_SOCKET), the busybox test
// image, and cleanup of every container a test creates.
#pragma once

#include "engine/EngineClient.hxx"

#include <string>
#include <vector>

namespace osprey::test {

inline constexpr const char *kTestImage = "localhost/osprey-test-agent:latest";

/// The engine's socket. Throws when OSPREY_TEST_ENGINE_SOCKET is not set:
/// these tests run only through tests/support/run-with-engine.sh (meson test).
const std::string &EngineSocket();

EngineClient &Engine();

/// A label value unique to this test process: every container the tests
/// create carries osprey.test=<RunId()>.
const std::string &RunId();

/// A spec for the test image running @p cmd as the agent user, labelled.
ContainerSpec TestSpec(std::vector<std::string> cmd);

/// Creates containers and removes them (forced) when it goes out of scope,
/// whether the test passed or not.
class Containers {
	std::vector<std::string> ids;

public:
	Containers() = default;
	Containers(const Containers &) = delete;
	Containers &operator=(const Containers &) = delete;
	~Containers() noexcept;

	std::string Create(const ContainerSpec &spec);
	/// Creates, starts and waits; returns the exit code.
	int Run(const ContainerSpec &spec, std::string *out = nullptr, std::string *err = nullptr);
};

/// A temporary directory, removed with its contents at scope exit.
class TempDir {
	std::string path;

public:
	TempDir();
	~TempDir() noexcept;
	TempDir(const TempDir &) = delete;
	TempDir &operator=(const TempDir &) = delete;

	const std::string &Path() const noexcept { return path; }
};

} // namespace osprey::test
