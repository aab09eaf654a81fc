// common/job/JobRecord: the shape of a job id.
#include "job/JobRecord.hxx"

#include <doctest/doctest.h>

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
