// Integration: a container's output, framed or raw, as it arrives.
#include "EngineFixture.hxx"
#include "lib/posix/UniqueFd.hxx"
#include "util/File.hxx"

#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <fcntl.h>
#include <thread>

using namespace osprey;
using namespace osprey::test;
using Clock = std::chrono::steady_clock;

namespace {

struct Recorded {
	std::string out, err;
	/// Stream switches, e.g. "oeo" for stdout, stderr, stdout.
	std::string order;

	LogDemuxer::Sink Sink() {
		return [this](LogStream stream, std::string_view data) {
			const char tag = stream == LogStream::kStderr ? 'e' : 'o';
			(tag == 'e' ? err : out).append(data);
			if (order.empty() || order.back() != tag)
				order += tag;
		};
	}
};

std::string
Expected(int from, int to)
{
	std::string s;
	for (int i = from; i <= to; ++i)
		s += std::to_string(i) + '\n';
	return s;
}

} // namespace

TEST_CASE("StreamLogs separates stdout and stderr and keeps their order")
{
	Containers containers;
	const std::string id = containers.Create(TestSpec({"sh", "-c",
		"echo out1; sleep 0.1; echo err1 >&2; sleep 0.1; echo out2; sleep 0.1; echo err2 >&2"}));
	Engine().StartContainer(id);
	REQUIRE(Engine().WaitContainer(id) == 0);

	Recorded logs;
	Engine().StreamLogs(id, false, logs.Sink());
	CHECK(logs.out == "out1\nout2\n");
	CHECK(logs.err == "err1\nerr2\n");
	CHECK(logs.order == "oeoe");
}

TEST_CASE("1 MiB on each stream arrives intact, attached and from the log")
{
	/* stdout: numbered lines; stderr: one 1 MiB line without a newline */
	Containers containers;
	const std::string id = containers.Create(TestSpec({"sh", "-c",
		"seq 1 170000; head -c 1048576 /dev/zero | tr '\\000' x >&2"}));
	const std::string expected = Expected(1, 170000);
	REQUIRE(expected.size() > 1 << 20);

	const auto check = [&](const Recorded &logs) {
		CHECK(logs.out.size() == expected.size());
		CHECK(logs.err.size() == 1 << 20);
		/* double parentheses: no megabyte dumps on failure */
		CHECK((logs.err == std::string(1 << 20, 'x')));
		if (logs.out != expected) {
			const auto mismatch = std::mismatch(logs.out.begin(), logs.out.end(),
							    expected.begin(), expected.end());
			const auto at = static_cast<std::size_t>(mismatch.first - logs.out.begin());
			const std::size_t from = at > 20 ? at - 20 : 0;
			FAIL_CHECK("stdout differs from byte ", at, ": got \"", logs.out.substr(from, 60),
				   "\", expected \"", expected.substr(from, 60), "\"");
		}
	};

	Recorded attached;
	Engine().StartAttached(id, false, attached.Sink());
	CHECK(Engine().WaitContainer(id) == 0);
	check(attached);

	Recorded logged;
	Engine().StreamLogs(id, false, logged.Sink());
	check(logged);
}

TEST_CASE("StartAttached keeps stdout and stderr in the order they were written")
{
	Containers containers;
	const std::string id = containers.Create(TestSpec({"sh", "-c",
		"for i in 1 2 3; do echo out$i; sleep 0.05; echo err$i >&2; sleep 0.05; done"}));
	Recorded logs;
	Engine().StartAttached(id, false, logs.Sink());
	CHECK(logs.out == "out1\nout2\nout3\n");
	CHECK(logs.err == "err1\nerr2\nerr3\n");
	CHECK(logs.order == "oeoeoe");
	CHECK(Engine().WaitContainer(id) == 0);
}

TEST_CASE("StartAttached reports a failed start instead of waiting forever")
{
	Containers containers;
	const std::string id = containers.Create(TestSpec({"/no/such/program"}));
	const auto start = Clock::now();
	try {
		Engine().StartAttached(id, false, [](LogStream, std::string_view) {});
		FAIL("started a container without its program");
	} catch (const EngineError &e) {
		INFO(std::string(e.what()));
		/* Podman already fails the attach (it prepares the container
		   then), Docker the start */
		const std::string message = e.what();
		CHECK((message.starts_with("attaching to container " + id.substr(0, 12) +
					   ": engine answered ") ||
		       message.starts_with("starting container " + id.substr(0, 12) +
					   ": engine answered ")));
		CHECK(message.find("/no/such/program") != std::string::npos);
	}
	CHECK(Clock::now() - start < std::chrono::milliseconds(3000));
}

