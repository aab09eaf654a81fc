// opencode: the OpenCode CLI. Its provider key (if any) arrives in the job's
// environment under the provider's standard variable. agent.base_url becomes
// a provider configuration in OPENCODE_CONFIG_CONTENT: Anthropic's and
// Google's built-in providers with their baseURL moved; anything else (an
// OpenAI-compatible gateway: LiteLLM, vLLM, Ollama) a provider "osprey" that
// speaks chat completions (OpenCode's own "openai" provider speaks the
// Responses API, which such gateways rarely have).
#include "RuntimeAdapter.hxx"
#include "json/Serialize.hxx"

namespace osprey {

namespace {

json::Value Str(std::string s) { return json::Value::String(std::move(s)); }

/* the "osprey" provider's model: agent.model without a "osprey/" prefix */
std::string
GatewayModel(const std::string &model)
{
	if (model.empty())
		return "default";
	return model.starts_with("osprey/") ? model.substr(7) : model;
}

std::string
ProviderConfig(const WorkerJob &job, std::string &model)
{
	json::Members members{{"autoupdate", json::Value(false)}, {"share", Str("disabled")}};
	const auto provider = job.provider;
	if (provider == Provider::Anthropic || provider == Provider::Google) {
		const std::string id = provider == Provider::Anthropic ? "anthropic" : "google";
		json::Members options{{"baseURL", Str(job.base_url)}};
		members.emplace_back("provider", json::Value::MakeObject({{id,
			json::Value::MakeObject({{"options", json::Value::MakeObject(std::move(options))}})}}));
		return json::Serialize(json::Value::MakeObject(std::move(members)));
	}

	const std::string name = GatewayModel(job.model);
	json::Members options{{"baseURL", Str(job.base_url)}};
	if (job.auth == AgentAuth::ApiKey)
		options.emplace_back("apiKey", Str("{env:OPENAI_API_KEY}"));
	json::Members gateway{
		{"npm", Str("@ai-sdk/openai-compatible")},
		{"name", Str("Osprey's agent.base_url")},
		{"options", json::Value::MakeObject(std::move(options))},
		{"models", json::Value::MakeObject({{name, json::Value::MakeObject({})}})},
	};
	members.emplace_back("provider",
		json::Value::MakeObject({{"osprey", json::Value::MakeObject(std::move(gateway))}}));
	model = "osprey/" + name;
	members.emplace_back("model", Str(model));
	members.emplace_back("small_model", Str(model));
	return json::Serialize(json::Value::MakeObject(std::move(members)));
}

class OpenCode final : public RuntimeAdapter {
public:
	std::string_view Name() const noexcept override { return "opencode"; }

	void Customise(ContainerSpec &spec, const WorkerJob &job) const override {
		std::string model = job.model;
		if (!job.base_url.empty()) {
			SetDefaultEnv(spec, "OPENCODE_CONFIG_CONTENT", ProviderConfig(job, model));
			/* the model catalogue is of no use with an endpoint of one's own */
			SetDefaultEnv(spec, "OPENCODE_DISABLE_MODELS_FETCH", "1");
		}
		if (!model.empty())
			spec.env.push_back("OSPREY_MODEL=" + model);
		/* a container is not where a CLI updates itself or shares sessions */
		SetDefaultEnv(spec, "OPENCODE_DISABLE_AUTOUPDATE", "1");
		SetDefaultEnv(spec, "OPENCODE_DISABLE_SHARE", "1");
		SetDefaultEnv(spec, "OPENCODE_DISABLE_LSP_DOWNLOAD", "1");
	}
};

} // namespace

const RuntimeAdapter &
OpenCodeAdapter() noexcept
{
	static const OpenCode adapter;
	return adapter;
}

} // namespace osprey
