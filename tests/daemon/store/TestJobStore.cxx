#include "lib/uv/Loop.hxx"
#include "store/JobStore.hxx"
#include "util/File.hxx"

#include <doctest/doctest.h>
#include <atomic>
#include <csignal>
#include <cstdlib>
#include <future>
#include <stdexcept>
#include <sys/resource.h>
#include <utility>
#include <vector>

using namespace osprey;
using namespace osprey::daemon;

namespace {

struct Scratch {
	std::string path;
	Scratch() {
		char t[] = "/tmp/osprey-store-XXXXXX";
		REQUIRE(::mkdtemp(t) != nullptr);
		path = t;
	}
	~Scratch() { RemoveTree(path); }
};

JobWrite
Record(const std::string &id, const std::string &state)
{
	return {id, true, {{"job.json", state + "\n", 0600}}};
}

/* Runs the loop until the store is idle, then lets it end. */
void
Drain(uv::Loop &loop, JobStore &store)
{
	store.Close();
	loop.Run();
	REQUIRE(store.Idle());
}

} // namespace

TEST_CASE("writes are durable in order, and gather in batches while the disk is busy")
{
	Scratch scratch;
	uv::Loop loop;
	JobStore store(loop, scratch.path + "/jobs");
	std::vector<std::string> order;

	/* all queued while the store's first batch (this task) is on the pool */
	store.Run([](const std::string &) {}, [](std::exception_ptr) {});
	constexpr int n = 200;
	for (int i = 0; i < n; ++i) {
		const auto id = "job-" + std::to_string(1000 + i);
		store.Write(Record(id, "awaiting"), [&, id](std::error_code error) {
			CHECK_FALSE(error);
			/* every file of a durable write is readable by then */
			CHECK(ReadFile(scratch.path + "/jobs/" + id + "/job.json") == "awaiting\n");
			order.push_back(id);
		});
		if (i % 50 == 49)
			store.Run([](const std::string &) {}, [](std::exception_ptr) {});
	}
	Drain(loop, store);
	REQUIRE(order.size() == n);
	for (int i = 0; i < n; ++i)
		CHECK(order[i] == "job-" + std::to_string(1000 + i));
	/* one sync per run of writes between two tasks, not one per write */
	CHECK(store.CommittedWrites() == n);
	CHECK(store.Commits() == 4);
}

TEST_CASE("a task sees every write queued before it")
{
	Scratch scratch;
	uv::Loop loop;
	JobStore store(loop, scratch.path);
	bool saw = false;
	store.Write(Record("job-a", "running"), [](std::error_code) {});
	store.Run([&](const std::string &dir) { saw = ReadFile(dir + "/job-a/job.json") == "running\n"; },
		  [&](std::exception_ptr error) { CHECK_FALSE(error); });
	Drain(loop, store);
	CHECK(saw);
}

TEST_CASE("a writer hears back before a task queued after its write runs")
{
	Scratch scratch;
	uv::Loop loop;
	JobStore store(loop, scratch.path);
	std::promise<void> heard;
	auto heard_future = heard.get_future();
	bool heard_first = false;

	store.Run([](const std::string &) {}, [](std::exception_ptr) {});
	store.Write(Record("job-a", "awaiting"), [&](std::error_code error) {
		CHECK_FALSE(error);
		heard.set_value();
	});
	/* a long task (a restart's scan): it waits for the write's answer, which
	   would only come after the task if they shared a batch */
	store.Run([&](const std::string &) {
		heard_first = heard_future.wait_for(std::chrono::seconds(2)) == std::future_status::ready;
	}, [](std::exception_ptr) {});
	Drain(loop, store);
	CHECK(heard_first);
}

