// Rendering a pipeline's templates for one trigger event.
#pragma once

#include "json/Value.hxx"

#include <stdexcept>
#include <string>

namespace osprey {

struct Pipeline;

/// Everything a job needs from the templates, rendered.
struct RenderedJob {
	std::string prompt, topic, message;
	std::string repo, ref; // git workspaces only; empty otherwise
};

/// A template that failed while rendering (e.g. index out of range); the
/// message starts with the field: "agent.prompt: line 1, column 3: ...".
struct RenderError : std::runtime_error {
	using std::runtime_error::runtime_error;
};

/// The data templates see: an object whose "body" is @p payload.
json::Value TemplateData(const json::Value &payload);

/// Renders every template of @p pipeline against @p payload (the parsed
/// webhook body; {} for cron). Throws RenderError.
RenderedJob Render(const Pipeline &pipeline, const json::Value &payload);

} // namespace osprey
