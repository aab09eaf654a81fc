// The stdout channel: one JSON line per notification on the daemon's
// standard output, for a human at the terminal or a log collector. A job
// that awaits approval gets an "approval_requested" line naming the
// commands that decide it, and every job a "job_finished" line at its end.
//
// A pipe (a log collector, systemd's journal) is written through the loop,
// never blocking it: lines queue while the reader is slow, up to
// kMaxQueued bytes, past which lines are dropped and counted (a line that
// cannot be written is not worth stopping webhooks for). A file or a
// terminal is written directly.
#pragma once

#include "channel/ChannelBackend.hxx"
#include "lib/uv/Pipe.hxx"

#include <cstdint>
#include <deque>

namespace osprey::uv {
class Loop;
}

namespace osprey::daemon {

class StdoutChannel final : public ChannelBackend, uv::Pipe::Listener {
	uv::Loop &loop;
	uv::Pipe pipe;
	bool use_pipe = false;
	/* the sizes of the lines libuv still writes, in order */
	std::deque<std::size_t> writing;
	std::size_t queued = 0;
	std::uint64_t dropped = 0;

public:
	static constexpr std::size_t kMaxQueued = 4 << 20;

	explicit StdoutChannel(uv::Loop &loop) noexcept : loop(loop) {}
	~StdoutChannel() noexcept override;

	void Start() override;
	void Stop() noexcept override;
	void Deliver(const Notice &notice, DeliveryDone done) override;
	std::string ChatOf(const EffectiveChannel &) const override { return "stdout"; }

private:
	void Write(std::string line) noexcept;
	void OnRead(uv::Pipe &, ssize_t, const char *) noexcept override {}
	void OnWritten(uv::Pipe &, int status) noexcept override;
};

/// Bytes of topic, message and result a line holds at most: the rest is
/// left out, and said to be.
inline constexpr std::size_t kMaxStdoutField = 4000;

/// The line for @p notice (without the newline), or "" when it has none
/// (a decision: the end says it). Bounded: the result is the tail of the
/// agent's answer, with result_file naming the file that holds it all.
std::string StdoutLine(const Notice &notice);

} // namespace osprey::daemon
