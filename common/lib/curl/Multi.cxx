#include "Multi.hxx"
#include "Error.hxx"
#include "lib/uv/Loop.hxx"
#include "lib/uv/Poll.hxx"
#include "lib/uv/Timer.hxx"

#include <algorithm>
#include <cassert>
#include <new>
#include <unordered_set>
#include <utility>

namespace osprey {

/// What curl's callbacks point at: it stays put while the CurlMulti moves.
struct CurlMulti::State final : uv::TimerListener {
	uv::Loop &loop;
	CURLM *multi;
	uv::Timer timer;
	/// Every Socket made for curl, so Close() can close their polls when
	/// curl_multi_cleanup() did not ask to.
	std::unordered_set<Socket *> sockets;

	explicit State(uv::Loop &_loop);
	~State() noexcept;

	void SocketAction(curl_socket_t fd, int mask) noexcept;
	void ReadInfo() noexcept;
	void OnTimer(uv::Timer &) noexcept override { SocketAction(CURL_SOCKET_TIMEOUT, 0); }

	static int SocketFunction(CURL *easy, curl_socket_t fd, int action,
				  void *userp, void *socketp) noexcept;
	static int TimerFunction(CURLM *multi, long timeout_ms, void *userp) noexcept;
};

/// One socket curl asked to have watched.
struct CurlMulti::Socket final : uv::PollListener {
	State &state;
	const curl_socket_t fd;
	uv::Poll poll;

	Socket(State &_state, curl_socket_t _fd)
		: state(_state), fd(_fd), poll(_state.loop, *this, _fd) {}

	void OnPoll(uv::Poll &, int status, int events) noexcept override {
		int mask = 0;
		if (status < 0)
			mask = CURL_CSELECT_ERR;
		else {
			if (events & (UV_READABLE | UV_DISCONNECT))
				mask |= CURL_CSELECT_IN;
			if (events & UV_WRITABLE)
				mask |= CURL_CSELECT_OUT;
		}
		// curl may ask to forget this very socket during the call:
		// touch no member after it.
		state.SocketAction(fd, mask);
	}
};

CurlMulti::State::State(uv::Loop &_loop)
	: loop(_loop), multi(curl_multi_init()), timer(_loop, *this)
{
	if (multi == nullptr)
		throw std::bad_alloc();
	curl_multi_setopt(multi, CURLMOPT_SOCKETFUNCTION, SocketFunction);
	curl_multi_setopt(multi, CURLMOPT_SOCKETDATA, this);
	curl_multi_setopt(multi, CURLMOPT_TIMERFUNCTION, TimerFunction);
	curl_multi_setopt(multi, CURLMOPT_TIMERDATA, this);
}

CurlMulti::State::~State() noexcept
{
	// curl_multi_cleanup() closes kept-alive connections and may tell
	// SocketFunction to forget their sockets: everything it uses is alive.
	curl_multi_cleanup(multi);
	for (Socket *socket : sockets)
		delete socket;
	timer.Close();
}

int
CurlMulti::State::SocketFunction(CURL *, curl_socket_t fd, int action,
				 void *userp, void *socketp) noexcept
{
	auto &state = *static_cast<State *>(userp);
	auto *socket = static_cast<Socket *>(socketp);

	if (action == CURL_POLL_REMOVE) {
		if (socket != nullptr) {
			state.sockets.erase(socket);
			delete socket;
		}
		return 0;
	}

	if (socket == nullptr) {
		try {
			socket = new Socket(state, fd);
			state.sockets.insert(socket);
		} catch (...) {
			delete socket;
			return -1; // curl fails the transfers on this socket
		}
		curl_multi_assign(state.multi, fd, socket);
	}

	int events = 0;
	if (action == CURL_POLL_IN || action == CURL_POLL_INOUT)
		events |= UV_READABLE;
	if (action == CURL_POLL_OUT || action == CURL_POLL_INOUT)
		events |= UV_WRITABLE;
	if (events != 0)
		socket->poll.Start(events);
	else
		socket->poll.Stop();
	return 0;
}

int
CurlMulti::State::TimerFunction(CURLM *, long timeout_ms, void *userp) noexcept
{
	auto &state = *static_cast<State *>(userp);
	if (timeout_ms < 0)
		state.timer.Stop();
	else
		/* curl asks for 0 ms often (every Add(), the threaded
		   resolver); 1 ms keeps that from spinning the loop and
		   defers the work out of the caller's stack */
		state.timer.Start(std::max(1L, timeout_ms));
	return 0;
}

void
CurlMulti::State::SocketAction(curl_socket_t fd, int mask) noexcept
{
	int running;
	curl_multi_socket_action(multi, fd, mask, &running);
	ReadInfo();
}

void
CurlMulti::State::ReadInfo() noexcept
{
	int queued;
	while (CURLMsg *msg = curl_multi_info_read(multi, &queued)) {
		if (msg->msg != CURLMSG_DONE)
			continue;
		// msg dies when the listener removes its handle: copy first
		const CURLcode result = msg->data.result;
		void *listener = nullptr;
		curl_easy_getinfo(msg->easy_handle, CURLINFO_PRIVATE, &listener);
		if (listener != nullptr)
			static_cast<CurlTransferListener *>(listener)->OnTransferDone(result);
	}
}

CurlMulti::CurlMulti() noexcept = default;
CurlMulti::CurlMulti(uv::Loop &loop) : state(std::make_unique<State>(loop)) {}
CurlMulti::CurlMulti(CurlMulti &&) noexcept = default;

CurlMulti &
CurlMulti::operator=(CurlMulti &&other) noexcept
{
	if (this != &other) {
		Close();
		state = std::move(other.state);
	}
	return *this;
}

CurlMulti::~CurlMulti() noexcept
{
	Close();
}

CURLM *
CurlMulti::Get() const noexcept
{
	return state != nullptr ? state->multi : nullptr;
}

uv::Loop &
CurlMulti::GetLoop() const noexcept
{
	assert(state != nullptr);
	return state->loop;
}

void
CurlMulti::Add(CURL *easy, CurlTransferListener &listener)
{
	assert(state != nullptr);
	CURLcode code = curl_easy_setopt(easy, CURLOPT_PRIVATE,
					 static_cast<void *>(&listener));
	if (code != CURLE_OK)
		throw MakeCurlError(code, "starting a transfer");
	const CURLMcode mcode = curl_multi_add_handle(state->multi, easy);
	if (mcode != CURLM_OK)
		throw MakeCurlMultiError(mcode, "starting a transfer");
}

void
CurlMulti::Remove(CURL *easy) noexcept
{
	if (state != nullptr)
		curl_multi_remove_handle(state->multi, easy);
}

void
CurlMulti::Close() noexcept
{
	state.reset();
}

} // namespace osprey
