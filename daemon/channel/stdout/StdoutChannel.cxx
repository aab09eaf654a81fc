#include "StdoutChannel.hxx"
#include "json/Serialize.hxx"
#include "lib/uv/Loop.hxx"
#include "log/Log.hxx"
#include "time/Iso8601.hxx"

#include <chrono>
#include <algorithm>
#include <cstdio>
#include <unistd.h>

namespace osprey::daemon {

/* A rendered topic or message may be 1 MiB: a line is for reading, so it
   holds the start, cut on a character, and says how much is left out (all of
   it is in the job's rendered.json). */
static std::string
Bounded(std::string_view s)
{
	if (s.size() <= kMaxStdoutField)
		return std::string(s);
	std::size_t n = kMaxStdoutField;
	while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xc0) == 0x80)
		--n;
	return std::string(s.substr(0, n)) + "... [" + std::to_string(s.size() - n) +
		" more bytes]";
}

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
		{"topic", str(Bounded(n.topic))}, {"message", str(Bounded(n.message))},
	};
	if (approval) {
		m.emplace_back("approve", str("osprey approve " + n.record.id));
		m.emplace_back("ignore", str("osprey ignore " + n.record.id));
	} else {
		m.emplace_back("reason", str(n.record.reason));
		/* already the tail (ResultText()); the rest is in result_file */
		m.emplace_back("result", str(n.result));
		if (!n.result_file.empty())
			m.emplace_back("result_file", str(n.result_file));
		if (n.record.agent)
			m.emplace_back("agent", ToJsonValue(*n.record.agent));
	}
	return json::Serialize(json::Value::MakeObject(std::move(m)));
}

StdoutChannel::~StdoutChannel() noexcept
{
	Stop();
}

void
StdoutChannel::Start()
{
	if (use_pipe || uv_guess_handle(STDOUT_FILENO) != UV_NAMED_PIPE)
		return;
	try {
		pipe = uv::Pipe(loop, *this);
		pipe.Open(STDOUT_FILENO);
		use_pipe = true;
	} catch (const std::exception &e) {
		LogWarning("standard output is written directly", {{"error", e.what()}});
	}
}

/* Lines still queued are written by the loop as it winds down. */
void
StdoutChannel::Stop() noexcept
{
	if (dropped > 0)
		LogWarning("stdout channel lines dropped: the reader of standard output was too slow",
			   {{"dropped", std::to_string(dropped)}});
	dropped = 0;
}

void
StdoutChannel::Write(std::string line) noexcept
{
	if (!use_pipe) {
		std::fwrite(line.data(), 1, line.size(), stdout);
		std::fflush(stdout);
		return;
	}
	if (queued + line.size() > kMaxQueued) {
		if (dropped++ == 0)
			LogWarning("standard output is not being read; stdout channel lines are dropped");
		return;
	}
	if (pipe.Write(line) == 0) {
		queued += line.size();
		writing.push_back(line.size());
	}
}

void
StdoutChannel::OnWritten(uv::Pipe &, int status) noexcept
{
	(void)status; // a reader that went away: nothing to tell anyone
	if (writing.empty())
		return;
	queued -= std::min(queued, writing.front());
	writing.pop_front();
}

void
StdoutChannel::Deliver(const Notice &notice, DeliveryDone done)
{
	auto line = StdoutLine(notice);
	if (!line.empty())
		Write(std::move(line) + "\n");
	done(Delivery::Sent());
}

} // namespace osprey::daemon
