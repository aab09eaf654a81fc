// The words every chat backend shows, apart from its markup: who decided
// and when, how a job ended, the footer naming the pipeline and the job,
// and cutting long text at a character boundary with a visible marker.
#pragma once

#include "Notice.hxx"

#include <cstddef>
#include <string>
#include <string_view>

namespace osprey::daemon {

/// "Approved by @alice at 2026-11-23 12:34 UTC", "Ignored by Alice (U0123)
/// at ...", "Expired after 24h", "Cancelled by alice (uid 1000) from the
/// command line at ...".
std::string DecisionLine(const Notice &notice);

/// "Succeeded in 2m3s", "Failed after 10s", "Rejected", "Timed out after 30m";
/// then what the agent reported, when it did: " · 4 turns · $0.0123".
std::string OutcomeLine(const JobRecord &record);

/// Whether a chat shows anything for @p notice's end: an ignored, expired
/// or never-started cancelled job has said all in its decision.
bool ShowsEnd(const JobRecord &record) noexcept;

/// "pipeline · job"
std::string Footer(const JobRecord &record);

/// How the command line decides a job: "osprey approve JOB" / "osprey ignore JOB".
std::string CommandLineHint(const JobRecord &record);

/// Characters as a chat counts them: UTF-16 code units (Telegram's and
/// Slack's limits are in those).
std::size_t ChatLength(std::string_view utf8) noexcept;

/// &, < and > as entities: the text shows literally, and a payload's
/// "<!channel>" or "<b>" is neither a mention nor markup. Telegram's HTML
/// and Slack's mrkdwn both read it so.
std::string EscapeMarkup(std::string_view text);

/// @p text with every byte that is not part of valid UTF-8 replaced by
/// U+FFFD (the APIs take JSON, which must be UTF-8).
std::string ValidText(std::string_view text);

/// @p text cut to at most @p limit chat characters, at a character
/// boundary, ending in @p marker when cut (the marker counts).
std::string CutText(std::string_view text, std::size_t limit, std::string_view marker);

} // namespace osprey::daemon
