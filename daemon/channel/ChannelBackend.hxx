// A channel backend: one bot (Telegram), one app (Slack), one URL
// (webhook), or stdout. Pipelines that share a bot token share a backend,
// hence one poller or one socket. It sends notifications and, for chats,
// turns presses into decisions (decide/Decisions.hxx); Channels owns the
// queues, the pacing, the retries and the record of what went out.
#pragma once

#include "Notice.hxx"
#include "config/Channel.hxx"

#include <chrono>
#include <string>

namespace osprey::daemon {

class ChannelBackend {
public:
	virtual ~ChannelBackend() = default;

	/// Starts what listens for presses (a long poll, a socket).
	virtual void Start() {}

	/// Stops listening and abandons transfers in flight: no DeliveryDone
	/// is called after it. The backend may then be destroyed.
	virtual void Stop() noexcept {}

	/// Sends @p notice; @p done hears how, once, on the loop's thread
	/// (possibly inside this call).
	virtual void Deliver(const Notice &notice, DeliveryDone done) = 0;

	/// The chat a notice of @p record goes to within this backend: one
	/// queue per chat keeps them in order and paced.
	virtual std::string ChatOf(const EffectiveChannel &channel) const = 0;

	/// The least time between two messages to one chat (the service's
	/// rate limit); zero for none.
	virtual std::chrono::milliseconds Pace(const std::string &chat) const {
		(void)chat;
		return {};
	}
};

} // namespace osprey::daemon
