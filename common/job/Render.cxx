#include "Render.hxx"
#include "config/Pipeline.hxx"

namespace osprey {

json::Value
TemplateData(const json::Value &payload)
{
	json::Members members;
	members.emplace_back("body", payload);
	return json::Value::MakeObject(std::move(members));
}

static std::string
RenderField(const std::string &source, const json::Value &data, const char *field,
	    const RenderLimits &limits)
{
	if (source.empty())
		return {};
	try {
		/* it parsed when the pipeline was loaded: see Pipeline */
		return tmpl::Render(tmpl::Parse(source, field), data, limits);
	} catch (const std::exception &e) {
		throw RenderError(std::string(field) + ": " + e.what());
	}
}

RenderedJob
Render(const Pipeline &pipeline, const json::Value &payload, const RenderLimits &limits)
{
	const auto data = TemplateData(payload);
	RenderedJob job;
	job.prompt = RenderField(pipeline.agent.prompt, data, "agent.prompt", limits);
	job.topic = RenderField(pipeline.channel.topic, data, "channel.topic", limits);
	job.message = RenderField(pipeline.channel.message, data, "channel.message", limits);
	if (pipeline.workspace.type == WorkspaceType::GitClone ||
	    pipeline.workspace.type == WorkspaceType::GitWorktree) {
		job.repo = RenderField(pipeline.workspace.repo, data, "workspace.repo", limits);
		job.ref = RenderField(pipeline.workspace.ref, data, "workspace.ref", limits);
	}
	return job;
}

} // namespace osprey
