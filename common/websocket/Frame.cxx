#include "Frame.hxx"
#include "CloseCode.hxx"
#include "Random.hxx"
#include "json/Utf8.hxx"

namespace osprey::websocket {

void
ApplyMask(char *data, std::size_t size, const MaskKey &mask, std::size_t offset) noexcept
{
	for (std::size_t i = 0; i < size; ++i)
		data[i] = char(std::uint8_t(data[i]) ^ mask[(offset + i) & 3]);
}

void
AppendFrame(std::string &out, Opcode opcode, std::string_view payload, bool fin,
	    const std::optional<MaskKey> &mask)
{
	const std::uint8_t mask_bit = mask ? 0x80 : 0;
	out += char((fin ? 0x80 : 0) | std::uint8_t(opcode));
	const std::uint64_t size = payload.size();
	if (size < 126) {
		out += char(mask_bit | size);
	} else if (size <= 0xffff) {
		out += char(mask_bit | 126);
		out += char(size >> 8);
		out += char(size);
	} else {
		out += char(mask_bit | 127);
		for (int shift = 56; shift >= 0; shift -= 8)
			out += char(size >> shift);
	}
	if (!mask) {
		out += payload;
		return;
	}
	out.append(reinterpret_cast<const char *>(mask->data()), mask->size());
	const std::size_t start = out.size();
	out += payload;
	ApplyMask(out.data() + start, payload.size(), *mask);
}

void
AppendClientFrame(std::string &out, Opcode opcode, std::string_view payload, bool fin)
{
	MaskKey mask;
	FillRandom(mask.data(), mask.size());
	AppendFrame(out, opcode, payload, fin, mask);
}

std::string
ClosePayload(std::uint16_t code, std::string_view reason)
{
	if (code == kCloseNoStatus)
		return {};
	std::string payload;
	payload += char(code >> 8);
	payload += char(code & 0xff);
	payload += reason;
	return payload;
}

CloseFrame
ParseClosePayload(std::string_view payload)
{
	if (payload.empty())
		return {kCloseNoStatus, {}};
	if (payload.size() == 1)
		throw ProtocolError(kCloseProtocolError, "the server's close frame has a one-byte payload");
	const auto code = std::uint16_t(std::uint8_t(payload[0]) << 8 | std::uint8_t(payload[1]));
	if (!IsSendableCloseCode(code))
		throw ProtocolError(kCloseProtocolError,
				    "the server's close frame has code " + std::to_string(code) +
				    ", which no endpoint may send");
	const std::string_view reason = payload.substr(2);
	if (!json::IsValidUtf8(reason))
		throw ProtocolError(kCloseInvalidPayload, "the server's close reason is not UTF-8");
	return {code, std::string(reason)};
}

} // namespace osprey::websocket
