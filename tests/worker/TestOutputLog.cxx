// Unit: output.log keeps lines whole across streams, and stops at its limit.
#include "OutputLog.hxx"
#include "util/File.hxx"

#include <doctest/doctest.h>

#include <cstdlib>
#include <unistd.h>

using namespace osprey;

struct TempFile {
	std::string path;
	TempFile() {
		char tmpl[] = "/tmp/osprey-out.XXXXXX";
		const int fd = ::mkstemp(tmpl);
		REQUIRE(fd >= 0);
		::close(fd);
		path = tmpl;
	}
	~TempFile() { ::unlink(path.c_str()); }
};

TEST_CASE("OutputLog writes each stream a whole line at a time")
{
	TempFile file;
	{
		OutputLog log(file.path);
		log.Write(LogStream::kStdout, "first li");
		log.Write(LogStream::kStderr, "an error\nhalf an");
		log.Write(LogStream::kStdout, "ne\nsecond line\nthird");
		log.Write(LogStream::kStderr, "other error\n");
		log.Write(LogStream::kStdout, " line without end");
	}
	CHECK(ReadFile(file.path) == "an error\nfirst line\nsecond line\nhalf another error\n"
				     "third line without end");
}

TEST_CASE("OutputLog does not hold a line forever")
{
	TempFile file;
	OutputLog log(file.path);
	const std::string big(OutputLog::kMaxPartialLine, 'x');
	log.Write(LogStream::kStdout, big);
	CHECK(ReadFile(file.path) == big);
}

TEST_CASE("OutputLog stops at its limit with a notice")
{
	TempFile file;
	{
		OutputLog log(file.path, 10);
		log.Write(LogStream::kStdout, "12345\n");
		log.Write(LogStream::kStderr, "6789abcdef\n");
		log.Write(LogStream::kStdout, "more\n");
	}
	CHECK(ReadFile(file.path) == "12345\n6789\n[osprey: output truncated after 10 bytes]\n");
}
