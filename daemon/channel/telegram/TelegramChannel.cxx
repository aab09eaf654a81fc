#include "TelegramChannel.hxx"
#include "TelegramFormat.hxx"
#include "channel/Wording.hxx"
#include "log/Log.hxx"

namespace osprey::daemon {

using namespace telegram;

TelegramChannel::TelegramChannel(uv::Loop &loop, HttpClient &_http, DecisionTaker &_decisions,
				 TelegramSettings _settings)
	: http(_http), decisions(_decisions), settings(std::move(_settings)),
	  poll_timer(loop, *this) {}

TelegramChannel::~TelegramChannel() noexcept
{
	Stop();
}

void
TelegramChannel::Stop() noexcept
{
	stopped = true;
	poll_timer.Close();
	for (const auto &[id, _] : calls)
		http.Cancel(id);
	calls.clear();
}

std::string
TelegramChannel::ChatOf(const EffectiveChannel &channel) const
{
	return std::to_string(channel.telegram.chat_id);
}

/* Telegram: about one message a second per chat, twenty a minute in a
   group (negative ids are groups and channels). */
std::chrono::milliseconds
TelegramChannel::Pace(const std::string &chat) const
{
	return !chat.empty() && chat[0] == '-' ? std::chrono::milliseconds(3000)
		: std::chrono::milliseconds(1000);
}

HttpClient::TransferId
TelegramChannel::Call(const char *method, std::string body,
		      std::function<void(const ApiAnswer &)> done, std::chrono::milliseconds timeout)
{
	HttpRequest request;
	request.method = "POST";
	request.url = settings.api_url + "/bot" + settings.bot_token + "/" + method;
	request.headers = {"Content-Type: application/json"};
	request.body = std::move(body);
	request.timeout = timeout;
	auto id = std::make_shared<HttpClient::TransferId>(0);
	*id = http.Start(std::move(request), [this, id, method, done = std::move(done)](
				 HttpResult &&result) {
		calls.erase(*id);
		if (stopped)
			return;
		ApiAnswer answer;
		if (!result.Ok()) {
			/* the client's errors never contain the URL, hence the token */
			answer.description = std::string(method) + ": " + result.error;
		} else {
			answer = ParseAnswer(result.response.status, result.response.body);
			if (!answer.ok)
				answer.description = std::string(method) + ": " + answer.description;
		}
		done(answer);
	});
	calls.emplace(*id, true);
	return *id;
}

void
TelegramChannel::Send(const Notice &n, std::string html, std::string reply_to, bool buttons,
		      DeliveryDone done)
{
	Call("sendMessage", SendMessageBody(n.chat, html, reply_to, n.record.id, buttons),
	     [done = std::move(done)](const ApiAnswer &a) {
		done(ToDelivery(a, a.ok ? SentMessage(a.result) : MessageRef{}));
	});
}

void
TelegramChannel::Deliver(const Notice &n, DeliveryDone done)
{
	switch (n.kind) {
	case NoticeKind::Announced:
		return Send(n, AnnouncementHtml(n, {}), {}, n.buttons, std::move(done));

	case NoticeKind::Decided: {
		auto html = AnnouncementHtml(n, DecisionLine(n));
		if (n.announcement.Empty())
			return Send(n, std::move(html), {}, false, std::move(done));
		Call("editMessageText", EditMessageTextBody(n.announcement, html),
		     [this, n, html, done = std::move(done)](const ApiAnswer &a) mutable {
			/* edited already (a retry after a lost answer) */
			if (!a.ok && a.description.find("message is not modified") != std::string::npos)
				return done(Delivery::Sent());
			/* deleted by someone: say it in a new message */
			if (!a.ok && a.description.find("message to edit not found") != std::string::npos)
				return Send(n, std::move(html), {}, false, std::move(done));
			done(ToDelivery(a));
		});
		return;
	}

	case NoticeKind::Finished:
		if (!ShowsEnd(n.record))
			return done(Delivery::Sent());
		return Send(n, EndHtml(n), n.announcement.message, false, std::move(done));
	}
}

} // namespace osprey::daemon
