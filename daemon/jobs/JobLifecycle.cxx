// What happens to a live job: worker events, its timers, its end. Its end
// takes effect once recorded; a record that cannot be written (a full disk)
// is tried again until it can, while the job stays as the disk says.
#include "JobTable.hxx"
#include "PipelineSet.hxx"
#include "config/Home.hxx"
#include "log/Log.hxx"
#include "time/Duration.hxx"
#include "time/Iso8601.hxx"
#include "util/File.hxx"

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

static std::string
Now()
{
	return FormatIso8601Utc(std::chrono::system_clock::now());
}

/* Preparing and running: recorded in order with everything else; memory
   follows once the disk has it. If the daemon dies, the restart makes any
   live state interrupted whatever it said. */
void
JobTable::SaveLiveState(Job &job, JobState state) noexcept
{
	JobRecord next = job.record;
	next.state = state;
	next.updated = Now();
	store.Write(RecordWrite(next), [this, next](std::error_code error) {
		const auto i = live.find(next.id);
		if (error || i == live.end() || i->second->end)
			return;
		i->second->record.state = next.state;
		i->second->record.updated = next.updated;
		i->second->record.container = next.container;
		Changed(next);
		LogInfo("job " + std::string(Name(next.state)), {{"pipeline", next.pipeline},
			{"job", next.id}});
	});
}

void
JobTable::OnWorkerEvent(Job &job, const WorkerEvent &e) noexcept
{
	switch (e.kind) {
	case WorkerEvent::Kind::Preparing:
		SaveLiveState(job, JobState::Preparing);
		break;
	case WorkerEvent::Kind::Starting:
		break;
	case WorkerEvent::Kind::Running:
		job.record.container = e.container;
		SaveLiveState(job, JobState::Running);
		break;
	case WorkerEvent::Kind::Finished:
		job.agent_exit = e.exit_code;
		job.record.exit_code = e.exit_code;
		job.record.agent = e.agent;
		/* what it wrote counts toward jobs.max_store_bytes until the
		   next retention pass measures the directory again */
		store_bytes += e.disk_usage;
		break;
	case WorkerEvent::Kind::Failed:
		job.failure = e.reason;
		store_bytes += e.disk_usage;
		break;
	case WorkerEvent::Kind::Removed: // only --remove-containers sends it
		job.OnWorkerProtocolError(*job.worker, "a job's worker reported a removed container");
		break;
	}
}

void
JobTable::OnJobTimer(Job &job, uv::Timer &timer) noexcept
{
	if (job.end) {
		/* its end could not be recorded: try again */
		if (&timer == &job.deadline_timer)
			Finish(job, *job.end);
		return;
	}
	if (&timer == &job.deadline_timer) {
		/* a cancel already stopping it stays a cancel: its kill timer runs */
		if (job.stop != StopCause::None)
			return;
		LogWarning(shutting_down ? "stopping job for shutdown" : "job timed out; stopping it",
			   {{"pipeline", job.record.pipeline}, {"job", job.record.id},
			    {"timeout", FormatDuration(job.record.timeout)}});
		job.stop = shutting_down ? StopCause::Shutdown : StopCause::Timeout;
		job.worker->Terminate();
		/* the worker stops the container within the grace; past that, it hangs */
		const auto grace = pipelines.Global().container.stop_grace;
		job.kill_timer.Start(static_cast<std::uint64_t>(grace.count()) + 15000);
	} else if (&timer == &job.kill_timer) {
		LogError("worker did not stop in time; killing it", {{"pipeline", job.record.pipeline},
			 {"job", job.record.id}});
		job.worker->Kill();
	}
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
				GiveSlot();
		});
	}
	job.kill_timer.Stop();
	const auto &report = job.record.agent;
	Finish(job, EndOfWorker({job.stop, job.agent_exit, job.failure, status, signal,
				 job.record.decided_by, job.record.timeout,
				 report && report->is_error, report ? report->error : std::string()}));
}

std::string
ResultText(const JobFiles &files, std::string *whole)
{
	constexpr std::size_t limit = 4000;
	for (const auto &path : {files.Result(), files.Output()}) {
		try {
			auto tail = ReadTail(path, limit);
			if (tail.text.empty())
				continue;
			if (!tail.truncated)
				return tail.text;
			/* start on a character, not inside one */
			std::size_t skip = 0;
			while (skip < 3 && skip < tail.text.size() &&
			       (static_cast<unsigned char>(tail.text[skip]) & 0xc0) == 0x80)
				++skip;
			if (whole != nullptr)
				*whole = path;
			return "..." + tail.text.substr(skip);
		} catch (const std::exception &) {
		}
	}
	return {};
}

void
JobTable::Finish(Job &job, Ending ending) noexcept
{
	if (!job.end) {
		job.deadline_timer.Stop();
		job.kill_timer.Stop();
		if (job.holds_slot) {
			job.holds_slot = false;
			GiveSlot();
		}
	}
	job.end = ending;
	JobRecord next = job.record;
	next.state = ending.state;
	next.reason = std::move(ending.reason);
	next.updated = next.finished = Now();

	store.Write(RecordWrite(next), [this, next](std::error_code error) mutable {
		const auto i = live.find(next.id);
		if (i == live.end())
			return;
		auto &job = *i->second;
		if (error) {
			LogError("cannot record how the job ended; trying again in 10 s",
				 {{"pipeline", next.pipeline}, {"job", next.id},
				  {"state", Name(next.state)}, {"error", error.message()}});
			job.deadline_timer.Start(10000);
			return;
		}
		job.record = next;
		LogInfo("job " + std::string(Name(next.state)), {{"pipeline", next.pipeline},
			{"job", next.id}, {"reason", next.reason}});
		CountEnded(next.state);
		Announce(next);
		Bury(next.id);
		CheckDrained();
	});
}

void
JobTable::Bury(std::string_view id) noexcept
{
	const auto i = live.find(id);
	if (i == live.end())
		return;
	i->second->deadline_timer.Close();
	i->second->kill_timer.Close();
	graveyard.push_back(std::move(i->second));
	live.erase(i);
	reaper.Start(0);
}

/* Drained: no job is live and every change is on the disk. */
void
JobTable::CheckDrained() noexcept
{
	if (!on_drained || !live.empty())
		return;
	if (!store.Idle()) {
		store.Run([](const std::string &) {}, [this](std::exception_ptr) { CheckDrained(); });
		return;
	}
	std::exchange(on_drained, nullptr)();
}

} // namespace osprey::daemon
