// Reading Slack: the Web API's answers (HTTP 200 with {"ok": true|false,
// "error": "..."}, 429 with Retry-After) and Socket Mode's envelopes
// (hello, disconnect, and interactive block_actions carrying a press). The
// network hands us these bytes: nothing here trusts their shape.
#pragma once

#include "channel/Notice.hxx"
#include "json/Value.hxx"

#include <optional>
#include <string>
#include <string_view>

namespace osprey::daemon::slack {

struct ApiAnswer {
	bool ok = false;
	json::Value root;
	/** not ok: Slack's error code ("not_in_channel"), or what came instead */
	std::string error;
	long status = 0;
	std::chrono::seconds retry_after{0};
};

/// @p retry_after: the Retry-After header's value, "" when absent.
ApiAnswer ParseAnswer(long status, std::string_view body, std::string_view retry_after);

/// 429, 5xx, "ratelimited" and garbage are tried again; other errors are
/// refused for good, in Slack's words.
Delivery ToDelivery(const ApiAnswer &answer, MessageRef ref = {});

/// A press on one of our buttons.
struct Press {
	std::string user, name;
	std::string channel, message_ts;
	std::string action_id, value;
};

/// One Socket Mode message.
struct Envelope {
	enum class Type { Hello, Disconnect, Interactive, Other };
	Type type = Type::Other;
	/** to acknowledge; empty for hello and disconnect */
	std::string envelope_id;
	/** disconnect: Slack's reason ("refresh_requested", "warning") */
	std::string reason;
	/** interactive block_actions with one of our actions */
	std::optional<Press> press;
};

/// Throws std::runtime_error when @p text is not a JSON object.
Envelope ParseEnvelope(std::string_view text);

/// The acknowledgement of @p envelope_id.
std::string Acknowledgement(const std::string &envelope_id);

} // namespace osprey::daemon::slack
