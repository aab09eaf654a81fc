#include "Channel.hxx"
#include "Section.hxx"

namespace osprey {

static std::optional<TelegramSettings>
ReadTelegram(Section &parent)
{
	auto s = parent.Child({"telegram", "chat_a"});
	if (!s.Present())
		return std::nullopt;
	TelegramSettings t;
	if (auto v = s.RequiredString({"bot_token"}, "the bot token from @BotFather, e.g. ${TELEGRAM_BOT_TOKEN}"))
		t.bot_token = v->value;
	if (s.Find({"chat_id"}) == nullptr)
		s.Error(s.Mark(), s.FieldPath("chat_id"),
			"missing: the chat or group id (negative for groups)");
	else if (auto id = s.Integer({"chat_id"}, INT64_MIN, INT64_MAX))
		t.chat_id = *id;
	t.allowed_users = s.IntegerList({"allowed_users"});
	if (auto v = s.String({"api_url"}))
		t.api_url = v->value;
	s.Finish();
	return t;
}

static std::optional<SlackSettings>
ReadSlack(Section &parent)
{
	auto s = parent.Child({"slack", "chat_b"});
	if (!s.Present())
		return std::nullopt;
	SlackSettings t;
	if (auto v = s.RequiredString({"bot_token"}, "the bot token (xoxb-...), e.g. ${SLACK_BOT_TOKEN}"))
		t.bot_token = v->value;
	if (auto v = s.RequiredString({"app_token"}, "the app-level token for Socket Mode (xapp-...)"))
		t.app_token = v->value;
	if (auto v = s.RequiredString({"channel_id"}, "the channel id, starting with C")) {
		if (!v->value.starts_with('C'))
			s.Error(v->mark, v->field, "a channel id starts with \"C\" (copy it from the "
				"channel's details, not its name)");
		t.channel_id = v->value;
	}
	for (auto &u : s.StringList({"allowed_users"}))
		t.allowed_users.push_back(std::move(u.value));
	if (auto v = s.String({"api_url"}))
		t.api_url = v->value;
	s.Finish();
	return t;
}

static std::optional<WebhookChannelSettings>
ReadWebhook(Section &parent)
{
	auto s = parent.Child({"webhook"});
	if (!s.Present())
		return std::nullopt;
	WebhookChannelSettings w;
	if (auto v = s.RequiredString({"url"}, "the URL notifications are POSTed to")) {
		if (!v->value.starts_with("http://") && !v->value.starts_with("https://"))
			s.Error(v->mark, v->field, "must start with http:// or https://");
		w.url = v->value;
	}
	if (auto v = s.Secret({"secret"}, "an empty secret would send notifications unsigned; "
			      "to send them unsigned, remove secret"))
		w.secret = v->value;
	for (auto &[k, v] : s.StringMap({"headers"}))
		w.headers.emplace_back(k, std::move(v.value));
	s.Finish();
	return w;
}

ChannelBackends
ReadChannelBackends(Section &section)
{
	ChannelBackends b;
	b.type = section.Enum({"type"}, channel_type_names);
	/* whether the selected backend has its block is checked after the
	   pipeline/global merge: either file may hold it */
	b.telegram = ReadTelegram(section);
	b.slack = ReadSlack(section);
	b.webhook = ReadWebhook(section);
	return b;
}

void
CheckBackendPresent(Section &channel, const ChannelBackends &backends, ChannelType type)
{
	const char *block = nullptr;
	switch (type) {
	case ChannelType::Telegram:
		if (!backends.telegram)
			block = "telegram";
		break;
	case ChannelType::Slack:
		if (!backends.slack)
			block = "slack";
		break;
	case ChannelType::Webhook:
		if (!backends.webhook)
			block = "webhook";
		break;
	case ChannelType::Stdout:
		break;
	}
	if (block != nullptr)
		channel.Error(channel.Mark(), channel.FieldPath(block),
			      std::string("missing: type is \"") + block + "\", so its settings block \"" +
			      block + ":\" is required");
}

bool
EffectiveChannel::HasApprovers() const noexcept
{
	switch (type) {
	case ChannelType::Telegram: return !telegram.allowed_users.empty();
	case ChannelType::Slack: return !slack.allowed_users.empty();
	case ChannelType::Webhook:
	case ChannelType::Stdout:
		break;
	}
	return false;
}

} // namespace osprey
