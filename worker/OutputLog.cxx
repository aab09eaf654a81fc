#include "OutputLog.hxx"

#include <cerrno>
#include <fcntl.h>
#include <system_error>
#include <unistd.h>

namespace osprey {

OutputLog::OutputLog(const std::string &path, std::uint64_t _limit)
	: fd(::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0644)),
	  limit(_limit)
{
	if (!fd.IsDefined())
		throw std::system_error(errno, std::system_category(), "opening " + path);
}

OutputLog::~OutputLog() noexcept
{
	Flush();
}

void
OutputLog::Emit(std::string_view data)
{
	if (written >= limit)
		return;
	const bool truncating = data.size() > limit - written;
	if (truncating)
		data = data.substr(0, limit - written);
	auto write = WriteToFds(fd.Get(), fd.Get());
	write(LogStream::kStdout, data);
	written += data.size();
	if (truncating || written >= limit) {
		written = limit;
		write(LogStream::kStdout, "\n[osprey: output truncated after " + std::to_string(limit) +
						  " bytes]\n");
	}
}

void
OutputLog::Write(LogStream stream, std::string_view data)
{
	std::string &rest = partial[stream == LogStream::kStderr ? 1 : 0];
	const auto newline = data.rfind('\n');
	if (newline == std::string_view::npos) {
		rest.append(data);
		if (rest.size() >= kMaxPartialLine) {
			Emit(rest);
			rest.clear();
		}
		return;
	}
	if (rest.empty()) {
		Emit(data.substr(0, newline + 1));
	} else {
		rest.append(data.substr(0, newline + 1));
		Emit(rest);
	}
	rest.assign(data.substr(newline + 1));
}

void
OutputLog::Flush() noexcept
{
	for (auto &rest : partial) {
		try {
			if (!rest.empty())
				Emit(rest);
		} catch (...) {
			/* a log we cannot write loses its last words */
		}
		rest.clear();
	}
}

} // namespace osprey
