#include "Builtin.hxx"

namespace osprey::tmpl {

std::optional<Builtin>
FindBuiltin(std::string_view name) noexcept
{
	static constexpr struct {
		std::string_view name;
		Builtin fn;
	} table[] = {
		{"and", Builtin::And}, {"call", Builtin::Call}, {"html", Builtin::Html},
		{"index", Builtin::Index}, {"slice", Builtin::Slice}, {"js", Builtin::Js},
		{"len", Builtin::Len}, {"not", Builtin::Not}, {"or", Builtin::Or},
		{"print", Builtin::Print}, {"printf", Builtin::Printf},
		{"println", Builtin::Println}, {"urlquery", Builtin::Urlquery},
		{"eq", Builtin::Eq}, {"ge", Builtin::Ge}, {"gt", Builtin::Gt},
		{"le", Builtin::Le}, {"lt", Builtin::Lt}, {"ne", Builtin::Ne},
	};
	for (const auto &e : table)
		if (e.name == name)
			return e.fn;
	return std::nullopt;
}

} // namespace osprey::tmpl
