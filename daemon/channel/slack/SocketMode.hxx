// Slack's Socket Mode: presses arrive over a WebSocket whose URL
// apps.connections.open hands out (with the app-level token). Every
// envelope is acknowledged at once; a "disconnect" message or a dropped
// socket is followed by a fresh URL and a new connection, with backoff
// while Slack cannot be reached. A socket that stays silent past
// kSilence is taken for dead: we ping it every kPing.
//
// The URL carries a ticket: it is never logged.
#pragma once

#include "SlackApi.hxx"
#include "lib/uv/Timer.hxx"
#include "net/HttpClient.hxx"
#include "net/WebSocketClient.hxx"

#include <chrono>
#include <functional>
#include <string>

namespace osprey::daemon {

class SocketMode final : WebSocketListener, uv::Timer::Listener {
public:
	using PressHandler = std::function<void(const slack::Press &press)>;
	static constexpr std::chrono::seconds kPing{30}, kSilence{100};

private:
	HttpClient &http;
	const std::string api_url, app_token;
	const PressHandler on_press;
	WebSocketClient socket;
	uv::Timer retry_timer, keepalive_timer;
	HttpClient::TransferId opening = 0;
	std::chrono::milliseconds backoff{0};
	std::chrono::steady_clock::time_point last_heard{};
	/* said once, not on every retry */
	std::string logged_problem;
	bool connected = false, stopped = true;

public:
	SocketMode(uv::Loop &loop, CurlMulti &curl, HttpClient &http, std::string api_url,
		   std::string app_token, PressHandler on_press);
	~SocketMode() noexcept;

	void Start();
	void Stop() noexcept;
	bool IsConnected() const noexcept { return connected; }

private:
	void OpenConnection() noexcept;
	void Opened(HttpResult &&result) noexcept;
	void Retry(std::string_view problem, std::chrono::milliseconds at_least = {}) noexcept;

	void OnWebSocketOpen() noexcept override;
	void OnWebSocketMessage(std::string_view message) noexcept override;
	void OnWebSocketClosed(std::string_view reason) noexcept override;
	void OnWebSocketPong() noexcept override { last_heard = std::chrono::steady_clock::now(); }
	void OnTimer(uv::Timer &timer) noexcept override;
};

} // namespace osprey::daemon
