// A job's record, ~/.osprey/jobs/<id>/job.json: what the supervisor knows of
// one trigger event, from the moment it arrives to its end. Written
// atomically on every change, so a crash leaves the last complete state.
#pragma once

#include "AgentReport.hxx"

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace osprey {

enum class JobState {
	AwaitingApproval,
	/** waits for an agent slot (container.queue) */
	Queued,
	Starting,
	Preparing,
	Running,
	Succeeded,
	Failed,
	TimedOut,
	Ignored,
	Rejected,
	Expired,
	Cancelled,
	Interrupted,
};

std::string_view Name(JobState state) noexcept;
std::optional<JobState> ParseJobState(std::string_view name) noexcept;

/// Terminal states never change again.
bool IsTerminal(JobState state) noexcept;

/// Live states hold a slot and a worker (Starting, Preparing, Running).
bool IsLive(JobState state) noexcept;

/// Waiting states hold neither: AwaitingApproval (a human) and Queued (a
/// slot). Every state is terminal, live or waiting.
bool IsWaiting(JobState state) noexcept;

struct JobRecord {
	std::string id, pipeline;
	/** "webhook", "cron" */
	std::string trigger;
	JobState state = JobState::Starting;
	/** ISO 8601 UTC; empty until it happens */
	std::string created, updated, started, finished;
	/** the container's id once it runs */
	std::string container;
	std::optional<int> exit_code;
	/** why it ended the way it did (failed, rejected, timed_out, ...) */
	std::string reason;
	/** who approved, ignored or cancelled it */
	std::string decided_by;
	std::chrono::milliseconds timeout{0};
	/** it asked a human first (its announcement carries the buttons) */
	bool approval = false;
	/** what the agent CLI reported (turns, duration, cost, error) */
	std::optional<AgentReport> agent;
};

std::string ToJson(const JobRecord &record);
/// Throws std::runtime_error on malformed records.
JobRecord ParseJobRecord(std::string_view json);

/// A new job id: sortable by creation time (within a second too, in this
/// process), URL-safe, unique ("20261122-004512-3f9a1c2b": the time in UTC,
/// then the millisecond in the high 10 bits of the hex part and random bits).
std::string NewJobId();

/// The smallest id a job created at @p time can have: ids that sort below
/// it are older.
std::string NewJobIdAt(std::chrono::system_clock::time_point time);

/// Whether @p id has the shape NewJobId() makes (digits, dashes, lowercase
/// hex; nothing else): what ids from outside (the management socket, the
/// command line) must pass before they go anywhere near a path.
bool IsValidJobId(std::string_view id) noexcept;

/// The files of one job directory.
struct JobFiles {
	std::string dir;

	std::string Record() const { return dir + "/job.json"; }
	std::string Payload() const { return dir + "/payload.json"; }
	std::string Prompt() const { return dir + "/prompt.md"; }
	std::string Output() const { return dir + "/output.log"; }
	std::string Result() const { return dir + "/result.md"; }
	std::string Rendered() const { return dir + "/rendered.json"; }
	std::string Notices() const { return dir + "/notices.json"; }
	std::string WorkerLog() const { return dir + "/worker.log"; }
};

/// Writes job.json atomically (mode 0600), synced to disk unless @p durable
/// is false (for transient states a crash may lose: the next save or the
/// restart's "interrupted" supersedes them). Throws std::system_error.
void SaveJobRecord(const JobFiles &files, const JobRecord &record, bool durable = true);

/// Reads job.json. Throws.
JobRecord LoadJobRecord(const JobFiles &files);

/// Job ids under @p jobs_dir, oldest first.
std::vector<std::string> ListJobIds(const std::string &jobs_dir);

} // namespace osprey
