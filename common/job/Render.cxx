#include "Render.hxx"
#include "config/Pipeline.hxx"
#include "template/Template.hxx"

namespace osprey {

json::Value
TemplateData(const json::Value &payload)
{
	json::Members members;
	members.emplace_back("body", payload);
	return json::Value::MakeObject(std::move(members));
}

static std::string
RenderField(const std::shared_ptr<const tmpl::Template> &t, const json::Value &data,
	    const char *field)
{
	if (!t)
		return {};
	try {
		return tmpl::Render(*t, data);
	} catch (const std::exception &e) {
		throw RenderError(std::string(field) + ": " + e.what());
	}
}

RenderedJob
Render(const Pipeline &pipeline, const json::Value &payload)
{
	const auto data = TemplateData(payload);
	const auto &t = pipeline.templates;
	RenderedJob job;
	job.prompt = RenderField(t.prompt, data, "agent.prompt");
	job.topic = RenderField(t.topic, data, "channel.topic");
	job.message = RenderField(t.message, data, "channel.message");
	if (pipeline.workspace.type == WorkspaceType::GitClone ||
	    pipeline.workspace.type == WorkspaceType::GitWorktree) {
		job.repo = RenderField(t.repo, data, "workspace.repo");
		job.ref = RenderField(t.ref, data, "workspace.ref");
	}
	return job;
}

} // namespace osprey
