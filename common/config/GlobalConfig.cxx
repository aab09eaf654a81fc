#include "GlobalConfig.hxx"
#include "AgentEndpoint.hxx"
#include "Path.hxx"
#include "Section.hxx"
#include "util/Text.hxx"
#include "yaml/Node.hxx"

#include <charconv>

namespace osprey {

std::string
ServerSettings::BaseUrl() const
{
	if (!public_url.empty()) {
		std::string url = public_url;
		while (url.ends_with('/'))
			url.pop_back();
		return url;
	}
	const bool ipv6 = host.find(':') != std::string::npos;
	return "http://" + (ipv6 ? "[" + host + "]" : host) + ":" + std::to_string(port);
}

static void
ReadServer(Section &root, ServerSettings &server)
{
	auto s = root.Child({"server"});
	if (auto v = s.Integer({"port"}, 1, 65535))
		server.port = static_cast<std::uint16_t>(*v);
	if (auto v = s.String({"host"}))
		server.host = v->value;
	if (auto v = s.String({"public_url"})) {
		if (!v->value.starts_with("http://") && !v->value.starts_with("https://"))
			s.Error(v->mark, v->field, "must start with http:// or https://");
		server.public_url = v->value;
	}
	if (auto v = s.Size({"max_body"})) {
		if (*v == 0)
			s.Error(s.Find({"max_body"})->mark, s.FieldPath("max_body"),
				"must be at least 1 byte (0 would refuse every request with a body)");
		else
			server.max_body = *v;
	}
	if (auto v = s.Duration({"header_timeout"}))
		server.header_timeout = *v;
	if (auto v = s.Duration({"body_timeout"}))
		server.body_timeout = *v;
	if (auto v = s.Duration({"idle_timeout"}))
		server.idle_timeout = *v;
	if (auto v = s.Integer({"max_connections"}, 1, 1000000))
		server.max_connections = static_cast<unsigned>(*v);
	s.Finish();
}

static AgentAuth
CheckAuth(Section &s, std::optional<AgentAuth> auth, AgentType type, AgentAuth fallback)
{
	if (!auth)
		return fallback;
	const bool ok = type == AgentType::ClaudeCode ? *auth != AgentAuth::None
		: *auth != AgentAuth::OAuth;
	if (!ok)
		s.Error(s.Mark(), s.FieldPath("auth"), std::string(Name(type)) + " does not support auth \"" +
			std::string(Name(*auth)) + "\"; expected " +
			(type == AgentType::ClaudeCode ? "\"oauth\" or \"api_key\"" : "\"none\" or \"api-key\""));
	return *auth;
}

static void
ReadAgentDefaults(Section &defaults, AgentDefaults &agent, const std::string &home_dir)
{
	auto s = defaults.Child({"agent"});
	if (auto v = s.Enum({"type"}, agent_type_names))
		agent.type = *v;

	auto cc = s.Child({"claude-code", "agent_a"});
	agent.claude_code.oauth_path = ExpandHome(agent.claude_code.oauth_path, home_dir);
	if (auto v = cc.String({"image"}))
		agent.claude_code.image = v->value;
	agent.claude_code.auth = CheckAuth(cc, cc.Enum({"auth"}, agent_auth_names),
					   AgentType::ClaudeCode, agent.claude_code.auth);
	if (auto v = cc.String({"oauth_path"}))
		agent.claude_code.oauth_path = ExpandHome(v->value, home_dir);
	ReadBaseUrl(cc, agent.claude_code.base_url);
	ReadModel(cc, agent.claude_code.model);
	cc.Finish();

	auto oc = s.Child({"opencode", "agent_b"});
	if (auto v = oc.String({"image"}))
		agent.opencode.image = v->value;
	agent.opencode.auth = CheckAuth(oc, oc.Enum({"auth"}, agent_auth_names),
					AgentType::OpenCode, agent.opencode.auth);
	agent.opencode.provider = oc.Enum({"provider"}, provider_names);
	ReadBaseUrl(oc, agent.opencode.base_url);
	ReadModel(oc, agent.opencode.model);
	oc.Finish();
	s.Finish();
}

/* "1024:8192" or "1024" (soft = hard) */
static std::optional<Ulimit>
ParseUlimit(std::string name, std::string_view text)
{
	const auto colon = text.find(':');
	const auto soft_text = Trim(text.substr(0, colon));
	const auto hard_text = colon == text.npos ? soft_text : Trim(text.substr(colon + 1));
	Ulimit u{std::move(name), 0, 0};
	auto parse = [](std::string_view s, std::int64_t &out) {
		const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
		return ec == std::errc() && end == s.data() + s.size() && out >= 0;
	};
	if (!parse(soft_text, u.soft) || !parse(hard_text, u.hard) || u.soft > u.hard)
		return std::nullopt;
	return u;
}

static void
ReadContainer(Section &root, ContainerSettings &c)
{
	auto s = root.Child({"container"});
	if (auto v = s.Integer({"max_concurrent"}, 1, 1000))
		c.max_concurrent = static_cast<unsigned>(*v);
	if (auto v = s.Integer({"queue"}, 0, 1000000))
		c.queue = static_cast<unsigned>(*v);
	if (auto v = s.Duration({"default_timeout"}))
		c.default_timeout = *v;
	if (auto v = s.String({"socket"}))
		c.socket = v->value;
	if (auto v = s.Duration({"stop_grace"}))
		c.stop_grace = *v;
	if (auto v = s.String({"user"})) {
		const auto user = v->value.substr(0, v->value.find(':'));
		if (user.empty() || user == "root" || user == "0")
			s.Error(v->mark, v->field, "agents never run as root: use a uid:gid such as "
				"\"1000:1000\" or a non-root user of the image");
		else
			c.user = v->value;
	}
	if (auto v = s.String({"network"}))
		c.network = v->value;
	if (auto v = s.Size({"memory"}))
		c.memory = *v;
	if (auto v = s.Size({"disk_budget"}))
		c.disk_budget = *v;
	if (auto v = s.Number({"cpus"}, 0, 1024))
		c.cpus = *v;
	if (auto v = s.Integer({"pids"}, 0, 4194304))
		c.pids = *v;
	if (const auto *ulimits = s.Find({"ulimits"})) {
		if (!ulimits->IsMapping()) {
			s.Error(ulimits->mark, s.FieldPath("ulimits"),
				"expected a mapping such as {nofile: \"1024:8192\", nproc: 2048}");
		} else {
			c.ulimits.clear();
			for (const auto &[k, v] : ulimits->mapping) {
				auto u = v.IsScalar() ? ParseUlimit(k.value, v.value) : std::nullopt;
				if (u)
					c.ulimits.push_back(std::move(*u));
				else
					s.Error(v.mark, s.FieldPath("ulimits." + k.value),
						"expected \"soft:hard\" (e.g. \"1024:8192\") or one number");
			}
		}
	}
	s.Finish();
}

static void
ReadJobs(Section &root, JobSettings &jobs)
{
	auto s = root.Child({"jobs"});
	if (auto v = s.Integer({"keep"}, 1, 10000000))
		jobs.keep = static_cast<unsigned>(*v);
	if (auto v = s.Duration({"max_age"}))
		jobs.max_age = *v;
	if (auto v = s.Integer({"payloads"}, 1, 1000))
		jobs.payloads = static_cast<unsigned>(*v);
	if (auto v = s.Duration({"shutdown_grace"}))
		jobs.shutdown_grace = *v;
	if (auto v = s.Integer({"max_pending"}, 1, 1000000))
		jobs.max_pending = static_cast<unsigned>(*v);
	if (auto v = s.Size({"max_pending_bytes"}))
		jobs.max_pending_bytes = *v;
	if (auto v = s.Size({"max_store_bytes"}))
		jobs.max_store_bytes = *v;
	s.Finish();
}

GlobalConfig
ParseGlobalConfig(std::string_view text, const std::string &display_name,
		  const Environment &env, const std::string &home_dir, Diagnostics &diagnostics)
{
	GlobalConfig config;
	config.file = display_name;

	yaml::Node tree;
	try {
		tree = yaml::Load(text);
	} catch (const yaml::SyntaxError &e) {
		diagnostics.Error(display_name, e.mark, "", std::string("invalid YAML: ") + e.what());
		return config;
	}

	FileContext context{display_name, diagnostics, env};
	Section root(context, tree);

	if (root.Find({"version"}) == nullptr)
		root.Error(root.Mark(), "version", "missing: add \"version: 1\" at the top");
	else if (auto v = root.Integer({"version"}, 1, 1))
		config.version = static_cast<int>(*v);

	ReadServer(root, config.server);

	auto defaults = root.Child({"defaults"});
	auto channel = defaults.Child({"channel"});
	config.default_channel = ReadChannelBackends(channel);
	if (channel.Find({"type"}) == nullptr)
		channel.Error(channel.Mark(), channel.FieldPath("type"),
			      "missing: the default channel, one of \"telegram\", \"slack\", "
			      "\"webhook\" or \"stdout\"");
	else if (config.default_channel.type)
		CheckBackendPresent(channel, config.default_channel, *config.default_channel.type);
	channel.Finish();
	ReadAgentDefaults(defaults, config.agent, home_dir);
	defaults.Finish();

	ReadContainer(root, config.container);
	ReadJobs(root, config.jobs);
	auto log = root.Child({"log"});
	if (auto v = log.Enum({"format"}, log_format_names))
		config.log_format = *v;
	if (auto v = log.Enum({"level"}, log_level_names))
		config.log_level = *v;
	log.Finish();

	root.Finish();
	return config;
}

} // namespace osprey
