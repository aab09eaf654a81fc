// The server's answer to the upgrade request, read incrementally: bytes are
// fed as they arrive, in any split, until the head's blank line; what follows
// it in the same read is already WebSocket frames and stays with the caller.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace osprey::websocket {

class HandshakeResponse {
	std::string expected_accept;
	std::string head;

public:
	/// A head longer than this is refused (a server that sends one is not
	/// the one we meant to talk to).
	static constexpr std::size_t kMaxHeadSize = 16384;

	/// @p key is the Sec-WebSocket-Key the request carried.
	explicit HandshakeResponse(std::string_view key);

	/// Takes the next received bytes. Returns std::nullopt while the head is
	/// incomplete; once it is complete and valid, how many bytes of @p data
	/// belonged to it (data.substr(n) are frames). Throws std::runtime_error
	/// saying what was wrong ("the server answered 403 Forbidden instead of
	/// switching protocols"); it quotes no header values. Not to be fed again
	/// after it returned a value or threw.
	std::optional<std::size_t> Feed(std::string_view data);

private:
	void Check() const;
};

} // namespace osprey::websocket
