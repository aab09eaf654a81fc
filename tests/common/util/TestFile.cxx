#include "util/File.hxx"

#include <cstdlib>
#include <doctest/doctest.h>
#include <sys/stat.h>
#include <system_error>

using namespace osprey;

TEST_CASE("WriteFileAtomic and ReadFile round-trip with the requested mode")
{
	char dir_template[] = "/tmp/osprey-test-XXXXXX";
	const std::string dir = ::mkdtemp(dir_template);
	const std::string path = dir + "/sub/dir/file";
	MakeDirectories(dir + "/sub/dir", 0700);

	const mode_t old_umask = ::umask(077);
	WriteFileAtomic(path, "hello\n", 0644);
	::umask(old_umask);
	CHECK(ReadFile(path) == "hello\n");
	struct stat st;
	REQUIRE(::stat(path.c_str(), &st) == 0);
	CHECK((st.st_mode & 0777) == 0644);

	WriteFileAtomic(path, "replaced", 0600);
	CHECK(ReadFile(path) == "replaced");

	CHECK_THROWS_WITH_AS(ReadFile(dir + "/missing"),
			     ("cannot open " + dir + "/missing: No such file or directory").c_str(),
			     std::system_error);
	std::system(("rm -rf " + dir).c_str());
}
