// Evaluating pipelines, commands, fields, variables and arguments: the
// expression half of Go's exec.go, over JSON data.
#include "Exec.hxx"
#include "Format.hxx"
#include "Quote.hxx"

namespace osprey::tmpl {

Datum
Exec::EvalPipeline(const Datum &dot, const PipeNode *pipe)
{
	node_ = pipe;
	Datum value;
	const Datum *final = nullptr; // the previous command's result
	for (const CommandNode *cmd : pipe->cmds) {
		value = EvalCommand(dot, cmd, final);
		final = &value;
	}
	for (const VariableNode *v : pipe->decl) {
		if (pipe->is_assign)
			SetVar(v->ident[0], value);
		else
			vars_.push_back({v->ident[0], value});
	}
	return value;
}

void
Exec::NotAFunction(std::span<Node *const> args, const Datum *final, const Node *first)
{
	if (args.size() > 1 || final != nullptr)
		Fail("can't give argument to non-function " + NodeString(*first));
}

Datum
Exec::EvalCommand(const Datum &dot, const CommandNode *cmd, const Datum *final)
{
	const Node *first = cmd->args[0];
	const std::span<Node *const> args{cmd->args};
	switch (first->type) {
	case NodeType::Field: {
		node_ = first;
		const auto &ident = static_cast<const FieldNode *>(first)->ident;
		return EvalFieldChain(dot, dot, ident, args, final);
	}
	case NodeType::Chain:
		return EvalChain(dot, static_cast<const ChainNode *>(first), args, final);
	case NodeType::Identifier:
		return EvalFunction(dot, static_cast<const IdentifierNode *>(first), args, final);
	case NodeType::Pipe:
		NotAFunction(args, final, first);
		return EvalPipeline(dot, static_cast<const PipeNode *>(first));
	case NodeType::Variable:
		return EvalVariable(dot, static_cast<const VariableNode *>(first), args, final);
	default:
		break;
	}
	node_ = first;
	NotAFunction(args, final, first);
	switch (first->type) {
	case NodeType::Bool:
		return Datum::Bool(static_cast<const BoolNode *>(first)->value);
	case NodeType::Dot:
		return dot;
	case NodeType::Nil:
		Fail("nil is not a command");
	case NodeType::Number:
		return IdealConstant(static_cast<const NumberNode *>(first));
	case NodeType::String:
		return Datum::String(static_cast<const StringNode *>(first)->text);
	default:
		Fail("can't evaluate command " + GoQuote(NodeString(*first)));
	}
}

// Go's idealConstant: a literal becomes an int, a float64 or an error.
Datum
Exec::IdealConstant(const NumberNode *n)
{
	node_ = n;
	const std::string_view text = n->text;
	const bool hex_int = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X') &&
		text.find_first_of("pP") == std::string_view::npos;
	const bool rune_int = !text.empty() && text[0] == '\'';
	if (n->is_float && !hex_int && !rune_int && text.find_first_of(".eEpP") != std::string_view::npos)
		return Datum::Float(n->float64);
	if (n->is_int)
		return Datum::Int(n->int64);
	if (n->is_uint)
		Fail(std::string(text) + " overflows int");
	return {};
}

Datum
Exec::EvalChain(const Datum &dot, const ChainNode *chain, std::span<Node *const> args,
		const Datum *final)
{
	node_ = chain;
	if (chain->node->type == NodeType::Nil)
		Fail("indirection through explicit nil in " + NodeString(*chain));
	const Datum receiver = EvalArg(dot, chain->node);
	node_ = chain;
	return EvalFieldChain(dot, receiver, chain->field, args, final);
}

Datum
Exec::EvalVariable(const Datum &dot, const VariableNode *v, std::span<Node *const> args,
		   const Datum *final)
{
	node_ = v;
	const Datum value = VarValue(v->ident[0]);
	if (v->ident.size() == 1) {
		NotAFunction(args, final, v);
		return value;
	}
	return EvalFieldChain(dot, value, std::span(v->ident).subspan(1), args, final);
}

Datum
Exec::EvalFieldChain(const Datum &, Datum receiver, std::span<const std::string> ident,
		     std::span<Node *const> args, const Datum *final)
{
	const bool has_args = args.size() > 1 || final != nullptr;
	const std::size_t n = ident.size();
	for (std::size_t i = 0; i + 1 < n; ++i)
		receiver = EvalField(ident[i], receiver, false);
	return EvalField(ident[n - 1], receiver, has_args);
}

// Osprey difference 1: a field of anything but an object (missing, null,
// string, number, ...) is missing rather than an error.
Datum
Exec::EvalField(std::string_view name, const Datum &receiver, bool has_args)
{
	if (receiver.kind != Datum::Kind::Object)
		return {};
	if (has_args)
		Fail(std::string(name) + " is not a method but has arguments");
	const json::Value *v = receiver.json->Find(name);
	return v != nullptr ? Datum::FromJson(*v) : Datum();
}

// An argument of a builtin: Go's evalArg for parameters of type
// reflect.Value or any, where every kind of node is allowed.
Datum
Exec::EvalArg(const Datum &dot, const Node *n)
{
	node_ = n;
	switch (n->type) {
	case NodeType::Dot:
		return dot;
	case NodeType::Nil:
		return {};
	case NodeType::Field:
		return EvalFieldChain(dot, dot, static_cast<const FieldNode *>(n)->ident, {}, nullptr);
	case NodeType::Variable:
		return EvalVariable(dot, static_cast<const VariableNode *>(n), {}, nullptr);
	case NodeType::Pipe:
		return EvalPipeline(dot, static_cast<const PipeNode *>(n));
	case NodeType::Identifier:
		return EvalFunction(dot, static_cast<const IdentifierNode *>(n), {}, nullptr);
	case NodeType::Chain:
		return EvalChain(dot, static_cast<const ChainNode *>(n), {}, nullptr);
	case NodeType::Bool:
		return Datum::Bool(static_cast<const BoolNode *>(n)->value);
	case NodeType::Number:
		return IdealConstant(static_cast<const NumberNode *>(n));
	case NodeType::String:
		return Datum::String(static_cast<const StringNode *>(n)->text);
	default:
		Fail("can't handle " + NodeString(*n) + " for arg of type reflect.Value");
	}
}

// printf's format: Go's evalArg for a parameter of type string.
std::string_view
Exec::EvalStringArg(const Datum &dot, const Node *n)
{
	node_ = n;
	Datum value;
	switch (n->type) {
	case NodeType::Nil:
		Fail("cannot assign nil to string");
	case NodeType::String:
		return static_cast<const StringNode *>(n)->text;
	case NodeType::Bool:
	case NodeType::Number:
		Fail("expected string; found " + NodeString(*n));
	default:
		value = EvalArg(dot, n);
	}
	if (value.kind == Datum::Kind::String)
		return value.str;
	node_ = n;
	if (value.IsMissing())
		Fail("invalid value; expected string");
	Fail("wrong type for value; expected string; got " + std::string(value.TypeName()));
}

} // namespace osprey::tmpl
