// libFuzzer target for what the chat services send the daemon: the Bot
// API's answers and updates (telegram/TelegramApi) and Socket Mode's
// envelopes (slack/SlackApi). No input may crash them; whatever they read
// out of it must be usable as it is (strings, a press with its fields).
// The same bytes, as a payload's rendered text, go through both
// formatters: what they make is valid UTF-8 within the services' limits.
#include "channel/Wording.hxx"
#include "channel/slack/SlackApi.hxx"
#include "channel/slack/SlackFormat.hxx"
#include "channel/telegram/TelegramApi.hxx"
#include "channel/telegram/TelegramFormat.hxx"
#include "json/Parse.hxx"
#include "json/Utf8.hxx"

#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string_view>

using namespace osprey;
using namespace osprey::daemon;

static void
Check(bool condition)
{
	if (!condition)
		std::abort();
}

/* What Telegram would count of @p html: tags dropped, an entity one character. */
static std::size_t
Shown(std::string_view html)
{
	std::string text;
	for (std::size_t i = 0; i < html.size(); ++i) {
		if (html[i] == '<') {
			i = html.find('>', i);
			Check(i != std::string_view::npos);
		} else if (html[i] == '&') {
			i = html.find(';', i);
			Check(i != std::string_view::npos);
			text += '?';
		} else {
			text += html[i];
		}
	}
	return ChatLength(text);
}

extern "C" int
LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
	const std::string_view input(reinterpret_cast<const char *>(data), size);

	const auto answer = telegram::ParseAnswer(200, input);
	if (answer.ok) {
		try {
			for (const auto &u : telegram::ParseUpdates(answer.result))
				if (u.press) {
					Check(!u.press->query_id.empty() && !u.press->user.empty());
					if (const auto c = telegram::ParseCallbackData(u.press->data))
						Check(!c->job.empty() &&
						      (c->action == "approve" || c->action == "ignore"));
				}
		} catch (const std::runtime_error &) {
		}
		(void)telegram::SentMessage(answer.result);
	}
	(void)telegram::ToDelivery(answer);

	try {
		const auto envelope = slack::ParseEnvelope(input);
		if (envelope.press)
			Check(!envelope.press->user.empty() &&
			      (envelope.press->action_id == slack::kApprove ||
			       envelope.press->action_id == slack::kIgnore));
	} catch (const std::runtime_error &) {
	}
	(void)slack::ToDelivery(slack::ParseAnswer(200, input, input.substr(0, 8)));

	Notice n;
	n.record.id = "20261122-004512-3f9a1c2b";
	n.record.pipeline = "p";
	n.record.state = JobState::AwaitingApproval;
	n.chat = "-100";
	n.topic = std::string(input.substr(0, size / 3));
	n.message = std::string(input);
	n.result = std::string(input);
	n.buttons = true;
	const auto html = telegram::AnnouncementHtml(n, "Approved by @x");
	Check(json::IsValidUtf8(html));
	Check(Shown(html) <= telegram::kMaxText);
	n.record.state = JobState::Failed;
	n.record.reason = std::string(input.substr(0, 100));
	const auto end = telegram::EndHtml(n);
	Check(json::IsValidUtf8(end) && Shown(end) <= telegram::kMaxText);

	const auto body = json::Parse(slack::AnnouncementBody(n));
	for (const auto &block : body.Find("blocks")->GetArray())
		if (const auto *text = block.Find("text"))
			Check(ChatLength(text->Find("text")->GetText()) <= slack::kMaxSection);
	return 0;
}
