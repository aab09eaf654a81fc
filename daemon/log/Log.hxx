// The daemon's log: one line per event on stderr, logfmt by default or JSON
// (log.format), always with the pipeline and job it concerns. Never a secret:
// callers pass names, ids and reasons, not values from .env files.
#pragma once

#include "config/Names.hxx"

#include <initializer_list>
#include <string>
#include <string_view>

namespace osprey::daemon {

enum class LogLevel { Debug, Info, Warning, Error };

struct LogField {
	std::string_view key;
	std::string_view value;
};

void SetLogFormat(LogFormat format) noexcept;
/// Debug lines are dropped unless @p verbosity is Debug (log.level).
void SetLogVerbosity(LogVerbosity verbosity) noexcept;
bool LogsDebug() noexcept;

/// time=... level=info msg="..." key=value ...
void Log(LogLevel level, std::string_view message, std::initializer_list<LogField> fields = {});

inline void LogDebug(std::string_view m, std::initializer_list<LogField> f = {}) { Log(LogLevel::Debug, m, f); }
inline void LogInfo(std::string_view m, std::initializer_list<LogField> f = {}) { Log(LogLevel::Info, m, f); }
inline void LogWarning(std::string_view m, std::initializer_list<LogField> f = {}) { Log(LogLevel::Warning, m, f); }
inline void LogError(std::string_view m, std::initializer_list<LogField> f = {}) { Log(LogLevel::Error, m, f); }

} // namespace osprey::daemon
