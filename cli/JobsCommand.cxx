// osprey jobs: the job records under ~/.osprey/jobs, newest first. Reads the
// files directly, so it works while the daemon is down.
#include "Command.hxx"
#include "JobSummary.hxx"
#include "Output.hxx"
#include "config/Home.hxx"
#include "job/JobRecord.hxx"
#include "time/Duration.hxx"
#include "time/Iso8601.hxx"
#include "util/Text.hxx"

#include <algorithm>
#include <array>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <system_error>

namespace osprey::cli {

static constexpr std::array<OptionSpec, 4> options{{
	{"pipeline", true, "NAME only the jobs of this pipeline"},
	{"state", true, "STATE only jobs in this state (running, failed, ...)"},
	{"limit", true, "N at most N jobs (the newest)"},
	{"json", false, "print a JSON array of the records instead of a table"},
}};
const std::span<const OptionSpec> jobs_options = options;

namespace {

/// The reason's first line, cut to a table cell (at a UTF-8 boundary).
std::string
ShortReason(std::string_view reason)
{
	constexpr std::size_t max = 48;
	reason = reason.substr(0, reason.find('\n'));
	if (reason.size() <= max)
		return std::string(reason);
	std::size_t cut = max - 3;
	while (cut > 0 && (static_cast<unsigned char>(reason[cut]) & 0xc0) == 0x80)
		--cut;
	return std::string(reason.substr(0, cut)) + "...";
}

std::size_t
ParseLimit(const std::string &text)
{
	std::size_t n = 0;
	const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), n);
	if (error != std::errc() || end != text.data() + text.size() || n == 0)
		throw UsageError("--limit wants a positive number, not " + Quote(text));
	return n;
}

std::optional<JobState>
ParseStateOption(const std::optional<std::string> &text)
{
	if (!text)
		return std::nullopt;
	if (const auto state = ParseJobState(*text))
		return state;
	std::string all;
	for (int i = 0; i <= static_cast<int>(JobState::Interrupted); ++i)
		all += (i > 0 ? ", " : "") + std::string(Name(static_cast<JobState>(i)));
	throw UsageError("unknown state " + Quote(*text) + " (one of " + all + ")");
}

/// Every readable record, newest first. A directory without job.json (a
/// job being created) is skipped quietly, a broken record with a warning.
std::vector<JobRecord>
LoadRecords(const Home &home)
{
	auto ids = ListJobIds(home.JobsDir());
	std::reverse(ids.begin(), ids.end()); // ids sort by creation time
	std::vector<JobRecord> records;
	for (const auto &id : ids) {
		try {
			records.push_back(LoadJobRecord(JobFiles{home.JobsDir() + "/" + id}));
		} catch (const std::system_error &e) {
			if (e.code() != std::errc::no_such_file_or_directory)
				std::fprintf(stderr, "osprey: warning: skipping job %s: %s\n", id.c_str(),
					     e.what());
		} catch (const std::exception &e) {
			std::fprintf(stderr, "osprey: warning: skipping job %s: %s\n", id.c_str(),
				     e.what());
		}
	}
	return records;
}

} // namespace

int
RunJobs(const Args &args)
{
	args.ExpectPositionals(0, "");
	const auto pipeline = args.Get("pipeline");
	const auto state = ParseStateOption(args.Get("state"));
	const auto limit = args.Has("limit") ? ParseLimit(*args.Get("limit")) : SIZE_MAX;
	const auto home = Home::FromEnvironment();

	auto records = LoadRecords(home);
	const bool none_at_all = records.empty();
	std::erase_if(records, [&](const JobRecord &r) {
		return (pipeline && r.pipeline != *pipeline) || (state && r.state != *state);
	});
	if (records.size() > limit)
		records.resize(limit);

	if (args.Has("json")) {
		std::string out = "[";
		for (const auto &r : records)
			out += (out.size() > 1 ? "," : "") + ToJson(r);
		std::printf("%s]\n", out.c_str());
		return 0;
	}
	if (records.empty()) {
		if (none_at_all)
			std::printf("No jobs in %s.\n", home.JobsDir().c_str());
		else
			std::printf("No matching jobs.\n");
		return 0;
	}

	std::vector<std::vector<std::string>> rows{
		{"ID", "PIPELINE", "STATE", "TRIGGER", "CREATED", "DURATION", "REASON"}};
	bool cut = false;
	for (const auto &r : records) {
		rows.push_back({r.id, r.pipeline, std::string(Name(r.state)), r.trigger,
				r.created, JobRunTime(r), ShortReason(r.reason)});
		cut = cut || rows.back().back() != r.reason;
	}
	std::fputs(FormatTable(rows).c_str(), stdout);
	if (cut)
		std::printf("(reasons ending in ... are cut short: `osprey show <job>` prints one whole)\n");
	return 0;
}

} // namespace osprey::cli
