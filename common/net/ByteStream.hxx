// A byte stream to a server that curl connects: name resolution on curl's
// threads, proxy CONNECT tunnelling, TLS with certificate verification
// (CURLOPT_CONNECT_ONLY); then plain non-blocking Send() and Receive() on
// the daemon's loop. The transport under the Slack Socket Mode WebSocket;
// it knows nothing of WebSocket.
//
// Contract: loop thread only. Listener calls run on the loop thread, never
// inside Open(). Close() is fine from a listener call; destroying the
// stream is fine from OnError() (the last thing it does) but not from the
// other calls. The CurlMulti must outlive the stream.
#pragma once

#include "Connection.hxx"

#include <chrono>
#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <string_view>

namespace osprey {

class CurlMulti;

class ByteStreamListener {
public:
	/// Connected (and TLS set up): Send() and Receive() may be used.
	/// OnReadable() follows at once: TLS may already hold bytes that no
	/// socket readiness will announce.
	virtual void OnOpen() noexcept = 0;
	/// Bytes (or the end of the stream) may be there: Receive() until it
	/// says WouldBlock, since TLS buffers what the socket no longer shows.
	virtual void OnReadable() noexcept = 0;
	/// Send() may take more; only while WantWritable(true).
	virtual void OnWritable() noexcept = 0;
	/// Opening or watching the stream failed; it is closed. @p message is
	/// one sentence, curl's where it has one, without the URL's path.
	virtual void OnError(std::string_view message) noexcept = 0;

protected:
	~ByteStreamListener() = default;
};

struct ByteStreamOptions {
	ConnectionOptions connection;
	/// TCP, proxy CONNECT and TLS together.
	std::chrono::milliseconds connect_timeout{10'000};
};

/// How a Send() or Receive() went.
struct StreamIo {
	enum class Status {
		Done,        ///< @c size bytes moved (Receive: more than 0)
		WouldBlock,  ///< nothing now: wait for OnReadable/OnWritable
		End,         ///< Receive: the peer closed the stream
		Failed,      ///< @c error says why; Close() the stream
	};
	Status status;
	std::size_t size = 0;
	std::string error;
};

class ByteStream {
	struct Impl;
	std::unique_ptr<Impl> impl;

public:
	ByteStream() noexcept;
	/// Throws std::bad_alloc.
	ByteStream(CurlMulti &multi, ByteStreamListener &listener);
	ByteStream(ByteStream &&) noexcept;
	ByteStream &operator=(ByteStream &&) noexcept;
	~ByteStream() noexcept;

	/// Starts connecting to @p url: "http://host:port" for plain TCP,
	/// "https://host:port" for TLS (only the scheme, host and port
	/// matter). Throws std::system_error when curl refuses the settings,
	/// std::logic_error when already opened.
	void Open(std::string_view url, const ByteStreamOptions &options);

	bool IsOpen() const noexcept;

	StreamIo Send(std::span<const std::byte> data) noexcept;
	StreamIo Send(std::string_view data) noexcept {
		return Send(std::as_bytes(std::span(data.data(), data.size())));
	}
	StreamIo Receive(std::span<std::byte> buffer) noexcept;

	/// Whether OnWritable() is wanted (after a Send() that could not take
	/// everything).
	void WantWritable(bool want) noexcept;

	/// Closes the connection and stops every listener call. Does nothing
	/// on a closed stream.
	void Close() noexcept;
};

} // namespace osprey
