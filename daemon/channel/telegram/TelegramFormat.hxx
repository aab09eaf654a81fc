// What Osprey sends to Telegram, as Bot API request bodies: HTML text
// (parse_mode HTML; every rendered value escaped, since it comes from
// attacker-controlled payloads), within Telegram's 4096 characters, with
// Approve and Ignore as inline buttons whose callback_data ("approve:JOB",
// "ignore:JOB") stays within its 64 bytes.
#pragma once

#include "channel/Notice.hxx"

#include <optional>
#include <string>
#include <string_view>

namespace osprey::daemon::telegram {

inline constexpr std::size_t kMaxText = 4096;
inline constexpr std::size_t kMaxCallbackData = 64;

/// The announcement's HTML: the topic in bold, the message, the footer;
/// with @p decision (a DecisionLine) at the end when it has been decided,
/// or the command-line hint when nobody can press a button.
std::string AnnouncementHtml(const Notice &notice, std::string_view decision);

/// The end's HTML, for a reply in the announcement's thread: the outcome,
/// the reason, the agent's answer (cut, pointing at `osprey logs`).
std::string EndHtml(const Notice &notice);

/// The JSON bodies of the Bot API calls.
std::string SendMessageBody(const std::string &chat, const std::string &html,
			    const std::string &reply_to, const std::string &job, bool buttons);
std::string EditMessageTextBody(const MessageRef &message, const std::string &html);
std::string AnswerCallbackQueryBody(const std::string &query_id, const std::string &text,
				    bool alert);
std::string GetUpdatesBody(std::int64_t offset, unsigned timeout_s);

/// A button's callback_data, and back: the decision and the job id.
std::string CallbackData(std::string_view action, std::string_view job);
struct Callback {
	std::string action; // "approve", "ignore"
	std::string job;
};
std::optional<Callback> ParseCallbackData(std::string_view data);

} // namespace osprey::daemon::telegram
