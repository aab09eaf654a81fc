// A trigger becomes a job: admitted against the slots and caps at once,
// rendered on the thread pool, recorded durably, then started, queued for a
// slot or held for approval. A job refused by a slot or cap renders nothing
// and keeps no payload: its record says why, and that is all.
#include "JobRender.hxx"
#include "JobTable.hxx"
#include "PipelineSet.hxx"
#include "config/Home.hxx"
#include "lib/uv/Work.hxx"
#include "log/Log.hxx"
#include "time/Iso8601.hxx"

namespace osprey::daemon {

using Outcome = JobTable::Submitted::Outcome;

static std::string
Now()
{
	return FormatIso8601Utc(std::chrono::system_clock::now());
}

void
JobTable::Submit(Trigger t, SubmitDone done)
{
	const Pipeline *pipeline;
	try {
		pipeline = &pipelines.Current(t.pipeline);
	} catch (const std::exception &e) {
		LogError("job refused: the pipeline's configuration has errors",
			 {{"pipeline", t.pipeline}, {"error", e.what()}});
		return done({Outcome::Unavailable, {}, JobState::Failed,
			     "this pipeline cannot take jobs now; its configuration has errors"});
	}

	auto in = std::make_shared<RenderInput>();
	in->pipeline = std::make_shared<const Pipeline>(*pipeline);
	in->content_type = std::move(t.content_type);
	in->headers = std::move(t.headers);
	if (t.kind == "webhook") {
		in->payloads_dir = home.PayloadsDir(t.pipeline);
		in->payloads_keep = pipelines.Global().jobs.payloads;
	}
	in->body = std::move(t.body);
	if (pipeline->trigger.filter.empty() || t.kind != "webhook")
		return AdmitJob(std::move(t), std::move(in), std::move(done));

	/* the filter first: a filtered event takes no slot and records no job */
	auto out = std::make_shared<RenderOutput>();
	const auto name = t.pipeline;
	try {
		uv::QueueWork(loop, [in, out] { *out = FilterTrigger(*in); },
			[this, t = std::move(t), in, out, done](std::exception_ptr) mutable {
				if (!out->warning.empty())
					LogWarning("cannot record the payload for the dashboard",
						   {{"pipeline", t.pipeline}, {"error", out->warning}});
				switch (out->status) {
				case RenderOutput::Status::BadBody:
					return done({Outcome::BadBody, {}, JobState::Failed, std::move(out->error)});
				case RenderOutput::Status::Filtered:
					LogDebug("webhook filtered: trigger.filter did not render true",
						 {{"pipeline", t.pipeline}});
					return done({Outcome::Filtered, {}, JobState::Failed, {}});
				case RenderOutput::Status::FilterFailed:
					LogError("webhook refused: trigger.filter failed to render",
						 {{"pipeline", t.pipeline}, {"error", out->error}});
					return done({Outcome::FilterFailed, {}, JobState::Failed,
						     std::move(out->field_error)});
				default:
					return AdmitJob(std::move(t), std::move(in), std::move(done));
				}
			});
	} catch (const std::exception &e) {
		LogError("cannot filter a webhook", {{"pipeline", name}, {"error", e.what()}});
		done({Outcome::Unavailable, {}, JobState::Failed, "cannot take the webhook now"});
	}
}

void
JobTable::AdmitJob(Trigger t, std::shared_ptr<RenderInput> in, SubmitDone done)
{
	const Pipeline &pipeline = *in->pipeline;
	const auto &caps = pipelines.Global().jobs;
	if (store_bytes >= caps.max_store_bytes) {
		/* finished jobs go first; while live and pending ones fill it,
		   nothing new is recorded */
		Prune();
		const auto why = "the job store is full: its jobs take " +
			std::to_string(store_bytes >> 20) + " MiB (jobs.max_store_bytes)";
		LogError("job refused", {{"pipeline", t.pipeline}, {"reason", why}});
		return done({Outcome::Unavailable, {}, JobState::Failed, why});
	}

	JobRecord r;
	r.id = NewJobId();
	r.pipeline = t.pipeline;
	r.trigger = t.kind;
	r.created = r.updated = Now();
	r.timeout = pipeline.agent.timeout;

	/* the contract: approval applies to webhook triggers only */
	const bool approval = t.kind == "webhook" && pipeline.channel.approval;
	r.approval = approval;
	const auto body_bytes = in->body.size();
	auto admission = Admit(approval, SlotForNewJob(), pending.size() + incoming_pending,
			       caps.max_pending, queue.Waiting(), QueueCapacity());
	std::string refusal = AdmissionRefusal(admission, MaxSlots(), caps.max_pending, QueueCapacity());
	if (admission == Admission::AwaitApproval &&
	    pending_bytes + body_bytes > caps.max_pending_bytes) {
		refusal = "the payloads of the jobs awaiting approval take " +
			std::to_string(pending_bytes >> 20) + " MiB already (jobs.max_pending_bytes)";
		admission = Admission::TooManyPending;
	}
	if (!refusal.empty()) {
		LogWarning("job rejected", {{"pipeline", r.pipeline}, {"job", r.id}, {"reason", refusal}});
		return RecordRejected(std::move(r), std::move(refusal), std::move(done));
	}

	admitting.insert(r.id);
	JobQueue::Ticket ticket = 0;
	if (admission == Admission::Start) {
		TakeSlot();
	} else if (admission == Admission::Queue) {
		ticket = queue.Reserve();
	} else {
		++incoming_pending;
		pending_bytes += body_bytes;
	}

	const auto approval_timeout = pipeline.channel.approval_timeout;
	auto out = std::make_shared<RenderOutput>();
	try {
		uv::QueueWork(loop, [in, out] { *out = RenderTrigger(*in); },
			[this, r, admission, ticket, approval_timeout, out, body_bytes, done](std::exception_ptr) mutable {
				if (admission == Admission::AwaitApproval)
					pending_bytes -= std::min(pending_bytes, std::uint64_t(body_bytes));
				Rendered(std::move(r), admission, ticket, approval_timeout, std::move(*out),
					 std::move(done));
			});
	} catch (const std::exception &e) {
		if (admission == Admission::AwaitApproval) {
			--incoming_pending;
			pending_bytes -= std::min(pending_bytes, std::uint64_t(body_bytes));
		} else if (admission == Admission::Queue) {
			queue.Release(ticket);
			StartQueued();
		} else {
			GiveSlot();
		}
		admitting.erase(r.id);
		LogError("cannot render a job", {{"pipeline", r.pipeline}, {"error", e.what()}});
		done({Outcome::Unavailable, {}, JobState::Failed, "cannot render the job now"});
	}
}

void
JobTable::Rendered(JobRecord r, Admission admission, JobQueue::Ticket ticket,
		   std::chrono::milliseconds approval_timeout, RenderOutput out, SubmitDone done)
{
	const bool approval = admission == Admission::AwaitApproval;
	/* what the reservation made at admission is given back on every way out */
	auto release = [this, admission, ticket] {
		if (admission == Admission::AwaitApproval) {
			--incoming_pending;
		} else if (admission == Admission::Queue) {
			/* it may have held up the queue behind it */
			queue.Release(ticket);
			StartQueued();
		} else {
			GiveSlot();
		}
	};
	if (!out.warning.empty())
		LogWarning("cannot record the payload for the dashboard",
			   {{"pipeline", r.pipeline}, {"job", r.id}, {"error", out.warning}});
	if (out.status == RenderOutput::Status::BadBody) {
		release();
		admitting.erase(r.id);
		return done({Outcome::BadBody, {}, JobState::Failed, std::move(out.error)});
	}

	if (out.status == RenderOutput::Status::RenderFailed) {
		release();
		r.state = JobState::Failed;
		r.reason = std::move(out.error);
		r.finished = r.updated;
	} else if (approval) {
		r.state = JobState::AwaitingApproval;
	} else if (admission == Admission::Queue) {
		r.state = JobState::Queued;
	} else {
		r.state = JobState::Starting;
		r.started = r.updated;
	}
	const auto payload_bytes = out.payload.size();
	if (approval && r.state == JobState::AwaitingApproval)
		pending_bytes += payload_bytes;

	auto fields = std::make_shared<RenderedFields>(std::move(out.fields));
	auto write = NewJobWrite(r, std::move(out.payload), std::move(out.prompt), *fields);
	KeepNotices(write, r);
	for (const auto &f : write.files)
		store_bytes += f.data.size();
	store.Write(std::move(write),
		    [this, r, fields, ticket, approval_timeout, payload_bytes, release,
		     done = std::move(done)](std::error_code error) mutable {
		admitting.erase(r.id);
		if (error) {
			if (r.state != JobState::Failed)
				release();
			if (r.state == JobState::AwaitingApproval)
				pending_bytes -= std::min(pending_bytes, std::uint64_t(payload_bytes));
			return done({Outcome::Unavailable, {}, JobState::Failed,
				     "cannot record the job: " + error.message()});
		}
		LogInfo("job received", {{"pipeline", r.pipeline}, {"job", r.id}, {"trigger", r.trigger}});
		switch (r.state) {
		case JobState::Failed:
			LogInfo("job failed", {{"pipeline", r.pipeline}, {"job", r.id}, {"reason", r.reason}});
			CountEnded(r.state);
			Announce(r, {}, fields.get());
			return done({Outcome::Accepted, r.id, r.state, r.reason});
		case JobState::AwaitingApproval: {
			--incoming_pending;
			const auto deadline = std::chrono::system_clock::now() + approval_timeout;
			pending.emplace(r.id, PendingJob{r, deadline, payload_bytes, false});
			/* not a walk over 10,000 pending jobs per new one */
			if (deadline < approval_due)
				ArmApprovalTimer();
			Announce(r, {}, fields.get());
			return done({Outcome::Accepted, r.id, r.state, {}});
		}
		case JobState::Queued: {
			LogInfo("job queued: every agent slot is busy", {{"pipeline", r.pipeline},
				{"job", r.id}});
			const auto id = r.id;
			queue.Fill(ticket, r);
			Announce(r, {}, fields.get());
			done({Outcome::Accepted, id, JobState::Queued, {}});
			/* a slot may have freed while it was being recorded */
			return StartQueued();
		}
		default: {
			const auto id = r.id;
			Announce(r, {}, fields.get());
			auto failure = StartJob(std::move(r), std::move(*fields));
			if (!failure.empty())
				return done({Outcome::Accepted, id, JobState::Failed, std::move(failure)});
			return done({Outcome::Accepted, id, JobState::Starting, {}});
		}
		}
	});
}

void
JobTable::RecordRejected(JobRecord r, std::string reason, SubmitDone done)
{
	r.state = JobState::Rejected;
	r.reason = std::move(reason);
	r.finished = r.updated;
	auto write = RecordWrite(r);
	write.create = true;
	/* a webhook's sender heard 429; a flood of those must not become a
	   flood of chat messages. A cron job's rejection nobody else hears */
	const bool announce = r.trigger != "webhook";
	if (announce)
		KeepNotices(write, r);
	store.Write(std::move(write), [this, r, announce, done = std::move(done)](std::error_code) {
		/* the sender hears 429 either way; the store logged a failure */
		CountEnded(JobState::Rejected);
		if (announce)
			Announce(r);
		else
			Changed(r);
		done({Outcome::Rejected, r.id, JobState::Rejected, r.reason});
	});
}

} // namespace osprey::daemon
