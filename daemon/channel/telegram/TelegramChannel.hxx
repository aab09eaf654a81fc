// The telegram channel: one Telegram bot (one token at one api_url), shared
// by every pipeline that names it. Notifications go out with the Bot API's
// sendMessage and editMessageText; presses on Approve and Ignore come in by
// long polling getUpdates (one poller per bot: Telegram allows no second)
// and go to the decision taker, which checks the chat and allowed_users;
// every press is answered (answerCallbackQuery), refusals as an alert to
// the presser alone.
//
// The token sits in the URL path of every call: it is never logged, and
// errors name the method, never the URL.
#pragma once

#include "TelegramApi.hxx"
#include "channel/ChannelBackend.hxx"
#include "net/HttpClient.hxx"
#include "lib/uv/Timer.hxx"

#include <cstdint>
#include <functional>
#include <map>
#include <string>

namespace osprey::daemon {

class DecisionTaker;

class TelegramChannel final : public ChannelBackend, uv::Timer::Listener {
	HttpClient &http;
	DecisionTaker &decisions;
	const TelegramSettings settings;

	/* the long poll */
	uv::Timer poll_timer;
	HttpClient::TransferId poll = 0;
	std::int64_t offset = 0;
	std::chrono::milliseconds poll_backoff{0};
	/* said once, not on every retry */
	bool conflict_logged = false, unauthorized_logged = false;

	/* transfers in flight, cancelled by Stop() */
	std::map<HttpClient::TransferId, bool> calls;
	bool stopped = false;

public:
	static constexpr unsigned kPollSeconds = 30;

	TelegramChannel(uv::Loop &loop, HttpClient &http, DecisionTaker &decisions,
			TelegramSettings settings);
	~TelegramChannel() noexcept override;

	void Start() override;
	void Stop() noexcept override;
	void Deliver(const Notice &notice, DeliveryDone done) override;
	std::string ChatOf(const EffectiveChannel &channel) const override;
	std::chrono::milliseconds Pace(const std::string &chat) const override;

private:
	/* POSTs @p body to @p method; @p done gets Telegram's answer (a
	   transport error becomes an answer that is not ok, code 0) */
	HttpClient::TransferId Call(const char *method, std::string body,
				    std::function<void(const telegram::ApiAnswer &)> done,
				    std::chrono::milliseconds timeout = std::chrono::seconds(30));
	void Send(const Notice &notice, std::string html, std::string reply_to, bool buttons,
		  DeliveryDone done);

	/* TelegramPresses.cxx */
	void Poll() noexcept;
	void Polled(const telegram::ApiAnswer &answer) noexcept;
	void PollLater(std::chrono::milliseconds delay) noexcept;
	void OnPress(const telegram::Press &press) noexcept;
	void OnTimer(uv::Timer &timer) noexcept override;
};

} // namespace osprey::daemon
