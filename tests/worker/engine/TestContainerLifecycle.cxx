// Integration: stopping, killing, removing and finding containers, and how
// long creating and starting one takes.
#include "EngineFixture.hxx"

#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <set>
#include <thread>

using namespace osprey;
using namespace osprey::test;
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

TEST_CASE("StopContainer ends a container that ignores SIGTERM after the grace period")
{
	Containers containers;
	/* sleep as PID 1 has no SIGTERM handler, so SIGTERM does nothing */
	const std::string id = containers.Create(TestSpec({"sleep", "1000"}));
	Engine().StartContainer(id);
	REQUIRE(Engine().InspectContainer(id).running);

	const auto start = Clock::now();
	Engine().StopContainer(id, std::chrono::seconds(1));
	const auto elapsed = Clock::now() - start;
	CHECK(elapsed >= milliseconds(900));
	CHECK(elapsed < milliseconds(10000));

	const ContainerState state = Engine().InspectContainer(id);
	CHECK_FALSE(state.running);
	CHECK(state.exit_code == 137);
	CHECK(Engine().WaitContainer(id) == 137);

	/* stopping it again is fine */
	Engine().StopContainer(id, std::chrono::seconds(1));
}

TEST_CASE("StopContainer lets a container that handles SIGTERM exit at once")
{
	Containers containers;
	const std::string id = containers.Create(TestSpec({"sh", "-c",
		"trap 'echo terminated; exit 0' TERM; echo ready; while :; do sleep 0.1; done"}));
	Engine().StartContainer(id);

	/* a SIGTERM before the trap is set would be ignored (PID 1) */
	std::string out;
	for (int i = 0; i < 100 && out.empty(); ++i) {
		std::this_thread::sleep_for(milliseconds(50));
		Engine().StreamLogs(id, false, [&out](LogStream, std::string_view data) { out.append(data); });
	}
	REQUIRE(out == "ready\n");

	const auto start = Clock::now();
	Engine().StopContainer(id, std::chrono::seconds(30));
	CHECK(Clock::now() - start < milliseconds(5000));
	CHECK(Engine().WaitContainer(id) == 0);
}

TEST_CASE("KillContainer, RemoveContainer and their idempotence")
{
	Containers containers;
	const std::string id = containers.Create(TestSpec({"sleep", "1000"}));
	Engine().StartContainer(id);

	CHECK(Engine().KillContainer(id));
	CHECK(Engine().WaitContainer(id) == 137);
	CHECK_FALSE(Engine().KillContainer(id));

	CHECK(Engine().RemoveContainer(id));
	CHECK_FALSE(Engine().RemoveContainer(id));
	try {
		Engine().InspectContainer(id);
		FAIL("inspected a removed container");
	} catch (const EngineError &e) {
		CHECK(e.IsNotFound());
		CHECK(std::string(e.what()).starts_with("inspecting container " + id.substr(0, 12) +
							": engine answered 404: "));
	}

	SUBCASE("a running container is removed with force") {
		const std::string running = containers.Create(TestSpec({"sleep", "1000"}));
		Engine().StartContainer(running);
		CHECK(Engine().RemoveContainer(running, true, true));
		CHECK_THROWS_AS(Engine().InspectContainer(running), EngineError);
	}
}

TEST_CASE("WaitContainer is cancelled through its stop token")
{
	Containers containers;
	const std::string id = containers.Create(TestSpec({"sleep", "1000"}));
	Engine().StartContainer(id);

	std::stop_source stop;
	std::jthread canceller([&stop] {
		std::this_thread::sleep_for(milliseconds(300));
		stop.request_stop();
	});
	const auto start = Clock::now();
	CHECK_THROWS_WITH_AS(Engine().WaitContainer(id, WaitCondition::kNotRunning, stop.get_token()),
			     ("waiting for container " + id.substr(0, 12) + ": cancelled").c_str(),
			     EngineCallCancelled);
	CHECK(Clock::now() - start < milliseconds(2500));
}

TEST_CASE("ListContainers finds exactly the containers carrying the labels")
{
	Containers containers;
	const std::string job_a = "job-a-" + RunId(), job_b = "job-b-" + RunId();
	std::set<std::string> a_ids;
	for (int i = 0; i < 2; ++i) {
		ContainerSpec spec = TestSpec({"sleep", "1000"});
		spec.labels[kJobLabel] = job_a;
		a_ids.insert(containers.Create(spec));
	}
	ContainerSpec spec_b = TestSpec({"true"});
	spec_b.labels[kJobLabel] = job_b;
	const std::string b_id = containers.Create(spec_b);
	/* one of them running, to list running and created ones alike */
	Engine().StartContainer(*a_ids.begin());

	std::set<std::string> found;
	for (const auto &summary : Engine().ListContainers({"osprey.job=" + job_a})) {
		found.insert(summary.id);
		CHECK(summary.labels.at("osprey.job") == job_a);
		CHECK(summary.image.find("osprey-test-agent") != std::string::npos);
		CHECK(!summary.names.empty());
	}
	CHECK(found == a_ids);

	const auto running = Engine().ListContainers({"osprey.job=" + job_a}, false);
	REQUIRE(running.size() == 1);
	CHECK(running.front().id == *a_ids.begin());
	CHECK(running.front().state == "running");

	const auto b = Engine().ListContainers({"osprey.test=" + RunId(), "osprey.job=" + job_b});
	REQUIRE(b.size() == 1);
	CHECK(b.front().id == b_id);

	CHECK(Engine().ListContainers({"osprey.job=no-such-job-" + RunId()}).empty());
}

namespace {

struct Samples {
	std::vector<double> ms;

	void Add(Clock::duration d) {
		ms.push_back(std::chrono::duration<double, std::milli>(d).count());
	}
	double Median() const {
		std::vector<double> v = ms;
		std::sort(v.begin(), v.end());
		return v.size() % 2 == 0 ? (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2 : v[v.size() / 2];
	}
	double Max() const { return *std::max_element(ms.begin(), ms.end()); }
};

} // namespace

TEST_CASE("Create-to-running latency (20 containers)")
{
	Containers containers;
	Samples create, start, total, first_output;
	for (int i = 0; i < 20; ++i) {
		/* create, start: returns once the engine has the process running */
		const auto t0 = Clock::now();
		const std::string id = containers.Create(TestSpec({"sleep", "1000"}));
		const auto t1 = Clock::now();
		Engine().StartContainer(id);
		const auto t2 = Clock::now();
		REQUIRE(Engine().InspectContainer(id).running);
		Engine().RemoveContainer(id);
		create.Add(t1 - t0);
		start.Add(t2 - t1);
		total.Add(t2 - t0);

		/* create, attach, start, until the container's first byte arrives:
		   the way a job runs its agent */
		const auto t3 = Clock::now();
		const std::string attached = containers.Create(TestSpec({"echo", "started"}));
		bool seen = false;
		Engine().StartAttached(attached, false, [&](LogStream, std::string_view) {
			if (!seen)
				first_output.Add(Clock::now() - t3);
			seen = true;
		});
		REQUIRE(seen);
		Engine().RemoveContainer(attached);
	}

	std::printf("engine latency over 20 containers (ms): create median %.1f, start median %.1f, "
		    "create->running median %.1f (max %.1f), create->first output byte (attached) "
		    "median %.1f (max %.1f)\n",
		    create.Median(), start.Median(), total.Median(), total.Max(),
		    first_output.Median(), first_output.Max());
	CHECK(total.Median() < 5000);
	CHECK(first_output.Median() < 5000);
}
