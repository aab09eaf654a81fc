// A payload as the message builder lists it: one row per leaf value, named by
// its path below .body.
#pragma once

#include "json/Value.hxx"

#include <compare>
#include <cstddef>
#include <string>
#include <vector>

namespace osprey::builder {

/// One step of a path: an object key or an array index.
struct PathStep {
	bool is_index = false;
	std::string key;       // when !is_index
	std::size_t index = 0; // when is_index

	static PathStep Key(std::string k) { return {false, std::move(k), 0}; }
	static PathStep Index(std::size_t i) { return {true, {}, i}; }

	friend bool operator==(const PathStep &, const PathStep &) = default;
	friend auto operator<=>(const PathStep &, const PathStep &) = default;
};

using Path = std::vector<PathStep>;

/// "issue.title", "labels.0.name"; "" for the root. For display and
/// filtering only: a key holding a dot looks like two steps, so the steps,
/// not this text, identify a field.
std::string DisplayPath(const Path &path);

/// One row of the builder's list.
struct Field {
	Path path;
	/** DisplayPath(path) */
	std::string display;
	/** exactly what {{ <expression> }} renders to against the payload:
	    strings as they are (newlines included: the UI makes them one line),
	    numbers as written, null as "<no value>", empty containers as {} and [] */
	std::string value;
	json::Value::Kind kind = json::Value::Kind::Null;
};

/// Every leaf of @p body in document order: scalars, null and empty objects
/// and arrays; a non-empty object or array is listed through its children
/// only. A scalar root is one row with an empty path. Of duplicate keys only
/// the one templates see (the last) is listed.
std::vector<Field> Flatten(const json::Value &body);

} // namespace osprey::builder
