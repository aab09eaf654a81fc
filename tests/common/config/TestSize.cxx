#include "config/Size.hxx"

#include <doctest/doctest.h>

using namespace osprey;

TEST_CASE("ParseSize")
{
	CHECK(ParseSize("1048576") == 1048576u);
	CHECK(ParseSize("512k") == 512u * 1024);
	CHECK(ParseSize("1MiB") == 1024u * 1024);
	CHECK(ParseSize("2g") == 2ull << 30);
	CHECK(ParseSize("2 GB") == 2ull << 30);
	CHECK_FALSE(ParseSize(""));
	CHECK_FALSE(ParseSize("m"));
	CHECK_FALSE(ParseSize("1.5g"));
	CHECK_FALSE(ParseSize("-1"));
	CHECK_FALSE(ParseSize("1t"));
	CHECK_FALSE(ParseSize("99999999999999999999g"));
}
