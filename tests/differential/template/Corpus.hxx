// The differential corpus as the C++ side reads it: the same files, the same
// rules as reference.go (see there for the format).
#pragma once

#include "json/Value.hxx"

#include <map>
#include <string>
#include <vector>

namespace osprey::test {

struct CorpusCase {
	std::string name;
	std::vector<std::string> payloads;
	std::string text;
};

struct Corpus {
	std::map<std::string, json::Value> payloads; // "-" is {}
	std::vector<CorpusCase> cases;

	/// Loads @p dir; throws on unreadable or invalid files.
	static Corpus Load(const std::string &dir);

	/// The root data of a rendering: {"body": payload}.
	json::Value Data(const std::string &payload) const;
};

} // namespace osprey::test
