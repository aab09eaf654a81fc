// Presses: getUpdates by long polling, one poller per bot, each press
// turned into a decision and answered.
#include "TelegramChannel.hxx"
#include "TelegramFormat.hxx"
#include "decide/Decisions.hxx"
#include "log/Log.hxx"

namespace osprey::daemon {

using namespace telegram;

void
TelegramChannel::Start()
{
	stopped = false;
	Poll();
}

void
TelegramChannel::Poll() noexcept
{
	if (stopped)
		return;
	try {
		/* the server holds the request up to kPollSeconds; the client
		   waits a little longer before it calls the network dead */
		poll = Call("getUpdates", GetUpdatesBody(offset, kPollSeconds),
			    [this](const ApiAnswer &a) { poll = 0; Polled(a); },
			    std::chrono::seconds(kPollSeconds + 15));
	} catch (const std::exception &e) {
		LogError("cannot poll Telegram", {{"error", e.what()}});
		PollLater(std::chrono::seconds(10));
	}
}

void
TelegramChannel::PollLater(std::chrono::milliseconds delay) noexcept
{
	poll_timer.Start(static_cast<std::uint64_t>(delay.count()));
}

void
TelegramChannel::Polled(const ApiAnswer &a) noexcept
{
	if (!a.ok) {
		if (a.error_code == 409) {
			if (!conflict_logged)
				LogError("another program is reading this Telegram bot's updates (a second "
					 "Osprey, or a webhook set on the bot: call deleteWebhook); "
					 "presses will not arrive until it stops. Trying again every 30 s",
					 {{"error", a.description}});
			conflict_logged = true;
			return PollLater(std::chrono::seconds(30));
		}
		if (a.error_code == 401 || a.error_code == 404) {
			if (!unauthorized_logged)
				LogError("the Telegram bot token was rejected; presses will not arrive. "
					 "Trying again every minute", {{"error", a.description}});
			unauthorized_logged = true;
			return PollLater(std::chrono::seconds(60));
		}
		poll_backoff = poll_backoff.count() == 0 ? std::chrono::seconds(1)
			: std::min<std::chrono::milliseconds>(poll_backoff * 2, std::chrono::seconds(60));
		const auto wait = std::max<std::chrono::milliseconds>(poll_backoff, a.retry_after);
		LogWarning("cannot read Telegram's updates; trying again",
			   {{"in", std::to_string(wait.count()) + "ms"}, {"error", a.description}});
		return PollLater(wait);
	}
	if (conflict_logged || unauthorized_logged || poll_backoff.count() != 0)
		LogInfo("reading Telegram's updates again");
	conflict_logged = unauthorized_logged = false;
	poll_backoff = {};
	try {
		for (const auto &update : ParseUpdates(a.result)) {
			offset = std::max(offset, update.update_id + 1);
			if (update.press)
				OnPress(*update.press);
		}
	} catch (const std::exception &e) {
		LogWarning("Telegram's updates were not readable", {{"error", e.what()}});
		return PollLater(std::chrono::seconds(1));
	}
	Poll();
}

void
TelegramChannel::OnPress(const Press &press) noexcept
{
	auto answer = [this, id = press.query_id](const std::string &text, bool alert) {
		try {
			Call("answerCallbackQuery", AnswerCallbackQueryBody(id, text, alert),
			     [](const ApiAnswer &a) {
				if (!a.ok)
					LogWarning("a press was not answered", {{"error", a.description}});
			});
		} catch (const std::exception &e) {
			LogWarning("a press was not answered", {{"error", e.what()}});
		}
	};
	const auto callback = ParseCallbackData(press.data);
	if (!callback)
		return answer("This button is not Osprey's", true);
	const auto decision = callback->action == "approve" ? Decision::Approve : Decision::Ignore;
	try {
		decisions.Decide(decision, callback->job,
				 {DecisionSource::Via::Telegram, press.chat, press.user, press.name},
				 [answer, decision, job = callback->job, name = press.name,
				  user = press.user](DecisionOutcome outcome) {
			if (!outcome.ok) {
				LogInfo("a press in Telegram was refused", {{"job", job}, {"by", name},
					{"user", user}, {"reason", outcome.error}});
				return answer(outcome.error, true);
			}
			answer(decision == Decision::Approve ? "Approved" : "Ignored", false);
		});
	} catch (const std::exception &e) {
		answer(std::string("Not decided: ") + e.what(), true);
	}
}

void
TelegramChannel::OnTimer(uv::Timer &) noexcept
{
	Poll();
}

} // namespace osprey::daemon
