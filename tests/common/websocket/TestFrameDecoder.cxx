#include "websocket/CloseCode.hxx"
#include "websocket/FrameDecoder.hxx"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace osprey::websocket;
using namespace std::literals;

namespace {

struct Sample {
	Opcode opcode;
	bool fin;
	std::string payload;
};

std::string
Payload(std::size_t size)
{
	std::string s(size, '\0');
	for (std::size_t i = 0; i < size; ++i)
		s[i] = char(i * 7 + 3);
	return s;
}

std::string
Encode(const std::vector<Sample> &samples, bool masked)
{
	std::string out;
	for (const auto &s : samples) {
		if (masked)
			AppendClientFrame(out, s.opcode, s.payload, s.fin);
		else
			AppendFrame(out, s.opcode, s.payload, s.fin, std::nullopt);
	}
	return out;
}

void
Drain(FrameDecoder &decoder, std::vector<Frame> &into)
{
	while (auto frame = decoder.Next())
		into.push_back(std::move(*frame));
}

void
CheckSame(const std::vector<Frame> &got, const std::vector<Sample> &want)
{
	REQUIRE(got.size() == want.size());
	for (std::size_t i = 0; i < want.size(); ++i) {
		CAPTURE(i);
		CHECK(got[i].opcode == want[i].opcode);
		CHECK(got[i].fin == want[i].fin);
		CHECK(got[i].payload == want[i].payload);
	}
}

/// The ProtocolError decoding @p bytes throws, as "code: message".
std::string
ErrorOf(std::string_view bytes, std::uint64_t max = 1 << 20)
{
	FrameDecoder decoder(false, max);
	decoder.Feed(bytes);
	try {
		while (decoder.Next()) {}
	} catch (const ProtocolError &e) {
		return std::to_string(e.code()) + ": " + e.what();
	}
	return "no error";
}

} // namespace

TEST_CASE("FrameDecoder")
{
	const std::vector<Sample> small = {
		{Opcode::kText, true, ""},
		{Opcode::kBinary, true, Payload(1)},
		{Opcode::kPing, true, Payload(125)},
		{Opcode::kText, false, Payload(126)},
		{Opcode::kPong, true, ""},
		{Opcode::kContinuation, true, Payload(300)},
		{Opcode::kClose, true, "\x03\xe8"},
	};
	for (const bool masked : {false, true}) {
		CAPTURE(masked);
		const std::string bytes = Encode(small, masked);

		SUBCASE("split in two at every byte position") {
			for (std::size_t cut = 0; cut <= bytes.size(); ++cut) {
				CAPTURE(cut);
				FrameDecoder decoder(masked, 1 << 20);
				std::vector<Frame> frames;
				decoder.Feed(std::string_view(bytes).substr(0, cut));
				Drain(decoder, frames);
				decoder.Feed(std::string_view(bytes).substr(cut));
				Drain(decoder, frames);
				CheckSame(frames, small);
				CHECK(decoder.Buffered() == 0);
			}
		}
		SUBCASE("byte by byte, with 16- and 64-bit lengths") {
			const std::vector<Sample> big = {
				{Opcode::kBinary, true, Payload(65535)},
				{Opcode::kText, true, Payload(65536)},
				{Opcode::kBinary, true, Payload(3)},
			};
			const std::string big_bytes = Encode(big, masked);
			FrameDecoder decoder(masked, 1 << 20);
			std::vector<Frame> frames;
			for (const char c : big_bytes) {
				decoder.Feed({&c, 1});
				Drain(decoder, frames);
			}
			CheckSame(frames, big);
		}
	}
}

TEST_CASE("FrameDecoder errors")
{
	CHECK(ErrorOf("\xc1\x00"sv) == "1002: the server set a reserved bit in a frame header");
	CHECK(ErrorOf("\x91\x00"sv) == "1002: the server set a reserved bit in a frame header");
	CHECK(ErrorOf("\xa1\x00"sv) == "1002: the server set a reserved bit in a frame header");
	CHECK(ErrorOf("\x83\x00"sv) == "1002: the server sent a frame with the reserved opcode 3");
	CHECK(ErrorOf("\x8b\x00"sv) == "1002: the server sent a frame with the reserved opcode 11");
	CHECK(ErrorOf("\x81\x80\x00\x00\x00\x00"sv) ==
	      "1002: the server sent a masked frame");
	CHECK(ErrorOf("\x09\x00"sv) == "1002: the server fragmented a control frame");
	CHECK(ErrorOf("\x89\x7e\x00\x7e"sv) == "1002: the server sent a control frame of over 125 bytes");
	CHECK(ErrorOf("\x82\x7f\x80\x00\x00\x00\x00\x00\x00\x00"sv) ==
	      "1002: the server sent a frame length with its top bit set");

	SUBCASE("a frame over the limit is refused from its header alone") {
		std::string header;
		AppendFrame(header, Opcode::kBinary, std::string(1001, 'x'), true, std::nullopt);
		header.resize(4);
		CHECK(ErrorOf(header, 1000) ==
		      "1009: the server sent a frame of 1001 bytes, over the limit of 1000");
		AppendFrame(header, Opcode::kBinary, std::string(1000, 'x'), true, std::nullopt);
		CHECK(ErrorOf(header.substr(4), 1000) == "no error");
	}
	SUBCASE("a client frame must be masked") {
		FrameDecoder decoder(true, 100);
		decoder.Feed("\x81\x00"sv);
		CHECK_THROWS_WITH_AS(decoder.Next(), "the client sent an unmasked frame", ProtocolError);
	}
}
