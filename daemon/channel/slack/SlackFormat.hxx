// What Osprey sends to Slack, as Web API request bodies: mrkdwn with &, <
// and > escaped (so "<!channel>" or "<@U0123>" in a payload pings nobody),
// section blocks within Slack's 3000 characters each, Approve and Ignore
// as buttons (action_id osprey_approve / osprey_ignore, value = job id).
#pragma once

#include "channel/Notice.hxx"

#include <string>
#include <string_view>

namespace osprey::daemon::slack {

inline constexpr std::size_t kMaxSection = 3000;
/* a message's blocks hold at most 40,000 characters in all */
inline constexpr std::size_t kMaxSections = 12;
inline constexpr std::string_view kApprove = "osprey_approve", kIgnore = "osprey_ignore";

/// chat.postMessage for the announcement (with the buttons when
/// notice.buttons).
std::string AnnouncementBody(const Notice &notice);

/// chat.update of the announcement once decided: no buttons, the decision
/// at the end. Without an announcement (it was refused), a chat.postMessage
/// body instead.
std::string DecidedBody(const Notice &notice);

/// chat.postMessage of the end, in the announcement's thread.
std::string EndBody(const Notice &notice);

/// chat.postEphemeral: @p text to @p user alone.
std::string EphemeralBody(const std::string &channel, const std::string &user,
			  const std::string &text);

} // namespace osprey::daemon::slack
