// The message the builder writes: one labelled line per selected field.
#pragma once

#include "Field.hxx"
#include "json/Value.hxx"

#include <string>
#include <vector>

namespace osprey::builder {

struct Selection {
	Path path;
	/** editable by the user; control characters become spaces when composed */
	std::string label;
};

/// "<Label>: {{ <expression> }}\n" per selection, in order. A "{{" in a
/// label is written so that it prints literally.
std::string ComposeMessage(const std::vector<Selection> &selections);

/// The message rendered by the engine of `osprey test` against @p body (and
/// @p headers as .headers unless null), or why it cannot be.
struct Preview {
	std::string text;
	/** empty when rendered; else the engine's reason */
	std::string error;
};
Preview RenderPreview(const std::string &message, const json::Value &body,
		      const json::Value &headers = {});

} // namespace osprey::builder
