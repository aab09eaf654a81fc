// Decisions from outside (approve, ignore, cancel: the command line, later a
// chat) and the approval timeout. A decision on a pending job takes effect
// when its record is durable; one that cannot be recorded is answered with
// why, and the job still awaits approval, in memory and on disk alike.
#include "JobTable.hxx"
#include "PipelineSet.hxx"
#include "config/Home.hxx"
#include "log/Log.hxx"
#include "time/Duration.hxx"
#include "time/Iso8601.hxx"

namespace osprey::daemon {

static std::string
Now()
{
	return FormatIso8601Utc(std::chrono::system_clock::now());
}

/* Whether @p by may decide jobs of @p pipeline, as its channel is now. */
std::optional<std::string>
JobTable::Unauthorized(const std::string &pipeline, const DecisionSource &by) noexcept
{
	if (by.via == DecisionSource::Via::CommandLine)
		return std::nullopt;
	try {
		return daemon::Unauthorized(pipelines.Current(pipeline).channel, by);
	} catch (const std::exception &) {
		return "pipeline " + pipeline + " is gone, so its jobs cannot be decided from a chat";
	}
}

void
JobTable::Decide(Decision decision, std::string_view id, DecisionSource source, DecisionDone done)
{
	std::string by = source.name;
	if (const auto i = live.find(id); i != live.end()) {
		auto &job = *i->second;
		if (auto refusal = Unauthorized(job.record.pipeline, source))
			return done({false, {}, std::move(*refusal)});
		if (auto refusal = Refusal(id, job.record.state, job.end.has_value(), decision))
			return done({false, {}, std::move(*refusal)});
		if (job.stop == StopCause::None) {
			LogInfo("cancelling job", {{"pipeline", job.record.pipeline}, {"job", job.record.id},
				{"by", by}});
			job.record.decided_by = by;
			job.stop = StopCause::Cancel;
			job.worker->Terminate();
			const auto grace = pipelines.Global().container.stop_grace;
			job.kill_timer.Start(static_cast<std::uint64_t>(grace.count()) + 15000);
		}
		/* it ends cancelled once its worker has stopped the container */
		return done({true, std::string(Name(job.record.state)), {}});
	}

	if (auto *entry = queue.Find(id)) {
		if (auto refusal = Unauthorized(entry->record.pipeline, source))
			return done({false, {}, std::move(*refusal)});
		if (entry->change == JobQueue::Entry::Change::Starting)
			return done({false, {}, "job " + std::string(id) +
				     " is leaving the queue to start; try again in a moment"});
		if (auto refusal = Refusal(id, JobState::Queued,
					   entry->change != JobQueue::Entry::Change::None, decision))
			return done({false, {}, std::move(*refusal)});
		return CancelQueued(*entry, std::move(by), std::move(done));
	}

	const auto i = pending.find(id);
	if (i == pending.end()) {
		/* not ours (any more): what its record says, read on the pool */
		if (!IsValidJobId(id))
			return done({false, {}, "no job " + std::string(id)});
		auto record = std::make_shared<std::optional<JobRecord>>();
		const std::string key(id);
		store.Run([record, key](const std::string &dir) {
			*record = LoadJobRecord(JobFiles{dir + "/" + key});
		}, [this, record, key, decision, source = std::move(source),
		    done = std::move(done)](std::exception_ptr) {
			if (!*record)
				return done({false, {}, "no job " + key});
			if (auto refusal = Unauthorized((*record)->pipeline, source))
				return done({false, {}, std::move(*refusal)});
			done({false, {}, *Refusal(key, (*record)->state, false, decision)});
		});
		return;
	}

	auto &job = i->second;
	if (auto refusal = Unauthorized(job.record.pipeline, source))
		return done({false, {}, std::move(*refusal)});
	if (auto refusal = Refusal(id, JobState::AwaitingApproval, job.deciding, decision))
		return done({false, {}, std::move(*refusal)});

	JobRecord next = job.record;
	next.decided_by = by;
	next.updated = Now();
	JobQueue::Ticket ticket = 0;
	switch (decision) {
	case Decision::Approve:
		/* slots are counted when a container would start */
		switch (Admit(false, SlotForNewJob(), 0, 0, queue.Waiting(), QueueCapacity())) {
		case Admission::Start:
			TakeSlot();
			next.state = JobState::Starting;
			next.started = next.updated;
			break;
		case Admission::Queue:
			ticket = queue.Reserve();
			next.state = JobState::Queued;
			break;
		default:
			next.state = JobState::Rejected;
			next.reason = AdmissionRefusal(Admission::NoSlot, MaxSlots(), 0, QueueCapacity());
			break;
		}
		break;
	case Decision::Ignore:
		next.state = JobState::Ignored;
		next.reason = "ignored by " + by;
		break;
	case Decision::Cancel:
		next.state = JobState::Cancelled;
		next.reason = "cancelled by " + by;
		break;
	}
	if (IsTerminal(next.state))
		next.finished = next.updated;
	RecordDecision(job, std::move(next), std::move(done), ticket);
}

void
JobTable::RecordDecision(PendingJob &job, JobRecord next, DecisionDone done,
			 JobQueue::Ticket ticket)
{
	job.deciding = true;
	/* what it rendered: the worker's repo and ref, the notification's text */
	const auto read = ReadRendered(next.id);
	store.Write(RecordWrite(next), [this, next, rendered = read.fields, load_error = read.error, ticket,
					done = std::move(done)](std::error_code error) mutable {
		const auto i = pending.find(next.id);
		if (error) {
			if (next.state == JobState::Starting)
				GiveSlot();
			if (next.state == JobState::Queued) {
				queue.Release(ticket);
				StartQueued();
			}
			if (i != pending.end()) {
				i->second.deciding = false;
				/* an expiry tries again later, not at once */
				if (next.state == JobState::Expired)
					i->second.deadline = std::chrono::system_clock::now() +
						std::chrono::seconds(10);
			}
			LogError("decision not recorded; the job still awaits approval",
				 {{"pipeline", next.pipeline}, {"job", next.id}, {"error", error.message()}});
			return done({false, {}, "could not record the decision (" + error.message() +
				     "); job " + next.id + " still awaits approval"});
		}
		if (i != pending.end()) {
			pending_bytes -= std::min(pending_bytes, i->second.payload_bytes);
			pending.erase(i);
		}
		LogInfo("job " + std::string(Name(next.state)),
			{{"pipeline", next.pipeline}, {"job", next.id}, {"by", next.decided_by},
			 {"reason", next.reason}});
		const auto state = std::string(Name(next.state));
		Announce(next);
		if (next.state == JobState::Starting) {
			if (!load_error->empty()) {
				/* recorded as starting; it cannot: end it the usual way */
				LogError("cannot read what the job rendered", {{"job", next.id},
					 {"error", *load_error}});
			}
			StartJob(std::move(next), std::move(*rendered));
		} else if (next.state == JobState::Queued) {
			/* what it rendered is read again when its turn comes */
			queue.Fill(ticket, next);
			StartQueued();
		} else {
			CountEnded(next.state);
		}
		done({true, state, {}});
	});
}

/* One timer for every pending job: it fires at the earliest deadline. */
void
JobTable::ArmApprovalTimer() noexcept
{
	approval_due = std::chrono::system_clock::time_point::max();
	if (shutting_down || pending.empty()) {
		approval_timer.Stop();
		return;
	}
	auto next = std::chrono::system_clock::time_point::max();
	for (const auto &[id, job] : pending)
		if (!job.deciding && job.deadline < next)
			next = job.deadline;
	if (next == std::chrono::system_clock::time_point::max())
		return;
	approval_due = next;
	const auto wait = std::chrono::duration_cast<std::chrono::milliseconds>(
		next - std::chrono::system_clock::now());
	approval_timer.Start(static_cast<std::uint64_t>(std::max<std::int64_t>(wait.count(), 0)) + 1);
}

void
JobTable::ExpireApprovals() noexcept
{
	const auto now = std::chrono::system_clock::now();
	for (auto &[id, job] : pending) {
		if (job.deciding || job.deadline > now)
			continue;
		JobRecord next = job.record;
		next.state = JobState::Expired;
		next.updated = next.finished = Now();
		try {
			next.reason = "no one approved or ignored it within " +
				FormatDuration(pipelines.Current(next.pipeline).channel.approval_timeout);
		} catch (const std::exception &) {
			next.reason = "no one approved or ignored it in time";
		}
		RecordDecision(job, std::move(next), [](DecisionOutcome) {});
	}
	ArmApprovalTimer();
}

void
JobTable::Shutdown(std::chrono::milliseconds grace, std::function<void()> drained)
{
	on_drained = std::move(drained);
	shutting_down = true;
	approval_timer.Stop(); // pending approvals stay pending, on disk
	approval_due = std::chrono::system_clock::time_point::max();
	for (auto &[id, job] : live)
		/* a live job gets the grace to end on its own; then it is stopped */
		if (job->stop == StopCause::None && !job->end)
			job->deadline_timer.Start(static_cast<std::uint64_t>(grace.count()));
	CheckDrained();
}

} // namespace osprey::daemon
