// What happens to a job once it exists: worker events, its timers, its end.
#include "JobTable.hxx"
#include "PipelineSet.hxx"
#include "log/Log.hxx"
#include "notify/Notifier.hxx"
#include "time/Duration.hxx"
#include "time/Iso8601.hxx"
#include "util/File.hxx"

#include <csignal>
#include <cstring>

namespace osprey::daemon {

void Job::OnTimer(uv::Timer &timer) noexcept { table.OnJobTimer(*this, timer); }
void Job::OnWorkerEvent(WorkerProcess &, const WorkerEvent &e) noexcept { table.OnWorkerEvent(*this, e); }
void Job::OnWorkerExit(WorkerProcess &, std::int64_t s, int sig) noexcept { table.OnWorkerExit(*this, s, sig); }

void
Job::OnWorkerProtocolError(WorkerProcess &, const std::string &error) noexcept
{
	LogError("worker sent a malformed message", {{"pipeline", record.pipeline},
		 {"job", record.id}, {"error", error}});
}

void
JobTable::OnWorkerEvent(Job &job, const WorkerEvent &e) noexcept
{
	switch (e.kind) {
	case WorkerEvent::Kind::Preparing:
		SetState(job, JobState::Preparing);
		break;
	case WorkerEvent::Kind::Starting:
		break;
	case WorkerEvent::Kind::Running:
		job.record.container = e.container;
		SetState(job, JobState::Running);
		break;
	case WorkerEvent::Kind::Finished:
		job.agent_exit = e.exit_code;
		job.record.exit_code = e.exit_code;
		break;
	case WorkerEvent::Kind::Failed:
		job.failure = e.reason;
		break;
	case WorkerEvent::Kind::Removed: // only --remove-containers sends it
		job.OnWorkerProtocolError(*job.worker, "a job's worker reported a removed container");
		break;
	}
}

void
JobTable::OnJobTimer(Job &job, uv::Timer &timer) noexcept
{
	if (&timer == &job.deadline_timer) {
		LogWarning(shutting_down ? "stopping job for shutdown" : "job timed out; stopping it",
			   {{"pipeline", job.record.pipeline}, {"job", job.record.id},
			    {"timeout", FormatDuration(job.record.timeout)}});
		job.stop = shutting_down ? Job::StopCause::Shutdown : Job::StopCause::Timeout;
		job.worker->Terminate();
		/* the worker stops the container within the grace; past that, it hangs */
		const auto grace = pipelines.Global().container.stop_grace;
		job.kill_timer.Start(static_cast<std::uint64_t>(grace.count()) + 15000);
	} else if (&timer == &job.kill_timer) {
		LogError("worker did not stop in time; killing it", {{"pipeline", job.record.pipeline},
			 {"job", job.record.id}});
		job.worker->Kill();
	} else if (&timer == &job.approval_timer) {
		Finish(job, JobState::Expired, "no one approved or ignored it within " +
		       FormatDuration(job.channel.approval_timeout));
	}
}

static std::string
SignalName(int sig)
{
	const char *name = ::sigabbrev_np(sig);
	return name != nullptr ? std::string("SIG") + name : "signal " + std::to_string(sig);
}

void
JobTable::OnWorkerExit(Job &job, std::int64_t status, int signal) noexcept
{
	/* the worker removes its container itself unless it died, or lost the
	   engine (or itself) with a container created; then the container may
	   run on, so the job's slot stays used (Finish() leaves it) until a
	   sweep confirms the container gone */
	const bool lost_container = !job.record.container.empty() &&
		(status == static_cast<int>(WorkerExit::Engine) ||
		 status == static_cast<int>(WorkerExit::Internal));
	const bool clean = signal == 0 && status >= 0 && status <= 7 && !lost_container;
	if (!clean) {
		const bool slot = std::exchange(job.holds_slot, false);
		sweeps.RemoveOfJob(pipelines.Global().container.socket, job.record.id, [this, slot] {
			if (slot)
				--used_slots;
		});
	}

	const auto &who = job.record.decided_by;
	switch (job.stop) {
	case Job::StopCause::Cancel:
		return Finish(job, JobState::Cancelled, "cancelled by " + who);
	case Job::StopCause::Timeout:
		return Finish(job, JobState::TimedOut, "exceeded its timeout of " +
			      FormatDuration(job.record.timeout));
	case Job::StopCause::Shutdown:
		return Finish(job, JobState::Interrupted, "the daemon stopped while the job was live");
	case Job::StopCause::None:
		break;
	}

	if (job.agent_exit) {
		if (*job.agent_exit == 0)
			return Finish(job, JobState::Succeeded, {});
		return Finish(job, JobState::Failed, "the agent exited with status " +
			      std::to_string(*job.agent_exit));
	}
	if (!job.failure.empty())
		return Finish(job, JobState::Failed, job.failure);
	if (signal != 0)
		return Finish(job, JobState::Failed, "the worker died of " + SignalName(signal));
	Finish(job, JobState::Failed, std::string(Describe(static_cast<WorkerExit>(status))) +
	       " (worker exit status " + std::to_string(status) + ")");
}

/* The agent's answer, else the end of its output: what the channel shows. */
std::string
JobTable::ResultText(const Job &job) const
{
	constexpr std::size_t limit = 4000;
	for (const auto &path : {job.files.Result(), job.files.Output()}) {
		try {
			auto text = ReadFile(path);
			if (text.empty())
				continue;
			if (text.size() > limit)
				text = "..." + text.substr(text.size() - limit);
			return text;
		} catch (const std::exception &) {
		}
	}
	return {};
}

void
JobTable::Finish(Job &job, JobState state, std::string reason) noexcept
{
	auto &r = job.record;
	r.state = state;
	r.reason = std::move(reason);
	r.finished = FormatIso8601Utc(std::chrono::system_clock::now());
	Save(job);
	++ended[state];
	if (job.holds_slot) {
		job.holds_slot = false;
		--used_slots;
	}
	LogInfo("job " + std::string(Name(state)), {{"pipeline", r.pipeline}, {"job", r.id},
		{"reason", r.reason}});

	/* a webhook turned away with 429 told its sender; a flood of them must
	   not become a flood of chat messages. Rejections nobody else hears of
	   (cron, an approved job) go to the channel. */
	const bool sender_knows = state == JobState::Rejected && r.trigger == "webhook" &&
		r.decided_by.empty();
	if (!sender_knows) {
		Notification n{Notification::Kind::Finished, r.id, r.pipeline, job.topic, job.message,
			       state, r.reason, {}};
		if (state != JobState::Rejected && state != JobState::Ignored && state != JobState::Expired)
			n.result = ResultText(job);
		notifier.Send(job.channel, n);
	}
	Bury(job);
	CheckDrained();
}

void
JobTable::Bury(Job &job) noexcept
{
	job.deadline_timer.Close();
	job.kill_timer.Close();
	job.approval_timer.Close();
	const auto i = jobs.find(job.record.id);
	if (i == jobs.end())
		return;
	graveyard.push_back(std::move(i->second));
	jobs.erase(i);
	reaper.Start(0);
}

void
JobTable::CheckDrained() noexcept
{
	if (on_drained && LiveCount() == 0)
		std::exchange(on_drained, nullptr)();
}

void
JobTable::PruneOldJobs() noexcept
{
	const auto &settings = pipelines.Global().jobs;
	const auto now = std::chrono::system_clock::now();
	auto ids = ListJobIds(home.JobsDir());
	std::size_t kept = 0;
	/* newest first: keep the newest `keep` finished jobs younger than max_age */
	for (auto i = ids.rbegin(); i != ids.rend(); ++i) {
		if (jobs.contains(*i))
			continue;
		const JobFiles files{home.JobsDir() + "/" + *i};
		try {
			const auto record = LoadJobRecord(files);
			if (!IsTerminal(record.state))
				continue;
			const auto when = ParseIso8601(record.finished.empty() ? record.created : record.finished);
			if (++kept <= settings.keep && now - when <= settings.max_age)
				continue;
			RemoveTree(files.dir);
		} catch (const std::exception &e) {
			LogWarning("cannot prune a job directory", {{"job", *i}, {"error", e.what()}});
		}
	}
}

} // namespace osprey::daemon
