#include "ChannelNotifier.hxx"
#include "json/Serialize.hxx"
#include "log/Log.hxx"
#include "time/Iso8601.hxx"

#include <chrono>
#include <cstdio>

namespace osprey::daemon {

std::string
StdoutLine(const Notification &n)
{
	auto str = [](std::string_view s) { return json::Value::String(std::string(s)); };
	json::Members m{
		{"time", str(FormatIso8601Utc(std::chrono::system_clock::now()))},
		{"event", str(n.kind == Notification::Kind::ApprovalRequested ? "approval_requested"
			      : "job_finished")},
		{"job", str(n.job)}, {"pipeline", str(n.pipeline)},
		{"state", str(Name(n.state))},
		{"topic", str(n.topic)}, {"message", str(n.message)},
	};
	if (n.kind == Notification::Kind::ApprovalRequested) {
		m.emplace_back("approve", str("osprey approve " + n.job));
		m.emplace_back("ignore", str("osprey ignore " + n.job));
	} else {
		m.emplace_back("reason", str(n.reason));
		m.emplace_back("result", str(n.result));
	}
	return json::Serialize(json::Value::MakeObject(std::move(m)));
}

void
ChannelNotifier::Send(const EffectiveChannel &channel, const Notification &n) noexcept
{
	try {
		switch (channel.type) {
		case ChannelType::Stdout: {
			const auto line = StdoutLine(n) + "\n";
			std::fwrite(line.data(), 1, line.size(), stdout);
			std::fflush(stdout);
			return;
		}
		case ChannelType::Webhook:
		case ChannelType::Telegram:
		case ChannelType::Slack:
			LogWarning("notification not delivered: this build has no backend for the channel",
				   {{"channel", Name(channel.type)}, {"pipeline", n.pipeline}, {"job", n.job},
				    {"state", Name(n.state)}});
			return;
		}
	} catch (const std::exception &e) {
		LogError("notification failed", {{"pipeline", n.pipeline}, {"job", n.job}, {"error", e.what()}});
	}
}

} // namespace osprey::daemon
