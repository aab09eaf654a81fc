#include "HmacSha256.hxx"

#include <openssl/crypto.h>

#include <algorithm>

namespace osprey::openssl {

static constexpr std::size_t kBlockSize = 64;

HmacSha256::HmacSha256(std::string_view key) noexcept
{
	unsigned char block[kBlockSize] = {};
	if (key.size() > kBlockSize) {
		/* not the one-shot SHA256(): OpenSSL 3 routes it through EVP */
		SHA256_Init(&inner);
		SHA256_Update(&inner, key.data(), key.size());
		SHA256_Final(block, &inner);
	} else {
		std::copy(key.begin(), key.end(), block);
	}

	unsigned char pad[kBlockSize];
	for (std::size_t i = 0; i < kBlockSize; ++i)
		pad[i] = block[i] ^ 0x36;
	SHA256_Init(&inner);
	SHA256_Update(&inner, pad, kBlockSize);
	for (std::size_t i = 0; i < kBlockSize; ++i)
		pad[i] = block[i] ^ 0x5c;
	SHA256_Init(&outer);
	SHA256_Update(&outer, pad, kBlockSize);
	OPENSSL_cleanse(block, sizeof(block));
	OPENSSL_cleanse(pad, sizeof(pad));
}

HmacSha256::Digest
HmacSha256::Compute(std::string_view message) const noexcept
{
	Digest digest;
	SHA256_CTX ctx = inner;
	SHA256_Update(&ctx, message.data(), message.size());
	SHA256_Final(digest.data(), &ctx);
	ctx = outer;
	SHA256_Update(&ctx, digest.data(), digest.size());
	SHA256_Final(digest.data(), &ctx);
	OPENSSL_cleanse(&ctx, sizeof(ctx));
	return digest;
}

std::string
HmacSha256::HexDigest(std::string_view message) const
{
	const Digest digest = Compute(message);
	std::string hex(kHexSize, '\0');
	ToHex(digest.data(), digest.size(), hex.data());
	return hex;
}

bool
HmacSha256::Verify(std::string_view message, std::string_view signature) const noexcept
{
	if (signature.size() != kHexSize)
		return false;
	const Digest digest = Compute(message);
	char hex[kHexSize];
	ToHex(digest.data(), digest.size(), hex);
	return ConstantTimeEquals({hex, kHexSize}, signature);
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
