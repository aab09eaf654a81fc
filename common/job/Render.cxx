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
RenderField(const std::string &source, const json::Value &data, const char *field)
{
	if (source.empty())
		return {};
	try {
		/* it parsed when the pipeline was loaded: see Pipeline */
		return tmpl::Render(tmpl::Parse(source, field), data);
	} catch (const std::exception &e) {
		throw RenderError(std::string(field) + ": " + e.what());
	}
}

RenderedJob
Render(const Pipeline &pipeline, const json::Value &payload)
{
	const auto data = TemplateData(payload);
	RenderedJob job;
	job.prompt = RenderField(pipeline.agent.prompt, data, "agent.prompt");
	job.topic = RenderField(pipeline.channel.topic, data, "channel.topic");
	job.message = RenderField(pipeline.channel.message, data, "channel.message");
	if (pipeline.workspace.type == WorkspaceType::GitClone ||
	    pipeline.workspace.type == WorkspaceType::GitWorktree) {
		job.repo = RenderField(pipeline.workspace.repo, data, "workspace.repo");
		job.ref = RenderField(pipeline.workspace.ref, data, "workspace.ref");
	}
	return job;
}

} // namespace osprey
