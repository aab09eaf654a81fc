// The template lexer: a port of Go 1.19's text/template/parse/lex.go with the
// default delimiters "{{" and "}}". Lex() turns the whole source into items up
// front; a lexical error ends the list with an Error item, which the parser
// reports when it reaches it (as Go's parser does).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace osprey::tmpl {

enum class ItemType : std::uint8_t {
	Error,        // val is the message
	Bool,         // true, false
	Char,         // printable ASCII character; grab bag for comma etc.
	CharConstant, // 'x'
	Complex,      // 1+2i
	Assign,       // =
	Declare,      // :=
	Eof,
	Field,        // .Name
	Identifier,   // function name
	LeftDelim,
	LeftParen,
	Number,
	Pipe,
	RawString,    // `raw`, quotes included
	RightDelim,
	RightParen,
	Space,
	String,       // "quoted", quotes included
	Text,
	Variable,     // $, $x
	// keywords
	Block,
	Break,
	Continue,
	Dot,
	Define,
	Else,
	End,
	If,
	Nil,
	Range,
	Template,
	With,
};

struct Item {
	ItemType type;
	std::uint32_t pos; // byte offset in the source
	std::string_view val; // view into the source (or a static message for Error)
	std::string message; // Error items only
};

/// Lexes @p input (which must outlive the items).
std::vector<Item> Lex(std::string_view input);

/// Go's description of an item in "unexpected <item> in ..." messages.
std::string Describe(const Item &item);

} // namespace osprey::tmpl
