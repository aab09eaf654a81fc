// The stdout channel: one JSON line per notification on the daemon's
// standard output, for a human at the terminal or a log collector. A job
// that awaits approval gets an "approval_requested" line naming the
// commands that decide it, and every job a "job_finished" line at its end.
#pragma once

#include "channel/ChannelBackend.hxx"

namespace osprey::daemon {

class StdoutChannel final : public ChannelBackend {
public:
	void Deliver(const Notice &notice, DeliveryDone done) override;
	std::string ChatOf(const EffectiveChannel &) const override { return "stdout"; }
};

/// The line for @p notice (without the newline), or "" when it has none
/// (a decision: the end says it).
std::string StdoutLine(const Notice &notice);

} // namespace osprey::daemon
