// Thin RAII over libyaml's event parser: the only place that calls
// yaml_parser_delete and yaml_event_delete.
#pragma once

#include <yaml.h>

#include <string_view>

namespace osprey::yaml {

/// One parser event; owns the libyaml event and frees it.
class Event {
	yaml_event_t event;
	bool valid = false;

	friend class Parser;

public:
	Event() noexcept = default;
	Event(const Event &) = delete;
	Event &operator=(const Event &) = delete;
	~Event() noexcept {
		if (valid)
			yaml_event_delete(&event);
	}

	yaml_event_type_t Type() const noexcept { return event.type; }
	const yaml_event_t &Get() const noexcept { return event; }
	/** 1-based line and column where the event starts */
	std::size_t Line() const noexcept { return event.start_mark.line + 1; }
	std::size_t Column() const noexcept { return event.start_mark.column + 1; }
};

/// A pull parser over a string that outlives it.
class Parser {
	yaml_parser_t parser;

public:
	/// Throws std::bad_alloc if libyaml cannot initialise.
	explicit Parser(std::string_view input);
	Parser(const Parser &) = delete;
	Parser &operator=(const Parser &) = delete;
	~Parser() noexcept { yaml_parser_delete(&parser); }

	/// Fills @p event with the next event; on a syntax error returns false and
	/// leaves the reason in Problem()/ProblemLine()/ProblemColumn().
	bool Next(Event &event) noexcept;

	const char *Problem() const noexcept;
	std::size_t ProblemLine() const noexcept { return parser.problem_mark.line + 1; }
	std::size_t ProblemColumn() const noexcept { return parser.problem_mark.column + 1; }
};

} // namespace osprey::yaml
