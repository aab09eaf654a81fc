// osprey approve|ignore|cancel <job>: ask the running daemon to decide a job,
// in the name of the local user.
#include "Command.hxx"
#include "ControlClient.hxx"
#include "JobLookup.hxx"

#include <cstdio>

namespace osprey::cli {

const std::span<const OptionSpec> decision_options{};

static int
Decide(const Args &args, const char *command)
{
	args.ExpectPositionals(1, "job id");
	const auto home = Home::FromEnvironment();
	std::string job = args.Positionals().front();
	// A unique prefix is completed here from the job directories; an id
	// we do not know is the daemon's to refuse.
	if (auto found = LookupJob(home, job))
		job = found->id;

	const auto answer = ControlCommand(home.ControlSocket(), json::Value::MakeObject({
		{"command", json::Value::String(command)},
		{"job", json::Value::String(job)},
		{"by", json::Value::String(LocalUserName())},
	}));
	const auto *state = answer.Find("state");
	std::printf("job %s: %s\n", job.c_str(),
		    state != nullptr && state->IsString() ? state->GetText().c_str() : "?");
	return 0;
}

int
RunApprove(const Args &args)
{
	return Decide(args, "approve");
}

int
RunIgnore(const Args &args)
{
	return Decide(args, "ignore");
}

int
RunCancel(const Args &args)
{
	return Decide(args, "cancel");
}

} // namespace osprey::cli
