// Channel settings: where notifications go and who may approve.
#pragma once

#include "Names.hxx"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace osprey {

class Section;

struct TelegramSettings {
	std::string bot_token;
	std::int64_t chat_id = 0;
	std::vector<std::int64_t> allowed_users;
	/** a self-hosted Bot API server or a test emulator */
	std::string api_url = "https://api.telegram.org";
};

struct SlackSettings {
	std::string bot_token, app_token, channel_id;
	std::vector<std::string> allowed_users;
	std::string api_url = "https://slack.com/api";
};

struct WebhookChannelSettings {
	std::string url;
	/** when set, the body is signed like inbound requests, header X-Osprey-Signature */
	std::string secret;
	std::vector<std::pair<std::string, std::string>> headers;
};

/// A "channel" block's backend part, as written in one file.
struct ChannelBackends {
	std::optional<ChannelType> type;
	std::optional<TelegramSettings> telegram;
	std::optional<SlackSettings> slack;
	std::optional<WebhookChannelSettings> webhook;
};

/// Reads type, telegram/chat_a, slack/chat_b and webhook from @p section,
/// validating each backend block that is present.
ChannelBackends ReadChannelBackends(Section &section);

/// Records an error on @p channel if the block that @p type needs is absent.
void CheckBackendPresent(Section &channel, const ChannelBackends &backends, ChannelType type);

/// The channel a pipeline's notifications really use, after resolution:
/// type from the pipeline, else the global default; each backend block from the
/// pipeline when it has one, else from the global defaults.
struct EffectiveChannel {
	ChannelType type = ChannelType::Stdout;
	TelegramSettings telegram; // meaningful when type is Telegram
	SlackSettings slack;       // ... Slack
	WebhookChannelSettings webhook;
	/** templates (source text); empty when not set */
	std::string topic, message;
	bool approval = false;
	std::chrono::milliseconds approval_timeout = std::chrono::hours(24);

	/// True if this channel can show Approve/Ignore to someone (a chat backend
	/// with a non-empty allowed_users).
	bool HasApprovers() const noexcept;
};

} // namespace osprey
