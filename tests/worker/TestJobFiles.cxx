// Unit: the container user's ids, and copying the agent's result safely.
#include "JobFiles.hxx"
#include "WorkerLog.hxx"
#include "util/File.hxx"

#include <doctest/doctest.h>

#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <unistd.h>

using namespace osprey;

TEST_CASE("ParseContainerUser")
{
	CHECK(ParseContainerUser("1000:1000")->uid == 1000);
	CHECK(ParseContainerUser("1000:50")->gid == 50);
	CHECK(ParseContainerUser("1234")->gid == 1234);
	CHECK_FALSE(ParseContainerUser("agent"));
	CHECK_FALSE(ParseContainerUser("1000:staff"));
	CHECK_FALSE(ParseContainerUser(""));
	CHECK_FALSE(ParseContainerUser("-1"));
}

TEST_CASE("CopyResult copies a regular file and refuses links to the host")
{
	char tmpl[] = "/tmp/osprey-jf.XXXXXX";
	REQUIRE(::mkdtemp(tmpl) != nullptr);
	const std::string dir = tmpl;
	WorkerJob job;
	job.job_dir = dir;
	MakeDirectories(dir + "/out");
	WorkerLog log(::open("/dev/null", O_WRONLY));

	SUBCASE("no result") {
		CHECK_FALSE(CopyResult(job, log));
		CHECK_FALSE(PathExists(dir + "/result.md"));
	}
	SUBCASE("a result") {
		WriteFileAtomic(dir + "/out/result.md", "the answer\n");
		CHECK(CopyResult(job, log));
		CHECK(ReadFile(dir + "/result.md") == "the answer\n");
	}
	SUBCASE("a symbolic link to a host secret") {
		WriteFileAtomic(dir + "/secret", "host secret\n");
		REQUIRE(::symlink((dir + "/secret").c_str(), (dir + "/out/result.md").c_str()) == 0);
		CHECK_FALSE(CopyResult(job, log));
		CHECK_FALSE(PathExists(dir + "/result.md"));
	}
	SUBCASE("a directory") {
		MakeDirectories(dir + "/out/result.md");
		CHECK_FALSE(CopyResult(job, log));
	}
	SUBCASE("too large") {
		WriteFileAtomic(dir + "/out/result.md", std::string(100, 'x'));
		CHECK(CopyResult(job, log, 10));
		CHECK(ReadFile(dir + "/result.md") == std::string(10, 'x'));
	}
	std::filesystem::remove_all(dir);
}
