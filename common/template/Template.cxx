// The public entry points: Parse builds the tree set once; Render walks it
// with a fresh Exec per call.
#include "Template.hxx"
#include "Exec.hxx"
#include "Parser.hxx"

namespace osprey::tmpl {

const std::string &
Template::Name() const noexcept
{
	return set_->name;
}

Template
Parse(std::string_view source, std::string_view name)
{
	auto set = std::make_shared<TreeSet>();
	set->source = source;
	set->name = name;
	Parser(*set).Run();
	set->main = set->Find(set->name);
	// Template calls may name templates defined later in the source, so
	// they are bound only now that every definition is known.
	for (const auto &node : set->arena) {
		if (node->type != NodeType::Template)
			continue;
		auto *call = static_cast<TemplateNode *>(node.get());
		call->target = set->Find(call->name);
	}
	return Template(std::move(set));
}

void
RenderTo(std::string &out, const Template &tmpl, const json::Value &data, const Limits &limits)
{
	Exec(out, tmpl.Set(), limits).Run(data);
}

std::string
Render(const Template &tmpl, const json::Value &data, const Limits &limits)
{
	std::string out;
	RenderTo(out, tmpl, data, limits);
	return out;
}

} // namespace osprey::tmpl
