// The management socket's wire protocol (~/.osprey/osprey.sock), shared by
// the supervisor (daemon/control) and the command line (cli/ControlClient).
//
// One connection per request: the client sends one JSON line, the server
// answers one JSON line and closes.
//   {"command":"status"}
//   {"command":"approve"|"ignore"|"cancel","job":"<id>"}
//   {"command":"reload"}
//   {"command":"watch"}   keeps the connection open: WatchProtocol.hxx
// Answers:
//   {"ok":true,"version":...,"pid":...,...}             status (DaemonStatus)
//   {"ok":true,"state":"<state>","by":"<who decided>"}  a decision
//   {"ok":true,"pipelines":N}                           a reload, once it applies
//   {"ok":false,"error":"<human sentence>"}             any refusal
// Who decides is not the client's to say: the server takes the peer's uid
// from the socket (a "by" member sent by an older client is ignored). File
// permissions (0600, the daemon's user) are the authentication.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace osprey::control {

enum class Command { Status, Approve, Ignore, Cancel, Reload, Watch };

/// "status", "approve", "ignore", "cancel", "reload", "watch".
std::string_view Name(Command command) noexcept;

struct Request {
	Command command = Command::Status;
	/** the job's id (decisions only: not status or watch); its shape is the server's to check,
	    so that a bad id is answered "no job <id>" like a missing one */
	std::string job;
};

/// What `osprey status` shows.
struct DaemonStatus {
	std::string version;
	std::int64_t pid = 0;
	/** ISO 8601 UTC */
	std::string started;
	/** the webhook base URL (server.public_url, else http://host:port) */
	std::string listening;
	std::int64_t slots_used = 0, slots_max = 0;
	std::int64_t webhook_pipelines = 0, cron_pipelines = 0, disabled_pipelines = 0;
	/** job counts by state name, in the daemon's order */
	std::vector<std::pair<std::string, std::int64_t>> jobs;
	/** the address the HTTP server listens on, "host:port"; empty from
	    a daemon older than this field */
	std::string address;
	/** jobs waiting for a slot, of container.queue (0 from a daemon
	    older than the queue: it has none) */
	std::int64_t queue_length = 0, queue_max = 0;

	friend bool operator==(const DaemonStatus &, const DaemonStatus &) = default;
};

/// A decision the daemon took.
struct Decided {
	/** the job's state afterwards */
	std::string state;
	/** who decided, as recorded ("alice (uid 1000) from the command
	    line"); empty from a daemon older than this field */
	std::string by;

	friend bool operator==(const Decided &, const Decided &) = default;
};

/// A reload that applies: the configuration on disk is the daemon's now.
struct Reloaded {
	/** enabled pipelines after the reload */
	std::int64_t pipelines = 0;

	friend bool operator==(const Reloaded &, const Reloaded &) = default;
};

/// The daemon's "no": a sentence for the user.
struct Refusal {
	std::string error;

	friend bool operator==(const Refusal &, const Refusal &) = default;
};

/// A line that is not what the protocol says, with what is wrong:
/// "malformed request: missing \"job\"".
struct ProtocolError : std::runtime_error {
	using std::runtime_error::runtime_error;
};

/* Each ToJsonLine() returns one line without its newline. */
std::string ToJsonLine(const Request &request);
std::string ToJsonLine(const DaemonStatus &status);
std::string ToJsonLine(const Decided &decided);
std::string ToJsonLine(const Reloaded &reloaded);
/// The status object alone, without "ok": what `osprey status --json` prints.
std::string ToJson(const DaemonStatus &status);
/// Never throws (it is the answer of last resort).
std::string ToJsonLine(const Refusal &refusal) noexcept;

/// Throws ProtocolError ("malformed request: ..." or "unknown command
/// \"x\" (...)"). Members it does not know are ignored.
Request ParseRequest(std::string_view line);

/// The answer to a status or decision request: the ok kind or a Refusal.
/// Throws ProtocolError ("malformed answer: ...").
std::variant<DaemonStatus, Refusal> ParseStatusAnswer(std::string_view line);
std::variant<Decided, Refusal> ParseDecisionAnswer(std::string_view line);
std::variant<Reloaded, Refusal> ParseReloadAnswer(std::string_view line);

} // namespace osprey::control
