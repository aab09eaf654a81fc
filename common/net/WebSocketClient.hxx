// A WebSocket client on the daemon's loop: the protocol of
// common/websocket (sans-IO) over a ByteStream (curl connects: names
// resolved off the loop, proxy CONNECT, TLS verified). For Slack's Socket
// Mode.
//
// Contract: loop thread only. Listener calls run on the loop thread, never
// inside Open(); after OnClosed() (the last call) the client may be
// destroyed or opened again. The CurlMulti must outlive the client.
#pragma once

#include "ByteStream.hxx"
#include "websocket/Session.hxx"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace osprey {

class WebSocketListener {
public:
	/// The handshake succeeded.
	virtual void OnWebSocketOpen() noexcept = 0;
	/// A text (or binary) message.
	virtual void OnWebSocketMessage(std::string_view message) noexcept = 0;
	/// The answer to SendPing(): the server is alive.
	virtual void OnWebSocketPong() noexcept {}
	/// The connection is gone: closed by the server (its code and reason),
	/// dropped, or never made (@p reason says which, without the URL).
	virtual void OnWebSocketClosed(std::string_view reason) noexcept = 0;

protected:
	~WebSocketListener() = default;
};

class WebSocketClient final : ByteStreamListener {
	CurlMulti &multi;
	WebSocketListener &listener;
	ByteStream stream;
	std::unique_ptr<websocket::WebSocketSession> session;
	/* the upgrade request, written once connected */
	std::string request;
	/* bytes the stream has not taken yet */
	std::string unsent;
	bool open = false;
	/* counts Open() and Abort(): a listener call may end the connection
	   it was called for, and what follows must not touch the next one */
	std::uint64_t generation = 0;

public:
	WebSocketClient(CurlMulti &multi, WebSocketListener &listener) noexcept
		: multi(multi), listener(listener) {}
	~WebSocketClient() noexcept;

	WebSocketClient(const WebSocketClient &) = delete;
	WebSocketClient &operator=(const WebSocketClient &) = delete;

	/// Connects to @p url (ws:// or wss://; its query may hold a secret,
	/// never logged). Throws std::invalid_argument for a bad URL,
	/// std::system_error when curl refuses the settings.
	void Open(std::string_view url, const ByteStreamOptions &options);

	bool IsOpen() const noexcept { return open; }

	/// Queues a text message; false unless open.
	bool SendText(std::string_view text) noexcept;
	/// Queues a ping; false unless open.
	bool SendPing() noexcept;

	/// Drops the connection at once, without a close handshake, and
	/// without calling the listener.
	void Abort() noexcept;

private:
	void Flush() noexcept;
	void Handle(std::vector<websocket::Event> events) noexcept;
	void Fail(std::string_view reason) noexcept;

	void OnOpen() noexcept override;
	void OnReadable() noexcept override;
	void OnWritable() noexcept override;
	void OnError(std::string_view message) noexcept override;
};

} // namespace osprey
