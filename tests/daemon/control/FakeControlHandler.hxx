// Test helper: a ControlHandler that records what it was asked and answers
// what the test configured. Called on the server's loop thread, read by the
// test's: a mutex keeps the two apart.
#pragma once

#include "control/ControlHandler.hxx"

#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

namespace osprey::daemon::test {

class FakeControlHandler final : public ControlHandler {
	mutable std::mutex mutex;
	std::vector<std::string> calls;

public:
	/** what Approve/Ignore/Cancel answer */
	ControlResult result{true, "starting", {}};
	/** Approve throws this message when non-empty */
	std::string throw_message;

	/// "approve job by" per call, in order.
	std::vector<std::string> Calls() const {
		std::lock_guard lock(mutex);
		return calls;
	}

	json::Value Status() override {
		Record("status", "", "");
		return json::Value::MakeObject({
			{"version", json::Value::String("0.1.0")},
			{"pid", json::Value::Number(std::int64_t(42))},
		});
	}
	ControlResult Approve(std::string_view job, std::string_view by) override {
		Record("approve", job, by);
		if (!throw_message.empty())
			throw std::runtime_error(throw_message);
		return result;
	}
	ControlResult Ignore(std::string_view job, std::string_view by) override {
		Record("ignore", job, by);
		return result;
	}
	ControlResult Cancel(std::string_view job, std::string_view by) override {
		Record("cancel", job, by);
		return result;
	}

private:
	void Record(std::string_view what, std::string_view job, std::string_view by) {
		std::lock_guard lock(mutex);
		std::string call(what);
		if (!job.empty())
			call += " " + std::string(job) + " " + std::string(by);
		calls.push_back(std::move(call));
	}
};

} // namespace osprey::daemon::test
