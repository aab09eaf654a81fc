#include "lib/openssl/HmacSha256.hxx"

#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <string>
#include <unistd.h>

using namespace osprey::openssl;

namespace {

std::string
Repeat(unsigned char byte, std::size_t n)
{
	return std::string(n, char(byte));
}

/// The digest the openssl command line computes for @p message.
std::string
OpensslHmac(const std::string &hex_key, const std::string &message)
{
	char path[] = "/tmp/osprey-hmac-XXXXXX";
	const int fd = ::mkstemp(path);
	REQUIRE(fd >= 0);
	::close(fd);
	std::ofstream(path, std::ios::binary) << message;
	const std::string command = "openssl dgst -sha256 -mac HMAC -macopt hexkey:" + hex_key +
		" -r " + path;
	FILE *pipe = ::popen(command.c_str(), "r");
	REQUIRE(pipe != nullptr);
	char line[256] = {};
	const bool got = std::fgets(line, sizeof(line), pipe) != nullptr;
	::pclose(pipe);
	::unlink(path);
	REQUIRE(got);
	return std::string(line).substr(0, 64);
}

} // namespace

TEST_CASE("HmacSha256 matches RFC 4231")
{
	std::string key_4;
	for (int i = 1; i <= 25; ++i)
		key_4 += char(i);
	struct Vector {
		std::string key, data, hex;
	};
	const Vector vectors[] = {
		{Repeat(0x0b, 20), "Hi There",
		 "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"},
		{"Jefe", "what do ya want for nothing?",
		 "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"},
		{Repeat(0xaa, 20), Repeat(0xdd, 50),
		 "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"},
		{key_4, Repeat(0xcd, 50),
		 "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"},
		{Repeat(0xaa, 131), "Test Using Larger Than Block-Size Key - Hash Key First",
		 "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"},
		{Repeat(0xaa, 131),
		 "This is a test using a larger than block-size key and a larger than block-size "
		 "data. The key needs to be hashed before being used by the HMAC algorithm.",
		 "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"},
	};
	for (const auto &v : vectors) {
		CAPTURE(v.hex);
		HmacSha256 hmac(v.key);
		CHECK(hmac.HexDigest(v.data) == v.hex);
		// The key survives reuse.
		CHECK(hmac.HexDigest(v.data) == v.hex);
		CHECK(hmac.Verify(v.data, v.hex));
		CHECK(HmacSha256Hex(v.key, v.data) == v.hex);
	}
	// Test case 5 is about truncation: the first 128 bits.
	CHECK(HmacSha256Hex(Repeat(0x0c, 20), "Test With Truncation").starts_with(
		      "a3b6167473100ee06e0c796c2955552b"));
}

TEST_CASE("HmacSha256::Verify accepts only the exact lowercase hex digest")
{
	HmacSha256 hmac("secret");
	const std::string body = R"({"action":"opened"})";
	const std::string good = hmac.HexDigest(body);
	CHECK(hmac.Verify(body, good));
	std::string upper = good;
	for (auto &c : upper)
		c = char(std::toupper(c));
	CHECK_FALSE(hmac.Verify(body, upper));
	CHECK_FALSE(hmac.Verify(body, "sha256=" + good));
	CHECK_FALSE(hmac.Verify(body, good.substr(1)));
	CHECK_FALSE(hmac.Verify(body, ""));
	std::string flipped = good;
	flipped[63] = flipped[63] == '0' ? '1' : '0';
	CHECK_FALSE(hmac.Verify(body, flipped));
	CHECK_FALSE(hmac.Verify(body + " ", good));
	CHECK(ConstantTimeEquals("abc", "abc"));
	CHECK_FALSE(ConstantTimeEquals("abc", "abd"));
	CHECK_FALSE(ConstantTimeEquals("abc", "ab"));
}

TEST_CASE("HmacSha256 agrees with `openssl dgst` on random bodies")
{
	std::mt19937 random(4231);
	/* the first rounds sit on RFC 2104's edges: a key of one block is used
	   as is, one byte more and it is hashed first */
	const std::size_t edges[] = {1, 63, 64, 65, 200};
	for (int round = 0; round < 25; ++round) {
		const std::size_t key_size = round < 5 ? edges[round] : 1 + random() % 100;
		std::string key(key_size, '\0'), body(random() % 5000, '\0');
		for (auto &c : key)
			c = char(random());
		for (auto &c : body)
			c = char(random());
		std::string hex_key(2 * key.size(), '\0');
		ToHex(reinterpret_cast<const unsigned char *>(key.data()), key.size(), hex_key.data());
		CAPTURE(round);
		CHECK(HmacSha256(key).HexDigest(body) == OpensslHmac(hex_key, body));
	}
	// And the spelling a user would type, -hmac with a text key.
	FILE *pipe = ::popen("printf 'hello' | openssl dgst -sha256 -hmac 'my secret' -r", "r");
	REQUIRE(pipe != nullptr);
	char line[256] = {};
	REQUIRE(std::fgets(line, sizeof(line), pipe) != nullptr);
	::pclose(pipe);
	CHECK(HmacSha256Hex("my secret", "hello") == std::string(line).substr(0, 64));
}
