#include "WorkerLog.hxx"
#include "workspace/GitInput.hxx"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <unistd.h>

namespace osprey {

static void
WriteAll(int fd, std::string_view data) noexcept
{
	while (!data.empty()) {
		const ssize_t n = ::write(fd, data.data(), data.size());
		if (n <= 0)
			return; // a log that cannot be written is no reason to fail the job
		data.remove_prefix(static_cast<std::size_t>(n));
	}
}

static std::string
Timestamp()
{
	const auto now = std::chrono::system_clock::now();
	const std::time_t t = std::chrono::system_clock::to_time_t(now);
	const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
		now.time_since_epoch()).count() % 1000;
	std::tm tm;
	gmtime_r(&t, &tm);
	char buffer[64];
	std::snprintf(buffer, sizeof(buffer), "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ",
		      tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min,
		      tm.tm_sec, static_cast<int>(ms));
	return buffer;
}

void
WorkerLog::Line(std::string_view text) noexcept
{
	try {
		std::string line = Timestamp() + " osprey-worker: " + prefix +
			StripCredentials(text) + "\n";
		const std::lock_guard lock(mutex);
		WriteAll(fd, line);
	} catch (...) {
	}
}

void
WorkerLog::Output(std::string_view text) noexcept
{
	try {
		std::string out;
		std::size_t start = 0;
		while (start < text.size()) {
			auto end = text.find('\n', start);
			if (end == std::string_view::npos)
				end = text.size();
			out += "    | " + StripCredentials(text.substr(start, end - start)) + "\n";
			start = end + 1;
		}
		const std::lock_guard lock(mutex);
		WriteAll(fd, out);
	} catch (...) {
	}
}

} // namespace osprey
