// Decisions from outside: approve, ignore, cancel, and the daemon's shutdown.
#include "JobTable.hxx"
#include "PipelineSet.hxx"
#include "log/Log.hxx"
#include "util/Error.hxx"

namespace osprey::daemon {

ControlResult
JobTable::NotPending(std::string_view id, std::string_view action) const
{
	try {
		const auto record = LoadJobRecord(JobFiles{home.JobsDir() + "/" + std::string(id)});
		return {false, {}, "job " + std::string(id) + " is " + std::string(Name(record.state)) +
			", so it cannot be " + std::string(action)};
	} catch (const std::exception &) {
		return {false, {}, "no job " + std::string(id)};
	}
}

ControlResult
JobTable::Approve(std::string_view id, std::string_view by)
{
	const auto i = jobs.find(id);
	if (i == jobs.end() || i->second->record.state != JobState::AwaitingApproval)
		return i == jobs.end() ? NotPending(id, "approved")
			: ControlResult{false, {}, "job " + std::string(id) + " is " +
					std::string(Name(i->second->record.state)) + ", not awaiting approval"};

	auto job = std::move(i->second);
	jobs.erase(i);
	job->approval_timer.Close();
	job->record.decided_by = by;
	LogInfo("job approved", {{"pipeline", job->record.pipeline}, {"job", job->record.id},
		{"by", by}});

	/* the pipeline as it is now: its .env may have changed while waiting */
	const Pipeline *pipeline;
	try {
		pipeline = &pipelines.Current(job->record.pipeline);
		Render(*job, *pipeline);
	} catch (const std::exception &e) {
		const auto r = FinishNew(std::move(job), JobState::Failed, FullMessage(e));
		return {true, std::string(Name(r.state)), {}};
	}
	const auto r = StartOrReject(std::move(job), *pipeline);
	return {true, std::string(Name(r.state)), {}};
}

ControlResult
JobTable::Ignore(std::string_view id, std::string_view by)
{
	const auto i = jobs.find(id);
	if (i == jobs.end())
		return NotPending(id, "ignored");
	auto &job = *i->second;
	if (job.record.state != JobState::AwaitingApproval)
		return {false, {}, "job " + std::string(id) + " is " + std::string(Name(job.record.state)) +
			", not awaiting approval"};
	job.record.decided_by = by;
	Finish(job, JobState::Ignored, "ignored by " + std::string(by));
	return {true, std::string(Name(JobState::Ignored)), {}};
}

ControlResult
JobTable::Cancel(std::string_view id, std::string_view by)
{
	const auto i = jobs.find(id);
	if (i == jobs.end())
		return NotPending(id, "cancelled");
	auto &job = *i->second;
	job.record.decided_by = by;
	if (job.record.state == JobState::AwaitingApproval) {
		Finish(job, JobState::Cancelled, "cancelled by " + std::string(by));
		return {true, std::string(Name(JobState::Cancelled)), {}};
	}
	if (job.stop == Job::StopCause::None) {
		LogInfo("cancelling job", {{"pipeline", job.record.pipeline}, {"job", job.record.id},
			{"by", by}});
		job.stop = Job::StopCause::Cancel;
		job.worker->Terminate();
		const auto grace = pipelines.Global().container.stop_grace;
		job.kill_timer.Start(static_cast<std::uint64_t>(grace.count()) + 15000);
	}
	/* the job ends cancelled once its worker has stopped the container */
	return {true, std::string(Name(job.record.state)), {}};
}

void
JobTable::Shutdown(std::chrono::milliseconds grace, std::function<void()> drained)
{
	on_drained = std::move(drained);
	shutting_down = true;
	for (auto &[id, job] : jobs) {
		job->approval_timer.Close(); // pending approvals stay pending, on disk
		/* a live job gets the grace to end on its own; then it is stopped */
		if (IsLive(job->record.state) && job->stop == Job::StopCause::None)
			job->deadline_timer.Start(static_cast<std::uint64_t>(grace.count()));
	}
	CheckDrained();
}

void
JobTable::Close() noexcept
{
	for (auto &[id, job] : jobs) {
		job->deadline_timer.Close();
		job->kill_timer.Close();
		job->approval_timer.Close();
	}
	retention_timer.Close();
	reaper.Close();
	graveyard.clear();
	sweeps.Close();
}

} // namespace osprey::daemon
