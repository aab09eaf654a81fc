#include "Backends.hxx"
#include "stdout/StdoutChannel.hxx"

#include <stdexcept>

namespace osprey::daemon {

std::unique_ptr<ChannelBackend>
MakeBackend(const EffectiveChannel &channel, BackendContext)
{
	switch (channel.type) {
	case ChannelType::Stdout:
		return std::make_unique<StdoutChannel>();
	case ChannelType::Telegram:
	case ChannelType::Slack:
	case ChannelType::Webhook:
		break;
	}
	throw std::runtime_error("this build has no backend for the " +
				 std::string(Name(channel.type)) + " channel");
}

} // namespace osprey::daemon
