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
/// passed a limit; the message starts with the field: "agent.prompt: line
/// 1, column 3: ...", "agent.prompt: rendering stopped at 1 MiB".
struct RenderError : std::runtime_error {
	using std::runtime_error::runtime_error;
};

/// The data templates see: an object whose "body" is @p payload.
json::Value TemplateData(const json::Value &payload);

/// Renders every template of @p pipeline against @p payload (the parsed
/// webhook body; {} for cron) within @p limits. Throws RenderError.
RenderedJob Render(const Pipeline &pipeline, const json::Value &payload,
		   const RenderLimits &limits = {});

} // namespace osprey
