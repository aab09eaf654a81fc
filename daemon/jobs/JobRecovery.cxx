// After a restart: what the previous daemon left behind.
#include "JobTable.hxx"
#include "PipelineSet.hxx"
#include "json/Parse.hxx"
#include "lib/uv/Loop.hxx"
#include "log/Log.hxx"
#include "time/Iso8601.hxx"
#include "util/File.hxx"

namespace osprey::daemon {

void
JobTable::Restore()
{
	const auto now = std::chrono::system_clock::now();
	for (const auto &id : ListJobIds(home.JobsDir())) {
		const JobFiles files{home.JobsDir() + "/" + id};
		JobRecord record;
		try {
			record = LoadJobRecord(files);
		} catch (const std::exception &e) {
			LogWarning("unreadable job record", {{"job", id}, {"error", e.what()}});
			continue;
		}
		if (IsTerminal(record.state))
			continue;

		auto job = std::make_unique<Job>(*this);
		job->record = std::move(record);
		job->files = files;
		auto &r = job->record;

		if (IsLive(r.state)) {
			LogWarning("job was live when the daemon stopped", {{"pipeline", r.pipeline}, {"job", r.id}});
			FinishNew(std::move(job), JobState::Interrupted,
				  "the daemon stopped while the job was " + std::string(Name(r.state)));
			continue;
		}

		/* awaiting approval: it comes back, with what is left of its time */
		try {
			job->payload = json::Parse(ReadFile(files.Payload()));
			const auto &pipeline = pipelines.Current(r.pipeline);
			Render(*job, pipeline);
			const auto deadline = ParseIso8601(r.created) + pipeline.channel.approval_timeout;
			if (deadline <= now) {
				FinishNew(std::move(job), JobState::Expired, "no one approved or ignored it in time");
				continue;
			}
			job->approval_timer = uv::Timer(loop, *job);
			job->approval_timer.Start(static_cast<std::uint64_t>(
				std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now).count()));
			LogInfo("restored a job awaiting approval", {{"pipeline", r.pipeline}, {"job", r.id}});
			const auto key = r.id;
			jobs.emplace(key, std::move(job));
		} catch (const std::exception &e) {
			FinishNew(std::move(job), JobState::Failed,
				  std::string("cannot restore it after a restart: ") + e.what());
		}
	}
	/* every container of ours is a leftover but those of the jobs this
	   daemon starts meanwhile */
	sweeps.RemoveAllBut(pipelines.Global().container.socket, home.Root(), daemon_id);
	PruneOldJobs();
}

} // namespace osprey::daemon
