// osprey approve|ignore|cancel <job>: ask the running daemon to decide a job.
// The daemon records the user from the socket's credentials and says who.
#include "Command.hxx"
#include "ControlClient.hxx"
#include "JobLookup.hxx"
#include "job/JobRecord.hxx"

#include <cstdio>
#include <stdexcept>

namespace osprey::cli {

const std::span<const OptionSpec> decision_options{};

/// "approved by alice (uid 1000) from the command line"
static std::string
Who(control::Command command, const std::string &by)
{
	const char *verb = command == control::Command::Approve ? "approved"
		: command == control::Command::Ignore ? "ignored" : "cancelled";
	return std::string(verb) + " by " + by;
}

static int
Decide(const Args &args, control::Command command)
{
	args.ExpectPositionals(1, "job id");
	const auto home = Home::FromEnvironment();
	std::string job = args.Positionals().front();
	// A unique prefix is completed here from the job directories. Then
	// only the shape of a real id goes to the daemon; anything else
	// ("../../etc/passwd") is unknown without asking anyone.
	if (!IsValidJobId(job))
		if (auto found = LookupJob(home, job))
			job = found->id;
	if (!IsValidJobId(job))
		throw std::runtime_error("no job " + job);

	const auto decided = AskDecision(home.ControlSocket(), control::Request{command, job});
	if (decided.by.empty())
		std::printf("job %s: %s\n", job.c_str(), decided.state.c_str());
	else
		std::printf("job %s: %s, %s\n", job.c_str(), decided.state.c_str(),
			    Who(command, decided.by).c_str());
	return 0;
}

int
RunApprove(const Args &args)
{
	return Decide(args, control::Command::Approve);
}

int
RunIgnore(const Args &args)
{
	return Decide(args, control::Command::Ignore);
}

int
RunCancel(const Args &args)
{
	return Decide(args, control::Command::Cancel);
}

} // namespace osprey::cli
