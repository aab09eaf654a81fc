// A client for the Docker Engine API (v1.41) on a unix socket; Podman's
// compatible service works the same. It covers what a job needs: check the
// image, create/start/wait/stop/remove one container, stream its output, and
// find containers by label for cleanup.
//
// Errors: every call throws a std::runtime_error whose message starts with
// what was being done. The type tells the cause: EngineUnreachable (socket
// missing, nobody listening, timeout), EngineError (the engine said no; its
// status and message are kept), ImageNotFound, EngineCallCancelled. A spec
// the engine would reject is std::invalid_argument before anything is sent.
//
// Threads: the methods are const and each uses its own connection, so one
// EngineClient may serve several threads at once. Construct a CurlGlobal in
// main() before using it from threads.
//
// A job's container, in short:
//
//	EngineClient engine(socket_path);
//	engine.RequireImage(spec.image, "osprey image build claude-code");
//	const std::string id = engine.CreateContainer(spec); // labelled kJobLabel=<job>
//	engine.StartAttached(id, spec.tty, WriteToFds(log_fd, log_fd)); // returns once it exited
//	const int status = engine.WaitContainer(id);
//	engine.RemoveContainer(id);
//
// On the deadline, from another thread: engine.StopContainer(id, grace);
// StartAttached() then returns as the container ends. Cleanup after a crash:
// ListContainers({std::string(kJobLabel) + "=" + job}), RemoveContainer().
#pragma once

#include "ContainerSpec.hxx"
#include "EngineError.hxx"
#include "LogDemuxer.hxx"
#include "UnixSocketHttp.hxx"

#include <chrono>
#include <map>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

namespace osprey {

struct EngineVersion {
	std::string version, api_version, os, arch;
};

struct ImageInfo {
	std::string id;
	std::map<std::string, std::string> labels;
};

struct ContainerSummary {
	std::string id;
	/// Without the leading '/' some engines add.
	std::vector<std::string> names;
	std::string image;
	/// "created", "running", "exited", ...
	std::string state;
	std::map<std::string, std::string> labels;
};

struct ContainerState {
	std::string id, name;
	/// "created", "running", "exited", ...
	std::string status;
	bool running = false;
	bool oom_killed = false;
	bool tty = false;
	int exit_code = 0;
	std::map<std::string, std::string> labels;
};

enum class WaitCondition { kNotRunning, kNextExit, kRemoved };

class EngineClient {
	UnixSocketHttp http;
	std::chrono::milliseconds request_timeout;

public:
	static constexpr const char *kDefaultSocket = "/var/run/docker.sock";
	static constexpr std::chrono::milliseconds kDefaultRequestTimeout{std::chrono::seconds(60)};

	/// @p request_timeout bounds every call that does not wait for the
	/// container by design (all but WaitContainer, StartAttached and
	/// StreamLogs; StopContainer gets the grace period on top), so an
	/// engine that accepts connections but hangs cannot hang the caller.
	/// Connecting is bounded separately, by UnixSocketHttp::kConnectTimeout.
	explicit EngineClient(std::string socket_path,
			      std::chrono::milliseconds request_timeout = kDefaultRequestTimeout);

	const std::string &GetSocketPath() const noexcept { return http.GetSocketPath(); }

	/// GET /_ping: returns when the engine answers.
	void Ping() const;
	EngineVersion Version() const;

	/// std::nullopt when the engine has no image of that name.
	std::optional<ImageInfo> InspectImage(std::string_view image) const;

	/// Like InspectImage(), but a missing image throws ImageNotFound
	/// "image \"x\" not found on the engine; build it with <how_to_build>".
	ImageInfo RequireImage(std::string_view image, std::string_view how_to_build) const;

	/// Creates (does not start) a container; returns its id.
	std::string CreateContainer(const ContainerSpec &spec) const;

	/// Starting a running container is not an error.
	void StartContainer(std::string_view id) const;

	ContainerState InspectContainer(std::string_view id) const;

	/// Blocks until @p condition holds and returns the container's exit
	/// code. No timeout: the caller owns the deadline and cancels through
	/// @p stop (EngineCallCancelled) or stops the container. With
	/// kNotRunning, a container that was never started counts as not running.
	int WaitContainer(std::string_view id, WaitCondition condition = WaitCondition::kNotRunning,
			  std::stop_token stop = {}) const;

	/// Attaches to the created container's stdout and stderr, starts it,
	/// and hands its output to @p sink as it arrives, complete and in
	/// order; returns when the output ends (the container exited). This is
	/// how a job runs its container. A slow sink slows the container down.
	/// Framed and TTY (raw) containers alike. Exceptions from @p sink abort
	/// the stream and propagate, and @p stop detaches (EngineCallCancelled):
	/// either way the container keeps running. A failed start throws the
	/// engine's error. @p tty is the container's ContainerSpec::tty (it
	/// decides the stream's framing): passed rather than inspected, since
	/// the caller created the container, which saves a round trip before
	/// the start.
	void StartAttached(std::string_view id, bool tty, const LogDemuxer::Sink &sink,
			   std::stop_token stop = {}) const;

	/// Hands the container's logged stdout and stderr to @p sink as they
	/// arrive. Without @p follow: everything logged so far, exactly. With
	/// @p follow: also what comes later, until the container stops; but
	/// Podman 4 skips output written in fast bursts on a followed stream,
	/// so use it for watching, and StartAttached() or a read without
	/// follow after the exit for a complete copy. Exceptions from @p sink
	/// abort the stream and propagate.
	void StreamLogs(std::string_view id, bool follow, const LogDemuxer::Sink &sink,
			std::stop_token stop = {}) const;

	/// SIGTERM, then SIGKILL from the engine after @p grace. Stopping a
	/// stopped container is not an error.
	void StopContainer(std::string_view id, std::chrono::seconds grace) const;

	/// Sends @p signal; false when the container was not running.
	bool KillContainer(std::string_view id, std::string_view signal = "KILL") const;

	/// Removes the container (@p force: even while running; @p volumes:
	/// with its anonymous volumes). False when there was no such container.
	bool RemoveContainer(std::string_view id, bool force = true, bool volumes = true) const;

	/// Containers, running or not (unless @p all is false), carrying every
	/// label filter given: "key" (present) or "key=value".
	std::vector<ContainerSummary> ListContainers(const std::vector<std::string> &label_filters,
						     bool all = true) const;

private:
	/// Sends a request bounded by request_timeout (plus @p extra).
	EngineResponse Send(EngineRequest request, std::chrono::milliseconds extra = {}) const {
		request.timeout = request_timeout + extra;
		return http.Send(request);
	}
};

/// The first 12 characters of a container id, as humans see them.
std::string_view ShortId(std::string_view id) noexcept;

} // namespace osprey