TEST_CASE("a long task in pieces: a write queued meanwhile waits for one piece, not all")
{
	Scratch scratch;
	uv::Loop loop;
	JobStore store(loop, scratch.path);
	/* tasks run on the pool one after another, each after the callback
	   of the one before: no lock needed, only visibility */
	std::atomic<int> pieces_run = 0;
	std::vector<std::pair<std::size_t, std::size_t>> ranges;
	int pieces_before_write = -1, pieces_at_done = -1;
	bool written_before_second_piece = false;
	bool done_inside_call = true;

	store.RunInPieces(5, 2, [&](const std::string &dir, std::size_t from, std::size_t to) {
		if (from == 2)
			written_before_second_piece = ReadFile(dir + "/job-a/job.json") == "awaiting\n";
		ranges.emplace_back(from, to);
		++pieces_run;
	}, [&](std::exception_ptr error) {
		CHECK_FALSE(error);
		pieces_at_done = pieces_run;
	});
	done_inside_call = pieces_at_done != -1;
	store.Write(Record("job-a", "awaiting"), [&](std::error_code error) {
		CHECK_FALSE(error);
		pieces_before_write = pieces_run;
	});
	Drain(loop, store);
	CHECK_FALSE(done_inside_call);
	CHECK(pieces_before_write == 1);
	CHECK(written_before_second_piece);
	CHECK(pieces_at_done == 3);
	CHECK(ranges == std::vector<std::pair<std::size_t, std::size_t>>{{0, 2}, {2, 4}, {4, 5}});
}

TEST_CASE("pieces: an error stops the rest and reaches the caller; nothing to do is one empty piece")
{
	Scratch scratch;
	uv::Loop loop;
	JobStore store(loop, scratch.path);
	std::atomic<int> pieces_run = 0;
	std::string error_text;
	store.RunInPieces(10, 3, [&](const std::string &, std::size_t from, std::size_t) {
		++pieces_run;
		if (from == 3)
			throw std::runtime_error("piece 2 broke");
	}, [&](std::exception_ptr error) {
		try {
			if (error)
				std::rethrow_exception(error);
		} catch (const std::exception &e) {
			error_text = e.what();
		}
	});
	int empty_calls = 0;
	std::size_t empty_from = 99, empty_to = 99;
	bool empty_done = false;
	store.RunInPieces(0, 256, [&](const std::string &, std::size_t from, std::size_t to) {
		++empty_calls;
		empty_from = from;
		empty_to = to;
	}, [&](std::exception_ptr error) {
		CHECK_FALSE(error);
		empty_done = true;
	});
	Drain(loop, store);
	CHECK(error_text == "piece 2 broke");
	CHECK(pieces_run == 2);
	CHECK(empty_done);
	CHECK(empty_calls == 1);
	CHECK(empty_from == 0);
	CHECK(empty_to == 0);
}

TEST_CASE("a clean stop leaves the journal empty: the next start recovers nothing")
{
	Scratch scratch;
	{
		uv::Loop loop;
		JobStore store(loop, scratch.path);
		store.Write(Record("job-a", "awaiting"), [](std::error_code error) { CHECK_FALSE(error); });
		Drain(loop, store);
	}
	CHECK(ReadFile(scratch.path + "/.journal").empty());
	CHECK(ReadFile(scratch.path + "/job-a/job.json") == "awaiting\n");
}

TEST_CASE("a write that cannot be recorded is reported, and the next one works")
{
	Scratch scratch;
	uv::Loop loop;
	JobStore store(loop, scratch.path);
	std::signal(SIGXFSZ, SIG_IGN);
	struct rlimit old;
	REQUIRE(::getrlimit(RLIMIT_FSIZE, &old) == 0);

	std::error_code first, second;
	bool second_done = false;
	store.Run([&](const std::string &) {
		struct rlimit tight = old;
		tight.rlim_cur = 100;
		REQUIRE(::setrlimit(RLIMIT_FSIZE, &tight) == 0);
	}, [](std::exception_ptr) {});
	store.Write({"job-big", true, {{"payload.json", std::string(4096, 'x'), 0600}}},
		    [&](std::error_code e) {
			    first = e;
			    REQUIRE(::setrlimit(RLIMIT_FSIZE, &old) == 0);
			    store.Write(Record("job-next", "awaiting"), [&](std::error_code e2) {
				    second = e2;
				    second_done = true;
			    });
		    });
	Drain(loop, store);
	CHECK(first == std::errc::file_too_large);
	CHECK_FALSE(PathExists(scratch.path + "/job-big"));
	REQUIRE(second_done);
	CHECK_FALSE(second);
	CHECK(ReadFile(scratch.path + "/job-next/job.json") == "awaiting\n");
}
