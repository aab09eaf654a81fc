// agent.base_url and agent.model, read the same way in config.yaml's
// defaults.agent.<runtime> and in a pipeline's agent block.
#pragma once

#include <string>

namespace osprey {

class Section;

/// Reads "base_url" of @p s into @p base_url when present: an http:// or
/// https:// URL without spaces (a wrong value is an error naming the field).
void ReadBaseUrl(Section &s, std::string &base_url);

/// Reads "model" of @p s into @p model when present: a non-empty name.
void ReadModel(Section &s, std::string &model);

} // namespace osprey
