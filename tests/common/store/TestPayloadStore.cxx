#include "store/PayloadStore.hxx"
#include "lib/posix/DirectoryReader.hxx"
#include "util/File.hxx"

#include <doctest/doctest.h>
#include <sys/stat.h>
#include <system_error>

using namespace osprey;

TEST_CASE("PayloadStore keeps the newest payloads, as sent, readable by their owner only")
{
	char t[] = "/tmp/osprey-store-XXXXXX";
	const std::string dir = std::string(::mkdtemp(t)) + "/payloads/p";
	const PayloadStore store(dir, 3);

	CHECK(store.List().empty());
	CHECK(store.Latest().path.empty());

	for (int i = 0; i < 5; ++i)
		store.Save("{\"n\": " + std::to_string(i) + "}", i % 2 ? "test" : "webhook");

	const auto all = store.List();
	REQUIRE(all.size() == 3);
	CHECK(all[0].source == "webhook"); // n=2
	CHECK(all[1].source == "test");    // n=3
	CHECK(all[2].received.size() == 20);
	CHECK(all[2].received.ends_with("Z"));

	const auto latest = store.Latest();
	CHECK(latest.body == "{\"n\": 4}");
	CHECK(latest.source == "webhook");
	struct stat st;
	REQUIRE(::stat(latest.path.c_str(), &st) == 0);
	CHECK((st.st_mode & 0777) == 0600);

	RemoveTree(dir.substr(0, dir.size() - std::string("/payloads/p").size()));
}

TEST_CASE("PayloadStore keeps headers in the payload's one file and reads older payloads")
{
	char t[] = "/tmp/osprey-store-XXXXXX";
	const std::string dir = std::string(::mkdtemp(t)) + "/p";
	const PayloadStore store(dir, 5);

	/* as an older version stored it: the body alone, <ns>-<source>.json */
	MakeDirectories(dir, 0700);
	WriteFileAtomic(dir + "/00000000000000000001-webhook.json", "{\"old\": true}\n", 0600);
	store.Save("{\"new\": 1}", "webhook", R"({"x-github-event":"issues"})");
	store.Save("{}", "test");

	auto all = store.List();
	REQUIRE(all.size() == 3);
	CHECK(all[0].source == "webhook");
	CHECK(all[0].body.empty());
	store.Load(all[0]);
	CHECK(all[0].body == "{\"old\": true}\n");
	CHECK(all[0].headers == "{}");
	store.Load(all[1]);
	CHECK(all[1].source == "webhook");
	CHECK(all[1].body == "{\"new\": 1}");
	CHECK(all[1].headers == R"({"x-github-event":"issues"})");

	const auto latest = store.Latest();
	CHECK(latest.source == "test");
	CHECK(latest.body == "{}");
	CHECK(latest.headers == "{}");

	/* one file per payload: nothing else was created */
	std::size_t files = 0;
	DirectoryReader d(dir);
	while (d.Next() != nullptr)
		++files;
	CHECK(files == 3);
	RemoveTree(dir.substr(0, dir.rfind('/')));
}

TEST_CASE("PayloadStore::Load reads the body of a listed payload")
{
	char t[] = "/tmp/osprey-store-XXXXXX";
	const std::string root = ::mkdtemp(t);
	const PayloadStore store(root + "/p", 3);
	store.Save("[1]", "webhook");
	store.Save("{}", "test");
	auto all = store.List();
	REQUIRE(all.size() == 2);
	CHECK(all[0].body.empty());
	store.Load(all[0]);
	CHECK(all[0].body == "[1]");
	std::remove(all[1].path.c_str());
	CHECK_THROWS_AS(store.Load(all[1]), std::system_error);
	RemoveTree(root);
}
