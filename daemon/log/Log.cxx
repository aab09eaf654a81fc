#include "Log.hxx"
#include "json/Quote.hxx"
#include "time/Iso8601.hxx"

#include <chrono>
#include <cstdio>

namespace osprey::daemon {

static LogFormat format = LogFormat::Logfmt;
static bool debug = false;

void
SetLogVerbosity(LogVerbosity verbosity) noexcept
{
	debug = verbosity == LogVerbosity::Debug;
}

bool
LogsDebug() noexcept
{
	return debug;
}

void
SetLogFormat(LogFormat f) noexcept
{
	format = f;
}

static std::string_view
LevelName(LogLevel level) noexcept
{
	switch (level) {
	case LogLevel::Debug: return "debug";
	case LogLevel::Info: return "info";
	case LogLevel::Warning: return "warning";
	case LogLevel::Error: return "error";
	}
	return "?";
}

/* logfmt: bare when safe, else quoted with \" and \\ escaped */
static void
AppendLogfmtValue(std::string &out, std::string_view v)
{
	const bool bare = !v.empty() && v.find_first_of(" =\"\\\t\r\n") == v.npos;
	if (bare) {
		out += v;
		return;
	}
	out += '"';
	for (const char c : v) {
		if (c == '"' || c == '\\')
			out += '\\';
		if (c == '\n')
			out += "\\n";
		else if (c != '\r')
			out += c;
	}
	out += '"';
}

void
Log(LogLevel level, std::string_view message, std::initializer_list<LogField> fields)
{
	if (level == LogLevel::Debug && !debug)
		return;
	const auto time = FormatIso8601Utc(std::chrono::system_clock::now());
	std::string line;
	if (format == LogFormat::Json) {
		line = "{\"time\":";
		json::AppendQuoted(line, time);
		line += ",\"level\":";
		json::AppendQuoted(line, LevelName(level));
		line += ",\"msg\":";
		json::AppendQuoted(line, message);
		for (const auto &f : fields) {
			line += ',';
			json::AppendQuoted(line, f.key);
			line += ':';
			json::AppendQuoted(line, f.value);
		}
		line += "}\n";
	} else {
		line = "time=" + time + " level=" + std::string(LevelName(level)) + " msg=";
		AppendLogfmtValue(line, message);
		for (const auto &f : fields) {
			line += ' ';
			line += f.key;
			line += '=';
			AppendLogfmtValue(line, f.value);
		}
		line += '\n';
	}
	/* one write per line, so lines from several sources never interleave */
	std::fwrite(line.data(), 1, line.size(), stderr);
	std::fflush(stderr);
}

} // namespace osprey::daemon
