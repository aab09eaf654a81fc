// The Notifier the daemon uses: stdout writes one JSON line per notification
// on the daemon's standard output; other channel types are delivered by their
// backends (webhook, telegram, slack), or logged when this build has none.
#pragma once

#include "Notifier.hxx"

namespace osprey::daemon {

class ChannelNotifier final : public Notifier {
public:
	void Send(const EffectiveChannel &channel, const Notification &n) noexcept override;
};

/// The stdout channel's line for @p n (without the newline).
std::string StdoutLine(const Notification &n);

} // namespace osprey::daemon
