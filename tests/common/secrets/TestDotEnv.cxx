#include "secrets/DotEnv.hxx"
#include "util/File.hxx"

#include <cstdlib>
#include <doctest/doctest.h>
#include <sys/stat.h>

using namespace osprey;

TEST_CASE("ParseDotEnv follows the format rules")
{
	const auto entries = ParseDotEnv("# comment\n\nA=1\n  B = two words \r\nC=x=y\n  # indented comment\nA=again\nEMPTY=\n",
					 ".env");
	REQUIRE(entries.size() == 5);
	CHECK(entries[0].key == "A");
	CHECK(entries[0].value == "1");
	CHECK(entries[0].line == 3);
	CHECK(entries[1].key == "B");
	CHECK(entries[1].value == "two words");
	CHECK(entries[2].value == "x=y");
	CHECK(entries[4].value.empty());

	const auto map = ToMap(entries);
	CHECK(map.at("A") == "again");
}

TEST_CASE("ParseDotEnv errors name file and line, never the value")
{
	CHECK_THROWS_WITH_AS(ParseDotEnv("A=1\nnot a pair\n", "pipelines/x/.env"),
			     "pipelines/x/.env:2: expected KEY=VALUE", DotEnvError);
	CHECK_THROWS_WITH_AS(ParseDotEnv("export TOKEN=s3cr3t\n", ".env"),
			     ".env:1: remove the \"export\" prefix: .env lines are plain KEY=VALUE",
			     DotEnvError);
	CHECK_THROWS_WITH_AS(ParseDotEnv("1BAD=s3cr3t\n", ".env"),
			     ".env:1: invalid variable name \"1BAD\": use letters, digits and _, not starting with a digit",
			     DotEnvError);
}

TEST_CASE("ApplyToProcessEnvironment never overrides")
{
	::setenv("OSPREY_TEST_EXISTING", "shell", 1);
	::unsetenv("OSPREY_TEST_NEW");
	const auto n = ApplyToProcessEnvironment(
		ParseDotEnv("OSPREY_TEST_EXISTING=file\nOSPREY_TEST_NEW=file\n", ".env"));
	CHECK(n == 1);
	CHECK(std::string(std::getenv("OSPREY_TEST_EXISTING")) == "shell");
	CHECK(std::string(std::getenv("OSPREY_TEST_NEW")) == "file");
}

TEST_CASE("UpdateDotEnvFile keeps other lines and writes mode 0600")
{
	char dir_template[] = "/tmp/osprey-test-XXXXXX";
	const std::string dir = ::mkdtemp(dir_template);
	const auto path = dir + "/.env";
	WriteFileAtomic(path, "# mine\nKEEP=1\nTOKEN=old\n", 0644);

	SUBCASE("adding a key") {
		UpdateDotEnvFile(path, {{"NEW", "v"}}, false);
		CHECK(ReadFile(path) == "# mine\nKEEP=1\nTOKEN=old\nNEW=v\n");
		struct stat st;
		REQUIRE(::stat(path.c_str(), &st) == 0);
		CHECK((st.st_mode & 0777) == 0600);
	}
	SUBCASE("a changed value needs replace") {
		CHECK_THROWS_WITH_AS(UpdateDotEnvFile(path, {{"TOKEN", "new"}}, false),
				     (path + " already sets TOKEN to another value (use --force to replace it)").c_str(),
				     std::runtime_error);
		UpdateDotEnvFile(path, {{"TOKEN", "new"}}, true);
		CHECK(ReadFile(path) == "# mine\nKEEP=1\nTOKEN=new\n");
	}
	SUBCASE("a new file") {
		UpdateDotEnvFile(dir + "/fresh.env", {{"A", "1"}}, false);
		CHECK(ReadFile(dir + "/fresh.env") == "A=1\n");
	}
	std::system(("rm -rf " + dir).c_str());
}
