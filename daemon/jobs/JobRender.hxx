// What a trigger becomes before it is a job, on the thread pool: the body
// parsed (JSON, GitHub's form mode, {} when empty), the request's headers
// made template data, the dashboard's copy of both stored, trigger.filter
// asked, every template rendered once within its limits. No loop, no job
// store: plain functions of their input, so a worst-case payload costs a
// pool thread, never the loop.
//
// A pipeline without a filter goes through RenderTrigger() in one pass. A
// filter is asked before the job is admitted (a filtered event must not
// take a slot, nor be refused for want of one): FilterTrigger() first, then
// RenderTrigger() with what it prepared.
#pragma once

#include "config/Pipeline.hxx"
#include "json/Value.hxx"
#include "store/RenderedJob.hxx"

#include <memory>
#include <optional>
#include <string>

namespace osprey::daemon {

/// The event as templates see it.
struct PreparedTrigger {
	/** TemplateData(): .body and .headers */
	json::Value data;
	/** the body as templates saw it, as JSON: payload.json */
	std::string payload;
};

struct RenderInput {
	/* a copy: a reload may replace the loaded pipelines meanwhile */
	std::shared_ptr<const Pipeline> pipeline;
	std::string body, content_type;
	/** the request's headers (TemplateHeaders.hxx CaptureHeaders()) */
	std::string headers;
	/** keep a copy in <payloads_dir> (at most payloads_keep): webhooks only */
	std::string payloads_dir;
	unsigned payloads_keep = 0;
	/** set by FilterTrigger(): nothing is parsed or stored again */
	std::optional<PreparedTrigger> prepared;
};

struct RenderOutput {
	enum class Status { Ok, BadBody, RenderFailed, Filtered, FilterFailed };
	Status status = Status::Ok;
	/** BadBody: the 400's sentence; RenderFailed: the job's reason;
	    FilterFailed: the reason for the log (with the file) */
	std::string error;
	/** FilterFailed: the reason without the file, for the sender */
	std::string field_error;
	/** the body as templates saw it, as JSON: payload.json */
	std::string payload;
	std::string prompt;
	RenderedFields fields;
	/** the dashboard's copy could not be stored: for the log */
	std::string warning;
};

/// Parses, stores the dashboard's copy and asks the filter: Ok (then
/// @p input.prepared is set, for RenderTrigger()), BadBody, Filtered or
/// FilterFailed.
RenderOutput FilterTrigger(RenderInput &input) noexcept;

/// Everything, or the rendering after FilterTrigger(): Ok, BadBody or
/// RenderFailed.
RenderOutput RenderTrigger(RenderInput &input) noexcept;

} // namespace osprey::daemon
