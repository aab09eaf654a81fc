// <job_dir>/output.log: the container's stdout and stderr in one file.
//
// The engine hands the two streams over in chunks that end anywhere, so
// writing chunks as they come would let a stderr line land in the middle of
// a stdout line. Each stream is therefore written a whole line at a time
// (a partial line waits for its end, up to 64 KiB). And a runaway agent must
// not fill the disk: past the limit one notice is written and the rest is
// dropped, still read so the container never blocks on its output.
#pragma once

#include "engine/LogDemuxer.hxx"
#include "lib/posix/UniqueFd.hxx"

#include <cstdint>
#include <string>
#include <string_view>

namespace osprey {

/// The most container output output.log takes per job.
inline constexpr std::uint64_t kOutputLimit = std::uint64_t(256) << 20;

class OutputLog {
	UniqueFd fd;
	const std::uint64_t limit;
	std::uint64_t written = 0;
	/** the unfinished line of stdout and of stderr */
	std::string partial[2];

public:
	static constexpr std::size_t kMaxPartialLine = 64 << 10;

	/// Opens @p path for appending. Throws std::system_error.
	explicit OutputLog(const std::string &path, std::uint64_t limit = kOutputLimit);
	/// Flushes what is left.
	~OutputLog() noexcept;

	OutputLog(const OutputLog &) = delete;
	OutputLog &operator=(const OutputLog &) = delete;

	/// Takes output of @p stream; writes its complete lines. Throws
	/// std::system_error when writing fails.
	void Write(LogStream stream, std::string_view data);

	/// Writes the unfinished lines too (the output ended).
	void Flush() noexcept;

	/// A LogDemuxer sink writing here; @p this must outlive it.
	LogDemuxer::Sink Sink() {
		return [this](LogStream stream, std::string_view data) { Write(stream, data); };
	}

private:
	void Emit(std::string_view data);
};

} // namespace osprey
