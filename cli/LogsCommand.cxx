// osprey logs <job> [-f]: a job's container output, from its output.log.
#include "Command.hxx"
#include "JobLookup.hxx"
#include "JobOutput.hxx"
#include "JobSummary.hxx"

#include <array>
#include <cstdio>
#include <sys/stat.h>

namespace osprey::cli {

static constexpr std::array<OptionSpec, 1> options{{
	{"follow", false, "keep printing new output until the job ends", 'f'},
}};
const std::span<const OptionSpec> logs_options = options;

int
RunLogs(const Args &args)
{
	args.ExpectPositionals(1, "job id");
	const auto job = FindJob(Home::FromEnvironment(), args.Positionals().front());
	if (args.Has("follow")) {
		FollowJobOutput(job.files, stdout);
		/* on stderr: standard output stays the log itself */
		std::fprintf(stderr, "osprey: %s\n", JobEnding(LoadJobRecord(job.files)).c_str());
		return 0;
	}
	if (struct stat st; ::stat(job.files.Output().c_str(), &st) != 0) {
		const auto r = LoadJobRecord(job.files);
		std::fprintf(stderr, "osprey: %s; it has no output%s\n", JobEnding(r).c_str(),
			     IsTerminal(r.state) ? "" : " yet (osprey logs -f waits for it)");
		return 1;
	}
	CopyJobOutput(job.files, stdout);
	return 0;
}

} // namespace osprey::cli
