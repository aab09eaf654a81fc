#include "websocket/CloseCode.hxx"
#include "websocket/Frame.hxx"

#include <doctest/doctest.h>

#include <string>

using namespace osprey::websocket;

static std::string
Bytes(std::initializer_list<unsigned> bytes)
{
	std::string s;
	for (const unsigned b : bytes)
		s += char(b);
	return s;
}

TEST_CASE("AppendFrame")
{
	SUBCASE("RFC 6455 section 5.7's examples") {
		std::string out;
		AppendFrame(out, Opcode::kText, "Hello", true, std::nullopt);
		CHECK(out == Bytes({0x81, 0x05, 0x48, 0x65, 0x6c, 0x6c, 0x6f}));
		out.clear();
		AppendFrame(out, Opcode::kText, "Hello", true, MaskKey{0x37, 0xfa, 0x21, 0x3d});
		CHECK(out == Bytes({0x81, 0x85, 0x37, 0xfa, 0x21, 0x3d, 0x7f, 0x9f, 0x4d, 0x51, 0x58}));
		out.clear();
		AppendFrame(out, Opcode::kText, "Hel", false, std::nullopt);
		AppendFrame(out, Opcode::kContinuation, "lo", true, std::nullopt);
		CHECK(out == Bytes({0x01, 0x03, 0x48, 0x65, 0x6c, 0x80, 0x02, 0x6c, 0x6f}));
		out.clear();
		AppendFrame(out, Opcode::kBinary, std::string(256, 'x'), true, std::nullopt);
		CHECK(out.substr(0, 4) == Bytes({0x82, 0x7e, 0x01, 0x00}));
		CHECK(out.size() == 4 + 256);
		out.clear();
		AppendFrame(out, Opcode::kBinary, std::string(65536, 'x'), true, std::nullopt);
		CHECK(out.substr(0, 10) == Bytes({0x82, 0x7f, 0, 0, 0, 0, 0, 1, 0, 0}));
		CHECK(out.size() == 10 + 65536);
	}
	SUBCASE("the length's form changes at 126 and 65536") {
		struct Case { std::size_t size; std::size_t header; };
		for (const Case c : {Case{0, 2}, Case{125, 2}, Case{126, 4},
				     Case{65535, 4}, Case{65536, 10}}) {
			CAPTURE(c.size);
			std::string out;
			AppendClientFrame(out, Opcode::kText, std::string(c.size, 'a'));
			CHECK(out.size() == c.header + 4 + c.size);
			CHECK((std::uint8_t(out[1]) & 0x80) != 0);
		}
	}
	SUBCASE("client frames get a fresh mask each") {
		std::string a, b;
		AppendClientFrame(a, Opcode::kText, "same payload, different bytes");
		AppendClientFrame(b, Opcode::kText, "same payload, different bytes");
		CHECK(a != b); // 2^-32 chance of a false failure
	}
}

TEST_CASE("ApplyMask")
{
	std::string data = "a payload long enough to wrap the mask";
	const std::string original = data;
	const MaskKey mask{1, 2, 3, 4};
	ApplyMask(data.data(), data.size(), mask);
	CHECK(data != original);
	/* unmasking in two pieces at an odd offset gives the same back */
	ApplyMask(data.data(), 7, mask);
	ApplyMask(data.data() + 7, data.size() - 7, mask, 7);
	CHECK(data == original);
}

TEST_CASE("close payload")
{
	CHECK(ClosePayload(1000, "bye") == Bytes({0x03, 0xe8, 'b', 'y', 'e'}));
	CHECK(ClosePayload(kCloseNoStatus, "ignored").empty());

	const CloseFrame close = ParseClosePayload(ClosePayload(4000, "going"));
	CHECK(close.code == 4000);
	CHECK(close.reason == "going");
	CHECK(ParseClosePayload("").code == kCloseNoStatus);

	CHECK_THROWS_WITH_AS(ParseClosePayload("\x03"),
			     "the server's close frame has a one-byte payload", ProtocolError);
	for (const std::uint16_t bad : {0, 999, 1004, 1005, 1006, 1015, 1016, 2999, 5000}) {
		CAPTURE(bad);
		try {
			ParseClosePayload(std::string{char(bad >> 8), char(bad & 0xff)});
			FAIL("accepted");
		} catch (const ProtocolError &e) {
			CHECK(e.code() == kCloseProtocolError);
			CHECK(std::string(e.what()) == "the server's close frame has code " +
			      std::to_string(bad) + ", which no endpoint may send");
		}
	}
	try {
		ParseClosePayload(ClosePayload(1000, "\xff"));
		FAIL("accepted");
	} catch (const ProtocolError &e) {
		CHECK(e.code() == kCloseInvalidPayload);
		CHECK(std::string(e.what()) == "the server's close reason is not UTF-8");
	}
}
