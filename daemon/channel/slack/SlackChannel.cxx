#include "SlackChannel.hxx"
#include "SlackFormat.hxx"
#include "channel/Wording.hxx"
#include "decide/Decisions.hxx"
#include "log/Log.hxx"

namespace osprey::daemon {

SlackChannel::SlackChannel(uv::Loop &loop, CurlMulti &curl, HttpClient &_http,
			   DecisionTaker &_decisions, SlackSettings _settings)
	: http(_http), decisions(_decisions), settings(std::move(_settings)),
	  socket_mode(loop, curl, http, settings.api_url, settings.app_token,
		      [this](const slack::Press &press) { OnPress(press); }) {}

SlackChannel::~SlackChannel() noexcept
{
	Stop();
}

void
SlackChannel::Start()
{
	stopped = false;
	if (!settings.app_token.empty())
		socket_mode.Start();
}

void
SlackChannel::Stop() noexcept
{
	stopped = true;
	socket_mode.Stop();
	for (const auto &[id, _] : calls)
		http.Cancel(id);
	calls.clear();
}

std::string
SlackChannel::ChatOf(const EffectiveChannel &channel) const
{
	return channel.slack.channel_id;
}

void
SlackChannel::Call(const char *method, std::string body,
		   std::function<void(const slack::ApiAnswer &)> done)
{
	HttpRequest request;
	request.method = "POST";
	request.url = settings.api_url + "/" + method;
	request.headers = {"Authorization: Bearer " + settings.bot_token,
			   "Content-Type: application/json; charset=utf-8"};
	request.body = std::move(body);
	auto id = std::make_shared<HttpClient::TransferId>(0);
	*id = http.Start(std::move(request), [this, id, method, done = std::move(done)](HttpResult &&r) {
		calls.erase(*id);
		if (stopped)
			return;
		slack::ApiAnswer answer;
		if (!r.Ok()) {
			answer.error = std::string(method) + ": " + r.error;
		} else {
			const auto *retry_after = r.response.FindHeader("retry-after");
			answer = slack::ParseAnswer(r.response.status, r.response.body,
						    retry_after != nullptr ? *retry_after : "");
			if (!answer.ok)
				answer.error = std::string(method) + ": " + answer.error;
		}
		done(answer);
	});
	calls.emplace(*id, true);
}

/* A message Slack stores: where it went is its channel and ts. */
void
SlackChannel::Post(const char *method, std::string body, DeliveryDone done)
{
	Call(method, std::move(body), [done = std::move(done)](const slack::ApiAnswer &a) {
		MessageRef ref;
		if (a.ok) {
			if (const auto *channel = a.root.Find("channel"); channel != nullptr && channel->IsString())
				ref.chat = channel->GetText();
			if (const auto *ts = a.root.Find("ts"); ts != nullptr && ts->IsString())
				ref.message = ts->GetText();
		}
		done(slack::ToDelivery(a, std::move(ref)));
	});
}

void
SlackChannel::Deliver(const Notice &n, DeliveryDone done)
{
	switch (n.kind) {
	case NoticeKind::Announced:
		return Post("chat.postMessage", slack::AnnouncementBody(n), std::move(done));
	case NoticeKind::Decided:
		if (n.announcement.Empty())
			return Post("chat.postMessage", slack::DecidedBody(n), std::move(done));
		Call("chat.update", slack::DecidedBody(n), [this, n, done = std::move(done)](
			     const slack::ApiAnswer &a) mutable {
			/* deleted by someone: say it in a new message */
			if (!a.ok && a.error.find("message_not_found") != std::string::npos) {
				auto fresh = n;
				fresh.announcement = {};
				return Post("chat.postMessage", slack::DecidedBody(fresh), std::move(done));
			}
			done(slack::ToDelivery(a));
		});
		return;
	case NoticeKind::Finished:
		if (!ShowsEnd(n.record))
			return done(Delivery::Sent());
		return Post("chat.postMessage", slack::EndBody(n), std::move(done));
	}
}

void
SlackChannel::OnPress(const slack::Press &press) noexcept
{
	auto tell = [this, press](const std::string &text) {
		try {
			Call("chat.postEphemeral", slack::EphemeralBody(press.channel, press.user, text),
			     [](const slack::ApiAnswer &a) {
				if (!a.ok)
					LogWarning("a press was not answered", {{"error", a.error}});
			});
		} catch (const std::exception &e) {
			LogWarning("a press was not answered", {{"error", e.what()}});
		}
	};
	const auto decision = press.action_id == slack::kApprove ? Decision::Approve : Decision::Ignore;
	try {
		decisions.Decide(decision, press.value,
				 {DecisionSource::Via::Slack, press.channel, press.user, press.name},
				 [tell, press](DecisionOutcome outcome) {
			if (outcome.ok)
				return; // the announcement's edit says it to everyone
			LogInfo("a press in Slack was refused", {{"job", press.value},
				{"by", press.name}, {"reason", outcome.error}});
			tell(outcome.error);
		});
	} catch (const std::exception &e) {
		tell(std::string("Not decided: ") + e.what());
	}
}

} // namespace osprey::daemon
