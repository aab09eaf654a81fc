#include "Parser.hxx"

#include <new>

namespace osprey::yaml {

Parser::Parser(std::string_view input)
{
	if (!yaml_parser_initialize(&parser))
		throw std::bad_alloc();
	yaml_parser_set_input_string(&parser,
				     reinterpret_cast<const unsigned char *>(input.data()),
				     input.size());
}

bool
Parser::Next(Event &event) noexcept
{
	if (event.valid) {
		yaml_event_delete(&event.event);
		event.valid = false;
	}
	if (!yaml_parser_parse(&parser, &event.event))
		return false;
	event.valid = true;
	return true;
}

const char *
Parser::Problem() const noexcept
{
	return parser.problem != nullptr ? parser.problem : "syntax error";
}

} // namespace osprey::yaml
