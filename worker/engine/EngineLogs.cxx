// EngineClient: reading a container's logged output.
#include "EngineClient.hxx"
#include "EngineUrl.hxx"

namespace osprey {

void
EngineClient::StreamLogs(std::string_view id, bool follow, const LogDemuxer::Sink &sink,
			 std::stop_token stop) const
{
	const std::string what = "reading the output of container " + std::string(ShortId(id));

	/* a TTY container's stream is raw, any other is framed; Engine API
	   1.41 does not say which in the answer, so ask first */
	LogDemuxer demuxer(InspectContainer(id).tty, sink);

	auto request = EngineRequest::Get(what, "/containers/" + UrlEscape(id) +
					"/logs?stdout=true&stderr=true&follow=" +
					(follow ? "true" : "false"));
	request.timeout = {};
	request.stop = std::move(stop);
	const auto response = http.Stream(request, [&demuxer](std::string_view data) {
		demuxer.Feed(data);
	});
	if (!response.IsSuccess())
		ThrowEngineError(what, response);
	demuxer.Finish();
}

} // namespace osprey
