#include "JobRun.hxx"
#include "DiskBudget.hxx"
#include "DiskUsage.hxx"
#include "JobFiles.hxx"
#include "OutputLog.hxx"
#include "ProcessTree.hxx"
#include "StopSwitch.hxx"
#include "SupervisorLink.hxx"
#include "WorkerLog.hxx"
#include "config/RepoUrl.hxx"
#include "runtime/AgentOutput.hxx"
#include "runtime/RuntimeAdapter.hxx"
#include "util/File.hxx"
#include "util/Error.hxx"
#include "workspace/GitInput.hxx"
#include "workspace/Workspace.hxx"

#include <csignal>

namespace osprey {

namespace {

/// Thrown between steps once a stop was requested.
struct JobStopped : std::runtime_error {
	using std::runtime_error::runtime_error;
};

} // namespace

JobRun::JobRun(const WorkerJob &_job, EventReporter &_events, WorkerLog &_log,
	       StopSwitch &_control, std::chrono::steady_clock::time_point _started)
	: job(_job), events(_events), log(_log), control(_control),
	  engine(_job.engine_socket.empty() ? EngineClient::kDefaultSocket : _job.engine_socket),
	  git(_log, _control), started(_started)
{
}

JobRun::~JobRun() noexcept = default;

long long
JobRun::ElapsedMs() const noexcept
{
	return std::chrono::duration_cast<std::chrono::milliseconds>(
		std::chrono::steady_clock::now() - started).count();
}

void
JobRun::ThrowIfStopping() const
{
	if (control.IsStopping())
		throw JobStopped("stopped");
}

WorkerExit
JobRun::Run() noexcept
{
	WorkerExit exit = WorkerExit::Internal;
	Phase phase = Phase::kInput;
	try {
		events.Send({WorkerEvent::Kind::Preparing, {}, 0, {}});
		CheckWorkspaceInput(job);
		/* fail fast, before a long clone, when the engine or image is missing */
		phase = Phase::kImage;
		CheckImage();
		phase = Phase::kWorkspace;
		const std::string path = PrepareWorkspace();
		ThrowIfStopping();

		phase = Phase::kContainer;
		const int code = RunContainer(path);
		exit = code == 0 ? WorkerExit::Succeeded : WorkerExit::AgentFailed;
	} catch (...) {
		exit = Fail(std::current_exception(), phase);
	}
	Cleanup();
	log.Line("done after " + std::to_string(ElapsedMs()) + " ms: exit " +
		 std::to_string(static_cast<int>(exit)) + " (" + std::string(Describe(exit)) + ")");
	return exit;
}

void
JobRun::CheckImage()
{
	log.Line("checking image " + job.image + " on the engine at " + engine.GetSocketPath());
	engine.RequireImage(job.image, HowToBuildImage(job));
}

std::string
JobRun::PrepareWorkspace()
{
	log.Line("preparing the " + std::string(Name(job.workspace)) + " workspace" +
		 (job.repo.empty() ? "" : " of " + job.repo + " at " + RefOf(job)));
	workspace = MakeWorkspace(job, git, log, control);
	std::string path = workspace->Prepare();
	ThrowIfStopping();
	if (workspace->IsOwned()) {
		owned_workspace = path;
		HandOver(path, job.user.empty() ? "1000:1000" : job.user);
		/* a worktree's index and HEAD live in the clone */
		for (const auto &mount : workspace->ExtraMounts())
			if (!mount.read_only)
				HandOver(mount.source, job.user.empty() ? "1000:1000" : job.user);
	}
	MakeOutputDirectory(job);
	MakePromptReadable(job);
	log.Line("workspace ready after " + std::to_string(ElapsedMs()) + " ms");
	return path;
}

int
JobRun::RunContainer(const std::string &workspace_path)
{
	events.Send({WorkerEvent::Kind::Starting, {}, 0, {}});
	const ContainerSpec spec = MakeContainerSpec(job, workspace_path, workspace->ExtraMounts());
	container = engine.CreateContainer(spec);
	log.Line("created container " + std::string(ShortId(container)) + " from " + job.image);

	const auto grace = std::chrono::ceil<std::chrono::seconds>(job.stop_grace);
	if (!control.SetContainer(engine, container, grace))
		throw JobStopped("stopped");

	/* the agent's files on the host have a bound (the user's own local
	   directory is not the job's) */
	const DiskBudget budget(control, BudgetedPaths(), job.disk_budget);
	OutputLog output(job.job_dir + "/output.log");
	events.Send({WorkerEvent::Kind::Running, container, 0, {}});
	log.Line("container " + std::string(ShortId(container)) + " starting after " +
		 std::to_string(ElapsedMs()) + " ms");
	bool first = true;
	engine.StartAttached(container, spec.tty, [&](LogStream stream, std::string_view data) {
		if (first) {
			first = false;
			log.Line("first output of the agent after " + std::to_string(ElapsedMs()) + " ms");
		}
		output.Write(stream, data);
	}, control.GetStopToken());
	output.Flush();
	const int code = engine.WaitContainer(container, WaitCondition::kNotRunning,
					      control.GetStopToken());
	ThrowIfStopping();
	/* written since the last look: the budget holds to the end */
	MeasureUsage();
	if (job.disk_budget != 0 && disk_usage > job.disk_budget)
		throw WorkspaceError(DiskBudgetReason(job.disk_budget));

	log.Line("the agent exited with status " + std::to_string(code));
	if (code != 0) {
		try {
			if (engine.InspectContainer(container).oom_killed)
				log.Line("the container was killed for lack of memory (limit " +
					 std::to_string(job.memory >> 20) + " MiB)");
		} catch (...) {
			/* only a diagnosis */
		}
	}
	WorkerEvent finished{WorkerEvent::Kind::Finished, {}, code, {}};
	finished.disk_usage = disk_usage;
	finished.agent = WriteResult();
	events.Send(finished);
	return code;
}

std::optional<AgentReport>
JobRun::WriteResult() noexcept
{
	try {
		const auto data = ReadAgentResult(job, log);
		if (!data)
			return std::nullopt;
		/* structured output: the answer goes to result.md, the rest to
		   the record; anything else is the answer as it is */
		auto output = ReadAgentOutput(job.agent, *data);
		WriteFileAtomic(job.job_dir + "/result.md", output ? output->answer : *data, 0644);
		log.Line("result.md written");
		if (!output)
			return std::nullopt;
		const auto summary = Summary(output->report);
		if (!summary.empty())
			log.Line("the agent reported: " + summary +
				 (output->report.error.empty() ? "" : ": " + output->report.error));
		return output->report;
	} catch (...) {
		/* the agent ran and finished; a lost result is not a failed job */
		log.Line("copying the result: " + FullMessage(std::current_exception()));
		return std::nullopt;
	}
}

WorkerExit
JobRun::Fail(std::exception_ptr error, Phase phase) noexcept
{
	WorkerExit exit = WorkerExit::Internal;
	std::string reason = StripCredentials(FullMessage(error));

	if (control.IsFailure()) {
		exit = WorkerExit::Workspace;
		reason = control.GetStopReason();
	} else if (control.IsStopping()) {
		exit = WorkerExit::Stopped;
		reason = "stopped (" + control.GetStopReason() + ")";
	}
	if (control.IsStopping()) {
		/* make sure: the container may have been started after the
		   watcher stopped it */
		if (!container.empty()) {
			try {
				engine.StopContainer(container, std::chrono::ceil<std::chrono::seconds>(job.stop_grace));
			} catch (...) {
			}
		}
	} else {
		try {
			std::rethrow_exception(error);
		} catch (const ImageNotFound &) {
			exit = WorkerExit::Image;
		} catch (const EngineUnreachable &) {
			exit = WorkerExit::Engine;
		} catch (const EngineError &) {
			exit = WorkerExit::Engine;
		} catch (const UnsafeGitInput &) {
			exit = WorkerExit::Workspace;
		} catch (const RepoRefused &) {
			exit = WorkerExit::Workspace;
		} catch (const WorkspaceError &) {
			exit = WorkerExit::Workspace;
		} catch (...) {
			/* e.g. an engine answer that makes no sense, a git directory
			   that cannot be created */
			exit = phase == Phase::kImage	    ? WorkerExit::Engine
			       : phase == Phase::kWorkspace ? WorkerExit::Workspace
							    : WorkerExit::Internal;
		}
	}
	log.Line("failed: " + reason);
	if (disk_usage == 0 && phase == Phase::kContainer)
		MeasureUsage();
	WorkerEvent failed{WorkerEvent::Kind::Failed, {}, 0, reason};
	failed.disk_usage = disk_usage;
	events.Send(failed);
	return exit;
}

std::vector<std::string>
JobRun::BudgetedPaths() const
{
	std::vector<std::string> paths{job.job_dir + "/out"};
	if (!owned_workspace.empty())
		paths.push_back(owned_workspace);
	return paths;
}

void
JobRun::MeasureUsage() noexcept
{
	try {
		const auto usage = MeasureDiskUsage(BudgetedPaths(), UINT64_MAX);
		disk_usage = usage.bytes;
		log.Line("the job's workspace and out/ take " + std::to_string(disk_usage >> 10) + " KiB" +
			 (usage.truncated ? " or more (too many files to count)" : ""));
	} catch (...) {
		/* only a number for the job store */
	}
}

void
JobRun::Cleanup() noexcept
{
	if (!container.empty()) {
		control.ClearContainer();
		try {
			engine.RemoveContainer(container, true, true);
			log.Line("removed container " + std::string(ShortId(container)));
		} catch (...) {
			/* the supervisor removes leftovers by their osprey.job label */
			log.Line("removing the container: " + FullMessage(std::current_exception()));
		}
	}
	if (workspace) {
		git.EnterCleanup();
		workspace->Cleanup();
	}
	/* nothing the job started outlives it (an ssh ControlMaster git left) */
	if (const unsigned left = SignalDescendants(SIGKILL); left > 0)
		log.Line("killed " + std::to_string(left) + " process(es) git left behind");
	ReapOrphans();
}

} // namespace osprey
