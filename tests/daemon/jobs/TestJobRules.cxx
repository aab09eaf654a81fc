#include "jobs/JobRules.hxx"
#include "time/Iso8601.hxx"

#include <doctest/doctest.h>

using namespace osprey;
using namespace osprey::daemon;
using namespace std::chrono_literals;

TEST_CASE("Admit")
{
	CHECK(Admit(false, true, 0, 10) == Admission::Start);
	CHECK(Admit(false, false, 0, 10) == Admission::NoSlot);
	/* approvals take no slot until approved */
	CHECK(Admit(true, false, 9, 10) == Admission::AwaitApproval);
	CHECK(Admit(true, true, 10, 10) == Admission::TooManyPending);

	CHECK(AdmissionRefusal(Admission::NoSlot, 3, 10) ==
	      "all 3 agent slots are busy (container.max_concurrent)");
	CHECK(AdmissionRefusal(Admission::TooManyPending, 3, 10) ==
	      "10 jobs await approval already (jobs.max_pending)");
	CHECK(AdmissionRefusal(Admission::Start, 3, 10).empty());

	SUBCASE("container.queue: jobs that find every slot busy wait, up to the cap") {
		CHECK(Admit(false, true, 0, 10, 0, 2) == Admission::Start);
		CHECK(Admit(false, false, 0, 10, 0, 2) == Admission::Queue);
		CHECK(Admit(false, false, 0, 10, 1, 2) == Admission::Queue);
		CHECK(Admit(false, false, 0, 10, 2, 2) == Admission::NoSlot);
		/* 0, the default: the contract's rejection */
		CHECK(Admit(false, false, 0, 10, 0, 0) == Admission::NoSlot);
		/* approval comes first; the queue only when approved */
		CHECK(Admit(true, false, 0, 10, 2, 2) == Admission::AwaitApproval);
		CHECK(AdmissionRefusal(Admission::NoSlot, 1, 10, 2) ==
		      "all 1 agent slots are busy (container.max_concurrent) and 2 jobs wait for "
		      "one already (container.queue)");
		CHECK(AdmissionRefusal(Admission::Queue, 1, 10, 2).empty());
	}
}

TEST_CASE("Refusal")
{
	const auto id = "20261122-004512-3f9a1c2b";
	SUBCASE("a pending job takes every decision") {
		for (auto d : {Decision::Approve, Decision::Ignore, Decision::Cancel})
			CHECK_FALSE(Refusal(id, JobState::AwaitingApproval, false, d));
	}
	SUBCASE("but not while another is being recorded") {
		CHECK(Refusal(id, JobState::AwaitingApproval, true, Decision::Ignore) ==
		      "job 20261122-004512-3f9a1c2b is being decided already; try again in a moment");
	}
	SUBCASE("a queued job can only be cancelled") {
		CHECK_FALSE(Refusal(id, JobState::Queued, false, Decision::Cancel));
		CHECK(Refusal(id, JobState::Queued, false, Decision::Approve) ==
		      "job 20261122-004512-3f9a1c2b is queued, not awaiting approval");
		CHECK(Refusal(id, JobState::Queued, true, Decision::Cancel) ==
		      "job 20261122-004512-3f9a1c2b is being decided already; try again in a moment");
	}
	SUBCASE("a live job can only be cancelled") {
		CHECK_FALSE(Refusal(id, JobState::Running, false, Decision::Cancel));
		CHECK(Refusal(id, JobState::Running, false, Decision::Approve) ==
		      "job 20261122-004512-3f9a1c2b is running, not awaiting approval");
	}
	SUBCASE("an ended job takes none, and says its state") {
		CHECK(Refusal(id, JobState::Ignored, false, Decision::Approve) ==
		      "job 20261122-004512-3f9a1c2b is ignored, so it cannot be approved");
		CHECK(Refusal(id, JobState::Succeeded, false, Decision::Cancel) ==
		      "job 20261122-004512-3f9a1c2b is succeeded, so it cannot be cancelled");
	}
}

