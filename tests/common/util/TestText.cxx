#include "util/Text.hxx"

#include <array>
#include <doctest/doctest.h>

using namespace osprey;

TEST_CASE("Trim")
{
	CHECK(Trim("  a b \t\n") == "a b");
	CHECK(Trim(" \t ").empty());
	CHECK(Trim("x") == "x");
}

TEST_CASE("Split")
{
	const auto parts = Split("a:b::c", ':');
	REQUIRE(parts.size() == 4);
	CHECK(parts[0] == "a");
	CHECK(parts[2].empty());
	CHECK(parts[3] == "c");
	CHECK(Split("", ':').size() == 1);
}

TEST_CASE("EditDistance")
{
	CHECK(EditDistance("", "") == 0);
	CHECK(EditDistance("kitten", "sitting") == 3);
	CHECK(EditDistance("path", "paht") == 2);
	CHECK(EditDistance("abc", "") == 3);
}

TEST_CASE("ClosestMatch suggests plausible typos only")
{
	constexpr std::array<std::string_view, 4> keys{"type", "path", "secret", "signature_header"};
	CHECK(ClosestMatch("pth", keys) == "path");
	CHECK(ClosestMatch("secert", keys) == "secret");
	CHECK(ClosestMatch("signature_headr", keys) == "signature_header");
	CHECK(ClosestMatch("completely_different", keys).empty());
}

TEST_CASE("Quote escapes what a terminal would mangle")
{
	CHECK(Quote("a\"b\\c\n\x01") == "\"a\\\"b\\\\c\\n\\x01\"");
}
