// The server's half, for tests: what a server answers to a session's upgrade
// request, and how it reads the client's frames.
#pragma once

#include "websocket/FrameDecoder.hxx"
#include "websocket/Handshake.hxx"

#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

namespace osprey::websocket::test {

/// The Sec-WebSocket-Key of an upgrade request.
inline std::string
KeyOf(std::string_view request)
{
	const std::string_view name = "Sec-WebSocket-Key: ";
	const std::size_t at = request.find(name);
	REQUIRE(at != std::string_view::npos);
	const std::size_t end = request.find("\r\n", at);
	return std::string(request.substr(at + name.size(), end - at - name.size()));
}

/// A valid 101 answer to @p request.
inline std::string
SwitchingProtocols(std::string_view request)
{
	return "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n"
		"Connection: Upgrade\r\nSec-WebSocket-Accept: " + AcceptFor(KeyOf(request)) +
		"\r\n\r\n";
}

/// An unmasked (server) frame.
inline std::string
ServerFrame(Opcode opcode, std::string_view payload, bool fin = true)
{
	std::string out;
	AppendFrame(out, opcode, payload, fin, std::nullopt);
	return out;
}

/// Every frame in @p bytes, which must be whole masked (client) frames.
inline std::vector<Frame>
ClientFrames(std::string_view bytes)
{
	FrameDecoder decoder(true, std::uint64_t(1) << 32);
	decoder.Feed(bytes);
	std::vector<Frame> frames;
	while (auto frame = decoder.Next())
		frames.push_back(std::move(*frame));
	REQUIRE(decoder.Buffered() == 0);
	return frames;
}

} // namespace osprey::websocket::test
