// HMAC-SHA256 as webhook senders compute it: over the raw body bytes, shown as
// bare lowercase hex. The key is set once and reused for every message, which
// is what makes per-request verification cheap (no algorithm fetch, no key
// schedule per call).
#pragma once

#include "Mac.hxx"

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

namespace osprey::openssl {

class HmacSha256 {
	Mac mac;
	MacContext ctx;

public:
	static constexpr std::size_t kDigestSize = 32;
	static constexpr std::size_t kHexSize = 2 * kDigestSize;
	using Digest = std::array<unsigned char, kDigestSize>;

	/// Throws std::runtime_error when OpenSSL refuses the key or the
	/// algorithm (not expected with the default provider).
	explicit HmacSha256(std::string_view key);

	/// Not thread-safe: one instance per thread (the daemon has one loop).
	/// Throws std::runtime_error on an OpenSSL failure.
	Digest Compute(std::string_view message);
	std::string HexDigest(std::string_view message);

	/// True when @p signature is exactly the lowercase hex digest of
	/// @p message. The comparison time does not depend on where the
	/// signature differs (CRYPTO_memcmp). Never throws: an OpenSSL failure
	/// is "does not verify".
	bool Verify(std::string_view message, std::string_view signature) noexcept;
};

/// One-shot helpers.
std::string HmacSha256Hex(std::string_view key, std::string_view message);

/// Lowercase hex of @p bytes into @p out (2 * size chars).
void ToHex(const unsigned char *bytes, std::size_t size, char *out) noexcept;

/// Constant-time equality of two equally long byte strings; false when the
/// lengths differ (the length is not secret).
bool ConstantTimeEquals(std::string_view a, std::string_view b) noexcept;

} // namespace osprey::openssl
