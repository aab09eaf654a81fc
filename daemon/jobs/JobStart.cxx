// A recorded job gets its worker: the slot is taken already (at admission,
// or when its approval was recorded).
#include "JobTable.hxx"
#include "PipelineSet.hxx"
#include "WorkerJobBuild.hxx"
#include "config/Home.hxx"
#include "log/Log.hxx"
#include "util/Error.hxx"

namespace osprey::daemon {

std::string
JobTable::StartJob(JobRecord record, RenderedFields rendered) noexcept
{
	const auto id = record.id;
	auto owned = std::make_unique<Job>(*this, std::move(record), std::move(rendered));
	auto &job = *owned;
	job.holds_slot = true;
	job.deadline_timer = uv::Timer(loop, job);
	job.kill_timer = uv::Timer(loop, job);
	live.insert_or_assign(id, std::move(owned));
	LogInfo("job starting", {{"pipeline", job.record.pipeline}, {"job", id}});

	try {
		/* the pipeline as it is now: its .env may have changed while the
		   job waited; the rendered text is the job's own */
		const auto &pipeline = pipelines.Current(job.record.pipeline);
		const auto spec = BuildWorkerJob(job.record, job.rendered, pipeline, pipelines.Global(),
						 home, daemon_id);
		const JobFiles files{home.JobsDir() + "/" + id};
		job.worker = std::make_unique<WorkerProcess>(loop, job, std::vector{worker_path},
							     ToJsonLine(spec), files.WorkerLog());
	} catch (const std::exception &e) {
		auto reason = "cannot start osprey-worker: " + FullMessage(e);
		Finish(job, {JobState::Failed, reason});
		return reason;
	}
	/* approved while the daemon began to stop: it gets no grace of its
	   own, or it would hold the shutdown up for its whole timeout */
	job.deadline_timer.Start(shutting_down ? 0
				 : static_cast<std::uint64_t>(job.record.timeout.count()));
	return {};
}

JobTable::RenderedRead
JobTable::ReadRendered(const std::string &id)
{
	RenderedRead read;
	const JobFiles files{home.JobsDir() + "/" + id};
	store.Run([fields = read.fields, files](const std::string &) { *fields = LoadRenderedFields(files); },
		  [error = read.error](std::exception_ptr e) {
			  try {
				  if (e)
					  std::rethrow_exception(e);
			  } catch (const std::exception &x) {
				  *error = x.what();
			  }
		  });
	return read;
}

} // namespace osprey::daemon
