#include "TelegramFormat.hxx"
#include "channel/Wording.hxx"
#include "json/Serialize.hxx"

namespace osprey::daemon::telegram {

static constexpr std::string_view kCut = "\n\xe2\x80\xa6 (cut)";

/* The parts are measured and cut as plain text (what Telegram counts),
   then escaped: an entity counts as the one character it shows. */
std::string
AnnouncementHtml(const Notice &n, std::string_view decision)
{
	const auto topic = ValidText(n.topic);
	const auto footer = Footer(n.record);
	std::string tail = decision.empty() && n.approval_by_command_line
		? "Awaiting approval; decide with: " + CommandLineHint(n.record)
		: std::string(decision);
	/* topic, blank lines, footer and tail are short; the message gets
	   what is left */
	const std::size_t fixed = ChatLength(topic) + ChatLength(footer) + ChatLength(tail) + 8;
	const auto room = fixed < kMaxText ? kMaxText - fixed : 0;
	const auto message = CutText(ValidText(n.message), room, kCut);

	std::string html;
	if (!topic.empty())
		html += "<b>" + EscapeMarkup(CutText(topic, kMaxText / 4, "\xe2\x80\xa6")) + "</b>\n";
	html += EscapeMarkup(message);
	html += "\n\n<i>" + EscapeMarkup(footer) + "</i>";
	if (!tail.empty())
		html += "\n<b>" + EscapeMarkup(tail) + "</b>";
	return html;
}

std::string
EndHtml(const Notice &n)
{
	const auto outcome = OutcomeLine(n.record);
	const auto reason = ValidText(n.record.reason);
	const std::string more = "\n\xe2\x80\xa6 the rest: osprey logs " + n.record.id;
	const std::size_t fixed = ChatLength(outcome) + ChatLength(reason) + 4;
	const auto room = fixed < kMaxText ? kMaxText - fixed : 0;
	const auto result = CutText(ValidText(n.result), room, more);

	std::string html = "<b>" + EscapeMarkup(outcome) + "</b>";
	if (!reason.empty())
		html += "\n" + EscapeMarkup(reason);
	if (!result.empty())
		html += "\n<pre>" + EscapeMarkup(result) + "</pre>";
	return html;
}

static json::Value
Str(std::string s)
{
	return json::Value::String(std::move(s));
}

/* Chat ids are numbers; Telegram takes them as strings too, and a string
   keeps a 64-bit id exact. */
std::string
SendMessageBody(const std::string &chat, const std::string &html, const std::string &reply_to,
		const std::string &job, bool buttons)
{
	json::Members m{{"chat_id", Str(chat)}, {"text", Str(html)}, {"parse_mode", Str("HTML")},
			{"disable_web_page_preview", json::Value(true)}};
	if (!reply_to.empty())
		m.emplace_back("reply_parameters", json::Value::MakeObject({
			{"message_id", json::Value::Number(reply_to)},
			{"allow_sending_without_reply", json::Value(true)}}));
	if (buttons)
		m.emplace_back("reply_markup", json::Value::MakeObject({{"inline_keyboard",
			json::Value::MakeArray({json::Value::MakeArray({
				json::Value::MakeObject({{"text", Str("Approve")},
							 {"callback_data", Str(CallbackData("approve", job))}}),
				json::Value::MakeObject({{"text", Str("Ignore")},
							 {"callback_data", Str(CallbackData("ignore", job))}}),
			})})}}));
	return json::Serialize(json::Value::MakeObject(std::move(m)));
}

std::string
EditMessageTextBody(const MessageRef &message, const std::string &html)
{
	return json::Serialize(json::Value::MakeObject({
		{"chat_id", Str(message.chat)}, {"message_id", json::Value::Number(message.message)},
		{"text", Str(html)}, {"parse_mode", Str("HTML")},
		{"disable_web_page_preview", json::Value(true)},
		/* no buttons any more */
		{"reply_markup", json::Value::MakeObject({{"inline_keyboard", json::Value::MakeArray({})}})},
	}));
}

std::string
AnswerCallbackQueryBody(const std::string &query_id, const std::string &text, bool alert)
{
	return json::Serialize(json::Value::MakeObject({
		{"callback_query_id", Str(query_id)},
		{"text", Str(CutText(ValidText(text), 200, "\xe2\x80\xa6"))},
		{"show_alert", json::Value(alert)},
	}));
}

std::string
GetUpdatesBody(std::int64_t offset, unsigned timeout_s)
{
	return json::Serialize(json::Value::MakeObject({
		{"offset", json::Value::Number(offset)},
		{"timeout", json::Value::Number(std::int64_t(timeout_s))},
		{"allowed_updates", json::Value::MakeArray({Str("callback_query")})},
	}));
}

std::string
CallbackData(std::string_view action, std::string_view job)
{
	return std::string(action) + ":" + std::string(job);
}

std::optional<Callback>
ParseCallbackData(std::string_view data)
{
	const auto colon = data.find(':');
	if (colon == std::string_view::npos)
		return std::nullopt;
	Callback c{std::string(data.substr(0, colon)), std::string(data.substr(colon + 1))};
	if ((c.action != "approve" && c.action != "ignore") || c.job.empty())
		return std::nullopt;
	return c;
}

} // namespace osprey::daemon::telegram
