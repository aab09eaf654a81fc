// Go's String() of parse nodes, used to name the failing action in errors.
#include "Node.hxx"

namespace osprey::tmpl {

static void WriteNode(std::string &sb, const Node &n);

static void
WritePipe(std::string &sb, const PipeNode &p)
{
	for (std::size_t i = 0; i < p.decl.size(); ++i) {
		if (i > 0)
			sb += ", ";
		WriteNode(sb, *p.decl[i]);
	}
	if (!p.decl.empty())
		sb += " := ";
	for (std::size_t i = 0; i < p.cmds.size(); ++i) {
		if (i > 0)
			sb += " | ";
		WriteNode(sb, *p.cmds[i]);
	}
}

static void
WriteIdent(std::string &sb, const std::vector<std::string> &ident, bool leading_dot)
{
	for (std::size_t i = 0; i < ident.size(); ++i) {
		if (i > 0 || leading_dot)
			sb += '.';
		sb += ident[i];
	}
}

static void
WriteNode(std::string &sb, const Node &n)
{
	switch (n.type) {
	case NodeType::Text:
		sb += static_cast<const TextNode &>(n).text;
		break;
	case NodeType::Action:
		sb += "{{";
		WritePipe(sb, *static_cast<const ActionNode &>(n).pipe);
		sb += "}}";
		break;
	case NodeType::Bool:
		sb += static_cast<const BoolNode &>(n).value ? "true" : "false";
		break;
	case NodeType::Chain: {
		const auto &c = static_cast<const ChainNode &>(n);
		if (c.node->type == NodeType::Pipe) {
			sb += '(';
			WriteNode(sb, *c.node);
			sb += ')';
		} else {
			WriteNode(sb, *c.node);
		}
		WriteIdent(sb, c.field, true);
		break;
	}
	case NodeType::Command: {
		const auto &c = static_cast<const CommandNode &>(n);
		for (std::size_t i = 0; i < c.args.size(); ++i) {
			if (i > 0)
				sb += ' ';
			if (c.args[i]->type == NodeType::Pipe) {
				sb += '(';
				WriteNode(sb, *c.args[i]);
				sb += ')';
			} else {
				WriteNode(sb, *c.args[i]);
			}
		}
		break;
	}
	case NodeType::Dot: sb += '.'; break;
	case NodeType::Nil: sb += "nil"; break;
	case NodeType::Field:
		WriteIdent(sb, static_cast<const FieldNode &>(n).ident, true);
		break;
	case NodeType::Variable:
		WriteIdent(sb, static_cast<const VariableNode &>(n).ident, false);
		break;
	case NodeType::Identifier:
		sb += static_cast<const IdentifierNode &>(n).ident;
		break;
	case NodeType::Number:
		sb += static_cast<const NumberNode &>(n).text;
		break;
	case NodeType::String:
		sb += static_cast<const StringNode &>(n).quoted;
		break;
	case NodeType::Pipe:
		WritePipe(sb, static_cast<const PipeNode &>(n));
		break;
	case NodeType::List:
		for (const Node *child : static_cast<const ListNode &>(n).nodes)
			WriteNode(sb, *child);
		break;
	case NodeType::If:
	case NodeType::Range:
	case NodeType::With: {
		const auto &b = static_cast<const BranchNode &>(n);
		sb += n.type == NodeType::If ? "{{if " : n.type == NodeType::Range ? "{{range " : "{{with ";
		WritePipe(sb, *b.pipe);
		sb += "}}";
		WriteNode(sb, *b.list);
		if (b.else_list != nullptr) {
			sb += "{{else}}";
			WriteNode(sb, *b.else_list);
		}
		sb += "{{end}}";
		break;
	}
	case NodeType::Template: {
		const auto &t = static_cast<const TemplateNode &>(n);
		sb += "{{template \"" + t.name + "\"";
		if (t.pipe != nullptr) {
			sb += ' ';
			WritePipe(sb, *t.pipe);
		}
		sb += "}}";
		break;
	}
	case NodeType::Comment: sb += "{{/* */}}"; break;
	case NodeType::Break: sb += "{{break}}"; break;
	case NodeType::Continue: sb += "{{continue}}"; break;
	case NodeType::End: sb += "{{end}}"; break;
	case NodeType::Else: sb += "{{else}}"; break;
	}
}

std::string
NodeString(const Node &node)
{
	std::string sb;
	WriteNode(sb, node);
	return sb;
}

} // namespace osprey::tmpl
