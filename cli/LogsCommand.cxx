// osprey logs <job> [-f]: a job's container output, from its output.log.
#include "Command.hxx"
#include "JobLookup.hxx"
#include "JobOutput.hxx"

#include <array>
#include <cstdio>

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
	if (args.Has("follow"))
		FollowJobOutput(job.files, stdout);
	else
		CopyJobOutput(job.files, stdout);
	return 0;
}

} // namespace osprey::cli
