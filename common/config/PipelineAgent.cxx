#include "GlobalConfig.hxx"
#include "AgentEndpoint.hxx"
#include "PipelineSections.hxx"
#include "Section.hxx"
#include "secrets/DotEnv.hxx"
#include "util/Text.hxx"

#include <sys/stat.h>

namespace osprey {

static bool
AuthFits(AgentType type, AgentAuth auth) noexcept
{
	return type == AgentType::ClaudeCode ? auth != AgentAuth::None : auth != AgentAuth::OAuth;
}

/* api key auth: agent.api_key, else the runtime's or provider's variable */
static void
ResolveApiKey(Section &s, const std::optional<ConfigValue> &api_key, EffectiveAgent &agent)
{
	if (agent.type == AgentType::ClaudeCode) {
		agent.api_key_variable = "ANTHROPIC_API_KEY";
	} else if (!agent.provider) {
		s.Error(s.Mark(), s.FieldPath("provider"),
			"missing: opencode with api-key auth needs a provider "
			"(\"anthropic\", \"openai\" or \"google\"), here or in defaults.agent.opencode");
		return;
	} else {
		agent.api_key_variable = ApiKeyVariable(*agent.provider);
	}

	if (api_key) {
		agent.api_key = api_key->value;
		return;
	}
	const auto &env = s.Context().environment;
	if (auto value = env.Lookup(agent.api_key_variable); value && !Trim(*value).empty()) {
		agent.api_key = env.IsRedacted() ? "${" + agent.api_key_variable + "}" : *value;
		return;
	} else if (value) {
		s.Error(s.Mark(), s.FieldPath("auth"), std::string("is ") +
			(agent.type == AgentType::ClaudeCode ? "api_key" : "api-key") +
			" but " + agent.api_key_variable + " is empty: set it in the "
			"pipeline's .env or the global .env, or set agent.api_key to a ${VARIABLE}");
		return;
	}
	s.Error(s.Mark(), s.FieldPath("auth"), std::string("is ") +
		(agent.type == AgentType::ClaudeCode ? "api_key" : "api-key") +
		" but " + agent.api_key_variable + " is not set: set it in the pipeline's .env "
		"or the global .env, or set agent.api_key to a ${VARIABLE}");
}

static void
ReadVolumes(Section &s, const HostPaths &host, EffectiveAgent &agent)
{
	for (const auto &v : s.StringList({"volumes"})) {
		try {
			auto volume = ParseVolume(v.value, host.user_home);
			struct stat st;
			if (const auto blocked = BlockedMountReason(volume.source, host))
				s.Error(v.mark, v.field, *blocked);
			/* the engine would create it, empty and owned by root */
			else if (::stat(volume.source.c_str(), &st) != 0)
				s.Error(v.mark, v.field, "the source " + Quote(volume.source) +
					" does not exist on this machine");
			else
				agent.volumes.push_back(std::move(volume));
		} catch (const std::invalid_argument &e) {
			s.Error(v.mark, v.field, e.what());
		}
	}
}

void
ReadAgent(Section &root, const GlobalConfig &global, const HostPaths &host, EffectiveAgent &agent)
{
	auto s = root.Child({"agent"});
	const auto &defaults = global.agent;

	agent.type = s.Enum({"type"}, agent_type_names).value_or(defaults.type);
	const bool claude = agent.type == AgentType::ClaudeCode;

	const auto *auth_node = s.Find({"auth"});
	const auto auth = s.Enum({"auth"}, agent_auth_names);
	agent.auth = auth.value_or(claude ? defaults.claude_code.auth : defaults.opencode.auth);
	if (!AuthFits(agent.type, agent.auth))
		s.Error(auth_node != nullptr ? auth_node->mark : s.Mark(), s.FieldPath("auth"),
			std::string(Name(agent.type)) + " does not support auth \"" +
			std::string(Name(agent.auth)) + "\"; expected " +
			(claude ? "\"oauth\" or \"api_key\"" : "\"none\" or \"api-key\""));

	agent.provider = s.Enum({"provider"}, provider_names);
	if (!agent.provider && !claude)
		agent.provider = defaults.opencode.provider;
	agent.image = claude ? defaults.claude_code.image : defaults.opencode.image;
	if (auto v = s.String({"image"}))
		agent.image = v->value;
	agent.base_url = claude ? defaults.claude_code.base_url : defaults.opencode.base_url;
	ReadBaseUrl(s, agent.base_url);
	agent.model = claude ? defaults.claude_code.model : defaults.opencode.model;
	ReadModel(s, agent.model);

	const bool api_key_written = s.Find({"api_key"}) != nullptr;
	const auto api_key = s.Secret({"api_key"}, "the agent would start without a key");
	if (agent.auth == AgentAuth::ApiKey && (api_key || !api_key_written))
		ResolveApiKey(s, api_key, agent);
	else if (api_key)
		s.Warning(api_key->mark, api_key->field, "ignored: auth is " +
			  std::string(Name(agent.auth)) + ", not an API key");

	if (agent.auth == AgentAuth::OAuth && AuthFits(agent.type, agent.auth)) {
		agent.oauth_path = defaults.claude_code.oauth_path;
		struct stat st;
		if (::stat(agent.oauth_path.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
			s.Error(s.Mark(), s.FieldPath("auth"), "is oauth but the Claude Code session "
				"directory " + Quote(agent.oauth_path) + " does not exist: sign in with "
				"`claude` as this user, or set defaults.agent.claude-code.oauth_path "
				"in config.yaml");
	}

	for (auto &[key, value] : s.StringMap({"env"})) {
		if (!IsValidVariableName(key))
			s.Error(value.mark, value.field, "is not a valid variable name");
		else
			agent.env.emplace_back(key, std::move(value.value));
	}

	if (auto v = s.RequiredString({"prompt"}, "the instruction sent to the agent (a template)"))
		agent.prompt = v->value;
	agent.timeout = s.Duration({"timeout"}).value_or(global.container.default_timeout);
	ReadVolumes(s, host, agent);
	s.Finish();
}

} // namespace osprey
