// Test helper: a ControlHandler that records what it was asked and answers
// what the test configured, at once or, with `defer`, when the test says so.
// Called on the server's loop thread, read by the test's: a mutex keeps the
// two apart.
#pragma once

#include "control/ControlHandler.hxx"

#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

namespace osprey::daemon::test {

class FakeControlHandler final : public ControlHandler {
	mutable std::mutex mutex;
	std::condition_variable held_changed;
	std::vector<std::string> calls;
	std::vector<DecisionDone> held;

public:
	/** what Status() answers */
	control::DaemonStatus status{"0.1.0", 42, "2026-11-22T10:00:00Z", "http://127.0.0.1:8080",
				     0, 4, 1, 0, 0, {{"running", 0}}, "127.0.0.1:8080"};
	/** what Approve/Ignore/Cancel answer */
	DecisionOutcome result{true, "starting", {}};
	/** Approve throws this message when non-empty */
	std::string throw_message;
	/** hold each decision's done until ReleaseHeld() instead of calling it */
	bool defer = false;

	/// "approve JOB WHO" per call, WHO as Decider::Describe() says, in order.
	std::vector<std::string> Calls() const {
		std::lock_guard lock(mutex);
		return calls;
	}

	/// Blocks until @p n decisions are held (no sleeping in tests).
	void WaitUntilHeld(std::size_t n) {
		std::unique_lock lock(mutex);
		held_changed.wait(lock, [&] { return held.size() >= n; });
	}

	/// Calls every held done with `result`, @p times times each. On the
	/// loop's thread (or once the loop has stopped).
	void ReleaseHeld(int times = 1) {
		std::vector<DecisionDone> dones;
		{
			std::lock_guard lock(mutex);
			dones.swap(held);
		}
		for (auto &done : dones)
			for (int i = 0; i < times; ++i)
				done(result);
	}

	void Reload(ReloadDone done) override {
		Record("reload");
		done(control::Reloaded{3});
	}
	control::DaemonStatus Status() override {
		Record("status");
		return status;
	}
	void Decide(Decision decision, std::string_view job, DecisionSource by,
		    DecisionDone done) override {
		const char *verb = decision == Decision::Approve ? "approve "
			: decision == Decision::Ignore ? "ignore " : "cancel ";
		Record(verb + std::string(job) + " " + by.name);
		if (decision == Decision::Approve && !throw_message.empty())
			throw std::runtime_error(throw_message);
		Answer(std::move(done));
	}

private:
	void Answer(DecisionDone done) {
		if (!defer)
			return done(result);
		std::lock_guard lock(mutex);
		held.push_back(std::move(done));
		held_changed.notify_all();
	}

	void Record(std::string call) {
		std::lock_guard lock(mutex);
		calls.push_back(std::move(call));
	}
};

} // namespace osprey::daemon::test
