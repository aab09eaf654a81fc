// Pipelines, commands and operands: the inside of an action.
#include "Parser.hxx"
#include "Quote.hxx"

namespace osprey::tmpl {

PipeNode *
Parser::Pipeline(const char *context, ItemType end)
{
	NestingGuard guard(*this);
	const std::string_view ctx = context;
	PipeNode *pipe = New<PipeNode>(PeekNonSpace().pos);
	// Declarations: "$x :=", "$x =", "$i, $v :=" (range only).
	for (bool more = true; more;) {
		more = false;
		if (PeekNonSpace().type != ItemType::Variable)
			break;
		const std::size_t v_index = next_index;
		const Item &v = NextNonSpace();
		const Item &nxt = PeekNonSpace();
		if (nxt.type == ItemType::Assign || nxt.type == ItemType::Declare) {
			pipe->is_assign = nxt.type == ItemType::Assign;
			NextNonSpace();
			pipe->decl.push_back(New<VariableNode>(v.pos, std::vector<std::string>{std::string(v.val)}));
			vars.emplace_back(v.val);
		} else if (nxt.type == ItemType::Char && nxt.val == ",") {
			NextNonSpace();
			pipe->decl.push_back(New<VariableNode>(v.pos, std::vector<std::string>{std::string(v.val)}));
			vars.emplace_back(v.val);
			if (ctx == "range" && pipe->decl.size() < 2) {
				switch (PeekNonSpace().type) {
				case ItemType::Variable:
				case ItemType::RightDelim:
				case ItemType::RightParen:
					more = true; // second variable
					continue;
				default:
					Errorf("range can only initialize variables");
				}
			}
			Errorf("too many declarations in " + std::string(ctx));
		} else {
			next_index = v_index; // not a declaration: reread the variable
		}
	}
	for (;;) {
		const Item &token = NextNonSpace();
		if (token.type == end) {
			CheckPipeline(*pipe, context);
			return pipe;
		}
		switch (token.type) {
		case ItemType::Bool: case ItemType::CharConstant: case ItemType::Complex:
		case ItemType::Dot: case ItemType::Field: case ItemType::Identifier:
		case ItemType::Number: case ItemType::Nil: case ItemType::RawString:
		case ItemType::String: case ItemType::Variable: case ItemType::LeftParen:
			Backup();
			pipe->cmds.push_back(Command());
			break;
		default:
			Unexpected(token, context);
		}
	}
}

void
Parser::CheckPipeline(const PipeNode &pipe, const char *context) const
{
	if (pipe.cmds.empty())
		Errorf(std::string("missing value for ") + context);
	// Only the first command of a pipeline may be a constant.
	for (std::size_t i = 1; i < pipe.cmds.size(); ++i) {
		switch (pipe.cmds[i]->args[0]->type) {
		case NodeType::Bool: case NodeType::Dot: case NodeType::Nil:
		case NodeType::Number: case NodeType::String:
			ErrorAt(pipe.cmds[i]->pos, "non executable command in pipeline stage " +
				std::to_string(i + 1));
		default:
			break;
		}
	}
}

CommandNode *
Parser::Command()
{
	CommandNode *cmd = New<CommandNode>(PeekNonSpace().pos);
	for (;;) {
		PeekNonSpace(); // skip leading spaces
		if (Node *operand = Operand())
			cmd->args.push_back(operand);
		const Item &token = Next();
		if (token.type == ItemType::Space)
			continue;
		if (token.type == ItemType::RightDelim || token.type == ItemType::RightParen)
			Backup();
		else if (token.type != ItemType::Pipe)
			Unexpected(token, "operand");
		break;
	}
	if (cmd->args.empty())
		Errorf("empty command");
	return cmd;
}

Node *
Parser::Operand()
{
	Node *node = Term();
	if (node == nullptr || Peek().type != ItemType::Field)
		return node;
	ChainNode *chain = New<ChainNode>(Peek().pos, node);
	while (Peek().type == ItemType::Field)
		chain->field.emplace_back(Next().val.substr(1));
	// Fields and variables absorb the chain (.a.b, $x.a); constants can't
	// have fields.
	switch (node->type) {
	case NodeType::Field: {
		auto ident = static_cast<FieldNode *>(node)->ident;
		ident.insert(ident.end(), chain->field.begin(), chain->field.end());
		return New<FieldNode>(chain->pos, std::move(ident));
	}
	case NodeType::Variable: {
		auto ident = static_cast<VariableNode *>(node)->ident;
		ident.insert(ident.end(), chain->field.begin(), chain->field.end());
		return New<VariableNode>(chain->pos, std::move(ident));
	}
	case NodeType::Bool: case NodeType::String: case NodeType::Number:
	case NodeType::Nil: case NodeType::Dot:
		Errorf("unexpected . after term " + GoQuote(NodeString(*node)));
	default:
		return chain;
	}
}

static std::vector<std::string>
SplitField(std::string_view text)
{
	// ".a.b" -> {"a", "b"}
	std::vector<std::string> parts;
	std::size_t i = 1;
	while (i <= text.size()) {
		const std::size_t dot = text.find('.', i);
		const std::size_t end = dot == std::string_view::npos ? text.size() : dot;
		parts.emplace_back(text.substr(i, end - i));
		i = end + 1;
	}
	return parts;
}

Node *
Parser::Term()
{
	const Item &token = NextNonSpace();
	switch (token.type) {
	case ItemType::Identifier: {
		const auto fn = FindBuiltin(token.val);
		if (!fn)
			ErrorAt(token.pos, "function " + GoQuote(token.val) + " not defined");
		return New<IdentifierNode>(token.pos, token.val, *fn);
	}
	case ItemType::Dot:
		return New<SimpleNode>(NodeType::Dot, token.pos);
	case ItemType::Nil:
		return New<SimpleNode>(NodeType::Nil, token.pos);
	case ItemType::Variable:
		return UseVar(token.pos, token.val);
	case ItemType::Field:
		return New<FieldNode>(token.pos, SplitField(token.val));
	case ItemType::Bool:
		return New<BoolNode>(token.pos, token.val == "true");
	case ItemType::CharConstant:
	case ItemType::Complex:
	case ItemType::Number:
		return NewNumber(token);
	case ItemType::LeftParen:
		return Pipeline("parenthesized pipeline", ItemType::RightParen);
	case ItemType::String:
	case ItemType::RawString: {
		auto s = GoUnquote(token.val);
		if (!s)
			ErrorAt(token.pos, "invalid syntax: " + std::string(token.val));
		return New<StringNode>(token.pos, token.val, std::move(*s));
	}
	default:
		Backup();
		return nullptr;
	}
}

Node *
Parser::NewNumber(const Item &token)
{
	NumberNode *n = New<NumberNode>(token.pos, token.val);
	if (auto error = ParseNumberLiteral(*n, token.type); !error.empty())
		ErrorAt(token.pos, error);
	return n;
}

VariableNode *
Parser::UseVar(std::uint32_t pos, std::string_view name)
{
	for (const auto &v : vars)
		if (v == name)
			return New<VariableNode>(pos, std::vector<std::string>{std::string(name)});
	ErrorAt(pos, "undefined variable " + GoQuote(name));
}

} // namespace osprey::tmpl
