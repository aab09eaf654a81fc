#include "Pipeline.hxx"
#include "GlobalConfig.hxx"
#include "PipelineSections.hxx"
#include "Section.hxx"
#include "template/Template.hxx"
#include "util/Text.hxx"

namespace osprey {

bool
IsValidPipelineName(std::string_view name) noexcept
{
	if (name.empty() || name.size() > 64)
		return false;
	auto alnum = [](char c) {
		return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
	};
	if (!alnum(name.front()))
		return false;
	for (const char c : name)
		if (!alnum(c) && c != '-' && c != '_' && c != '.')
			return false;
	return true;
}

std::string
Pipeline::WebhookUrl(const GlobalConfig &global) const
{
	std::string base = trigger.public_url;
	while (base.ends_with('/'))
		base.pop_back();
	if (base.empty())
		base = global.server.BaseUrl();
	/* a public_url written as the full URL already ends with the path */
	if (base.ends_with(trigger.path))
		return base;
	return base + trigger.path;
}

/* Parses one template field; a template that does not parse is a config error
   pointing at the field, with the position inside the template. */
static void
CheckTemplate(Section &root, const std::string &source, std::string_view field, yaml::Mark mark)
{
	try {
		tmpl::Parse(source, field);
	} catch (const tmpl::ParseError &e) {
		/* the engine's message starts "<name>:<line>:<column>: " */
		std::string message = e.what();
		const auto prefix = std::string(field) + ":" + std::to_string(e.line) + ":" +
			std::to_string(e.column) + ": ";
		if (message.starts_with(prefix))
			message.erase(0, prefix.size());
		root.Error(mark, std::string(field), "template error at line " + std::to_string(e.line) +
			   ", column " + std::to_string(e.column) + " of the template: " + message);
	}
}

static yaml::Mark
MarkOf(const yaml::Node &tree, std::string_view block, std::string_view key)
{
	const auto *b = tree.IsMapping() ? tree.Find(block) : nullptr;
	const auto *v = b != nullptr && b->IsMapping() ? b->Find(key) : nullptr;
	if (v != nullptr)
		return v->mark;
	return b != nullptr ? b->mark : tree.mark;
}

static void
CheckTemplates(Section &root, const yaml::Node &tree, const Pipeline &p)
{
	auto check = [&](const std::string &source, std::string_view block, std::string_view key) {
		const std::string field = std::string(block) + "." + std::string(key);
		CheckTemplate(root, source, field, MarkOf(tree, block, key));
	};
	check(p.trigger.filter, "trigger", "filter");
	check(p.agent.prompt, "agent", "prompt");
	check(p.channel.topic, "channel", "topic");
	check(p.channel.message, "channel", "message");
	check(p.workspace.repo, "workspace", "repo");
	check(p.workspace.ref, "workspace", "ref");
}

std::optional<Pipeline>
ParsePipeline(std::string_view text, const PipelineLocation &where, const GlobalConfig &global,
	      const Environment &env, const std::string &home_dir, Diagnostics &diagnostics,
	      Pipeline *partial)
{
	const auto errors_before = diagnostics.ErrorCount();
	Pipeline p;
	p.file = where.display;
	p.dir = where.dir;

	yaml::Node tree;
	try {
		tree = yaml::Load(text);
	} catch (const yaml::SyntaxError &e) {
		diagnostics.Error(where.display, e.mark, "", std::string("invalid YAML: ") + e.what());
		return std::nullopt;
	}

	FileContext context{where.display, diagnostics, env};
	Section root(context, tree);

	if (auto v = root.RequiredString({"name"}, "must equal the directory name " + Quote(where.name))) {
		if (v->value != where.name)
			root.Error(v->mark, v->field, "is " + Quote(v->value) +
				   " but the directory is " + Quote(where.name) + "; they must be equal");
		p.name = v->value;
	}
	if (auto v = root.String({"description"}))
		p.description = v->value;
	if (auto v = root.Boolean({"disabled"}))
		p.disabled = *v;
	if (auto v = root.String({"created"}))
		p.created = v->value;

	ReadTrigger(root, p.trigger);
	const HostPaths host{global.container.socket, where.home, home_dir};
	ReadWorkspace(root, p.workspace, host);
	ReadChannel(root, global, p.trigger.type == TriggerType::Cron, p.channel);
	ReadAgent(root, global, host, p.agent);
	root.Finish();
	CheckTemplates(root, tree, p);
	if (diagnostics.ErrorCount() > errors_before) {
		if (partial != nullptr)
			*partial = std::move(p);
		return std::nullopt;
	}
	return p;
}

} // namespace osprey
