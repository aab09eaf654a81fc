// Calling builtins: argument counts, evaluation order and short-circuiting
// as in Go's evalCall, then dispatch.
#include "Exec.hxx"
#include "Escape.hxx"
#include "Format.hxx"
#include "Funcs.hxx"
#include "Quote.hxx"

#include <array>

namespace osprey::tmpl {

namespace {

struct Arity {
	std::size_t fixed;
	bool variadic;
};

constexpr Arity
ArityOf(Builtin fn) noexcept
{
	switch (fn) {
	case Builtin::And: case Builtin::Or: case Builtin::Index: case Builtin::Slice:
	case Builtin::Call: case Builtin::Printf: case Builtin::Eq:
		return {1, true};
	case Builtin::Not: case Builtin::Len:
		return {1, false};
	case Builtin::Print: case Builtin::Println: case Builtin::Html: case Builtin::Js:
	case Builtin::Urlquery:
		return {0, true};
	case Builtin::Ne: case Builtin::Lt: case Builtin::Le: case Builtin::Gt: case Builtin::Ge:
		return {2, false};
	}
	return {0, true};
}

} // namespace

Datum
Exec::EvalFunction(const Datum &dot, const IdentifierNode *fn, std::span<Node *const> args,
		   const Datum *final)
{
	node_ = fn;
	const std::string &name = fn->ident;
	if (!args.empty())
		args = args.subspan(1); // the function name itself
	const std::size_t num_in = args.size() + (final != nullptr ? 1 : 0);
	const Arity arity = ArityOf(fn->fn);
	if (arity.variadic && num_in < arity.fixed)
		Fail("wrong number of args for " + name + ": want at least " +
		     std::to_string(arity.fixed) + " got " + std::to_string(args.size()));
	if (!arity.variadic && num_in != arity.fixed)
		Fail("wrong number of args for " + name + ": want " + std::to_string(arity.fixed) +
		     " got " + std::to_string(num_in));

	if (fn->fn == Builtin::And || fn->fn == Builtin::Or) {
		// Short-circuit: the first deciding argument is the result.
		const bool want = fn->fn == Builtin::Or;
		Datum v;
		for (const Node *arg : args) {
			v = EvalArg(dot, arg);
			if (v.Truth() == want)
				return v;
		}
		return final != nullptr ? *final : v;
	}

	// Small argument lists stay on the stack.
	std::array<Datum, 8> small;
	std::vector<Datum> large;
	std::span<Datum> argv;
	if (num_in <= small.size()) {
		argv = std::span(small).first(num_in);
	} else {
		large.resize(num_in);
		argv = large;
	}
	std::string_view format;
	std::size_t i = 0;
	if (fn->fn == Builtin::Printf) {
		// printf's first parameter is a string, not any
		if (!args.empty()) {
			format = EvalStringArg(dot, args[0]);
		} else if (final->kind == Datum::Kind::String) {
			format = final->str;
		} else {
			node_ = fn;
			Fail(final->IsMissing() ? "invalid value; expected string"
				: "wrong type for value; expected string; got " +
					std::string(final->TypeName()));
		}
		argv = argv.subspan(1);
		i = 1;
	}
	for (std::size_t j = 0; i < args.size(); ++i, ++j)
		argv[j] = EvalArg(dot, args[i]);
	if (final != nullptr && !(fn->fn == Builtin::Printf && args.empty()))
		argv.back() = *final;

	node_ = fn;
	if (fn->fn == Builtin::Printf) {
		std::string s;
		Sprintf(s, format, argv, MaxBuilt());
		return Datum::String(Intern(std::move(s)));
	}
	try {
		return CallBuiltin(fn->fn, name, argv);
	} catch (const FuncError &e) {
		node_ = fn;
		Fail(name + ": " + e.what());
	}
}

Datum
Exec::CallBuiltin(Builtin fn, std::string_view, std::span<const Datum> argv)
{
	std::string s;
	switch (fn) {
	case Builtin::Not:
		return Datum::Bool(!argv[0].Truth());
	case Builtin::Len:
		return Len(argv[0]);
	case Builtin::Index:
		return Index(argv[0], argv.subspan(1));
	case Builtin::Slice:
		return Slice(argv[0], argv.subspan(1));
	case Builtin::Call:
		if (argv[0].IsMissing())
			throw FuncError("call of nil");
		throw FuncError("non-function of type " + std::string(argv[0].TypeName()));
	case Builtin::Print:
		Sprint(s, argv);
		break;
	case Builtin::Println:
		Sprintln(s, argv);
		break;
	case Builtin::Html:
	case Builtin::Js:
	case Builtin::Urlquery: {
		// Go's evalArgs: a lone string as is, else Sprint with nil shown
		// as "<no value>".
		std::string joined;
		std::string_view text;
		if (argv.size() == 1 && argv[0].kind == Datum::Kind::String) {
			text = argv[0].str;
		} else {
			Sprint(joined, argv, true);
			text = joined;
		}
		if (fn == Builtin::Html)
			HtmlEscape(s, text);
		else if (fn == Builtin::Js)
			JsEscape(s, text);
		else
			UrlQueryEscape(s, text);
		break;
	}
	case Builtin::Eq:
		return Datum::Bool(Eq(argv[0], argv.subspan(1)));
	case Builtin::Ne:
		return Datum::Bool(!Eq(argv[0], argv.subspan(1)));
	case Builtin::Lt:
		return Datum::Bool(Lt(argv[0], argv[1]));
	case Builtin::Le:
		return Datum::Bool(Le(argv[0], argv[1]));
	case Builtin::Gt:
		return Datum::Bool(!Le(argv[0], argv[1]));
	case Builtin::Ge:
		return Datum::Bool(!Lt(argv[0], argv[1]));
	case Builtin::And:
	case Builtin::Or:
	case Builtin::Printf:
		break; // handled by EvalFunction
	}
	return Datum::String(Intern(std::move(s)));
}

} // namespace osprey::tmpl
