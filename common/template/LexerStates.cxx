// The lexer's states, one function each, in the order of Go's lex.go. A state
// returns Go(next) to continue, or false after emitting Eof or an Error.
#include "LexerState.hxx"
#include "Quote.hxx"

namespace osprey::tmpl::lex {

// Scans until an opening action delimiter.
bool
Lexer::LexText()
{
	if (auto x = Rest().find(left_delim); x != std::string_view::npos) {
		pos += x;
		std::size_t trim = 0;
		if (HasLeftTrimMarker(input.substr(pos + left_delim.size())))
			trim = RightTrimLength(input.substr(start, pos - start));
		pos -= trim;
		if (pos > start)
			Emit(ItemType::Text);
		pos += trim;
		Ignore();
		return Go(&Lexer::LexLeftDelim);
	}
	pos = input.size();
	if (pos > start)
		Emit(ItemType::Text);
	Emit(ItemType::Eof);
	return false;
}

bool
Lexer::LexLeftDelim()
{
	pos += left_delim.size();
	const bool trim = HasLeftTrimMarker(Rest());
	const std::size_t after_marker = trim ? trim_marker_len : 0;
	if (input.substr(pos + after_marker).starts_with(left_comment)) {
		pos += after_marker;
		Ignore();
		return Go(&Lexer::LexComment);
	}
	Emit(ItemType::LeftDelim);
	pos += after_marker;
	Ignore();
	paren_depth = 0;
	return Go(&Lexer::LexInsideAction);
}

bool
Lexer::LexComment()
{
	pos += left_comment.size();
	const auto i = Rest().find(right_comment);
	if (i == std::string_view::npos)
		return Errorf("unclosed comment");
	pos += i + right_comment.size();
	bool trim;
	if (!AtRightDelim(trim))
		return Errorf("comment ends before closing delimiter");
	if (trim)
		pos += trim_marker_len;
	pos += right_delim.size();
	if (trim)
		pos += LeftTrimLength(Rest());
	Ignore();
	return Go(&Lexer::LexText);
}

bool
Lexer::LexRightDelim()
{
	const bool trim = HasRightTrimMarker(Rest());
	if (trim) {
		pos += trim_marker_len;
		Ignore();
	}
	pos += right_delim.size();
	Emit(ItemType::RightDelim);
	if (trim) {
		pos += LeftTrimLength(Rest());
		Ignore();
	}
	return Go(&Lexer::LexText);
}

bool
Lexer::LexInsideAction()
{
	bool trim;
	if (AtRightDelim(trim)) {
		if (paren_depth == 0)
			return Go(&Lexer::LexRightDelim);
		return Errorf("unclosed left paren");
	}
	const char32_t r = Next();
	if (r == eof)
		return Errorf("unclosed action");
	if (IsSpace(r)) {
		Backup(); // put the space back in case we have " -}}"
		return Go(&Lexer::LexSpace);
	}
	switch (r) {
	case '=':
		Emit(ItemType::Assign);
		return Go(&Lexer::LexInsideAction);
	case ':':
		if (Next() != '=')
			return Errorf("expected :=");
		Emit(ItemType::Declare);
		return Go(&Lexer::LexInsideAction);
	case '|':
		Emit(ItemType::Pipe);
		return Go(&Lexer::LexInsideAction);
	case '"':
		return LexQuote('"', ItemType::String, "unterminated quoted string");
	case '`':
		return LexRawQuote();
	case '$':
		return LexFieldOrVariable(ItemType::Variable);
	case '\'':
		return LexQuote('\'', ItemType::CharConstant, "unterminated character constant");
	case '.':
		if (pos < input.size() && (input[pos] < '0' || input[pos] > '9'))
			return LexFieldOrVariable(ItemType::Field);
		Backup(); // '.' can start a number
		return LexNumber();
	case '(':
		Emit(ItemType::LeftParen);
		++paren_depth;
		return Go(&Lexer::LexInsideAction);
	case ')':
		Emit(ItemType::RightParen);
		if (--paren_depth < 0)
			return Errorf("unexpected right paren " + RuneDescription(r));
		return Go(&Lexer::LexInsideAction);
	}
	if (r == '+' || r == '-' || (r >= '0' && r <= '9')) {
		Backup();
		return LexNumber();
	}
	if (IsAlphaNumeric(r)) {
		Backup();
		return LexIdentifier();
	}
	if (r < 0x80 && IsPrint(r)) {
		Emit(ItemType::Char);
		return Go(&Lexer::LexInsideAction);
	}
	return Errorf("unrecognized character in action: " + RuneDescription(r));
}

bool
Lexer::LexSpace()
{
	std::size_t spaces = 0;
	while (IsSpace(Peek())) {
		Next();
		++spaces;
	}
	// Be careful about a trim-marked closing delimiter, which starts with
	// a space ("{{3 -}}").
	if (HasRightTrimMarker(input.substr(pos - 1)) &&
	    input.substr(pos - 1 + trim_marker_len).starts_with(right_delim)) {
		Backup(); // before the space
		if (spaces == 1)
			return Go(&Lexer::LexRightDelim);
	}
	Emit(ItemType::Space);
	return Go(&Lexer::LexInsideAction);
}

bool
Lexer::LexIdentifier()
{
	char32_t r;
	while (IsAlphaNumeric(r = Next())) {
	}
	Backup();
	const auto word = input.substr(start, pos - start);
	if (!AtTerminator())
		return Errorf("bad character " + RuneDescription(r));
	if (const auto k = Keyword(word); k != ItemType::Error)
		Emit(k);
	else if (word[0] == '.')
		Emit(ItemType::Field);
	else if (word == "true" || word == "false")
		Emit(ItemType::Bool);
	else
		Emit(ItemType::Identifier);
	return Go(&Lexer::LexInsideAction);
}

bool
Lexer::LexFieldOrVariable(ItemType type)
{
	if (AtTerminator()) { // nothing interesting follows: "." or "$"
		Emit(type == ItemType::Variable ? ItemType::Variable : ItemType::Dot);
		return Go(&Lexer::LexInsideAction);
	}
	char32_t r;
	while (IsAlphaNumeric(r = Next())) {
	}
	Backup();
	if (!AtTerminator())
		return Errorf("bad character " + RuneDescription(r));
	Emit(type);
	return Go(&Lexer::LexInsideAction);
}

// Strings and character constants: scanned here, unquoted by the parser.
bool
Lexer::LexQuote(char32_t quote, ItemType type, const char *what)
{
	for (;;) {
		char32_t r = Next();
		if (r == '\\') {
			r = Next();
			if (r != eof && r != '\n')
				continue;
			return Errorf(what);
		}
		if (r == eof || r == '\n')
			return Errorf(what);
		if (r == quote)
			break;
	}
	Emit(type);
	return Go(&Lexer::LexInsideAction);
}

bool
Lexer::LexRawQuote()
{
	for (;;) {
		const char32_t r = Next();
		if (r == eof)
			return Errorf("unterminated raw quoted string");
		if (r == '`')
			break;
	}
	Emit(ItemType::RawString);
	return Go(&Lexer::LexInsideAction);
}

bool
Lexer::LexNumber()
{
	if (!ScanNumber())
		return Errorf("bad number syntax: " + GoQuote(input.substr(start, pos - start)));
	if (const char32_t sign = Peek(); sign == '+' || sign == '-') {
		// complex: 1+2i; no spaces, must end in 'i'
		if (!ScanNumber() || input[pos - 1] != 'i')
			return Errorf("bad number syntax: " +
				      GoQuote(input.substr(start, pos - start)));
		Emit(ItemType::Complex);
	} else {
		Emit(ItemType::Number);
	}
	return Go(&Lexer::LexInsideAction);
}

bool
Lexer::ScanNumber()
{
	Accept("+-");
	std::string_view digits = "0123456789_";
	if (Accept("0")) {
		if (Accept("xX"))
			digits = "0123456789abcdefABCDEF_";
		else if (Accept("oO"))
			digits = "01234567_";
		else if (Accept("bB"))
			digits = "01_";
	}
	AcceptRun(digits);
	if (Accept("."))
		AcceptRun(digits);
	if (digits.size() == 10 + 1 && Accept("eE")) {
		Accept("+-");
		AcceptRun("0123456789_");
	}
	if (digits.size() == 16 + 6 + 1 && Accept("pP")) {
		Accept("+-");
		AcceptRun("0123456789_");
	}
	Accept("i");
	// Next thing mustn't be alphanumeric.
	if (IsAlphaNumeric(Peek())) {
		Next();
		return false;
	}
	return true;
}

} // namespace osprey::tmpl::lex
