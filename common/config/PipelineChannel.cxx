#include "GlobalConfig.hxx"
#include "PipelineSections.hxx"
#include "Section.hxx"

namespace osprey {

/* The pipeline's own block wins whole; otherwise the global default's. */
template<typename T>
static const T *
Pick(const std::optional<T> &own, const std::optional<T> &global) noexcept
{
	if (own)
		return &*own;
	return global ? &*global : nullptr;
}

void
ReadChannel(Section &root, const GlobalConfig &global, bool is_cron, EffectiveChannel &channel)
{
	auto s = root.Child({"channel"});
	const auto own = ReadChannelBackends(s);
	const auto &defaults = global.default_channel;

	if (own.type)
		channel.type = *own.type;
	else if (defaults.type)
		channel.type = *defaults.type;

	bool complete = true;
	switch (channel.type) {
	case ChannelType::Telegram:
		if (const auto *t = Pick(own.telegram, defaults.telegram))
			channel.telegram = *t;
		else
			complete = false;
		break;
	case ChannelType::Slack:
		if (const auto *t = Pick(own.slack, defaults.slack))
			channel.slack = *t;
		else
			complete = false;
		break;
	case ChannelType::Webhook:
		if (const auto *t = Pick(own.webhook, defaults.webhook))
			channel.webhook = *t;
		else
			complete = false;
		break;
	case ChannelType::Stdout:
		break;
	}
	if (!complete && own.type)
		CheckBackendPresent(s, own, channel.type);

	/* topic and message are templates; ${VAR} is substituted now */
	if (auto v = s.String({"topic"}))
		channel.topic = v->value;
	if (auto v = s.String({"message"}))
		channel.message = v->value;
	if (auto v = s.Boolean({"approval"}))
		channel.approval = *v;
	if (auto v = s.Duration({"approval_timeout"}))
		channel.approval_timeout = *v;

	if (channel.approval) {
		const auto *approval = s.Find({"approval"});
		const auto at = approval != nullptr ? approval->mark : s.Mark();
		if (is_cron)
			s.Warning(at, s.FieldPath("approval"),
				  "has no effect on cron pipelines: they run without approval");
		else if (!channel.HasApprovers())
			s.Warning(at, s.FieldPath("approval"),
				  channel.type == ChannelType::Telegram || channel.type == ChannelType::Slack
				  ? "allowed_users is empty, so no Approve/Ignore buttons are shown; "
				    "jobs wait for `osprey approve`"
				  : "the " + std::string(Name(channel.type)) + " channel has no buttons; "
				    "jobs wait for `osprey approve`");
	}
	s.Finish();
}

} // namespace osprey
