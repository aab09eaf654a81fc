// HMAC-SHA256 as webhook senders compute it: over the raw body bytes, shown as
// bare lowercase hex. The key is set once: its padded inner and outer blocks
// are hashed in the constructor, so verifying a request hashes only the body
// and two final blocks.
//
// Built on OpenSSL's low-level SHA-256 (SHA256_Init/Update/Final) and
// RFC 2104's construction rather than EVP_MAC: EVP loads the provider
// machinery, which costs the daemon about 3.5 MiB of resident memory, while
// these few functions link statically into a few KiB (see common/lib/openssl/
// meson.build). OpenSSL 3 marks them deprecated, not removed; they are
// OpenSSL's own optimised SHA-256.
#pragma once

#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/sha.h>

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

namespace osprey::openssl {

class HmacSha256 {
	/* SHA-256 after absorbing the key xor ipad / opad blocks */
	SHA256_CTX inner, outer;

public:
	static constexpr std::size_t kDigestSize = 32;
	static constexpr std::size_t kHexSize = 2 * kDigestSize;
	using Digest = std::array<unsigned char, kDigestSize>;

	/// Any key, empty included (RFC 2104: a key longer than the
	/// 64-byte block is hashed first). Never throws.
	explicit HmacSha256(std::string_view key) noexcept;

	/// Const and reentrant: one instance may serve any number of threads.
	Digest Compute(std::string_view message) const noexcept;
	std::string HexDigest(std::string_view message) const;

	/// True when @p signature is exactly the lowercase hex digest of
	/// @p message. The comparison time does not depend on where the
	/// signature differs (CRYPTO_memcmp).
	bool Verify(std::string_view message, std::string_view signature) const noexcept;
};

/// One-shot helpers.
std::string HmacSha256Hex(std::string_view key, std::string_view message);

/// Lowercase hex of @p bytes into @p out (2 * size chars).
void ToHex(const unsigned char *bytes, std::size_t size, char *out) noexcept;

/// Constant-time equality of two equally long byte strings; false when the
/// lengths differ (the length is not secret).
bool ConstantTimeEquals(std::string_view a, std::string_view b) noexcept;

} // namespace osprey::openssl
