#include "JobSummary.hxx"
#include "time/Duration.hxx"
#include "time/Iso8601.hxx"

#include <chrono>

namespace osprey::cli {

/// "1m05s"-style time the job ran: started to finished, or to now while it
/// runs; "-" when it never started.
std::string
JobRunTime(const JobRecord &r)
{
	if (r.started.empty())
		return "-";
	try {
		using namespace std::chrono;
		const auto start = ParseIso8601(r.started);
		const auto end = !r.finished.empty() ? ParseIso8601(r.finished)
			: IsLive(r.state) ? system_clock::now() : start;
		if (end < start || (r.finished.empty() && !IsLive(r.state)))
			return "-";
		return FormatDuration(duration_cast<seconds>(end - start));
	} catch (const std::exception &) {
		return "-";
	}
}

std::string
JobEnding(const JobRecord &r)
{
	std::string s = "job " + r.id + " " + std::string(Name(r.state));
	if (const auto t = JobRunTime(r); t != "-")
		s += " after " + t;
	if (!r.decided_by.empty())
		s += " (decided by " + r.decided_by + ")";
	if (r.exit_code)
		s += ", exit code " + std::to_string(*r.exit_code);
	if (!r.reason.empty())
		s += ": " + r.reason;
	return s;
}

} // namespace osprey::cli