TEST_CASE("StreamLogs with follow passes output on as the container writes it")
{
	Containers containers;
	const std::string id = containers.Create(TestSpec({"sh", "-c",
		"for i in 1 2 3 4 5 6; do echo $i; sleep 0.25; done"}));
	Engine().StartContainer(id);

	const auto start = Clock::now();
	Clock::duration first_output{};
	std::string out;
	Engine().StreamLogs(id, true, [&](LogStream, std::string_view data) {
		if (out.empty())
			first_output = Clock::now() - start;
		out.append(data);
	});
	const auto total = Clock::now() - start;

	CHECK(out == Expected(1, 6));
	/* the container runs for 1.5 s; its first line must not wait for the end */
	CHECK(total >= std::chrono::milliseconds(1000));
	CHECK(first_output < total - std::chrono::milliseconds(700));
}

TEST_CASE("StreamLogs writes into a file descriptor")
{
	TempDir dir;
	const std::string path = dir.Path() + "/output.log";
	UniqueFd fd(open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600));
	REQUIRE(fd.IsDefined());

	Containers containers;
	const std::string id = containers.Create(TestSpec({"sh", "-c",
		"echo one; sleep 0.1; echo two >&2; sleep 0.1; echo three"}));
	Engine().StartContainer(id);
	Engine().StreamLogs(id, true, WriteToFds(fd.Get(), fd.Get()));
	CHECK(ReadFile(path) == "one\ntwo\nthree\n");
}

TEST_CASE("StreamLogs reads a TTY container's raw stream")
{
	ContainerSpec spec = TestSpec({"sh", "-c", "echo hello; echo oops >&2"});
	spec.tty = true;

	Containers containers;
	const std::string id = containers.Create(spec);
	Engine().StartContainer(id);
	REQUIRE(Engine().WaitContainer(id) == 0);

	Recorded logs;
	Engine().StreamLogs(id, false, logs.Sink());
	CHECK(logs.out == "hello\r\noops\r\n");
	CHECK(logs.err.empty());
}

TEST_CASE("StartAttached reads a TTY container's raw stream")
{
	ContainerSpec spec = TestSpec({"sh", "-c", "echo hello; echo oops >&2"});
	spec.tty = true;

	Containers containers;
	const std::string id = containers.Create(spec);
	Recorded logs;
	Engine().StartAttached(id, spec.tty, logs.Sink());
	CHECK(logs.out == "hello\r\noops\r\n");
	CHECK(logs.err.empty());
	CHECK(Engine().WaitContainer(id) == 0);
}

TEST_CASE("StreamLogs of a missing container is the engine's 404")
{
	try {
		Engine().StreamLogs("osprey-no-such-container", false, [](LogStream, std::string_view) {});
		FAIL("streamed a missing container");
	} catch (const EngineError &e) {
		CHECK(e.IsNotFound());
	}
}

TEST_CASE("StartAttached of a missing container is the engine's 404, not a hang")
{
	try {
		Engine().StartAttached("osprey-no-such-container", false, [](LogStream, std::string_view) {});
		FAIL("attached to a missing container");
	} catch (const EngineError &e) {
		CHECK(e.IsNotFound());
		CHECK(std::string(e.what()).starts_with("attaching to container osprey-no-su"));
	}
}

TEST_CASE("StreamLogs with follow is cancelled through its stop token")
{
	Containers containers;
	const std::string id = containers.Create(TestSpec({"sleep", "1000"}));
	Engine().StartContainer(id);

	std::stop_source stop;
	std::jthread canceller([&stop] {
		std::this_thread::sleep_for(std::chrono::milliseconds(300));
		stop.request_stop();
	});
	const auto start = Clock::now();
	CHECK_THROWS_AS(Engine().StreamLogs(id, true, [](LogStream, std::string_view) {},
					    stop.get_token()),
			EngineCallCancelled);
	CHECK(Clock::now() - start < std::chrono::milliseconds(2500));
}
