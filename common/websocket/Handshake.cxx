#include "Handshake.hxx"
#include "Random.hxx"
#include "Url.hxx"

#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/evp.h>
#include <openssl/sha.h>

namespace osprey::websocket {

static constexpr std::string_view kGuid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

static std::string
Base64(const unsigned char *data, std::size_t size)
{
	std::string out(4 * ((size + 2) / 3) + 1, '\0'); // EVP_EncodeBlock adds a NUL
	const int n = EVP_EncodeBlock(reinterpret_cast<unsigned char *>(out.data()), data, int(size));
	out.resize(std::size_t(n));
	return out;
}

std::string
NewKey()
{
	unsigned char nonce[16];
	FillRandom(nonce, sizeof(nonce));
	return Base64(nonce, sizeof(nonce));
}

std::string
AcceptFor(std::string_view key)
{
	/* the low-level calls, as common/lib/openssl does: the one-shot SHA1()
	   goes through EVP in OpenSSL 3 */
	SHA_CTX ctx;
	SHA1_Init(&ctx);
	SHA1_Update(&ctx, key.data(), key.size());
	SHA1_Update(&ctx, kGuid.data(), kGuid.size());
	unsigned char digest[SHA_DIGEST_LENGTH];
	SHA1_Final(digest, &ctx);
	return Base64(digest, sizeof(digest));
}

std::string
UpgradeRequest(const Url &url, std::string_view key)
{
	std::string request;
	request.reserve(160 + url.target.size() + url.host.size());
	request += "GET ";
	request += url.target;
	request += " HTTP/1.1\r\nHost: ";
	request += url.HostHeader();
	request += "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ";
	request += key;
	request += "\r\nSec-WebSocket-Version: 13\r\n\r\n";
	return request;
}

} // namespace osprey::websocket
