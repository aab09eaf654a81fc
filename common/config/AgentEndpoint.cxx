#include "AgentEndpoint.hxx"
#include "Section.hxx"

namespace osprey {

void
ReadBaseUrl(Section &s, std::string &base_url)
{
	/* resolved even where doctor redacts: a URL is checked, not a secret */
	const auto v = s.ResolvedString({"base_url"});
	if (!v)
		return;
	const std::string &url = v->value;
	const bool scheme = url.starts_with("http://") || url.starts_with("https://");
	const auto host = url.substr(url.find("://") + 3);
	if (!scheme || host.empty() || host.front() == '/' ||
	    url.find_first_of(" \t\r\n") != std::string::npos) {
		s.Error(v->mark, v->field, "must be an http:// or https:// URL of the model "
			"provider's API, e.g. \"https://litellm.example.com\" or "
			"\"http://127.0.0.1:4000/v1\"");
		return;
	}
	base_url = url;
}

void
ReadModel(Section &s, std::string &model)
{
	const auto v = s.String({"model"});
	if (!v)
		return;
	if (v->value.empty() || v->value.find_first_of(" \t\r\n") != std::string::npos) {
		s.Error(v->mark, v->field, "must be a model name without spaces, e.g. "
			"\"claude-sonnet-4-5\" (claude-code) or \"anthropic/claude-sonnet-4-5\" (opencode)");
		return;
	}
	model = v->value;
}

} // namespace osprey
