// Splits the engine's container log stream into stdout and stderr.
//
// Without a TTY the engine frames the stream: each frame is an 8-byte header
// (stream type: 0 stdin, 1 stdout, 2 stderr, 3 engine error; three zero bytes;
// big-endian 32-bit payload length) followed by the payload. Frames arrive
// split across reads at arbitrary points; LogDemuxer keeps the partial header
// between Feed() calls and hands payload bytes on as soon as they arrive,
// never buffering a whole frame. With a TTY the stream is raw: everything is
// stdout.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace osprey {

enum class LogStream : std::uint8_t { kStdout = 1, kStderr = 2 };

class LogDemuxer {
public:
	/// Receives payload bytes in order. May throw; the exception propagates
	/// out of Feed().
	using Sink = std::function<void(LogStream, std::string_view)>;

private:
	Sink sink;
	bool raw;

	unsigned char header[8];
	std::size_t header_fill = 0;
	/// Payload bytes still due in the current frame.
	std::uint32_t remaining = 0;
	std::uint8_t stream_type = 0;
	/// Collects an engine error frame (type 3), reported when complete.
	std::string engine_error;

public:
	LogDemuxer(bool _raw, Sink _sink) : sink(std::move(_sink)), raw(_raw) {}

	/// Throws std::runtime_error on a malformed stream (unknown stream
	/// type) or when the engine reports an error inside the stream.
	void Feed(std::string_view data);

	/// To be called at the end of the stream: throws std::runtime_error
	/// when it ended inside a frame.
	void Finish() const;

private:
	void EndOfFrame();
};

/// A sink that writes stdout payload to @p out_fd and stderr payload to
/// @p err_fd (which may be the same descriptor, e.g. output.log), blocking
/// until all is written. Throws std::system_error when a write fails. The
/// descriptors remain owned by the caller.
LogDemuxer::Sink WriteToFds(int out_fd, int err_fd);

} // namespace osprey
