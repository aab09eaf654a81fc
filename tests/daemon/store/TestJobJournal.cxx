#include "store/JobJournal.hxx"
#include "util/Crc32c.hxx"
#include "util/File.hxx"

#include <doctest/doctest.h>
#include <csignal>
#include <cstdlib>
#include <sys/resource.h>
#include <sys/stat.h>
#include <system_error>

using namespace osprey;
using namespace osprey::daemon;

namespace {

struct ScratchDir {
	std::string path;
	ScratchDir() {
		char t[] = "/tmp/osprey-journal-XXXXXX";
		REQUIRE(::mkdtemp(t) != nullptr);
		path = t;
	}
	~ScratchDir() { RemoveTree(path); }
};

JobWrite
Sample(std::string id, std::string state)
{
	return {std::move(id), true,
		{{"job.json", "{\"state\":\"" + state + "\"}\n", 0600},
		 {"prompt.md", "hello\n", 0644}}};
}

mode_t
ModeOf(const std::string &path)
{
	struct stat st;
	REQUIRE(::stat(path.c_str(), &st) == 0);
	return st.st_mode & 0777;
}

} // namespace

TEST_CASE("Crc32c is CRC-32C")
{
	/* the standard check value of the Castagnoli polynomial */
	CHECK(Crc32c("123456789") == 0xE3069283u);
	CHECK(Crc32c("") == 0u);
}

TEST_CASE("journal entries round-trip and stop at the first torn or corrupt one")
{
	const auto a = EncodeJournalEntry(Sample("20261122-004512-00000001", "awaiting"));
	const auto b = EncodeJournalEntry({"x", false, {{"job.json", std::string(100000, 'z'), 0600}}});
	std::size_t valid = 0;

	SUBCASE("whole") {
		const auto entries = DecodeJournal(a + b, valid);
		REQUIRE(entries.size() == 2);
		CHECK(valid == a.size() + b.size());
		CHECK(entries[0].id == "20261122-004512-00000001");
		CHECK(entries[0].create);
		REQUIRE(entries[0].files.size() == 2);
		CHECK(entries[0].files[1].name == "prompt.md");
		CHECK(entries[0].files[1].mode == 0644);
		CHECK(entries[1].files[0].data.size() == 100000);
		CHECK_FALSE(entries[1].create);
	}
	SUBCASE("every torn tail keeps exactly the whole entries before it") {
		const auto all = a + b;
		for (std::size_t cut = 0; cut < all.size(); cut += 997) {
			CAPTURE(cut);
			const auto entries = DecodeJournal(std::string_view(all).substr(0, cut), valid);
			CHECK(entries.size() == (cut >= a.size() ? 1u : 0u));
			CHECK(valid == (cut >= a.size() ? a.size() : 0u));
		}
	}
	SUBCASE("a flipped bit in the body") {
		auto bad = a + b;
		bad[a.size() + 40] ^= 1;
		CHECK(DecodeJournal(bad, valid).size() == 1);
		CHECK(valid == a.size());
	}
	SUBCASE("garbage") {
		CHECK(DecodeJournal("OSJ1\xff\xff\xff\xff", valid).empty());
		CHECK(DecodeJournal("not a journal", valid).empty());
		CHECK(valid == 0);
	}
}

TEST_CASE("a committed change survives a crash before its files were written")
{
	ScratchDir scratch;
	{
		JobJournal journal(scratch.path);
		const auto first = Sample("job-1", "awaiting");
		const auto second = JobWrite{"job-1", false, {{"job.json", "{\"state\":\"ignored\"}\n", 0600}}};
		journal.Commit({&first});
		journal.Apply(first);
		journal.Commit({&second});
		/* the daemon dies here: job.json on disk still says awaiting */
		CHECK(ReadFile(scratch.path + "/job-1/job.json") == "{\"state\":\"awaiting\"}\n");
	}
	JobJournal journal(scratch.path);
	CHECK(journal.Recover() == 2);
	CHECK(ReadFile(scratch.path + "/job-1/job.json") == "{\"state\":\"ignored\"}\n");
	CHECK(ModeOf(scratch.path + "/job-1") == 0700);
	CHECK(ModeOf(scratch.path + "/job-1/prompt.md") == 0644);
	/* kept until a checkpoint has synced what it wrote */
	CHECK(journal.Size() > 0);
	journal.Checkpoint();
	CHECK(journal.Size() == 0);
	CHECK(ReadFile(scratch.path + "/.journal").empty());
}

