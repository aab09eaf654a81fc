// common/job/JobRecord: job ids, their order and their shape.
#include "job/JobRecord.hxx"

#include <doctest/doctest.h>
#include <string>

using namespace osprey;

TEST_CASE("IsValidJobId accepts what NewJobId makes and nothing else")
{
	SUBCASE("new ids") {
		for (int i = 0; i < 100; ++i) {
			const auto id = NewJobId();
			CAPTURE(id);
			CHECK(IsValidJobId(id));
		}
	}
	SUBCASE("a well-formed id") {
		CHECK(IsValidJobId("20261122-004512-3f9a1c2b"));
		CHECK(IsValidJobId("20991231-000000-00000000"));
	}
	SUBCASE("anything else") {
		for (const char *id : {
			     "", "../../etc/passwd", "..", ".", "/", "20261122-004512-3f9a1c2b/..",
			     "../20261122-004512-3f9a1c2b", "20261122-004512-3f9a1c2", // short
			     "20261122-004512-3f9a1c2b0",                          // long
			     "20261122-004512-3F9A1C2B",                           // upper case
			     "20261122_004512-3f9a1c2b", "2026112x-004512-3f9a1c2b",
			     "20261122-004512-3f9a1c2g", "20261122-0045",          // a prefix
			     "j1",
		     }) {
			CAPTURE(id);
			CHECK_FALSE(IsValidJobId(id));
		}
		CHECK_FALSE(IsValidJobId(std::string_view("20261122-004512-3f9a1c2\0", 24)));
	}
}

TEST_CASE("NewJobId sorts in the order the jobs came, within a second too")
{
	std::string last;
	for (int i = 0; i < 20000; ++i) {
		const auto id = NewJobId();
		CAPTURE(i);
		CAPTURE(id);
		REQUIRE(IsValidJobId(id));
		REQUIRE(id > last);
		last = id;
	}
}

TEST_CASE("NewJobIdAt is a lower bound for the ids of its second")
{
	const auto now = std::chrono::system_clock::now();
	const auto floor = NewJobIdAt(now - std::chrono::seconds(1));
	CHECK(NewJobId() > floor);
	CHECK(NewJobIdAt(now + std::chrono::hours(1)) > NewJobId());
	CHECK(IsValidJobId(floor));
}

TEST_CASE("Every state is waiting, live or terminal, and has a name")
{
	for (int i = 0; i <= static_cast<int>(JobState::Interrupted); ++i) {
		const auto s = static_cast<JobState>(i);
		CAPTURE(Name(s));
		CHECK(int(IsWaiting(s)) + int(IsLive(s)) + int(IsTerminal(s)) == 1);
		CHECK(ParseJobState(Name(s)) == s);
	}
	CHECK(Name(JobState::Queued) == "queued");
	CHECK(IsWaiting(JobState::Queued));
	CHECK(IsWaiting(JobState::AwaitingApproval));
	CHECK_FALSE(IsLive(JobState::Queued));
}
