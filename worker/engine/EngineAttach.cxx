// EngineClient: starting a container attached to its output.
//
// Why not "start, then follow the logs": Podman 4 serves a followed log from
// its log file and skips output the container writes in quick bursts (lines
// go missing mid-stream and at exit). Attaching before the start gets the
// output straight from the container's pipes, in order, complete, and with
// back-pressure: a slow reader slows the container down instead of losing
// its output.
#include "EngineClient.hxx"
#include "EngineUrl.hxx"

#include <future>
#include <thread>

namespace osprey {

void
EngineClient::StartAttached(std::string_view id, bool tty, const LogDemuxer::Sink &sink,
			    std::stop_token stop) const
{
	const std::string what = "attaching to container " + std::string(ShortId(id));
	LogDemuxer demuxer(tty, sink);

	/* The attach request blocks this thread until the container's output
	   ends; the start is sent from a helper thread once the attach stream
	   is established. When the start fails, the attach is aborted: it
	   would otherwise wait forever for a container that never runs. */
	std::stop_source abort;
	std::stop_callback forward_stop(stop, [&abort] { abort.request_stop(); });
	std::promise<bool> attached;
	bool promised = false;
	std::exception_ptr start_error;

	auto request = EngineRequest::Post(what, "/containers/" + UrlEscape(id) +
					 "/attach?stream=true&stdout=true&stderr=true");
	request.timeout = {};
	request.stop = abort.get_token();
	request.on_headers = [&](long status) {
		if (!promised) {
			promised = true;
			attached.set_value(status >= 200 && status < 300);
		}
	};

	/* nothing may throw between starting this thread and the try block:
	   the thread must always see the promise fulfilled before the join */
	std::jthread starter([&, future = attached.get_future()]() mutable {
		if (!future.get())
			return;
		try {
			StartContainer(id);
		} catch (...) {
			start_error = std::current_exception();
			abort.request_stop();
		}
	});

	EngineResponse response;
	try {
		response = http.Stream(request, [&demuxer](std::string_view data) {
			demuxer.Feed(data);
		});
	} catch (...) {
		if (!promised)
			attached.set_value(false);
		starter.join();
		if (start_error)
			std::rethrow_exception(start_error);
		throw;
	}

	if (!promised)
		attached.set_value(false);
	starter.join();
	if (start_error)
		std::rethrow_exception(start_error);
	if (!response.IsSuccess())
		ThrowEngineError(what, response);
	demuxer.Finish();
}

} // namespace osprey
