// What can go wrong when talking to the container engine, as exception
// types a caller can tell apart. Every message starts with what was being
// done ("creating container from image \"x\": ...").
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace osprey {

struct EngineResponse;

/// The engine could not be reached or stopped answering: no socket, nobody
/// listening, permission denied, a timeout, or a connection cut mid-answer.
class EngineUnreachable : public std::runtime_error {
public:
	using std::runtime_error::runtime_error;
};

/// The engine answered with an error status; message() is its own words.
class EngineError : public std::runtime_error {
	long status;
	std::string engine_message;

public:
	EngineError(const std::string &what, long _status, std::string _engine_message)
		: std::runtime_error(what), status(_status),
		  engine_message(std::move(_engine_message)) {}

	long GetStatus() const noexcept { return status; }
	bool IsNotFound() const noexcept { return status == 404; }
	const std::string &GetEngineMessage() const noexcept { return engine_message; }
};

/// The image a job needs is not on the engine (nothing is pulled implicitly).
class ImageNotFound : public std::runtime_error {
public:
	using std::runtime_error::runtime_error;
};

/// A blocking call (wait, log streaming) was cancelled through its stop token.
class EngineCallCancelled : public std::runtime_error {
public:
	using std::runtime_error::runtime_error;
};

/// The engine's error message from a JSON error body ({"message": "..."}),
/// else the body itself, trimmed and shortened.
std::string ExtractEngineMessage(std::string_view body);

/// Throws EngineError "<what>: engine answered <status>: <message>".
[[noreturn]] void ThrowEngineError(std::string_view what, const EngineResponse &response);

} // namespace osprey
