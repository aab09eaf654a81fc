// What a trigger becomes before it is a job, on the thread pool: the body
// parsed (JSON, GitHub's form mode, {} when empty), every template rendered
// once within its limits, the payload as it is recorded, and the
// dashboard's copy of it stored. No loop, no job store: a plain function of
// its input, so a worst-case payload costs a pool thread, never the loop.
#pragma once

#include "config/Pipeline.hxx"
#include "store/RenderedJob.hxx"

#include <memory>
#include <string>

namespace osprey::daemon {

struct RenderInput {
	/* a copy: a reload may replace the loaded pipelines meanwhile */
	std::shared_ptr<const Pipeline> pipeline;
	std::string body, content_type;
	/** keep a copy in <payloads_dir> (at most payloads_keep): webhooks only */
	std::string payloads_dir;
	unsigned payloads_keep = 0;
};

struct RenderOutput {
	enum class Status { Ok, BadBody, RenderFailed };
	Status status = Status::Ok;
	/** BadBody: the 400's sentence; RenderFailed: the job's reason */
	std::string error;
	/** the body as templates saw it, as JSON: payload.json */
	std::string payload;
	std::string prompt;
	RenderedFields fields;
	/** the dashboard's copy could not be stored: for the log */
	std::string warning;
};

RenderOutput RenderTrigger(const RenderInput &input) noexcept;

} // namespace osprey::daemon
