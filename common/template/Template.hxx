// Osprey's template engine: Go 1.19's text/template over JSON data, with the
// three deliberate differences of decisions.md ("Templates"):
//  1. a missing field prints "<no value>" and never fails, also through a
//     null, missing or non-object parent;
//  2. JSON numbers print exactly as written (directly, through print, %v and
//     %s) yet compare, test and format (%d, %.2f, ...) as numbers;
//  3. objects and arrays print as compact JSON.
#pragma once

#include "json/Value.hxx"

#include <chrono>
#include <cstddef>
#include <cstdint>
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

/// A rendering that hit one of its Limits, e.g. "rendering stopped at 1 MiB".
/// what() names no position: the cause is the size of the data, not a place
/// in the template.
struct LimitError : ExecError {
	using ExecError::ExecError;
};

/// Bounds on one rendering, so that a template over untrusted data cannot
/// blow up (a nested range over a big array, a recursive {{template}}).
/// With the defaults a worst case ends within about 50 ms of CPU time
/// (measured with tests/bench/template/bench-template-limits).
struct Limits {
	/// Bytes of output; also the most one built string (printf, print,
	/// html, js, urlquery) may hold. Checked before appending.
	std::size_t output_bytes = 1024 * 1024;

	/// Bytes of built strings across the rendering: they live until it
	/// ends, as variables may hold them.
	std::size_t built_bytes = 8 * 1024 * 1024;

	/// Evaluation steps: every node executed and every range iteration.
	/// A prompt over a 300-file pull request takes ~10,000.
	std::uint64_t steps = 100'000;

	/// Time budget, a backstop for steps made slow by big data (eq on
	/// megabyte strings). Counted in CPU time of the rendering thread, so a
	/// busy machine does not fail a rendering; read first after 256 steps,
	/// then every 256. Zero: none.
	std::chrono::milliseconds time{50};
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

/// Renders @p tmpl with @p data as dot and $; throws ExecError (LimitError
/// past @p limits). Output produced before a failure is discarded.
std::string Render(const Template &tmpl, const json::Value &data, const Limits &limits = {});

/// Renders into @p out (appending); on ExecError @p out keeps the partial
/// output, at most limits.output_bytes of it.
void RenderTo(std::string &out, const Template &tmpl, const json::Value &data,
	      const Limits &limits = {});

} // namespace osprey::tmpl
