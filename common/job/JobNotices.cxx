#include "JobNotices.hxx"
#include "JobRecord.hxx"
#include "json/Parse.hxx"
#include "json/Serialize.hxx"

#include <stdexcept>

namespace osprey {

std::string_view
Name(NoticeKind kind) noexcept
{
	switch (kind) {
	case NoticeKind::Announced: return "announced";
	case NoticeKind::Decided: return "decided";
	case NoticeKind::Finished: return "finished";
	}
	return "?";
}

std::optional<NoticeKind>
ParseNoticeKind(std::string_view name) noexcept
{
	for (const auto kind : kNoticeKinds)
		if (Name(kind) == name)
			return kind;
	return std::nullopt;
}

bool
IsDue(const JobRecord &record, NoticeKind kind) noexcept
{
	switch (kind) {
	case NoticeKind::Announced:
		return true;
	case NoticeKind::Decided:
		return record.approval && record.state != JobState::AwaitingApproval;
	case NoticeKind::Finished:
		return IsTerminal(record.state);
	}
	return false;
}

std::optional<NoticeKind>
NextOwed(const JobRecord &record, const JobNotices &notices) noexcept
{
	for (const auto kind : kNoticeKinds)
		if (IsDue(record, kind) && !notices.IsDone(kind))
			return kind;
	return std::nullopt;
}

std::string
ToJson(const JobNotices &n, const JobRecord &record)
{
	json::Array delivered, undelivered;
	for (const auto kind : kNoticeKinds) {
		if (n.IsDone(kind))
			delivered.push_back(json::Value::String(std::string(Name(kind))));
		else if (IsDue(record, kind))
			undelivered.push_back(json::Value::String(std::string(Name(kind))));
	}
	json::Members m;
	if (!n.announcement.Empty())
		m.emplace_back("announcement", json::Value::MakeObject({
			{"chat", json::Value::String(n.announcement.chat)},
			{"message", json::Value::String(n.announcement.message)}}));
	m.emplace_back("delivered", json::Value::MakeArray(std::move(delivered)));
	m.emplace_back("undelivered", json::Value::MakeArray(std::move(undelivered)));
	if (!n.error.empty())
		m.emplace_back("error", json::Value::String(n.error));
	return json::Serialize(json::Value::MakeObject(std::move(m)));
}

JobNotices
ParseJobNotices(std::string_view text)
{
	const auto root = json::Parse(text);
	if (!root.IsObject())
		throw std::runtime_error("notices.json is not a JSON object");
	auto str = [](const json::Value *v) {
		return v != nullptr && v->IsString() ? v->GetText() : std::string();
	};
	JobNotices n;
	if (const auto *a = root.Find("announcement"); a != nullptr && a->IsObject()) {
		n.announcement.chat = str(a->Find("chat"));
		n.announcement.message = str(a->Find("message"));
	}
	if (const auto *d = root.Find("delivered"); d != nullptr)
		for (const auto &e : d->GetArray())
			if (const auto kind = ParseNoticeKind(str(&e)))
				n.MarkDone(*kind);
	n.error = str(root.Find("error"));
	return n;
}

} // namespace osprey
