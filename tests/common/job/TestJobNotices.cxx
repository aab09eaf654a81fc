#include "job/JobNotices.hxx"
#include "job/JobRecord.hxx"

#include <doctest/doctest.h>

using namespace osprey;

TEST_CASE("NextOwed follows the job's state")
{
	JobRecord r;
	r.id = "20261122-004512-3f9a1c2b";
	JobNotices n;

	SUBCASE("a job without approval: announced, then its end") {
		r.state = JobState::Running;
		CHECK(NextOwed(r, n) == NoticeKind::Announced);
		n.MarkDone(NoticeKind::Announced);
		CHECK_FALSE(NextOwed(r, n));
		r.state = JobState::Succeeded;
		CHECK(NextOwed(r, n) == NoticeKind::Finished);
		n.MarkDone(NoticeKind::Finished);
		CHECK_FALSE(NextOwed(r, n));
	}
	SUBCASE("a job that asked: announced, decided, ended") {
		r.approval = true;
		r.state = JobState::AwaitingApproval;
		CHECK(NextOwed(r, n) == NoticeKind::Announced);
		n.MarkDone(NoticeKind::Announced);
		CHECK_FALSE(NextOwed(r, n));
		r.state = JobState::Ignored;
		CHECK(NextOwed(r, n) == NoticeKind::Decided);
		n.MarkDone(NoticeKind::Decided);
		CHECK(NextOwed(r, n) == NoticeKind::Finished);
	}
	SUBCASE("order holds when everything happened at once") {
		r.approval = true;
		r.state = JobState::Failed;
		CHECK(NextOwed(r, n) == NoticeKind::Announced);
	}
}

TEST_CASE("notices.json round trip")
{
	JobRecord r;
	r.approval = true;
	r.state = JobState::Starting;
	JobNotices n;
	n.announcement = {"-100123", "42"};
	n.MarkDone(NoticeKind::Announced);
	n.error = "Bad Request: chat not found";
	const auto json = ToJson(n, r);
	CHECK(json == R"({"announcement":{"chat":"-100123","message":"42"},"delivered":["announced"],)"
		      R"("undelivered":["decided"],"error":"Bad Request: chat not found"})");
	const auto back = ParseJobNotices(json);
	CHECK(back.announcement.chat == "-100123");
	CHECK(back.announcement.message == "42");
	CHECK(back.IsDone(NoticeKind::Announced));
	CHECK_FALSE(back.IsDone(NoticeKind::Decided));
	CHECK(back.error == n.error);
	CHECK_THROWS_WITH_AS(ParseJobNotices("[]"), "notices.json is not a JSON object", std::runtime_error);
}
