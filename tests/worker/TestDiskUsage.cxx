// Unit: the bounded walk behind the per-job disk budget.
#include "DiskUsage.hxx"
#include "util/File.hxx"

#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <unistd.h>

using namespace osprey;

namespace {

struct TempDir {
	std::string path;
	TempDir() {
		char tmpl[] = "/tmp/osprey-du.XXXXXX";
		REQUIRE(::mkdtemp(tmpl) != nullptr);
		path = tmpl;
	}
	~TempDir() {
		std::error_code ignored;
		std::filesystem::remove_all(path, ignored);
	}
};

} // namespace

TEST_CASE("MeasureDiskUsage")
{
	TempDir dir;
	const std::string a = dir.path + "/a", b = dir.path + "/b";
	MakeDirectories(a + "/deep/er");
	MakeDirectories(b);
	WriteFileAtomic(a + "/deep/er/big", std::string(1 << 20, 'x'), 0644, Durability::Lazy);
	WriteFileAtomic(b + "/small", std::string(100, 'y'), 0644, Durability::Lazy);

	const auto all = MeasureDiskUsage({a, b}, UINT64_MAX);
	CHECK_FALSE(all.truncated);
	CHECK(all.bytes >= (1u << 20) + 100);
	CHECK(all.bytes < (1u << 20) + (1u << 18));
	CHECK(all.entries == 6);

	SUBCASE("hard links count once, symbolic links are not followed") {
		REQUIRE(::link((a + "/deep/er/big").c_str(), (b + "/again").c_str()) == 0);
		REQUIRE(::symlink("/usr", (b + "/usr").c_str()) == 0);
		const auto linked = MeasureDiskUsage({a, b}, UINT64_MAX);
		CHECK(linked.bytes < all.bytes + (1u << 16));
	}
	SUBCASE("stops once over the bound") {
		const auto bounded = MeasureDiskUsage({a, b}, 1000);
		CHECK(bounded.truncated);
		CHECK(bounded.bytes > 1000);
		const auto few = MeasureDiskUsage({a, b}, UINT64_MAX, 2);
		CHECK(few.truncated);
		CHECK(few.entries == 3);
	}
	SUBCASE("a missing path counts nothing") {
		CHECK(MeasureDiskUsage({dir.path + "/missing"}, UINT64_MAX).bytes == 0);
	}
}

TEST_CASE("FormatBytes")
{
	CHECK(FormatBytes(2ull << 30) == "2 GiB");
	CHECK(FormatBytes(512ull << 20) == "512 MiB");
	CHECK(FormatBytes(64 << 10) == "64 KiB");
	CHECK(FormatBytes(1000) == "1000 bytes");
}
