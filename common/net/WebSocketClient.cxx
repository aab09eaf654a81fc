#include "WebSocketClient.hxx"
#include "websocket/Url.hxx"

#include <array>

namespace osprey {

WebSocketClient::~WebSocketClient() noexcept
{
	Abort();
}

void
WebSocketClient::Open(std::string_view url, const ByteStreamOptions &options)
{
	Abort();
	const auto parsed = websocket::ParseUrl(url);
	session = std::make_unique<websocket::WebSocketSession>();
	request = session->Begin(parsed);
	stream = ByteStream(multi, *this);
	const auto host = parsed.host.find(':') != std::string::npos ? "[" + parsed.host + "]"
		: parsed.host;
	stream.Open((parsed.secure ? "https://" : "http://") + host + ":" +
		    std::to_string(parsed.port), options);
}

void
WebSocketClient::Abort() noexcept
{
	stream.Close();
	session.reset();
	++generation;
	unsent.clear();
	request.clear();
	open = false;
}

bool
WebSocketClient::SendText(std::string_view text) noexcept
{
	if (!open || !session)
		return false;
	try {
		if (!session->SendText(text))
			return false;
	} catch (const std::exception &) {
		return false;
	}
	Flush();
	return true;
}

bool
WebSocketClient::SendPing() noexcept
{
	if (!open || !session || !session->SendPing())
		return false;
	Flush();
	return true;
}

/* Writes what the session left, as far as the stream takes it now. */
void
WebSocketClient::Flush() noexcept
{
	if (session)
		unsent += session->TakeOutput();
	while (!unsent.empty()) {
		const auto io = stream.Send(unsent);
		switch (io.status) {
		case StreamIo::Status::Done:
			unsent.erase(0, io.size);
			continue;
		case StreamIo::Status::WouldBlock:
			stream.WantWritable(true);
			return;
		case StreamIo::Status::End:
		case StreamIo::Status::Failed:
			return Fail("the connection broke while sending: " + io.error);
		}
	}
	stream.WantWritable(false);
}

void
WebSocketClient::Fail(std::string_view reason) noexcept
{
	const std::string why(reason);
	Abort();
	listener.OnWebSocketClosed(why);
}

void
WebSocketClient::Handle(std::vector<websocket::Event> events) noexcept
{
	Flush();
	const auto current = generation;
	for (auto &event : events) {
		if (generation != current || !session)
			return; // the listener closed or reopened us
		if (std::holds_alternative<websocket::Opened>(event)) {
			open = true;
			listener.OnWebSocketOpen();
		} else if (auto *m = std::get_if<websocket::Message>(&event)) {
			listener.OnWebSocketMessage(m->data);
		} else if (std::holds_alternative<websocket::Pong>(event)) {
			listener.OnWebSocketPong();
		} else if (auto *c = std::get_if<websocket::Closed>(&event)) {
			return Fail("the server closed the connection (" + std::to_string(c->code) +
				    (c->reason.empty() ? "" : ": " + c->reason) + ")");
		} else if (auto *f = std::get_if<websocket::Failed>(&event)) {
			return Fail(f->message);
		}
	}
}

void
WebSocketClient::OnOpen() noexcept
{
	unsent = std::move(request);
	Flush();
	OnReadable();
}

void
WebSocketClient::OnReadable() noexcept
{
	std::array<std::byte, 16384> buffer;
	const auto current = generation;
	while (session && generation == current) {
		const auto io = stream.Receive(buffer);
		switch (io.status) {
		case StreamIo::Status::Done:
			Handle(session->Feed({reinterpret_cast<const char *>(buffer.data()), io.size}));
			continue;
		case StreamIo::Status::WouldBlock:
			return;
		case StreamIo::Status::End:
			Handle(session->FeedEnd());
			if (session && generation == current)
				Fail("the server ended the connection");
			return;
		case StreamIo::Status::Failed:
			return Fail("the connection broke: " + io.error);
		}
	}
}

void
WebSocketClient::OnWritable() noexcept
{
	Flush();
}

void
WebSocketClient::OnError(std::string_view message) noexcept
{
	Fail(message);
}

} // namespace osprey
