// The enumerations of the configuration and their spellings. The first name of
// each value is Osprey's own; later ones are the contract's placeholder names,
// accepted as aliases so a config written against the contract loads unchanged.
#pragma once

#include <array>
#include <span>
#include <string_view>

namespace osprey {

template<typename E>
struct EnumName {
	std::string_view name;
	E value;
};

enum class TriggerType { Webhook, Cron };
enum class WorkspaceType { GitClone, GitWorktree, Local, None };
enum class ChannelType { Telegram, Slack, Webhook, Stdout };
enum class AgentType { ClaudeCode, OpenCode };
enum class AgentAuth { OAuth, ApiKey, None };
enum class Provider { Anthropic, OpenAI, Google };
enum class LogFormat { Logfmt, Json };
enum class LogVerbosity { Info, Debug };

inline constexpr std::array<EnumName<TriggerType>, 2> trigger_type_names{{
	{"webhook", TriggerType::Webhook}, {"cron", TriggerType::Cron},
}};

inline constexpr std::array<EnumName<WorkspaceType>, 4> workspace_type_names{{
	{"git-clone", WorkspaceType::GitClone}, {"git-worktree", WorkspaceType::GitWorktree},
	{"local", WorkspaceType::Local}, {"none", WorkspaceType::None},
}};

inline constexpr std::array<EnumName<ChannelType>, 6> channel_type_names{{
	{"telegram", ChannelType::Telegram}, {"slack", ChannelType::Slack},
	{"webhook", ChannelType::Webhook}, {"stdout", ChannelType::Stdout},
	{"chat_a", ChannelType::Telegram}, {"chat_b", ChannelType::Slack},
}};

inline constexpr std::array<EnumName<AgentType>, 4> agent_type_names{{
	{"claude-code", AgentType::ClaudeCode}, {"opencode", AgentType::OpenCode},
	{"agent_a", AgentType::ClaudeCode}, {"agent_b", AgentType::OpenCode},
}};

/* The contract spells the key method "api_key" for one runtime and "api-key"
   for the other; both spellings are accepted for both. */
inline constexpr std::array<EnumName<AgentAuth>, 4> agent_auth_names{{
	{"oauth", AgentAuth::OAuth}, {"api_key", AgentAuth::ApiKey},
	{"none", AgentAuth::None}, {"api-key", AgentAuth::ApiKey},
}};

inline constexpr std::array<EnumName<Provider>, 6> provider_names{{
	{"anthropic", Provider::Anthropic}, {"openai", Provider::OpenAI},
	{"google", Provider::Google},
	{"llm_a", Provider::Anthropic}, {"llm_b", Provider::OpenAI}, {"llm_c", Provider::Google},
}};

inline constexpr std::array<EnumName<LogFormat>, 2> log_format_names{{
	{"logfmt", LogFormat::Logfmt}, {"json", LogFormat::Json},
}};

inline constexpr std::array<EnumName<LogVerbosity>, 2> log_level_names{{
	{"info", LogVerbosity::Info}, {"debug", LogVerbosity::Debug},
}};

/// Osprey's own name of @p value: the first entry of @p table that has it.
template<typename E, std::size_t N>
constexpr std::string_view
NameOf(const std::array<EnumName<E>, N> &table, E value) noexcept
{
	for (const auto &e : table)
		if (e.value == value)
			return e.name;
	return "?";
}

inline std::string_view Name(TriggerType v) noexcept { return NameOf(trigger_type_names, v); }
inline std::string_view Name(WorkspaceType v) noexcept { return NameOf(workspace_type_names, v); }
inline std::string_view Name(ChannelType v) noexcept { return NameOf(channel_type_names, v); }
inline std::string_view Name(AgentType v) noexcept { return NameOf(agent_type_names, v); }
inline std::string_view Name(AgentAuth v) noexcept { return NameOf(agent_auth_names, v); }
inline std::string_view Name(Provider v) noexcept { return NameOf(provider_names, v); }

/// The environment variable holding the API key of @p provider.
constexpr std::string_view
ApiKeyVariable(Provider provider) noexcept
{
	switch (provider) {
	case Provider::Anthropic: return "ANTHROPIC_API_KEY";
	case Provider::OpenAI: return "OPENAI_API_KEY";
	case Provider::Google: return "GOOGLE_GENERATIVE_AI_API_KEY";
	}
	return "";
}

} // namespace osprey