TEST_CASE("a torn tail is cut at recovery: what is committed after it survives the next crash")
{
	ScratchDir scratch;
	const auto first = Sample("job-1", "awaiting");
	const auto second = JobWrite{"job-1", false, {{"job.json", "{\"state\":\"ignored\"}\n", 0600}}};
	{
		JobJournal journal(scratch.path);
		journal.Commit({&first});
	}
	/* the daemon died in the middle of its next append */
	const auto torn = EncodeJournalEntry(second);
	{
		const auto whole = ReadFile(scratch.path + "/.journal");
		WriteFileAtomic(scratch.path + "/.journal", whole + torn.substr(0, torn.size() / 2), 0600,
				Durability::Lazy);
	}
	{
		JobJournal journal(scratch.path);
		CHECK(journal.Recover() == 1);
		journal.Commit({&second});
	}
	JobJournal journal(scratch.path);
	CHECK(journal.Recover() == 2);
	CHECK(ReadFile(scratch.path + "/job-1/job.json") == "{\"state\":\"ignored\"}\n");
}

TEST_CASE("a new job's files are written in place but the last; a file that exists is replaced")
{
	ScratchDir scratch;
	JobJournal journal(scratch.path);
	const JobWrite w{"job-1", true, {{"payload.json", "{}", 0600}, {"prompt.md", "hi\n", 0644},
					  {"job.json", "{\"state\":\"awaiting\"}\n", 0600}}};
	const auto dir = scratch.path + "/job-1";
	const auto old_mask = ::umask(077);
	journal.Apply(w);
	::umask(old_mask);
	CHECK(ReadFile(dir + "/payload.json") == "{}");
	CHECK(ReadFile(dir + "/prompt.md") == "hi\n");
	CHECK(ModeOf(dir + "/prompt.md") == 0644);
	CHECK(ReadFile(dir + "/job.json") == "{\"state\":\"awaiting\"}\n");

	/* a replay: a file someone holds (a container's bind mount, as far as
	   the file is concerned) is replaced, never rewritten */
	REQUIRE(::link((dir + "/prompt.md").c_str(), (scratch.path + "/held").c_str()) == 0);
	auto again = w;
	again.files[1].data = "changed\n";
	journal.Apply(again);
	CHECK(ReadFile(dir + "/prompt.md") == "changed\n");
	CHECK(ReadFile(scratch.path + "/held") == "hi\n");
}

TEST_CASE("a journal cannot write outside the jobs directory")
{
	ScratchDir scratch;
	JobJournal journal(scratch.path);
	for (const auto &id : {"..", "../x", ".hidden", "a/b", ""}) {
		CAPTURE(id);
		CHECK_THROWS(journal.Apply({id, true, {}}));
	}
	CHECK_THROWS(journal.Apply({"job", true, {{"../escape", "x", 0600}}}));
	CHECK_FALSE(PathExists(scratch.path + "/escape"));
}

TEST_CASE("a commit that cannot be written leaves the journal as it was")
{
	ScratchDir scratch;
	JobJournal journal(scratch.path);
	const auto small = Sample("job-1", "awaiting");
	journal.Commit({&small});
	const auto before = ReadFile(scratch.path + "/.journal");

	/* a full disk, as far as this process can tell: writes past the size
	   limit fail with EFBIG (and SIGXFSZ, ignored here) */
	std::signal(SIGXFSZ, SIG_IGN);
	struct rlimit old;
	REQUIRE(::getrlimit(RLIMIT_FSIZE, &old) == 0);
	struct rlimit tight = old;
	tight.rlim_cur = before.size() + 1000;
	REQUIRE(::setrlimit(RLIMIT_FSIZE, &tight) == 0);
	const JobWrite big{"job-2", true, {{"payload.json", std::string(5000, 'p'), 0600}}};
	CHECK_THROWS_AS(journal.Commit({&big}), std::system_error);
	REQUIRE(::setrlimit(RLIMIT_FSIZE, &old) == 0);

	CHECK(journal.Size() == before.size());
	CHECK(ReadFile(scratch.path + "/.journal") == before);
	/* and it goes on working */
	journal.Commit({&big});
	std::size_t valid;
	CHECK(DecodeJournal(ReadFile(scratch.path + "/.journal"), valid).size() == 2);
}
