// claude-code: the Claude Code CLI. With oauth, the user's local session
// directory (e.g. ~/.claude) is mounted read-only and the entry script copies
// the credentials into a writable ~/.claude (the CLI writes ~/.claude.json
// and under ~/.claude/ as it runs); with api_key, ANTHROPIC_API_KEY arrives
// in the job's environment.
#include "RuntimeAdapter.hxx"

namespace osprey {

namespace {

class ClaudeCode final : public RuntimeAdapter {
public:
	std::string_view Name() const noexcept override { return "claude-code"; }

	void Customise(ContainerSpec &spec, const WorkerJob &job) const override {
		namespace paths = container_paths;
		if (job.auth == AgentAuth::OAuth && !job.oauth_path.empty()) {
			spec.binds.push_back({job.oauth_path, paths::kClaudeSession, true});
			spec.env.push_back(std::string("OSPREY_CLAUDE_SESSION=") + paths::kClaudeSession);
		}
		if (!job.base_url.empty())
			SetDefaultEnv(spec, "ANTHROPIC_BASE_URL", job.base_url);
		if (!job.model.empty())
			spec.env.push_back("OSPREY_MODEL=" + job.model);
		/* Unbounded, the CLI retries an unreachable API for minutes and the
		   job fails only at its timeout; three retries take seconds and end
		   with the API's own error. */
		SetDefaultEnv(spec, "CLAUDE_CODE_MAX_RETRIES", "3");
		/* a container is not where a CLI updates itself or phones home:
		   the only connection left is to the Messages API */
		SetDefaultEnv(spec, "DISABLE_AUTOUPDATER", "1");
		SetDefaultEnv(spec, "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1");
	}
};

} // namespace

const RuntimeAdapter &
ClaudeCodeAdapter() noexcept
{
	static const ClaudeCode adapter;
	return adapter;
}

} // namespace osprey