TEST_CASE("EndOfWorker")
{
	WorkerEnd e;
	e.decided_by = "alice";
	e.timeout = 15min;

	SUBCASE("the supervisor's reason to stop wins") {
		e.agent_exit = 0;
		e.stop = StopCause::Cancel;
		CHECK(EndOfWorker(e).state == JobState::Cancelled);
		CHECK(EndOfWorker(e).reason == "cancelled by alice");
		e.stop = StopCause::Timeout;
		CHECK(EndOfWorker(e).reason == "exceeded its timeout of 15m");
		e.stop = StopCause::Shutdown;
		CHECK(EndOfWorker(e).state == JobState::Interrupted);
	}
	SUBCASE("the agent's exit") {
		e.agent_exit = 0;
		CHECK(EndOfWorker(e).state == JobState::Succeeded);
		e.agent_exit = 3;
		CHECK(EndOfWorker(e).reason == "the agent exited with status 3");
	}
	SUBCASE("what the agent itself reported") {
		e.agent_exit = 1;
		e.agent_is_error = true;
		e.agent_error = "API Error: Repeated 529 Overloaded errors.";
		CHECK(EndOfWorker(e).state == JobState::Failed);
		CHECK(EndOfWorker(e).reason ==
		      "the agent exited with status 1: API Error: Repeated 529 Overloaded errors.");
		/* a CLI that reports an error yet exits 0 has not succeeded */
		e.agent_exit = 0;
		CHECK(EndOfWorker(e).state == JobState::Failed);
		CHECK(EndOfWorker(e).reason ==
		      "the agent reported an error: API Error: Repeated 529 Overloaded errors.");
		e.agent_error.clear();
		CHECK(EndOfWorker(e).reason == "the agent reported an error");
	}
	SUBCASE("the worker's failure") {
		e.failure = "cloning failed";
		e.exit_status = 3;
		CHECK(EndOfWorker(e).reason == "cloning failed");
	}
	SUBCASE("a worker killed by a signal") {
		e.term_signal = 9;
		CHECK(EndOfWorker(e).reason == "the worker died of SIGKILL");
	}
	SUBCASE("a worker that exits 0 without saying how the agent ended did not succeed") {
		const auto end = EndOfWorker(e);
		CHECK(end.state == JobState::Failed);
		CHECK(end.reason == "osprey-worker exited without saying how the agent ended");
	}
	SUBCASE("a documented exit status") {
		e.exit_status = 5;
		CHECK(EndOfWorker(e).reason == "the agent image is missing (worker exit status 5)");
	}
}

TEST_CASE("Revive")
{
	const auto now = ParseIso8601("2026-11-22T12:00:00Z");
	JobRecord r;
	r.created = "2026-11-22T10:00:00Z";
	r.state = JobState::Succeeded;
	CHECK(Revive(r, now, 24h) == Revival::Leave);
	r.state = JobState::Preparing;
	CHECK(Revive(r, now, 24h) == Revival::Interrupt);
	/* a queued job never ran: it waits again, however long ago it came */
	r.state = JobState::Queued;
	CHECK(Revive(r, now, 1h) == Revival::Requeue);
	r.state = JobState::AwaitingApproval;
	CHECK(Revive(r, now, 24h) == Revival::Restore);
	CHECK(Revive(r, now, 2h) == Revival::Expire);
	CHECK(Revive(r, now, 3h) == Revival::Restore);
	r.created = "garbage";
	CHECK(Revive(r, now, 24h) == Revival::Expire);
}

TEST_CASE("Unauthorized")
{
	EffectiveChannel telegram;
	telegram.type = ChannelType::Telegram;
	telegram.telegram.chat_id = -100123;
	telegram.telegram.allowed_users = {42, 43};
	EffectiveChannel slack;
	slack.type = ChannelType::Slack;
	slack.slack.channel_id = "C0123";
	slack.slack.allowed_users = {"U0001"};
	using Via = DecisionSource::Via;
	const std::string no = "you are not allowed to decide this job";

	SUBCASE("the command line always may") {
		CHECK_FALSE(Unauthorized(telegram, {Via::CommandLine, {}, "1000", "alice"}));
		CHECK_FALSE(Unauthorized(EffectiveChannel{}, {Via::CommandLine, {}, "0", "root"}));
	}
	SUBCASE("a press from the pipeline's chat by an allowed user") {
		CHECK_FALSE(Unauthorized(telegram, {Via::Telegram, "-100123", "43", "@bob"}));
		CHECK_FALSE(Unauthorized(slack, {Via::Slack, "C0123", "U0001", "Alice (U0001)"}));
	}
	SUBCASE("anyone else, another chat, another kind of chat") {
		CHECK(Unauthorized(telegram, {Via::Telegram, "-100123", "44", "@eve"}) == no);
		CHECK(Unauthorized(telegram, {Via::Telegram, "-100999", "42", "@alice"}) == no);
		CHECK(Unauthorized(telegram, {Via::Slack, "-100123", "42", "x"}) == no);
		CHECK(Unauthorized(slack, {Via::Slack, "C0123", "U0002", "y"}) == no);
		CHECK(Unauthorized(slack, {Via::Slack, "C9999", "U0001", "y"}) == no);
		/* nobody in allowed_users: nobody in the chat decides */
		slack.slack.allowed_users.clear();
		CHECK(Unauthorized(slack, {Via::Slack, "C0123", "U0001", "y"}) == no);
	}
}
