// Reading the Bot API's answers: {"ok": true, "result": ...} or
// {"ok": false, "error_code": N, "description": "...", "parameters":
// {"retry_after": S}}, and the updates getUpdates returns. The network
// hands us these bytes: nothing here trusts their shape.
#pragma once

#include "channel/Notice.hxx"
#include "json/Value.hxx"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace osprey::daemon::telegram {

struct ApiAnswer {
	bool ok = false;
	/** "ok": the result */
	json::Value result;
	/** not "ok": Telegram's error_code (or the HTTP status) and its words */
	long error_code = 0;
	std::string description;
	std::chrono::seconds retry_after{0};
};

/// Reads an answer with HTTP status @p status. A body that is not the Bot
/// API's JSON becomes an answer that is not ok, with a description saying
/// what came instead.
ApiAnswer ParseAnswer(long status, std::string_view body);

/// How a delivery went, from an answer: 429 and 5xx (and garbage) are
/// tried again, other errors are refused for good.
Delivery ToDelivery(const ApiAnswer &answer, MessageRef ref = {});

/// A press on one of our buttons.
struct Press {
	std::string query_id;
	std::string chat, message;
	std::string user;
	/** "@username", else the first and last name */
	std::string name;
	std::string data;
};

struct Update {
	std::int64_t update_id = 0;
	/** a callback_query (the only kind we ask for) */
	std::optional<Press> press;
};

/// The updates in getUpdates' result; those it cannot read are skipped
/// but their update_id still counts (so they are confirmed, not re-read
/// forever). Throws std::runtime_error when the result is not an array.
std::vector<Update> ParseUpdates(const json::Value &result);

/// The message_id and chat id of a sent Message.
MessageRef SentMessage(const json::Value &result);

} // namespace osprey::daemon::telegram
