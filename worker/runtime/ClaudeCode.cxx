// claude-code: the Claude Code CLI. With oauth, the user's local session
// directory (e.g. ~/.claude) is mounted read-only as the agent's ~/.claude;
// with api_key, ANTHROPIC_API_KEY arrives in the job's environment.
#include "RuntimeAdapter.hxx"

namespace osprey {

namespace {

class ClaudeCode final : public RuntimeAdapter {
public:
	std::string_view Name() const noexcept override { return "claude-code"; }

	void Customise(ContainerSpec &spec, const WorkerJob &job) const override {
		if (job.auth == AgentAuth::OAuth && !job.oauth_path.empty())
			spec.binds.push_back({job.oauth_path,
					      std::string(container_paths::kHome) + "/.claude", true});
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
