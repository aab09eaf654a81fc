#include "Parse.hxx"
#include "Number.hxx"
#include "Utf8.hxx"
#include "util/Hex.hxx"

#include <cctype>
#include <string>

namespace osprey::json {

namespace {

class Parser {
	std::string_view in;
	std::size_t pos = 0;
	std::size_t depth = 0;

public:
	explicit Parser(std::string_view text) noexcept :in(text) {}

	Value Document() {
		SkipSpace();
		Value v = ParseValue();
		SkipSpace();
		if (pos != in.size())
			Fail("unexpected data after the top-level value");
		return v;
	}

private:
	[[noreturn]] void Fail(const std::string &what) const {
		FailAt(pos, what);
	}

	[[noreturn]] void FailAt(std::size_t at, const std::string &what) const {
		std::size_t line = 1, column = 1;
		for (std::size_t i = 0; i < at && i < in.size(); ++i) {
			const auto c = static_cast<unsigned char>(in[i]);
			if (c == '\n') {
				++line;
				column = 1;
			} else if ((c & 0xC0) != 0x80) {
				++column;
			}
		}
		throw ParseError("line " + std::to_string(line) + ", column " +
				 std::to_string(column) + ": " + what,
				 line, column, at);
	}

	void SkipSpace() noexcept {
		while (pos < in.size() && (in[pos] == ' ' || in[pos] == '\t' ||
					   in[pos] == '\n' || in[pos] == '\r'))
			++pos;
	}

	std::string Describe() const {
		if (pos >= in.size())
			return "end of input";
		const char c = in[pos];
		if (c >= 0x20 && c < 0x7f)
			return std::string("'") + c + "'";
		return "byte 0x" + std::string{"0123456789abcdef"[(c >> 4) & 0xf],
			"0123456789abcdef"[c & 0xf]};
	}

	void ExpectWord(std::string_view word) {
		if (in.substr(pos, word.size()) != word)
			Fail("invalid literal, expected " + std::string(word));
		pos += word.size();
	}

	Value ParseValue() {
		if (pos >= in.size())
			Fail("unexpected end of input, expected a value");
		switch (in[pos]) {
		case '{':
			return ParseObject();
		case '[':
			return ParseArray();
		case '"':
			return Value::String(ParseString());
		case 't':
			ExpectWord("true");
			return Value(true);
		case 'f':
			ExpectWord("false");
			return Value(false);
		case 'n':
			ExpectWord("null");
			return Value();
		default:
			if (in[pos] == '-' || (in[pos] >= '0' && in[pos] <= '9'))
				return ParseNumber();
			Fail("unexpected " + Describe() + ", expected a value");
		}
	}

	Value ParseNumber() {
		const std::size_t n = ScanNumber(in.substr(pos));
		if (n == 0)
			Fail("invalid number");
		std::size_t end = pos + n;
		if (end < in.size() && (std::isalnum(static_cast<unsigned char>(in[end])) ||
					in[end] == '.' || in[end] == '-' || in[end] == '+'))
			FailAt(end, "invalid number");
		Value v = Value::Number(std::string(in.substr(pos, n)));
		pos = end;
		return v;
	}

	void Enter() {
		if (++depth > max_depth)
			Fail("nesting deeper than " + std::to_string(max_depth) + " levels");
	}

	Value ParseArray() {
		Enter();
		++pos;
		Array elements;
		SkipSpace();
		if (pos < in.size() && in[pos] == ']') {
			++pos;
			--depth;
			return Value::MakeArray(std::move(elements));
		}
		for (;;) {
			SkipSpace();
			elements.push_back(ParseValue());
			SkipSpace();
			if (pos < in.size() && in[pos] == ',') {
				++pos;
				continue;
			}
			if (pos < in.size() && in[pos] == ']') {
				++pos;
				break;
			}
			Fail("expected ',' or ']' after array element");
		}
		--depth;
		return Value::MakeArray(std::move(elements));
	}

	Value ParseObject() {
		Enter();
		++pos;
		Members members;
		SkipSpace();
		if (pos < in.size() && in[pos] == '}') {
			++pos;
			--depth;
			return Value::MakeObject(std::move(members));
		}
		for (;;) {
			SkipSpace();
			if (pos >= in.size() || in[pos] != '"')
				Fail("expected a string as object key");
			std::string key = ParseString();
			SkipSpace();
			if (pos >= in.size() || in[pos] != ':')
				Fail("expected ':' after object key");
			++pos;
			SkipSpace();
			Value value = ParseValue();
			members.emplace_back(std::move(key), std::move(value));
			SkipSpace();
			if (pos < in.size() && in[pos] == ',') {
				++pos;
				continue;
			}
			if (pos < in.size() && in[pos] == '}') {
				++pos;
				break;
			}
			Fail("expected ',' or '}' after object member");
		}
		--depth;
		return Value::MakeObject(std::move(members));
	}

	unsigned ParseHex4() {
		if (pos + 4 > in.size())
			Fail("invalid \\u escape");
		unsigned v = 0;
		for (int i = 0; i < 4; ++i) {
			const int digit = HexValue(in[pos++]);
			if (digit < 0)
				FailAt(pos - 1, "invalid \\u escape");
			v = v << 4 | static_cast<unsigned>(digit);
		}
		return v;
	}

	void ParseEscape(std::string &out) {
		if (pos >= in.size())
			Fail("unterminated string");
		const char c = in[pos++];
		switch (c) {
		case '"': out += '"'; return;
		case '\\': out += '\\'; return;
		case '/': out += '/'; return;
		case 'b': out += '\b'; return;
		case 'f': out += '\f'; return;
		case 'n': out += '\n'; return;
		case 'r': out += '\r'; return;
		case 't': out += '\t'; return;
		case 'u': break;
		default:
			FailAt(pos - 1, "invalid escape in string");
		}
		unsigned cp = ParseHex4();
		if (cp >= 0xD800 && cp < 0xDC00 && in.substr(pos, 2) == "\\u") {
			const std::size_t save = pos;
			pos += 2;
			const unsigned low = ParseHex4();
			if (low >= 0xDC00 && low < 0xE000)
				cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
			else
				pos = save; // the next escape stands on its own
		}
		if (cp >= 0xD800 && cp < 0xE000)
			cp = 0xFFFD; // a lone surrogate, as Go's decoder does
		AppendUtf8(out, cp);
	}

	std::string ParseString() {
		++pos; // opening quote
		std::string out;
		for (;;) {
			std::size_t run = pos;
			while (run < in.size()) {
				const auto c = static_cast<unsigned char>(in[run]);
				if (c == '"' || c == '\\' || c < 0x20 || c >= 0x80)
					break;
				++run;
			}
			out.append(in.substr(pos, run - pos));
			pos = run;
			if (pos >= in.size())
				Fail("unterminated string");
			const auto c = static_cast<unsigned char>(in[pos]);
			if (c == '"') {
				++pos;
				return out;
			}
			if (c == '\\') {
				++pos;
				ParseEscape(out);
			} else if (c < 0x20) {
				Fail("control character in string");
			} else {
				const std::size_t n = ValidUtf8Sequence(in.substr(pos));
				if (n == 0)
					Fail("invalid UTF-8 in string");
				out.append(in.substr(pos, n));
				pos += n;
			}
		}
	}
};

} // namespace

Value
Parse(std::string_view text)
{
	return Parser(text).Document();
}

} // namespace osprey::json
