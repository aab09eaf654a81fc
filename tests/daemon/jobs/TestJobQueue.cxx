// daemon/jobs/JobQueue: first come, first started, across reservations,
// restarts and cancellations.
#include "jobs/JobQueue.hxx"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace osprey;
using namespace osprey::daemon;
using Change = JobQueue::Entry::Change;

namespace {

JobRecord
Queued(std::string id, std::string updated = "2026-11-22T10:00:00Z")
{
	JobRecord r;
	r.id = std::move(id);
	r.state = JobState::Queued;
	r.created = r.updated = std::move(updated);
	return r;
}

std::vector<std::string>
Ids(const JobQueue &q)
{
	std::vector<std::string> ids;
	for (const auto &e : q.Entries())
		ids.push_back(e.record.id);
	return ids;
}

std::string
NextId(JobQueue &q)
{
	const auto *e = q.Next();
	return e != nullptr ? e->record.id : "(none)";
}

} // namespace

TEST_CASE("JobQueue")
{
	JobQueue q;
	CHECK(q.Waiting() == 0);
	CHECK(q.Next() == nullptr);

	SUBCASE("jobs start in the order they were admitted, not recorded") {
		const auto a = q.Reserve(), b = q.Reserve(), c = q.Reserve();
		CHECK(q.Waiting() == 3);
		/* b's and c's records became durable first */
		q.Fill(c, Queued("c"));
		q.Fill(b, Queued("b"));
		CHECK(Ids(q) == std::vector<std::string>{"b", "c"});
		INFO("nothing starts ahead of a, still being recorded");
		CHECK(q.Next() == nullptr);
		q.Fill(a, Queued("a"));
		CHECK(Ids(q) == std::vector<std::string>{"a", "b", "c"});
		CHECK(NextId(q) == "a");
		CHECK(q.Waiting() == 3);
	}

	SUBCASE("a job being started leaves the count; one being cancelled is skipped") {
		q.Fill(q.Reserve(), Queued("a"));
		q.Fill(q.Reserve(), Queued("b"));
		q.Fill(q.Reserve(), Queued("c"));
		q.Find("a")->change = Change::Starting;
		CHECK(q.Waiting() == 2);
		CHECK(NextId(q) == "b");
		q.Find("b")->change = Change::Cancelling;
		CHECK(q.Waiting() == 2);
		CHECK(NextId(q) == "c");
		q.Remove("a");
		q.Remove("b");
		CHECK(Ids(q) == std::vector<std::string>{"c"});
		CHECK(q.Find("a") == nullptr);
	}

	SUBCASE("a reservation given back holds nothing up") {
		const auto a = q.Reserve();
		q.Fill(q.Reserve(), Queued("b"));
		CHECK(q.Next() == nullptr);
		q.Release(a);
		CHECK(NextId(q) == "b");
		CHECK(q.Waiting() == 1);
	}

	SUBCASE("after a restart the old queue goes first, in the order it was queued") {
		/* a webhook queued while the records were being read */
		q.Fill(q.Reserve(), Queued("new"));
		const auto later = q.Reserve();
		q.Restore({Queued("20261122-100002-aa", "2026-11-22T10:00:02Z"),
			   Queued("20261122-100001-bb", "2026-11-22T10:00:05Z"), // approved later
			   Queued("20261122-100000-cc", "2026-11-22T10:00:02Z")});
		CHECK(Ids(q) == std::vector<std::string>{"20261122-100000-cc", "20261122-100002-aa",
							  "20261122-100001-bb", "new"});
		q.Fill(later, Queued("later"));
		CHECK(Ids(q).back() == "later");
		CHECK(NextId(q) == "20261122-100000-cc");
		CHECK(q.Waiting() == 5);
	}
}
