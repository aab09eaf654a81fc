#include "Render.hxx"
#include "config/Pipeline.hxx"
#include "util/Text.hxx"

namespace osprey {

json::Value
TemplateData(const json::Value &payload, const json::Value &headers)
{
	json::Members members;
	members.emplace_back("body", payload);
	members.emplace_back("headers", headers.IsNull() ? json::Value::MakeObject({}) : headers);
	return json::Value::MakeObject(std::move(members));
}

static std::string
RenderField(const Pipeline &pipeline, const std::string &source, const json::Value &data,
	    const char *field, const RenderLimits &limits)
{
	if (source.empty())
		return {};
	try {
		/* it parsed when the pipeline was loaded: see Pipeline */
		return tmpl::Render(tmpl::Parse(source, field), data, limits);
	} catch (const std::exception &e) {
		throw RenderError(pipeline.file, std::string(field) + ": " + e.what());
	}
}

bool
FilterPasses(const Pipeline &pipeline, const json::Value &data, const RenderLimits &limits)
{
	if (pipeline.trigger.filter.empty())
		return true;
	return Trim(RenderField(pipeline, pipeline.trigger.filter, data, "trigger.filter", limits)) ==
		"true";
}

RenderedJob
RenderData(const Pipeline &pipeline, const json::Value &data, const RenderLimits &limits)
{
	RenderedJob job;
	job.prompt = RenderField(pipeline, pipeline.agent.prompt, data, "agent.prompt", limits);
	job.topic = RenderField(pipeline, pipeline.channel.topic, data, "channel.topic", limits);
	job.message = RenderField(pipeline, pipeline.channel.message, data, "channel.message", limits);
	if (pipeline.workspace.type == WorkspaceType::GitClone ||
	    pipeline.workspace.type == WorkspaceType::GitWorktree) {
		job.repo = RenderField(pipeline, pipeline.workspace.repo, data, "workspace.repo", limits);
		job.ref = RenderField(pipeline, pipeline.workspace.ref, data, "workspace.ref", limits);
	}
	return job;
}

} // namespace osprey
