#include "websocket/CloseCode.hxx"
#include "websocket/MessageAssembler.hxx"

#include <doctest/doctest.h>

#include <string>

using namespace osprey::websocket;

static Frame
F(Opcode opcode, std::string payload, bool fin = true)
{
	return {opcode, fin, std::move(payload)};
}

/// The ProtocolError adding @p frames throws, as "code: message".
static std::string
ErrorOf(std::initializer_list<Frame> frames, std::size_t max = 100)
{
	MessageAssembler assembler(max);
	try {
		for (Frame frame : frames)
			assembler.Add(std::move(frame));
	} catch (const ProtocolError &e) {
		return std::to_string(e.code()) + ": " + e.what();
	}
	return "no error";
}

TEST_CASE("MessageAssembler")
{
	MessageAssembler assembler(10);

	SUBCASE("whole messages") {
		auto text = assembler.Add(F(Opcode::kText, "héllo"));
		REQUIRE(text);
		CHECK_FALSE(text->binary);
		CHECK(text->data == "héllo");
		auto binary = assembler.Add(F(Opcode::kBinary, std::string("\xff\x00", 2)));
		REQUIRE(binary);
		CHECK(binary->binary);
		auto empty = assembler.Add(F(Opcode::kText, ""));
		REQUIRE(empty);
		CHECK(empty->data.empty());
	}
	SUBCASE("fragments, a UTF-8 sequence split between them") {
		CHECK_FALSE(assembler.Add(F(Opcode::kText, "h\xc3", false)));
		CHECK_FALSE(assembler.Add(F(Opcode::kContinuation, "", false)));
		auto message = assembler.Add(F(Opcode::kContinuation, "\xa9llo"));
		REQUIRE(message);
		CHECK(message->data == "héllo");
		/* and the next message starts afresh */
		CHECK_FALSE(assembler.Add(F(Opcode::kBinary, "12345", false)));
		message = assembler.Add(F(Opcode::kContinuation, "67890"));
		REQUIRE(message);
		CHECK(message->binary);
		CHECK(message->data == "1234567890");
	}
}

TEST_CASE("MessageAssembler errors")
{
	CHECK(ErrorOf({F(Opcode::kContinuation, "x")}) ==
	      "1002: the server sent a continuation frame with no message to continue");
	CHECK(ErrorOf({F(Opcode::kText, "a"), F(Opcode::kContinuation, "b")}) ==
	      "1002: the server sent a continuation frame with no message to continue");
	CHECK(ErrorOf({F(Opcode::kText, "a", false), F(Opcode::kBinary, "b")}) ==
	      "1002: the server began a new message before finishing the last");
	CHECK(ErrorOf({F(Opcode::kText, "\xc3\x28")}) ==
	      "1007: the server sent a text message that is not UTF-8");
	CHECK(ErrorOf({F(Opcode::kText, "\xed\xa0\x80")}) ==
	      "1007: the server sent a text message that is not UTF-8");
	CHECK(ErrorOf({F(Opcode::kText, "ab\xc3", false), F(Opcode::kContinuation, "")}) ==
	      "1007: the server sent a text message that is not UTF-8");
	CHECK(ErrorOf({F(Opcode::kBinary, std::string(4, 'x'), false),
		       F(Opcode::kContinuation, std::string(3, 'x'), false),
		       F(Opcode::kContinuation, std::string(3, 'x'))}, 10) == "no error");
	CHECK(ErrorOf({F(Opcode::kBinary, std::string(4, 'x'), false),
		       F(Opcode::kContinuation, std::string(3, 'x'), false),
		       F(Opcode::kContinuation, std::string(4, 'x'))}, 10) ==
	      "1009: the server sent a message over the limit of 10 bytes");
	CHECK(ErrorOf({F(Opcode::kText, std::string(11, 'x'))}, 10) ==
	      "1009: the server sent a message over the limit of 10 bytes");
}
