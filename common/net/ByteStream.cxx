#include "ByteStream.hxx"
#include "Redact.hxx"
#include "lib/curl/Easy.hxx"
#include "lib/curl/Multi.hxx"
#include "lib/uv/Poll.hxx"

#include <optional>
#include <stdexcept>

namespace osprey {

struct ByteStream::Impl final : CurlTransferListener, uv::PollListener {
	CurlMulti &multi;
	ByteStreamListener &listener;
	std::optional<CurlEasy> easy;
	std::string url; // for redacting errors; never shown
	uv::Poll poll;
	bool added = false, open = false, want_writable = false;

	Impl(CurlMulti &_multi, ByteStreamListener &_listener) noexcept
		: multi(_multi), listener(_listener) {}
	~Impl() noexcept { Close(); }

	void Close() noexcept {
		poll.Close();
		if (added)
			// removing a connect-only handle closes its connection
			multi.Remove(easy->Get());
		added = open = false;
		easy.reset();
	}

	std::string Error(CURLcode code) const {
		const char *buffer = easy->GetErrorBuffer();
		return RedactUrl(*buffer != '\0' ? buffer : curl_easy_strerror(code), url);
	}

	void Fail(std::string message) noexcept {
		Close();
		listener.OnError(message); // may destroy us: nothing after it
	}

	void UpdatePoll() noexcept {
		poll.Start(UV_READABLE | UV_DISCONNECT | (want_writable ? UV_WRITABLE : 0));
	}

	void OnTransferDone(CURLcode code) noexcept override;
	void OnPoll(uv::Poll &, int status, int events) noexcept override;
};

void
ByteStream::Impl::OnTransferDone(CURLcode code) noexcept
{
	if (code != CURLE_OK) {
		std::string message;
		try {
			message = Error(code);
		} catch (...) {
			message = "out of memory";
		}
		Fail(std::move(message));
		return;
	}

	// curl stopped watching the socket when the connect-only "transfer"
	// ended; from now on it is this stream's to watch
	const auto fd = easy->GetInfo<curl_socket_t>(CURLINFO_ACTIVESOCKET);
	try {
		poll = uv::Poll(multi.GetLoop(), *this, int(fd));
	} catch (const std::exception &e) {
		Fail(e.what());
		return;
	}
	open = true;
	UpdatePoll();
	listener.OnOpen();
	if (open)
		listener.OnReadable();
}

void
ByteStream::Impl::OnPoll(uv::Poll &, int status, int events) noexcept
{
	if (status < 0) {
		Fail(std::string("watching the connection: ") + uv_strerror(status));
		return;
	}
	if (events & (UV_READABLE | UV_DISCONNECT))
		listener.OnReadable();
	if (open && want_writable && (events & UV_WRITABLE))
		listener.OnWritable();
}

ByteStream::ByteStream() noexcept = default;
ByteStream::ByteStream(CurlMulti &multi, ByteStreamListener &listener)
	: impl(std::make_unique<Impl>(multi, listener)) {}
ByteStream::ByteStream(ByteStream &&) noexcept = default;
ByteStream &ByteStream::operator=(ByteStream &&) noexcept = default;
ByteStream::~ByteStream() noexcept = default;

void
ByteStream::Open(std::string_view url, const ByteStreamOptions &options)
{
	if (impl->easy)
		throw std::logic_error("the stream is already open");
	impl->url = url;
	CurlEasy &easy = impl->easy.emplace();
	try {
		SetUpConnection(easy, url, options.connection, options.connect_timeout);
		easy.SetOption(CURLOPT_CONNECT_ONLY, 1L);
		// through a proxy, CONNECT for http:// as well: a byte stream
		// cannot go through a forwarding proxy
		easy.SetOption(CURLOPT_HTTPPROXYTUNNEL, 1L);
		impl->multi.Add(easy.Get(), *impl);
		impl->added = true;
	} catch (...) {
		impl->easy.reset();
		throw;
	}
}

bool
ByteStream::IsOpen() const noexcept
{
	return impl != nullptr && impl->open;
}

StreamIo
ByteStream::Send(std::span<const std::byte> data) noexcept
{
	if (!IsOpen())
		return {StreamIo::Status::Failed, 0, "the stream is not open"};
	std::size_t sent = 0;
	impl->easy->ClearErrorBuffer();
	const CURLcode code = curl_easy_send(impl->easy->Get(), data.data(), data.size(), &sent);
	if (code == CURLE_AGAIN)
		return {StreamIo::Status::WouldBlock, 0, {}};
	if (code != CURLE_OK) {
		try {
			return {StreamIo::Status::Failed, 0, impl->Error(code)};
		} catch (...) {
			return {StreamIo::Status::Failed, 0, "out of memory"};
		}
	}
	return {StreamIo::Status::Done, sent, {}};
}

StreamIo
ByteStream::Receive(std::span<std::byte> buffer) noexcept
{
	if (!IsOpen())
		return {StreamIo::Status::Failed, 0, "the stream is not open"};
	std::size_t received = 0;
	impl->easy->ClearErrorBuffer();
	const CURLcode code = curl_easy_recv(impl->easy->Get(), buffer.data(), buffer.size(),
					     &received);
	if (code == CURLE_AGAIN)
		return {StreamIo::Status::WouldBlock, 0, {}};
	if (code != CURLE_OK) {
		try {
			return {StreamIo::Status::Failed, 0, impl->Error(code)};
		} catch (...) {
			return {StreamIo::Status::Failed, 0, "out of memory"};
		}
	}
	if (received == 0)
		return {StreamIo::Status::End, 0, {}};
	return {StreamIo::Status::Done, received, {}};
}

void
ByteStream::WantWritable(bool want) noexcept
{
	if (impl == nullptr || impl->want_writable == want)
		return;
	impl->want_writable = want;
	if (impl->open)
		impl->UpdatePoll();
}

void
ByteStream::Close() noexcept
{
	if (impl != nullptr)
		impl->Close();
}

} // namespace osprey
