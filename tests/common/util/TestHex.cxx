#include "util/Hex.hxx"

#include <doctest/doctest.h>

using namespace osprey;

TEST_CASE("HexValue")
{
	CHECK(HexValue('0') == 0);
	CHECK(HexValue('9') == 9);
	CHECK(HexValue('a') == 10);
	CHECK(HexValue('F') == 15);
	CHECK(HexValue('g') == -1);
	CHECK(HexValue('G') == -1);
	CHECK(HexValue('/') == -1);
	CHECK(HexValue(':') == -1);
	CHECK(HexValue('\0') == -1);
	CHECK(HexValue('\xff') == -1);
}
