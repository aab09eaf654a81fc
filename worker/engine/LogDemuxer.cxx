#include "LogDemuxer.hxx"
#include "util/File.hxx"

#include <algorithm>
#include <stdexcept>

namespace osprey {

/* stream types; stdin (0) frames only appear with an attached stdin and
   are passed on as stdout */
static constexpr std::uint8_t kStderrType = 2, kSystemErr = 3;

void
LogDemuxer::Feed(std::string_view data)
{
	if (raw) {
		if (!data.empty())
			sink(LogStream::kStdout, data);
		return;
	}

	while (!data.empty()) {
		if (remaining == 0 && header_fill < sizeof(header)) {
			const std::size_t n = std::min(sizeof(header) - header_fill, data.size());
			std::copy_n(data.begin(), n, header + header_fill);
			header_fill += n;
			data.remove_prefix(n);
			if (header_fill < sizeof(header))
				return;

			stream_type = header[0];
			if (stream_type > kSystemErr)
				throw std::runtime_error("malformed log stream: unknown stream type " +
							 std::to_string(stream_type));
			remaining = (std::uint32_t(header[4]) << 24) | (std::uint32_t(header[5]) << 16) |
				(std::uint32_t(header[6]) << 8) | std::uint32_t(header[7]);
			if (remaining == 0) {
				EndOfFrame();
				continue;
			}
			if (data.empty())
				return;
		}

		const std::size_t n = std::min<std::size_t>(remaining, data.size());
		const std::string_view payload = data.substr(0, n);
		data.remove_prefix(n);
		remaining -= static_cast<std::uint32_t>(n);

		if (stream_type == kSystemErr)
			engine_error.append(payload);
		else
			sink(stream_type == kStderrType ? LogStream::kStderr : LogStream::kStdout,
			     payload);

		if (remaining == 0)
			EndOfFrame();
	}
}

void
LogDemuxer::EndOfFrame()
{
	header_fill = 0;
	if (stream_type == kSystemErr)
		throw std::runtime_error("the engine reported an error in the log stream: " +
					 engine_error);
}

void
LogDemuxer::Finish() const
{
	if (!raw && (header_fill > 0 || remaining > 0))
		throw std::runtime_error("log stream ended inside a frame");
}

LogDemuxer::Sink
WriteToFds(int out_fd, int err_fd)
{
	return [out_fd, err_fd](LogStream stream, std::string_view data) {
		/* static: no string built for every chunk of output */
		static const std::string what = "container output";
		WriteAll(stream == LogStream::kStderr ? err_fd : out_fd, data, what);
	};
}

} // namespace osprey
