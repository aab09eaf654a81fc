#include "Wording.hxx"
#include "json/Utf8.hxx"
#include "time/Duration.hxx"
#include "time/Iso8601.hxx"

namespace osprey::daemon {

/* "2026-11-23T12:34:56Z" -> "2026-11-23 12:34 UTC" */
static std::string
Readable(const std::string &iso)
{
	if (iso.size() < 16)
		return iso;
	return iso.substr(0, 10) + " " + iso.substr(11, 5) + " UTC";
}

std::string
DecisionLine(const Notice &n)
{
	const auto &r = n.record;
	const auto at = r.updated.empty() ? std::string() : " at " + Readable(r.updated);
	switch (r.state) {
	case JobState::Expired:
		return "Expired after " + FormatDuration(n.approval_timeout);
	case JobState::Ignored:
		return "Ignored by " + r.decided_by + at;
	case JobState::Cancelled:
		if (r.started.empty())
			return "Cancelled by " + r.decided_by + at;
		break;
	case JobState::AwaitingApproval:
		return "Awaiting approval";
	default:
		break;
	}
	if (r.decided_by.empty())
		return "Decided" + at;
	/* approved: running now, or whatever came of it */
	const auto when = r.started.empty() ? at : " at " + Readable(r.started);
	return "Approved by " + r.decided_by + when;
}

static std::string
Took(const JobRecord &r)
{
	if (r.started.empty() || r.finished.empty())
		return {};
	try {
		const auto d = ParseIso8601(r.finished) - ParseIso8601(r.started);
		auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(d);
		/* whole seconds read better in a chat */
		ms = std::chrono::duration_cast<std::chrono::seconds>(ms);
		return FormatDuration(ms < std::chrono::milliseconds(0) ? std::chrono::milliseconds(0) : ms);
	} catch (const std::exception &) {
		return {};
	}
}

static std::string StateLine(const JobRecord &r);

/* "Succeeded in 2m3s · 4 turns · $0.0123": what the agent reported of its
   run follows the outcome */
std::string
OutcomeLine(const JobRecord &r)
{
	auto line = StateLine(r);
	if (r.agent)
		if (const auto summary = Summary(*r.agent); !summary.empty())
			line += " \xc2\xb7 " + summary;
	return line;
}

static std::string
StateLine(const JobRecord &r)
{
	const auto took = Took(r);
	switch (r.state) {
	case JobState::Succeeded: return took.empty() ? "Succeeded" : "Succeeded in " + took;
	case JobState::Failed: return took.empty() ? "Failed" : "Failed after " + took;
	case JobState::TimedOut: return took.empty() ? "Timed out" : "Timed out after " + took;
	case JobState::Cancelled: return took.empty() ? "Cancelled" : "Cancelled after " + took;
	case JobState::Interrupted: return "Interrupted";
	case JobState::Rejected: return "Rejected";
	case JobState::Ignored: return "Ignored";
	case JobState::Expired: return "Expired";
	case JobState::AwaitingApproval: return "Awaiting approval";
	case JobState::Queued: return "Queued";
	case JobState::Starting:
	case JobState::Preparing:
	case JobState::Running:
		break;
	}
	return "Running";
}

bool
ShowsEnd(const JobRecord &r) noexcept
{
	if (r.state == JobState::Ignored || r.state == JobState::Expired)
		return false;
	return !(r.state == JobState::Cancelled && r.approval && r.started.empty());
}

std::string
Footer(const JobRecord &r)
{
	return r.pipeline + " \xc2\xb7 " + r.id;
}

std::string
CommandLineHint(const JobRecord &r)
{
	return "osprey approve " + r.id + " / osprey ignore " + r.id;
}

std::size_t
ChatLength(std::string_view s) noexcept
{
	std::size_t n = 0;
	for (std::size_t i = 0; i < s.size();) {
		const auto len = json::ValidUtf8Sequence(s.substr(i));
		if (len == 0) {
			++i;
			++n;
			continue;
		}
		n += len == 4 ? 2 : 1;
		i += len;
	}
	return n;
}

std::string
EscapeMarkup(std::string_view text)
{
	std::string out;
	out.reserve(text.size());
	for (const char c : text) {
		switch (c) {
		case '&': out += "&amp;"; break;
		case '<': out += "&lt;"; break;
		case '>': out += "&gt;"; break;
		default: out += c;
		}
	}
	return out;
}

std::string
ValidText(std::string_view s)
{
	std::string out;
	out.reserve(s.size());
	for (std::size_t i = 0; i < s.size();) {
		const auto len = json::ValidUtf8Sequence(s.substr(i));
		if (len == 0) {
			out += "\xef\xbf\xbd";
			++i;
			continue;
		}
		out.append(s.substr(i, len));
		i += len;
	}
	return out;
}

std::string
CutText(std::string_view text, std::size_t limit, std::string_view marker)
{
	if (ChatLength(text) <= limit)
		return std::string(text);
	const auto room = limit > ChatLength(marker) ? limit - ChatLength(marker) : 0;
	std::size_t n = 0, i = 0;
	while (i < text.size()) {
		auto len = json::ValidUtf8Sequence(text.substr(i));
		const std::size_t units = len == 4 ? 2 : 1;
		if (len == 0)
			len = 1;
		if (n + units > room)
			break;
		n += units;
		i += len;
	}
	return std::string(text.substr(0, i)) + std::string(marker);
}

} // namespace osprey::daemon
