#include "SocketMode.hxx"
#include "log/Log.hxx"

namespace osprey::daemon {

SocketMode::SocketMode(uv::Loop &loop, CurlMulti &curl, HttpClient &_http, std::string _api_url,
		       std::string _app_token, PressHandler _on_press)
	: http(_http), api_url(std::move(_api_url)), app_token(std::move(_app_token)),
	  on_press(std::move(_on_press)), socket(curl, *this),
	  retry_timer(loop, *this), keepalive_timer(loop, *this) {}

SocketMode::~SocketMode() noexcept
{
	Stop();
}

void
SocketMode::Start()
{
	stopped = false;
	OpenConnection();
}

void
SocketMode::Stop() noexcept
{
	stopped = true;
	connected = false;
	if (opening != 0)
		http.Cancel(std::exchange(opening, 0));
	socket.Abort();
	retry_timer.Close();
	keepalive_timer.Close();
}

void
SocketMode::OpenConnection() noexcept
{
	if (stopped)
		return;
	HttpRequest request;
	request.method = "POST";
	request.url = api_url + "/apps.connections.open";
	request.headers = {"Authorization: Bearer " + app_token,
			   "Content-Type: application/x-www-form-urlencoded"};
	try {
		opening = http.Start(std::move(request), [this](HttpResult &&result) {
			opening = 0;
			Opened(std::move(result));
		});
	} catch (const std::exception &e) {
		Retry(std::string("apps.connections.open: ") + e.what());
	}
}

void
SocketMode::Opened(HttpResult &&result) noexcept
{
	if (stopped)
		return;
	if (!result.Ok())
		return Retry("apps.connections.open: " + result.error);
	const auto *retry_after = result.response.FindHeader("retry-after");
	const auto answer = slack::ParseAnswer(result.response.status, result.response.body,
					       retry_after != nullptr ? *retry_after : "");
	if (!answer.ok) {
		if (answer.error == "invalid_auth" || answer.error == "not_authed" ||
		    answer.error == "account_inactive")
			return Retry("the Slack app token was rejected (" + answer.error +
				     "); presses will not arrive", std::chrono::seconds(60));
		if (answer.error == "not_allowed_token_type")
			return Retry("the Slack app token is not an app-level token (xapp-...) with "
				     "connections:write; presses will not arrive", std::chrono::seconds(60));
		return Retry("apps.connections.open: " + answer.error,
			     std::chrono::duration_cast<std::chrono::milliseconds>(answer.retry_after));
	}
	const auto *url = answer.root.Find("url");
	if (url == nullptr || !url->IsString())
		return Retry("apps.connections.open answered without a url");
	try {
		socket.Open(url->GetText(), {});
	} catch (const std::exception &e) {
		Retry(std::string("cannot open Slack's socket: ") + e.what());
	}
}

void
SocketMode::Retry(std::string_view problem, std::chrono::milliseconds at_least) noexcept
{
	connected = false;
	keepalive_timer.Stop();
	if (stopped)
		return;
	backoff = backoff.count() == 0 ? std::chrono::seconds(1)
		: std::min<std::chrono::milliseconds>(backoff * 2, std::chrono::seconds(60));
	const auto wait = std::max(backoff, at_least);
	if (problem != logged_problem)
		LogWarning("Slack's Socket Mode is not connected; trying again",
			   {{"in", std::to_string(wait.count()) + "ms"}, {"error", problem}});
	logged_problem = problem;
	retry_timer.Start(static_cast<std::uint64_t>(wait.count()));
}

void
SocketMode::OnWebSocketOpen() noexcept
{
	last_heard = std::chrono::steady_clock::now();
	keepalive_timer.Start(std::chrono::milliseconds(kPing).count(),
			      std::chrono::milliseconds(kPing).count());
}

void
SocketMode::OnWebSocketMessage(std::string_view text) noexcept
{
	last_heard = std::chrono::steady_clock::now();
	slack::Envelope envelope;
	try {
		envelope = slack::ParseEnvelope(text);
	} catch (const std::exception &e) {
		LogWarning("Slack sent a message that is not JSON; ignored", {{"error", e.what()}});
		return;
	}
	/* at once, before anything else: Slack waits 3 s for it */
	if (!envelope.envelope_id.empty())
		socket.SendText(slack::Acknowledgement(envelope.envelope_id));
	switch (envelope.type) {
	case slack::Envelope::Type::Hello:
		if (!connected)
			LogInfo("connected to Slack's Socket Mode");
		connected = true;
		backoff = {};
		logged_problem.clear();
		return;
	case slack::Envelope::Type::Disconnect:
		/* Slack rotates connections: a fresh URL at once */
		LogInfo("Slack asked to reconnect", {{"reason", envelope.reason}});
		socket.Abort();
		connected = false;
		keepalive_timer.Stop();
		backoff = {};
		OpenConnection();
		return;
	case slack::Envelope::Type::Interactive:
		if (envelope.press)
			on_press(*envelope.press);
		return;
	case slack::Envelope::Type::Other:
		return;
	}
}

void
SocketMode::OnWebSocketClosed(std::string_view reason) noexcept
{
	Retry("Slack's socket closed: " + std::string(reason));
}

void
SocketMode::OnTimer(uv::Timer &timer) noexcept
{
	if (&timer == &retry_timer) {
		OpenConnection();
		return;
	}
	/* keepalive */
	if (std::chrono::steady_clock::now() - last_heard > kSilence) {
		socket.Abort();
		Retry("Slack's socket went silent");
		return;
	}
	socket.SendPing();
}

} // namespace osprey::daemon
