// Rendering a pipeline's templates for one trigger event.
#pragma once

#include "json/Value.hxx"
#include "template/Template.hxx"

#include <stdexcept>
#include <string>

namespace osprey {

struct Pipeline;

/// Everything a job needs from the templates, rendered.
struct RenderedJob {
	std::string prompt, topic, message;
	std::string repo, ref; // git workspaces only; empty otherwise
};

/// Bounds on each field's rendering (see tmpl::Limits); every field gets
/// all of them, so a job's rendered text is at most five times the output
/// limit.
using RenderLimits = tmpl::Limits;

/// A template that failed while rendering (e.g. index out of range) or
/// passed a limit; the message starts with the pipeline's file and the
/// field: "pipelines/p/pipeline.yaml: agent.prompt: line 1, column 3: ...",
/// "pipelines/p/pipeline.yaml: agent.prompt: rendering stopped at 1 MiB".
/// field_message() is the same without the file (for a webhook's sender).
struct RenderError : std::runtime_error {
	std::string field_message;
	RenderError(const std::string &file, std::string field_message_)
		:std::runtime_error(file.empty() ? field_message_ : file + ": " + field_message_),
		 field_message(std::move(field_message_)) {}
};

/// The data templates see: an object with "body", @p payload, and
/// "headers", @p headers (an object; null stands for {}: cron, and
/// payloads stored before headers were).
json::Value TemplateData(const json::Value &payload, const json::Value &headers = {});

/// Whether trigger.filter lets the event with template data @p data
/// through: there is none, or it renders "true" once trimmed. Throws
/// RenderError.
bool FilterPasses(const Pipeline &pipeline, const json::Value &data,
		  const RenderLimits &limits = {});

/// Renders every template of @p pipeline against @p data (TemplateData())
/// within @p limits. Throws RenderError.
RenderedJob RenderData(const Pipeline &pipeline, const json::Value &data,
		       const RenderLimits &limits = {});

/// Renders against @p payload (the parsed webhook body; {} for cron) with
/// no headers. Throws RenderError.
inline RenderedJob
Render(const Pipeline &pipeline, const json::Value &payload, const RenderLimits &limits = {})
{
	return RenderData(pipeline, TemplateData(payload), limits);
}

} // namespace osprey
