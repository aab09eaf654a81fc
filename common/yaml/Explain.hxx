// libyaml's problems in words a config author can act on. "did not find
// expected key" says nothing to someone who wrote prompt: {{ .body.x }}; the
// line the problem is on usually shows the cause.
#pragma once

#include "Node.hxx"

#include <string>
#include <string_view>

namespace osprey::yaml {

/// @p problem followed by what probably caused it on the lines of @p text
/// at or just before @p mark, and the fix, when it is one of the usual
/// suspects: a tab used for indentation, an unquoted "{{" template, an
/// unquoted "*" (a cron step such as */5, read as an alias).
std::string ExplainProblem(std::string_view text, Mark mark, const std::string &problem);

} // namespace osprey::yaml
