// Human-readable progress lines on stderr, which the supervisor appends to
// the job's worker.log. Every line passes through StripCredentials(); secret
// values (the job's environment) are never handed to it. Thread-safe.
#pragma once

#include <mutex>
#include <string>
#include <string_view>

namespace osprey {

class WorkerLog {
	int fd;
	std::string prefix;
	std::mutex mutex;

public:
	explicit WorkerLog(int _fd = 2) noexcept : fd(_fd) {}

	void SetJob(std::string_view job_id) { prefix = "job " + std::string(job_id) + ": "; }

	/// "2026-11-22T00:35:01.123Z osprey-worker: job J: <text>\n"
	void Line(std::string_view text) noexcept;

	/// Raw output of a child (git), passed through line by line with an
	/// indent; credentials stripped.
	void Output(std::string_view text) noexcept;

	int GetFd() const noexcept { return fd; }
};

} // namespace osprey
