// The management socket's subscription: {"command":"watch"} keeps the
// connection open and the daemon pushes one line per change of a job's
// record, so a dashboard follows the daemon without polling it.
//
//   client: {"command":"watch"}
//   server: {"ok":true,"watching":true}            at once (or a Refusal)
//   server: {"event":"job","job":{<job.json>}}      per durable change, in order
//
// The record is job.json's object as the daemon just wrote it. The stream
// has no end: the client closes when it is done; the daemon closes when it
// stops, or drops a watcher that does not read what it is sent.
#pragma once

#include "ControlProtocol.hxx"

#include <string>
#include <string_view>
#include <variant>

namespace osprey::control {

/// The daemon accepted the subscription.
struct Watching {
	friend bool operator==(const Watching &, const Watching &) = default;
};

/// One job's record changed.
struct JobChanged {
	/** job.json's object, compact JSON (ParseJobRecord() reads it) */
	std::string record;

	friend bool operator==(const JobChanged &, const JobChanged &) = default;
};

std::string ToJsonLine(const Watching &watching);
/// Throws ProtocolError when @p changed.record is not a JSON object.
std::string ToJsonLine(const JobChanged &changed);

/// The first line after a watch request. Throws ProtocolError.
std::variant<Watching, Refusal> ParseWatchAnswer(std::string_view line);

/// Any later line. Throws ProtocolError ("malformed event: ...").
JobChanged ParseWatchEvent(std::string_view line);

} // namespace osprey::control
