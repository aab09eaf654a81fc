#include "LexerState.hxx"
#include "Quote.hxx"

namespace osprey::tmpl {



std::vector<Item>
Lex(std::string_view input)
{
	std::vector<Item> items;
	items.reserve(input.size() / 8 + 4);
	lex::Lexer(input, items).Run();
	return items;
}

std::string
Describe(const Item &item)
{
	switch (item.type) {
	case ItemType::Eof:
		return "EOF";
	case ItemType::Error:
		return item.message;
	default:
		break;
	}
	if (item.type >= ItemType::Block)
		return "<" + std::string(item.val) + ">";
	if (json::RuneCount(item.val) > 10) {
		// %.10q: quote the first ten runes
		std::size_t n = 0, i = 0;
		while (n < 10 && i < item.val.size()) {
			i += json::DecodeRune(item.val.substr(i)).width;
			++n;
		}
		return GoQuote(item.val.substr(0, i)) + "...";
	}
	return GoQuote(item.val);
}

} // namespace osprey::tmpl
