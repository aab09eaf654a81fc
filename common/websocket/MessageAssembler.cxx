#include "MessageAssembler.hxx"
#include "CloseCode.hxx"
#include "json/Utf8.hxx"

#include <cassert>
#include <utility>

namespace osprey::websocket {

static Message
Finish(Opcode opcode, std::string &&data)
{
	const bool binary = opcode == Opcode::kBinary;
	if (!binary && !json::IsValidUtf8(data))
		throw ProtocolError(kCloseInvalidPayload, "the server sent a text message that is not UTF-8");
	return {binary, std::move(data)};
}

std::optional<Message>
MessageAssembler::Add(Frame &&frame)
{
	assert(!IsControl(frame.opcode));
	const bool open = fragmented != Opcode::kContinuation;
	const bool continuation = frame.opcode == Opcode::kContinuation;
	if (continuation && !open)
		throw ProtocolError(kCloseProtocolError,
				    "the server sent a continuation frame with no message to continue");
	if (!continuation && open)
		throw ProtocolError(kCloseProtocolError,
				    "the server began a new message before finishing the last");
	if (frame.payload.size() > max_size - (continuation ? partial.size() : 0))
		throw ProtocolError(kCloseMessageTooBig,
				    "the server sent a message over the limit of " +
				    std::to_string(max_size) + " bytes");

	if (continuation) {
		partial += frame.payload;
		if (!frame.fin)
			return std::nullopt;
		const Opcode opcode = fragmented;
		fragmented = Opcode::kContinuation;
		return Finish(opcode, std::exchange(partial, {}));
	}

	if (frame.fin)
		return Finish(frame.opcode, std::move(frame.payload));
	fragmented = frame.opcode;
	partial = std::move(frame.payload);
	return std::nullopt;
}

} // namespace osprey::websocket
