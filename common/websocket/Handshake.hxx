// The client's half of the opening handshake (RFC 6455 section 4.1): a fresh
// key, the upgrade request, and the accept value the server must prove it
// read the key with.
#pragma once

#include <string>
#include <string_view>

namespace osprey::websocket {

struct Url;

/// A new Sec-WebSocket-Key: 16 random bytes in base64 (24 characters).
std::string NewKey();

/// The Sec-WebSocket-Accept a server answers @p key with:
/// base64(SHA-1(key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11")).
std::string AcceptFor(std::string_view key);

/// The GET request head asking @p url's server to switch to WebSocket,
/// without extensions or subprotocols.
std::string UpgradeRequest(const Url &url, std::string_view key);

} // namespace osprey::websocket
