#include "Backends.hxx"
#include "slack/SlackChannel.hxx"
#include "stdout/StdoutChannel.hxx"
#include "telegram/TelegramChannel.hxx"
#include "webhook/WebhookChannel.hxx"

#include <stdexcept>

namespace osprey::daemon {

std::unique_ptr<ChannelBackend>
MakeBackend(const EffectiveChannel &channel, const BackendContext &c)
{
	switch (channel.type) {
	case ChannelType::Stdout:
		return std::make_unique<StdoutChannel>(c.loop);
	case ChannelType::Telegram:
		return std::make_unique<TelegramChannel>(c.loop, c.http, c.decisions, channel.telegram);
	case ChannelType::Webhook:
		return std::make_unique<WebhookChannel>(c.http, channel.webhook);
	case ChannelType::Slack:
		return std::make_unique<SlackChannel>(c.loop, c.curl, c.http, c.decisions, channel.slack);
	}
	throw std::logic_error("unknown channel type");
}

} // namespace osprey::daemon
