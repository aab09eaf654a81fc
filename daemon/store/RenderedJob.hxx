// What a job's templates rendered to, once, when its trigger fired: the
// channel's topic and message and the workspace's repo and ref, kept in
// rendered.json beside prompt.md so that a job awaiting approval holds none
// of it in memory, and a restart renders nothing again.
#pragma once

#include "JobJournal.hxx"
#include "job/JobRecord.hxx"

#include <string>
#include <string_view>

namespace osprey::daemon {

struct RenderedFields {
	std::string topic, message;
	std::string repo, ref;
};

std::string ToJson(const RenderedFields &fields);
/// Throws std::runtime_error when @p json is not such an object.
RenderedFields ParseRenderedFields(std::string_view json);

/// Reads rendered.json of @p files. Throws.
RenderedFields LoadRenderedFields(const JobFiles &files);

/// The files of a new job: job.json, payload.json, prompt.md (0644: the
/// container's user reads it through a read-only bind mount; the job's
/// directory, 0700, keeps other host users out) and rendered.json.
JobWrite NewJobWrite(const JobRecord &record, std::string payload, std::string prompt,
		     const RenderedFields &rendered);

/// A new job.json for an existing job.
JobWrite RecordWrite(const JobRecord &record);

} // namespace osprey::daemon
