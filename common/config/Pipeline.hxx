// One pipeline, ~/.osprey/pipelines/<name>/pipeline.yaml, resolved against the
// global config: every setting here is the one that applies (pipeline value,
// else global default, else built-in default, per the contract's table).
#pragma once

#include "Channel.hxx"
#include "Names.hxx"
#include "Volume.hxx"
#include "yaml/Node.hxx"

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace osprey {

class CronSchedule;
class Diagnostics;
class Environment;
struct GlobalConfig;

struct Trigger {
	TriggerType type = TriggerType::Webhook;
	std::string path;             // webhook
	std::string cron, timezone;   // cron, as written
	std::shared_ptr<const CronSchedule> schedule;
	std::string secret;           // resolved; may be a secret value
	std::string signature_header;
	/** stripped from the header value before comparing (extension, e.g. "sha256=") */
	std::string signature_prefix;
	std::string public_url;
	/** template source that must render "true" (trimmed) for a job to
	    start; empty: every event starts one */
	std::string filter;
	yaml::Mark mark;              // of trigger.path or trigger.cron

	/// The contract's rule: verification applies only when both are set.
	bool VerifiesSignature() const noexcept {
		return !secret.empty() && !signature_header.empty();
	}
};

struct Workspace {
	WorkspaceType type = WorkspaceType::None;
	std::string repo;        // template source
	std::string ref = "main"; // template source
	/** glob patterns (config/RepoUrl.hxx) a repo rendered from the payload must match */
	std::vector<std::string> allowed_repos;
	std::string path;        // local: absolute, "~" expanded
};

struct EffectiveAgent {
	AgentType type = AgentType::ClaudeCode;
	AgentAuth auth = AgentAuth::OAuth;
	std::optional<Provider> provider;
	std::string image;
	/** oauth: the host session directory mounted read-only */
	std::string oauth_path;
	/** agent.base_url, else the runtime's default; empty: the provider's own */
	std::string base_url;
	/** agent.model, else the runtime's default; empty: the CLI's default */
	std::string model;
	/** api key auth: the variable the runtime reads, and its resolved value */
	std::string api_key_variable, api_key;
	std::vector<std::pair<std::string, std::string>> env;
	std::string prompt; // template source
	std::chrono::milliseconds timeout{0};
	std::vector<VolumeSpec> volumes;
};

/// The parsed templates of a pipeline; parsed once at load, immutable, shared.
struct Pipeline {
	std::string name, description;
	/** ISO 8601 as written by construct; may be empty */
	std::string created;
	bool disabled = false;
	/** pipeline.yaml as shown in messages, and the pipeline's directory */
	std::string file, dir;

	Trigger trigger;
	Workspace workspace;
	EffectiveChannel channel;
	/* trigger.filter, agent.prompt, channel.topic, channel.message,
	   workspace.repo and workspace.ref are templates: ParsePipeline() checks that they
	   parse, and Render() (job/Render.hxx) parses them again per job. A
	   parse takes microseconds once per job; keeping the parse trees would
	   cost the daemon about 10 KiB per pipeline for as long as it runs. */
	EffectiveAgent agent;

	/// The URL to register with the sender: trigger.public_url, else
	/// server.public_url, else http://<host>:<port>; followed by the path.
	std::string WebhookUrl(const GlobalConfig &global) const;
};

/// Where a pipeline's files are.
struct PipelineLocation {
	std::string name;    // the directory name
	std::string dir;     // absolute directory
	std::string display; // pipeline.yaml as shown in messages
	/** the Osprey home, which no volume may expose; empty: not checked */
	std::string home;
};

/// Builds a pipeline from the text of its pipeline.yaml. Problems go to
/// @p diagnostics (errors and warnings); returns nullopt if there were errors.
/// ${VAR} references resolve through @p env (the pipeline's .env, then the
/// process environment); pass env.Redacted() when the result is for display.
/// @p home_dir expands "~". With errors, @p partial (when given) still gets
/// what could be read, so that checks across pipelines (duplicate paths)
/// see a broken one too.
std::optional<Pipeline> ParsePipeline(std::string_view text, const PipelineLocation &where,
				      const GlobalConfig &global, const Environment &env,
				      const std::string &home_dir, Diagnostics &diagnostics,
				      Pipeline *partial = nullptr);

/// A valid pipeline name: letters, digits, '-', '_' and '.', starting with a
/// letter or digit, at most 64 characters (it is part of URLs and labels).
bool IsValidPipelineName(std::string_view name) noexcept;

} // namespace osprey
