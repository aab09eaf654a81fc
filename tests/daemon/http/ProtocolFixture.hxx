// Test helper: an HttpConnectionProtocol fed by hand, with its handler.
#pragma once

#include "RecordingHandler.hxx"
#include "ResponseReader.hxx"
#include "http/HttpConnectionProtocol.hxx"

#include <string_view>
#include <vector>

namespace osprey::http::test {

struct ProtocolFixture {
	HttpLimits limits;
	RecordingHandler handler;
	HttpStats stats;
	HttpConnectionProtocol protocol{handler, limits, stats};

	std::vector<ParsedResponse> Feed(std::string_view bytes) {
		protocol.Feed(bytes);
		return TakeAllResponses(protocol.Output());
	}
};

} // namespace osprey::http::test
