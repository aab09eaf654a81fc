// Owns one CURLM driven by a uv::Loop (MPD's lib/curl/Global, on libuv):
// CURLMOPT_SOCKETFUNCTION gives every socket curl wants watched a uv::Poll,
// CURLMOPT_TIMERFUNCTION arms one uv::Timer, and readiness or expiry calls
// curl_multi_socket_action(). Finished transfers are reported to the
// listener each easy handle was added with.
//
// Contract: loop thread only. Add() never drives curl itself (curl asks for
// a 0 ms timer instead), so no listener runs inside the call that started a
// transfer. A listener may Remove() (and destroy) its easy handle, or Add()
// others, from OnTransferDone(); it must not destroy the CurlMulti there.
// Close() (or destruction) cleans the multi up and closes every uv handle it
// made, so the loop can end. Move-only: the state curl points at lives on
// the heap and does not move.
#pragma once

#include <curl/curl.h>

#include <memory>

namespace osprey::uv {
class Loop;
}

namespace osprey {

/// Told once when a transfer added to a CurlMulti ends. Runs on the loop's
/// thread, outside every curl callback: calling CurlMulti::Remove() and
/// curl_easy_cleanup() on the handle here is fine.
class CurlTransferListener {
public:
	/// @p result is CURLE_OK or why the transfer failed (the easy handle's
	/// CURLOPT_ERRORBUFFER says more).
	virtual void OnTransferDone(CURLcode result) noexcept = 0;

protected:
	~CurlTransferListener() = default;
};

class CurlMulti {
	struct State;
	struct Socket;
	std::unique_ptr<State> state;

public:
	CurlMulti() noexcept;
	/// Throws std::bad_alloc or std::system_error (uv or curl category).
	explicit CurlMulti(uv::Loop &loop);
	CurlMulti(CurlMulti &&) noexcept;
	CurlMulti &operator=(CurlMulti &&) noexcept;
	~CurlMulti() noexcept;

	bool IsDefined() const noexcept { return state != nullptr; }
	CURLM *Get() const noexcept;
	/// The loop it runs on; only on a defined multi.
	uv::Loop &GetLoop() const noexcept;

	/// Starts @p easy; @p listener (stored in CURLOPT_PRIVATE, so the easy
	/// handle must not use that option itself) hears when it ends. Throws
	/// std::system_error (curl category).
	void Add(CURL *easy, CurlTransferListener &listener);

	/// Stops @p easy if it is still running; its listener is not called.
	/// A connect-only connection is closed. Does nothing for a handle that
	/// was never added.
	void Remove(CURL *easy) noexcept;

	/// Cleans curl's multi up (closing the connections it keeps alive) and
	/// closes every uv handle. Easy handles still added are abandoned by
	/// curl; remove them first. Does nothing on an empty or closed multi.
	void Close() noexcept;
};

} // namespace osprey
