// The machine-level configuration, ~/.osprey/config.yaml.
#pragma once

#include "Channel.hxx"
#include "Names.hxx"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace osprey {

class Diagnostics;
class Environment;

struct ServerSettings {
	std::string host = "0.0.0.0";
	std::uint16_t port = 8080;
	/** base of displayed webhook URLs; empty means http://<host>:<port> */
	std::string public_url;
	std::uint64_t max_body = 1 << 20;
	std::chrono::milliseconds header_timeout = std::chrono::seconds(10);
	std::chrono::milliseconds body_timeout = std::chrono::seconds(30);
	std::chrono::milliseconds idle_timeout = std::chrono::seconds(60);
	unsigned max_connections = 1024;

	/// The webhook display URL base: public_url, else http://<host>:<port>.
	std::string BaseUrl() const;
};

struct ClaudeCodeDefaults {
	std::string image = "localhost/osprey-claude-code:latest";
	AgentAuth auth = AgentAuth::OAuth;
	/** the local OAuth session directory, "~" expanded; must exist for oauth */
	std::string oauth_path = "~/.claude";
	/** the Anthropic Messages API endpoint (ANTHROPIC_BASE_URL); empty: Anthropic's */
	std::string base_url;
	std::string model;
};

struct OpenCodeDefaults {
	std::string image = "localhost/osprey-opencode:latest";
	AgentAuth auth = AgentAuth::None;
	std::optional<Provider> provider;
	/** the provider's endpoint (see osprey-config(5)); empty: the provider's own */
	std::string base_url;
	std::string model;
};

struct AgentDefaults {
	AgentType type = AgentType::ClaudeCode;
	ClaudeCodeDefaults claude_code;
	OpenCodeDefaults opencode;
};

struct Ulimit {
	std::string name;
	std::int64_t soft, hard;
};

struct ContainerSettings {
	unsigned max_concurrent = 3;
	/** jobs that may wait for a slot, in order; 0: a job that finds every
	    slot busy is rejected */
	unsigned queue = 0;
	std::chrono::milliseconds default_timeout = std::chrono::minutes(15);
	/** the Docker Engine API socket (Podman's compatible service works too) */
	std::string socket = "/var/run/docker.sock";
	/** SIGTERM to SIGKILL when a container is stopped */
	std::chrono::milliseconds stop_grace = std::chrono::seconds(10);
	std::string user = "1000:1000";
	std::string network = "bridge";
	std::uint64_t memory = std::uint64_t(4) << 30; // bytes; 0 = no limit
	double cpus = 2.0;                              // 0 = no limit
	std::int64_t pids = 1024;                       // 0 = no limit
	/** what a job may write to its workspace and out/ together; 0 = no limit */
	std::uint64_t disk_budget = std::uint64_t(2) << 30;
	std::vector<Ulimit> ulimits{{"nofile", 1024, 8192}, {"nproc", 2048, 2048}};
};

struct JobSettings {
	/** finished job directories kept, newest first */
	unsigned keep = 1000;
	std::chrono::milliseconds max_age = std::chrono::hours(24 * 30);
	/** webhook payloads kept per pipeline for the dashboard's message builder */
	unsigned payloads = 10;
	/** at shutdown, how long running jobs may go on before they are stopped */
	std::chrono::milliseconds shutdown_grace = std::chrono::seconds(30);
	/** jobs awaiting approval at once; more are answered 429 */
	unsigned max_pending = 1000;
	/** payload bytes those jobs keep on disk, together; more are answered 429 */
	std::uint64_t max_pending_bytes = std::uint64_t(256) << 20;
	/** bytes all job directories may take; finished jobs are pruned to stay
	    under it, and webhooks are answered 503 while it cannot be */
	std::uint64_t max_store_bytes = std::uint64_t(4) << 30;
};

struct GlobalConfig {
	/** as shown in messages, e.g. "config.yaml" */
	std::string file;
	int version = 1;
	ServerSettings server;
	ChannelBackends default_channel;
	AgentDefaults agent;
	ContainerSettings container;
	JobSettings jobs;
	LogFormat log_format = LogFormat::Logfmt;
	/** log.level: debug adds the events too frequent for info (filtered webhooks) */
	LogVerbosity log_level = LogVerbosity::Info;
};

/// Builds the global config from the text of config.yaml. Every problem is
/// recorded in @p diagnostics; the result holds defaults where values were bad.
/// @p home_dir expands "~" in paths.
GlobalConfig ParseGlobalConfig(std::string_view text, const std::string &display_name,
			       const Environment &env, const std::string &home_dir,
			       Diagnostics &diagnostics);

} // namespace osprey
