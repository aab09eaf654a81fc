#include "WebhookChannel.hxx"
#include "channel/Wording.hxx"
#include "json/Serialize.hxx"
#include "lib/openssl/HmacSha256.hxx"

#include <algorithm>
#include <charconv>
#include <ctime>

namespace osprey::daemon {

WebhookChannel::WebhookChannel(HttpClient &_http, WebhookChannelSettings _settings)
	: http(_http), settings(std::move(_settings)) {}

WebhookChannel::~WebhookChannel() noexcept
{
	Stop();
}

void
WebhookChannel::Stop() noexcept
{
	stopped = true;
	for (const auto &[id, _] : calls)
		http.Cancel(id);
	calls.clear();
}

/* When it happened, the same on every retry. */
static const std::string &
EventTime(const Notice &n)
{
	const auto &r = n.record;
	switch (n.kind) {
	case NoticeKind::Announced: return r.created;
	case NoticeKind::Decided: return r.started.empty() ? r.updated : r.started;
	case NoticeKind::Finished: return r.finished.empty() ? r.updated : r.finished;
	}
	return r.updated;
}

std::string
WebhookBody(const Notice &n)
{
	auto str = [](std::string_view s) { return json::Value::String(ValidText(s)); };
	return json::Serialize(json::Value::MakeObject({
		{"id", str(n.id)},
		{"event", str(Name(n.kind))},
		{"time", str(EventTime(n))},
		{"job", str(n.record.id)},
		{"pipeline", str(n.record.pipeline)},
		{"state", str(Name(n.record.state))},
		{"topic", str(n.topic)},
		{"message", str(n.message)},
		{"reason", str(n.record.reason)},
		{"result", str(n.result)},
		{"decided_by", str(n.record.decided_by)},
	}));
}

/* Retry-After as an HTTP date: "Sun, 06 Nov 1994 08:49:37 GMT" */
static std::optional<std::chrono::system_clock::time_point>
ParseHttpDate(std::string_view s)
{
	const std::string text(s);
	std::tm tm{};
	const char *end = ::strptime(text.c_str(), "%a, %d %b %Y %H:%M:%S GMT", &tm);
	if (end == nullptr || *end != '\0')
		return std::nullopt;
	return std::chrono::system_clock::from_time_t(::timegm(&tm));
}

Delivery
WebhookDelivery(long status, std::string_view retry_after)
{
	if (status >= 200 && status < 300)
		return Delivery::Sent();
	const auto said = "the receiver answered HTTP " + std::to_string(status);
	if (status != 429 && status < 500)
		return Delivery::Refused(said);
	std::chrono::milliseconds after{0};
	unsigned long seconds = 0;
	const auto *end = retry_after.data() + retry_after.size();
	if (auto [p, ec] = std::from_chars(retry_after.data(), end, seconds); ec == std::errc() && p == end)
		after = std::chrono::seconds(std::min<unsigned long>(seconds, 3600));
	else if (auto date = ParseHttpDate(retry_after))
		after = std::chrono::duration_cast<std::chrono::milliseconds>(
			*date - std::chrono::system_clock::now());
	return Delivery::Later(said, std::clamp<std::chrono::milliseconds>(after, {}, std::chrono::hours(1)));
}

void
WebhookChannel::Deliver(const Notice &n, DeliveryDone done)
{
	HttpRequest request;
	request.method = "POST";
	request.url = settings.url;
	request.body = WebhookBody(n);
	request.headers = {"Content-Type: application/json", "X-Osprey-Delivery: " + n.id,
			   "X-Osprey-Event: " + std::string(Name(n.kind))};
	if (!settings.secret.empty())
		request.headers.push_back("X-Osprey-Signature: " +
			openssl::HmacSha256(settings.secret).HexDigest(request.body));
	for (const auto &[name, value] : settings.headers)
		request.headers.push_back(name + ": " + value);
	auto id = std::make_shared<HttpClient::TransferId>(0);
	*id = http.Start(std::move(request), [this, id, done = std::move(done)](HttpResult &&result) {
		calls.erase(*id);
		if (stopped)
			return;
		if (!result.Ok())
			return done(Delivery::Later(result.error));
		const auto *retry_after = result.response.FindHeader("retry-after");
		done(WebhookDelivery(result.response.status, retry_after != nullptr ? *retry_after : ""));
	});
	calls.emplace(*id, true);
}

} // namespace osprey::daemon
