#include "lib/cjson/Build.hxx"
#include "lib/cjson/Read.hxx"
#include "lib/cjson/Tree.hxx"

#include <doctest/doctest.h>

#include <stdexcept>

using namespace osprey;

TEST_CASE("JsonTree builds and prints compact JSON")
{
	JsonTree tree = JsonTree::NewObject();
	cJSON &root = *tree.Get();
	AddString(root, "s", "a \"quoted\"\nline");
	AddInteger(root, "i", 9007199254740992LL);
	AddNumber(root, "d", 1.5);
	AddBool(root, "b", true);
	cJSON &array = AddArray(root, "a");
	AppendString(array, "x");
	AddString(AppendObject(array), "k", "v");
	AddObject(root, "o");

	CHECK(tree.Print() ==
	      R"({"s":"a \"quoted\"\nline","i":9007199254740992,"d":1.5,"b":true,"a":["x",{"k":"v"}],"o":{}})");
	CHECK(JsonTree().Print() == "null");
}

TEST_CASE("JsonTree::Parse reads a document and rejects anything else")
{
	const JsonTree tree = JsonTree::Parse(R"( {"n": 3, "f": 2.5, "s": "x", "t": false, "o": {"k": "v"}} )");
	const cJSON *root = tree.Get();
	CHECK(FindInteger(root, "n") == 3);
	CHECK(FindInteger(root, "f") == std::nullopt);
	CHECK(FindNumber(root, "f") == 2.5);
	CHECK(FindString(root, "s") == "x");
	CHECK(FindString(root, "n") == std::nullopt);
	CHECK(FindBool(root, "t") == false);
	CHECK(FindString(FindMember(root, "o"), "k") == "v");
	CHECK(FindMember(root, "missing") == nullptr);
	CHECK(FindMember(nullptr, "n") == nullptr);
	CHECK(FindString(FindMember(root, "s"), "k") == std::nullopt);

	SUBCASE("not null-terminated") {
		const std::string text = R"({"a":1}garbage)";
		CHECK(FindInteger(JsonTree::Parse(std::string_view(text).substr(0, 7)).Get(), "a") == 1);
	}
	SUBCASE("errors") {
		CHECK_THROWS_WITH_AS(JsonTree::Parse(R"({"a":})"), "invalid JSON at byte 5",
				     std::runtime_error);
		CHECK_THROWS_WITH_AS(JsonTree::Parse(R"({"a":1} x)"),
				     "invalid JSON at byte 8: trailing data", std::runtime_error);
		CHECK_THROWS_AS(JsonTree::Parse(""), std::runtime_error);
	}
}

TEST_CASE("JsonTree is move-only and owns its root")
{
	JsonTree a = JsonTree::NewArray();
	cJSON *root = a.Get();
	JsonTree b(std::move(a));
	CHECK(b.Get() == root);
	CHECK_FALSE(a.IsDefined());
	cJSON *released = b.Release();
	CHECK_FALSE(b.IsDefined());
	JsonTree c(released);
	CHECK(c.Print() == "[]");
}
