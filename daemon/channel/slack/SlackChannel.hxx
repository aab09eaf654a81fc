// The slack channel: one Slack app (bot token and app-level token at one
// api_url), shared by every pipeline that names it. Notifications go out
// with the Web API (chat.postMessage, chat.update, replies by thread_ts);
// presses on Approve and Ignore arrive over Socket Mode (one socket per
// app) and go to the decision taker, which checks the channel and
// allowed_users. A refused press is answered to the presser alone
// (chat.postEphemeral).
#pragma once

#include "SocketMode.hxx"
#include "channel/ChannelBackend.hxx"

#include <map>

namespace osprey::daemon {

class DecisionTaker;

class SlackChannel final : public ChannelBackend {
	HttpClient &http;
	DecisionTaker &decisions;
	const SlackSettings settings;
	SocketMode socket_mode;
	std::map<HttpClient::TransferId, bool> calls;
	bool stopped = false;

public:
	SlackChannel(uv::Loop &loop, CurlMulti &curl, HttpClient &http, DecisionTaker &decisions,
		     SlackSettings settings);
	~SlackChannel() noexcept override;

	void Start() override;
	void Stop() noexcept override;
	void Deliver(const Notice &notice, DeliveryDone done) override;
	std::string ChatOf(const EffectiveChannel &channel) const override;
	/* Slack: about one message a second per channel */
	std::chrono::milliseconds Pace(const std::string &) const override {
		return std::chrono::seconds(1);
	}

private:
	void Call(const char *method, std::string body,
		  std::function<void(const slack::ApiAnswer &)> done);
	void Post(const char *method, std::string body, DeliveryDone done);
	void OnPress(const slack::Press &press) noexcept;
};

} // namespace osprey::daemon
