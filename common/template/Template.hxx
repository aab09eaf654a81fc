// Osprey's template engine: Go 1.19's text/template over JSON data, with the
// three deliberate differences of decisions.md ("Templates"):
//  1. a missing field prints "<no value>" and never fails, also through a
//     null, missing or non-object parent;
//  2. JSON numbers print exactly as written (directly, through print, %v and
//     %s) yet compare, test and format (%d, %.2f, ...) as numbers;
//  3. objects and arrays print as compact JSON.
#pragma once

#include "json/Value.hxx"

#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

namespace osprey::tmpl {

struct TreeSet;

/// A syntax error; what() is "name:line:column: message".
struct ParseError : std::runtime_error {
	std::size_t line, column;
	ParseError(const std::string &message, std::size_t line_, std::size_t column_)
		:std::runtime_error(message), line(line_), column(column_) {}
};

/// A failure while rendering; what() names the place and the action, e.g.
/// "line 1, column 3: index: index out of range: 5".
struct ExecError : std::runtime_error {
	using std::runtime_error::runtime_error;
};

/// A parsed template with its {{define}}d and {{block}} templates.
/// Immutable once built: copies share the parse tree, and any number of
/// threads may render one Template concurrently.
class Template {
	std::shared_ptr<const TreeSet> set_;

public:
	explicit Template(std::shared_ptr<const TreeSet> set) noexcept
		:set_(std::move(set)) {}

	const TreeSet &Set() const noexcept { return *set_; }

	/// The name given to Parse().
	const std::string &Name() const noexcept;
};

/// Parses @p source; throws ParseError.
Template Parse(std::string_view source, std::string_view name = "template");

/// Renders @p tmpl with @p data as dot and $; throws ExecError. Output
/// produced before a failure is discarded.
std::string Render(const Template &tmpl, const json::Value &data);

/// Renders into @p out (appending); on ExecError @p out keeps the partial
/// output.
void RenderTo(std::string &out, const Template &tmpl, const json::Value &data);

} // namespace osprey::tmpl
