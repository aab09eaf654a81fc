#include "StdoutChannel.hxx"
#include "json/Serialize.hxx"
#include "time/Iso8601.hxx"

#include <chrono>
#include <cstdio>

namespace osprey::daemon {

std::string
StdoutLine(const Notice &n)
{
	const bool approval = n.kind == NoticeKind::Announced &&
		n.record.state == JobState::AwaitingApproval;
	if (!approval && n.kind != NoticeKind::Finished)
		return {};
	auto str = [](std::string_view s) { return json::Value::String(std::string(s)); };
	json::Members m{
		{"time", str(FormatIso8601Utc(std::chrono::system_clock::now()))},
		{"event", str(approval ? "approval_requested" : "job_finished")},
		{"job", str(n.record.id)}, {"pipeline", str(n.record.pipeline)},
		{"state", str(Name(n.record.state))},
		{"topic", str(n.topic)}, {"message", str(n.message)},
	};
	if (approval) {
		m.emplace_back("approve", str("osprey approve " + n.record.id));
		m.emplace_back("ignore", str("osprey ignore " + n.record.id));
	} else {
		m.emplace_back("reason", str(n.record.reason));
		m.emplace_back("result", str(n.result));
	}
	return json::Serialize(json::Value::MakeObject(std::move(m)));
}

/* A line at a time, whole: the reader may be a pipe to a log collector.
   TODO(issue 8): a stdout that is a slow pipe blocks here. */
void
StdoutChannel::Deliver(const Notice &notice, DeliveryDone done)
{
	const auto line = StdoutLine(notice);
	if (!line.empty()) {
		const auto text = line + "\n";
		std::fwrite(text.data(), 1, text.size(), stdout);
		std::fflush(stdout);
	}
	done(Delivery::Sent());
}

} // namespace osprey::daemon
