// What a job's channel has been told: notices.json beside job.json. The
// notifications a job owes follow from its state (job.json); this file
// says which of them went out and where its announcement is (to edit it,
// and to reply in its thread). It is written with the job's creation, so a
// job that exists owes its announcement even if the daemon dies at once,
// and after every delivery, so that a restart sends what is still owed
// and nothing twice (a crash between a send and its record can repeat one;
// the webhook channel's delivery id lets receivers drop it).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace osprey {

struct JobRecord;

/// The notifications of one job, in the order they are sent.
enum class NoticeKind {
	/** the job exists (with Approve/Ignore while it awaits approval) */
	Announced,
	/** approved, ignored, expired or cancelled while awaiting approval:
	    edits the announcement */
	Decided,
	/** the job ended: its result, in the announcement's thread */
	Finished,
};

inline constexpr std::array<NoticeKind, 3> kNoticeKinds{
	NoticeKind::Announced, NoticeKind::Decided, NoticeKind::Finished};

std::string_view Name(NoticeKind kind) noexcept;
std::optional<NoticeKind> ParseNoticeKind(std::string_view name) noexcept;

/// Where an announcement went: Telegram's chat id and message id, Slack's
/// channel and ts. Empty for channels without messages (stdout, webhook).
struct MessageRef {
	std::string chat, message;

	bool Empty() const noexcept { return message.empty(); }
};

struct JobNotices {
	MessageRef announcement;
	/** the last permanent error, in the API's own words */
	std::string error;

	bool IsDone(NoticeKind kind) const noexcept { return (done & Bit(kind)) != 0; }
	/// Delivered, or given up after a permanent error.
	void MarkDone(NoticeKind kind) noexcept { done |= Bit(kind); }

private:
	unsigned done = 0;

	static unsigned Bit(NoticeKind kind) noexcept {
		return 1u << static_cast<unsigned>(kind);
	}
};

/// Whether @p record's state calls for @p kind: every job is announced, a
/// job that asked for approval owes a decision once it no longer awaits
/// one, and a job that ended owes its end.
bool IsDue(const JobRecord &record, NoticeKind kind) noexcept;

/// The first notification @p record owes that @p notices has not had.
std::optional<NoticeKind> NextOwed(const JobRecord &record, const JobNotices &notices) noexcept;

/// notices.json: {"announcement": {"chat", "message"}, "delivered": [...],
/// "undelivered": [...], "error"}. "undelivered" is what @p record owes and
/// has not had, for whoever reads the file; it is derived again when read.
std::string ToJson(const JobNotices &notices, const JobRecord &record);

/// Throws std::runtime_error when @p json is not such an object.
JobNotices ParseJobNotices(std::string_view json);

} // namespace osprey
