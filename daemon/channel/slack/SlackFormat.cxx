#include "SlackFormat.hxx"
#include "channel/Wording.hxx"
#include "json/Serialize.hxx"
#include "json/Utf8.hxx"

#include <algorithm>

namespace osprey::daemon::slack {

static json::Value
Str(std::string_view s)
{
	return json::Value::String(std::string(s));
}

static json::Value
Mrkdwn(std::string text)
{
	return json::Value::MakeObject({{"type", Str("mrkdwn")}, {"text", Str(text)},
					{"verbatim", json::Value(true)}});
}

static json::Value
Section(std::string mrkdwn)
{
	return json::Value::MakeObject({{"type", Str("section")}, {"text", Mrkdwn(std::move(mrkdwn))}});
}

static json::Value
Context(std::string mrkdwn)
{
	return json::Value::MakeObject({{"type", Str("context")},
		{"elements", json::Value::MakeArray({Mrkdwn(std::move(mrkdwn))})}});
}

/* Takes characters from @p rest while their escaped form fits in @p room
   chat characters; returns them escaped. */
static std::string
TakeEscaped(std::string_view &rest, std::size_t room)
{
	std::string out;
	std::size_t used = 0, i = 0;
	while (i < rest.size()) {
		/* the text is valid UTF-8 (ValidText) */
		const auto len = std::max<std::size_t>(1, json::ValidUtf8Sequence(rest.substr(i)));
		const auto escaped = EscapeMarkup(rest.substr(i, len));
		const auto units = ChatLength(escaped);
		if (used + units > room)
			break;
		out += escaped;
		used += units;
		i += len;
	}
	rest.remove_prefix(i);
	return out;
}

/* The text in sections of at most kMaxSection characters once escaped, the
   first after @p prefix; cut, marked, past kMaxSections. */
static void
AddSections(json::Array &blocks, std::string_view prefix, std::string_view text)
{
	const auto plain = ValidText(text);
	std::string_view rest = plain;
	static constexpr std::string_view cut = "\n\xe2\x80\xa6 (cut)";
	for (std::size_t n = 0; n < kMaxSections; ++n) {
		std::string block = n == 0 ? std::string(prefix) : std::string();
		const bool last = n + 1 == kMaxSections;
		block += TakeEscaped(rest, kMaxSection - ChatLength(block) - (last ? cut.size() : 0));
		if (last && !rest.empty())
			block += cut;
		if (!block.empty())
			blocks.push_back(Section(std::move(block)));
		if (rest.empty())
			break;
	}
}

static json::Array
AnnouncementBlocks(const Notice &n)
{
	json::Array blocks;
	const auto topic = ValidText(n.topic);
	const std::string prefix = topic.empty() ? std::string()
		: "*" + EscapeMarkup(CutText(topic, 200, "\xe2\x80\xa6")) + "*\n";
	AddSections(blocks, prefix, n.message);
	blocks.push_back(Context(EscapeMarkup(Footer(n.record))));
	return blocks;
}

/* the notification's text where blocks cannot show (and the push alert) */
static std::string
Fallback(const Notice &n)
{
	const auto topic = ValidText(n.topic);
	return EscapeMarkup(CutText(topic.empty() ? ValidText(n.message) : topic, 300, "\xe2\x80\xa6"));
}

std::string
AnnouncementBody(const Notice &n)
{
	auto blocks = AnnouncementBlocks(n);
	if (n.buttons) {
		auto button = [&](std::string_view label, std::string_view action, std::string_view style) {
			return json::Value::MakeObject({
				{"type", Str("button")},
				{"text", json::Value::MakeObject({{"type", Str("plain_text")}, {"text", Str(label)}})},
				{"action_id", Str(action)}, {"value", Str(n.record.id)}, {"style", Str(style)}});
		};
		blocks.push_back(json::Value::MakeObject({{"type", Str("actions")},
			{"block_id", Str("osprey_decision")},
			{"elements", json::Value::MakeArray({button("Approve", kApprove, "primary"),
							     button("Ignore", kIgnore, "danger")})}}));
	} else if (n.approval_by_command_line) {
		blocks.push_back(Context("Awaiting approval; decide with: `" +
					 EscapeMarkup(CommandLineHint(n.record)) + "`"));
	}
	return json::Serialize(json::Value::MakeObject({
		{"channel", Str(n.chat)}, {"text", Str(Fallback(n))},
		{"blocks", json::Value::MakeArray(std::move(blocks))},
		{"unfurl_links", json::Value(false)}, {"unfurl_media", json::Value(false)}}));
}

std::string
DecidedBody(const Notice &n)
{
	auto blocks = AnnouncementBlocks(n);
	blocks.push_back(Section("*" + EscapeMarkup(DecisionLine(n)) + "*"));
	json::Members m{{"channel", Str(n.announcement.Empty() ? n.chat : n.announcement.chat)},
			{"text", Str(Fallback(n) + " \xe2\x80\x94 " + EscapeMarkup(DecisionLine(n)))},
			{"blocks", json::Value::MakeArray(std::move(blocks))}};
	if (!n.announcement.Empty())
		m.emplace_back("ts", Str(n.announcement.message));
	return json::Serialize(json::Value::MakeObject(std::move(m)));
}

std::string
EndBody(const Notice &n)
{
	json::Array blocks;
	const auto outcome = OutcomeLine(n.record);
	std::string head = "*" + EscapeMarkup(outcome) + "*";
	if (!n.record.reason.empty())
		head += "\n" + EscapeMarkup(CutText(ValidText(n.record.reason), 1000, "\xe2\x80\xa6"));
	blocks.push_back(Section(std::move(head)));
	if (!n.result.empty()) {
		const std::string more = "\n\xe2\x80\xa6 the rest: osprey logs " + n.record.id;
		/* one section: the answer in a code block, cut to fit escaped */
		auto result = CutText(ValidText(n.result), kMaxSection - 200, more);
		while (ChatLength(EscapeMarkup(result)) > kMaxSection - 10)
			result = CutText(result, ChatLength(result) * 3 / 4, more);
		blocks.push_back(Section("```" + EscapeMarkup(result) + "```"));
	}
	json::Members m{{"channel", Str(n.announcement.Empty() ? n.chat : n.announcement.chat)},
			{"text", Str(EscapeMarkup(outcome))},
			{"blocks", json::Value::MakeArray(std::move(blocks))},
			{"unfurl_links", json::Value(false)}};
	if (!n.announcement.Empty())
		m.emplace_back("thread_ts", Str(n.announcement.message));
	return json::Serialize(json::Value::MakeObject(std::move(m)));
}

std::string
EphemeralBody(const std::string &channel, const std::string &user, const std::string &text)
{
	return json::Serialize(json::Value::MakeObject({
		{"channel", Str(channel)}, {"user", Str(user)},
		{"text", Str(EscapeMarkup(CutText(ValidText(text), 1000, "\xe2\x80\xa6")))}}));
}

} // namespace osprey::daemon::slack
