// osprey show <job>: everything recorded about one job, to answer "what
// happened?" without reading job.json by hand.
#include "Command.hxx"
#include "JobLookup.hxx"
#include "JobSummary.hxx"
#include "time/Duration.hxx"

#include <array>
#include <cstdio>
#include <sys/stat.h>

namespace osprey::cli {

static constexpr std::array<OptionSpec, 1> options{{
	{"json", false, "print the record (job.json) as it is"},
}};
const std::span<const OptionSpec> show_options = options;

static void
Field(const char *label, const std::string &value)
{
	if (!value.empty())
		std::printf("%-10s %s\n", label, value.c_str());
}

/* Who decided, in words that fit the state it led to. */
static std::string
Decision(const JobRecord &r)
{
	if (!r.approval && r.decided_by.empty())
		return "none asked (approval is off)";
	if (r.decided_by.empty())
		return r.state == JobState::AwaitingApproval ? "waiting for a human"
			: r.state == JobState::Expired ? "nobody answered in time" : "-";
	const auto verb = r.state == JobState::Ignored ? "ignored"
		: r.state == JobState::Cancelled ? "cancelled" : "approved";
	return std::string(verb) + " by " + r.decided_by;
}

int
RunShow(const Args &args)
{
	args.ExpectPositionals(1, "job id");
	const auto job = FindJob(Home::FromEnvironment(), args.Positionals().front());
	const auto r = LoadJobRecord(job.files);
	if (args.Has("json")) {
		std::printf("%s\n", ToJson(r).c_str());
		return 0;
	}

	Field("Job", r.id);
	Field("Pipeline", r.pipeline);
	Field("Trigger", r.trigger);
	Field("State", std::string(Name(r.state)) +
	      (r.state == JobState::Queued ? " (waiting for an agent slot: container.queue)" : ""));
	Field("Reason", r.reason);
	Field("Decision", Decision(r));
	Field("Created", r.created);
	Field("Started", r.started);
	Field("Finished", r.finished);
	Field("Updated", r.updated);
	if (const auto t = JobRunTime(r); t != "-")
		Field("Ran", t);
	if (r.timeout.count() > 0)
		Field("Timeout", FormatDuration(r.timeout));
	Field("Container", r.container);
	if (r.exit_code)
		Field("Exit code", std::to_string(*r.exit_code));
	if (r.agent) {
		/* what the agent CLI itself reported: turns, cost, its own error */
		Field("Agent", Summary(*r.agent));
		Field("Agent error", r.agent->error);
	}

	std::printf("\nFiles in %s:\n", job.files.dir.c_str());
	const std::array<std::pair<std::string, const char *>, 7> files{{
		{job.files.Payload(), "the request body"},
		{job.files.Prompt(), "the rendered prompt"},
		{job.files.Output(), "the container's output (osprey logs)"},
		{job.files.Result(), "the agent's final answer"},
		{job.files.WorkerLog(), "the worker's log"},
		{job.files.Rendered(), "the rendered templates"},
		{job.files.Notices(), "notifications not yet delivered"},
	}};
	for (const auto &[path, what] : files)
		if (struct stat st; ::stat(path.c_str(), &st) == 0)
			std::printf("  %-14s %9lld bytes  %s\n", path.substr(path.rfind('/') + 1).c_str(),
				    static_cast<long long>(st.st_size), what);
	return 0;
}

} // namespace osprey::cli
