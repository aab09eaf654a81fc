#include "HmacSha256.hxx"
#include "Error.hxx"

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>

namespace osprey::openssl {

HmacSha256::HmacSha256(std::string_view key)
	: mac("HMAC"), ctx(mac)
{
	char digest_name[] = "SHA256";
	const OSSL_PARAM params[] = {
		OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, digest_name, 0),
		OSSL_PARAM_construct_end(),
	};
	// An empty key is legal for HMAC, but OpenSSL wants a non-null pointer.
	static const unsigned char empty = 0;
	const auto *key_bytes = key.empty() ? &empty
		: reinterpret_cast<const unsigned char *>(key.data());
	if (EVP_MAC_init(ctx.Get(), key_bytes, key.size(), params) != 1)
		throw MakeError("setting the HMAC-SHA256 key");
}

HmacSha256::Digest
HmacSha256::Compute(std::string_view message)
{
	// A null key re-initialises with the key set in the constructor.
	Digest digest;
	std::size_t length = 0;
	if (EVP_MAC_init(ctx.Get(), nullptr, 0, nullptr) != 1 ||
	    EVP_MAC_update(ctx.Get(), reinterpret_cast<const unsigned char *>(message.data()),
			   message.size()) != 1 ||
	    EVP_MAC_final(ctx.Get(), digest.data(), &length, digest.size()) != 1 ||
	    length != digest.size())
		throw MakeError("computing HMAC-SHA256");
	return digest;
}

std::string
HmacSha256::HexDigest(std::string_view message)
{
	const Digest digest = Compute(message);
	std::string hex(kHexSize, '\0');
	ToHex(digest.data(), digest.size(), hex.data());
	return hex;
}

bool
HmacSha256::Verify(std::string_view message, std::string_view signature) noexcept
{
	if (signature.size() != kHexSize)
		return false;
	try {
		const Digest digest = Compute(message);
		char hex[kHexSize];
		ToHex(digest.data(), digest.size(), hex);
		return ConstantTimeEquals({hex, kHexSize}, signature);
	} catch (...) {
		return false;
	}
}

std::string
HmacSha256Hex(std::string_view key, std::string_view message)
{
	return HmacSha256(key).HexDigest(message);
}

void
ToHex(const unsigned char *bytes, std::size_t size, char *out) noexcept
{
	static constexpr char digits[] = "0123456789abcdef";
	for (std::size_t i = 0; i < size; ++i) {
		out[2 * i] = digits[bytes[i] >> 4];
		out[2 * i + 1] = digits[bytes[i] & 0xf];
	}
}

bool
ConstantTimeEquals(std::string_view a, std::string_view b) noexcept
{
	return a.size() == b.size() && CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

} // namespace osprey::openssl
