// One job from start to end: workspace, container, output, cleanup, each
// step reported as a WorkerEvent. Runs in the main thread; stop requests
// arrive through StopSwitch from the watcher thread.
#pragma once

#include "engine/EngineClient.hxx"
#include "job/WorkerJob.hxx"
#include "workspace/GitCommand.hxx"

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace osprey {

class EventReporter;
class StopSwitch;
class WorkerLog;
class Workspace;

class JobRun {
	const WorkerJob &job;
	EventReporter &events;
	WorkerLog &log;
	StopSwitch &control;
	EngineClient engine;
	GitCommand git;
	std::unique_ptr<Workspace> workspace;
	std::string container;
	/** the prepared workspace when it is the job's own (not local) */
	std::string owned_workspace;
	/** bytes the workspace and out/ took at the end (or at the failure) */
	std::uint64_t disk_usage = 0;
	const std::chrono::steady_clock::time_point started;

public:
	/// @p started: when the worker process started, for timings in the log.
	JobRun(const WorkerJob &job, EventReporter &events, WorkerLog &log, StopSwitch &control,
	       std::chrono::steady_clock::time_point started);
	~JobRun() noexcept;

	/// Runs the job and cleans up after it, whatever happened; the result
	/// is the worker's exit status. Every failure is reported as a Failed
	/// event first.
	WorkerExit Run() noexcept;

private:
	void CheckImage();
	std::string PrepareWorkspace();
	int RunContainer(const std::string &workspace_path);
	/// Writes result.md from out/result.md: the final answer of the
	/// CLI's structured output, else the text as it is. Returns what the
	/// CLI reported of its run, if it did.
	std::optional<AgentReport> WriteResult() noexcept;
	void ThrowIfStopping() const;
	/// Where the job was when something failed: decides the exit status
	/// of failures that do not say it by their type.
	enum class Phase { kInput, kImage, kWorkspace, kContainer };
	WorkerExit Fail(std::exception_ptr error, Phase phase) noexcept;
	void Cleanup() noexcept;
	/// What the disk budget counts: out/ and an owned workspace.
	std::vector<std::string> BudgetedPaths() const;
	void MeasureUsage() noexcept;
	long long ElapsedMs() const noexcept;
};

} // namespace osprey
