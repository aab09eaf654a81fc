// Private to the lexer: the state machine shared by Lexer.cxx (helpers) and
// LexerStates.cxx (one function per state, as in Go's lex.go).
#pragma once

#include "Lexer.hxx"
#include "Unicode.hxx"
#include "json/Utf8.hxx"

namespace osprey::tmpl::lex {


constexpr std::string_view left_delim = "{{", right_delim = "}}";
constexpr std::string_view left_comment = "/*", right_comment = "*/";
constexpr char32_t eof = 0xFFFFFFFF;
constexpr std::size_t trim_marker_len = 2; // marker plus the space beside it

inline bool
IsSpace(char32_t r) noexcept
{
	return r == ' ' || r == '\t' || r == '\r' || r == '\n';
}

inline bool
IsAlphaNumeric(char32_t r) noexcept
{
	return r == '_' || IsLetter(r) || IsDigit(r);
}

inline bool
HasLeftTrimMarker(std::string_view s) noexcept
{
	return s.size() >= 2 && s[0] == '-' && IsSpace(static_cast<unsigned char>(s[1]));
}

inline bool
HasRightTrimMarker(std::string_view s) noexcept
{
	return s.size() >= 2 && IsSpace(static_cast<unsigned char>(s[0])) && s[1] == '-';
}

inline std::size_t
RightTrimLength(std::string_view s) noexcept
{
	std::size_t n = 0;
	while (n < s.size() && IsSpace(static_cast<unsigned char>(s[s.size() - 1 - n])))
		++n;
	return n;
}

inline std::size_t
LeftTrimLength(std::string_view s) noexcept
{
	std::size_t n = 0;
	while (n < s.size() && IsSpace(static_cast<unsigned char>(s[n])))
		++n;
	return n;
}

inline ItemType
Keyword(std::string_view word) noexcept
{
	static constexpr struct {
		std::string_view word;
		ItemType type;
	} keywords[] = {
		{".", ItemType::Dot}, {"block", ItemType::Block},
		{"break", ItemType::Break}, {"continue", ItemType::Continue},
		{"define", ItemType::Define}, {"else", ItemType::Else},
		{"end", ItemType::End}, {"if", ItemType::If},
		{"range", ItemType::Range}, {"nil", ItemType::Nil},
		{"template", ItemType::Template}, {"with", ItemType::With},
	};
	for (const auto &k : keywords)
		if (k.word == word)
			return k.type;
	return ItemType::Error;
}

class Lexer {
	using State = bool (Lexer::*)();

	std::string_view input;
	std::size_t pos = 0, start = 0;
	bool at_eof = false;
	int paren_depth = 0;
	std::vector<Item> &items;

public:
	Lexer(std::string_view in, std::vector<Item> &out) noexcept
		:input(in), items(out) {}

	void Run() {
		State state = &Lexer::LexText;
		// Each state returns false once it has emitted Eof or an Error.
		while ((this->*state)())
			state = next_state;
	}

private:
	State next_state = nullptr;

	bool Go(State s) noexcept {
		next_state = s;
		return true;
	}

	char32_t Next() noexcept {
		if (pos >= input.size()) {
			at_eof = true;
			return eof;
		}
		const auto r = json::DecodeRune(input.substr(pos));
		pos += r.width;
		return r.rune;
	}

	char32_t Peek() noexcept {
		const char32_t r = Next();
		Backup();
		return r;
	}

	// Steps back over the rune before pos (Go's DecodeLastRuneInString);
	// once EOF was seen nothing moves, exactly as in Go.
	void Backup() noexcept {
		if (at_eof || pos == 0)
			return;
		std::size_t p = pos - 1;
		if (static_cast<unsigned char>(input[p]) >= 0x80) {
			const std::size_t lim = pos >= 4 ? pos - 4 : 0;
			while (p > lim && (static_cast<unsigned char>(input[p]) & 0xC0) == 0x80)
				--p;
			if (p + json::DecodeRune(input.substr(p, pos - p)).width != pos)
				p = pos - 1;
		}
		pos = p;
	}

	void Emit(ItemType t) {
		items.push_back({t, static_cast<std::uint32_t>(start),
				 input.substr(start, pos - start), {}});
		start = pos;
	}

	void Ignore() noexcept { start = pos; }

	bool Accept(std::string_view valid) noexcept {
		const char32_t r = Next();
		if (r < 0x80 && valid.find(static_cast<char>(r)) != std::string_view::npos)
			return true;
		Backup();
		return false;
	}

	void AcceptRun(std::string_view valid) noexcept {
		while (Accept(valid)) {
		}
	}

	bool Errorf(std::string message) {
		items.push_back({ItemType::Error, static_cast<std::uint32_t>(start), {},
				 std::move(message)});
		return false;
	}

	std::string_view Rest() const noexcept { return input.substr(pos); }

	bool AtRightDelim(bool &trim) const noexcept {
		const auto rest = Rest();
		if (HasRightTrimMarker(rest) &&
		    rest.substr(trim_marker_len).starts_with(right_delim)) {
			trim = true;
			return true;
		}
		trim = false;
		return rest.starts_with(right_delim);
	}

	bool AtTerminator() noexcept {
		const char32_t r = Peek();
		if (IsSpace(r))
			return true;
		switch (r) {
		case eof: case '.': case ',': case '|': case ':': case ')': case '(':
			return true;
		}
		return Rest().starts_with(right_delim);
	}

	bool LexText();
	bool LexLeftDelim();
	bool LexComment();
	bool LexRightDelim();
	bool LexInsideAction();
	bool LexSpace();
	bool LexIdentifier();
	bool LexFieldOrVariable(ItemType type);
	bool LexQuote(char32_t quote, ItemType type, const char *what);
	bool LexRawQuote();
	bool LexNumber();
	bool ScanNumber();
};


} // namespace osprey::tmpl::lex
