// Template structure: the top level, definitions, lists and control actions.
// Pipelines and operands are in ParsePipeline.cxx.
#include "Parser.hxx"
#include "Quote.hxx"
#include "Template.hxx"

namespace osprey::tmpl {

// Deep nesting would exhaust the C++ stack (Go grows its stacks); refuse it.
static constexpr int max_nesting = 100;

Position
Locate(std::string_view source, std::size_t pos) noexcept
{
	// Columns count characters, not bytes, as json::ParseError does.
	std::size_t line = 1, column = 1;
	for (std::size_t i = 0; i < pos && i < source.size(); ++i) {
		const auto c = static_cast<unsigned char>(source[i]);
		if (c == '\n') {
			++line;
			column = 1;
		} else if ((c & 0xC0) != 0x80) {
			++column;
		}
	}
	return {line, column};
}

Parser::Parser(TreeSet &s) :set(s), items(Lex(s.source)), vars{"$"} {}

Parser::NestingGuard::NestingGuard(Parser &parser) :p(parser)
{
	if (++p.nesting > max_nesting)
		p.Errorf("template nested too deeply");
}

void
Parser::ErrorAt(std::uint32_t pos, const std::string &message) const
{
	const auto where = Locate(set.source, pos);
	throw ParseError(set.name + ":" + std::to_string(where.line) + ":" +
			 std::to_string(where.column) + ": " + message,
			 where.line, where.column);
}

void
Parser::Errorf(const std::string &message) const
{
	const std::size_t i = next_index > 0 ? next_index - 1 : 0;
	ErrorAt(items[i].pos, message);
}

const Item &
Parser::NextNonSpace() noexcept
{
	for (;;) {
		const Item &token = Next();
		if (token.type != ItemType::Space)
			return token;
	}
}

const Item &
Parser::PeekNonSpace() noexcept
{
	const Item &token = NextNonSpace();
	Backup();
	return token;
}

void
Parser::Unexpected(const Item &token, const char *context) const
{
	if (token.type == ItemType::Error)
		ErrorAt(token.pos, token.message);
	ErrorAt(token.pos, "unexpected " + Describe(token) + " in " + context);
}

const Item &
Parser::Expect(ItemType expected, const char *context)
{
	const Item &token = NextNonSpace();
	if (token.type != expected)
		Unexpected(token, context);
	return token;
}

const Item &
Parser::ExpectOneOf(ItemType a, ItemType b, const char *context)
{
	const Item &token = NextNonSpace();
	if (token.type != a && token.type != b)
		Unexpected(token, context);
	return token;
}

static bool
IsEmptyTree(const Node *n) noexcept
{
	if (n == nullptr)
		return true;
	switch (n->type) {
	case NodeType::Comment:
		return true;
	case NodeType::List:
		for (const Node *child : static_cast<const ListNode *>(n)->nodes)
			if (!IsEmptyTree(child))
				return false;
		return true;
	case NodeType::Text:
		return static_cast<const TextNode *>(n)->text.find_first_not_of(" \t\n\v\f\r") ==
			std::string::npos;
	default:
		return false;
	}
}

// Go's Tree.add: a definition replaces an empty one; two non-empty
// definitions of one name are an error.
void
Parser::AddTree(const std::string &name, ListNode *root)
{
	auto it = set.trees.find(name);
	if (it == set.trees.end() || IsEmptyTree(it->second->root)) {
		auto tree = std::make_unique<Tree>();
		tree->name = name;
		tree->root = root;
		set.trees[name] = tree.get();
		set.tree_arena.push_back(std::move(tree));
		return;
	}
	if (!IsEmptyTree(root))
		Errorf("multiple definition of template " + GoQuote(name));
}

void
Parser::Run()
{
	ListNode *root = New<ListNode>(Peek().pos);
	while (Peek().type != ItemType::Eof) {
		if (Peek().type == ItemType::LeftDelim) {
			const std::size_t delim = next_index;
			Next();
			if (NextNonSpace().type == ItemType::Define) {
				ParseDefinition();
				continue;
			}
			next_index = delim;
		}
		Node *n = TextOrAction();
		if (n->type == NodeType::End || n->type == NodeType::Else)
			ErrorAt(n->pos, std::string("unexpected {{") +
				(n->type == NodeType::End ? "end" : "else") + "}}");
		root->nodes.push_back(n);
	}
	AddTree(set.name, root);
}

void
Parser::ParseDefinition()
{
	static constexpr const char *context = "define clause";
	const Item &name = ExpectOneOf(ItemType::String, ItemType::RawString, context);
	auto unquoted = GoUnquote(name.val);
	if (!unquoted)
		ErrorAt(name.pos, "invalid syntax: " + std::string(name.val));
	Expect(ItemType::RightDelim, context);
	// A definition has its own variable scope, like Go's fresh Tree.
	auto saved_vars = std::move(vars);
	vars = {"$"};
	Node *end;
	ListNode *root = ItemList(end);
	if (end->type != NodeType::End)
		ErrorAt(end->pos, "unexpected {{else}} in define clause");
	vars = std::move(saved_vars);
	AddTree(*unquoted, root);
}

ListNode *
Parser::ItemList(Node *&end)
{
	NestingGuard guard(*this);
	ListNode *list = New<ListNode>(PeekNonSpace().pos);
	while (PeekNonSpace().type != ItemType::Eof) {
		Node *n = TextOrAction();
		if (n->type == NodeType::End || n->type == NodeType::Else) {
			end = n;
			return list;
		}
		list->nodes.push_back(n);
	}
	Errorf("unexpected EOF");
}

Node *
Parser::TextOrAction()
{
	const Item &token = NextNonSpace();
	switch (token.type) {
	case ItemType::Text:
		return New<TextNode>(token.pos, token.val);
	case ItemType::LeftDelim:
		return Action();
	default:
		Unexpected(token, "input");
	}
}

Node *
Parser::Action()
{
	const Item &token = NextNonSpace();
	switch (token.type) {
	case ItemType::Block:
		return BlockControl();
	case ItemType::Break:
		return BreakOrContinue(NodeType::Break, token, "break");
	case ItemType::Continue:
		return BreakOrContinue(NodeType::Continue, token, "continue");
	case ItemType::Else:
		return ElseControl();
	case ItemType::End:
		return EndControl();
	case ItemType::If:
		return ParseControl(NodeType::If, true, "if");
	case ItemType::Range:
		return ParseControl(NodeType::Range, false, "range");
	case ItemType::Template:
		return TemplateControl();
	case ItemType::With:
		return ParseControl(NodeType::With, true, "with");
	default:
		break;
	}
	Backup();
	const std::uint32_t pos = Peek().pos;
	return New<ActionNode>(pos, Pipeline("command", ItemType::RightDelim));
}

Node *
Parser::BreakOrContinue(NodeType type, const Item &token, const char *what)
{
	const std::string context = std::string("{{") + what + "}}";
	if (const Item &t = NextNonSpace(); t.type != ItemType::RightDelim)
		Unexpected(t, context.c_str());
	if (range_depth == 0)
		ErrorAt(token.pos, context + " outside {{range}}");
	return New<SimpleNode>(type, token.pos);
}

// if, range and with; "else if" (and, as in Go 1.23, "else with") chain.
Node *
Parser::ParseControl(NodeType type, bool allow_else_chain, const char *context)
{
	const std::size_t vars_mark = vars.size();
	PipeNode *pipe = Pipeline(context, ItemType::RightDelim);
	if (type == NodeType::Range)
		++range_depth;
	Node *next;
	ListNode *list = ItemList(next);
	if (type == NodeType::Range)
		--range_depth;
	ListNode *else_list = nullptr;
	if (next->type == NodeType::Else) {
		const ItemType chain = type == NodeType::If ? ItemType::If : ItemType::With;
		if (allow_else_chain && Peek().type == chain) {
			// "{{else if ...}}" is "{{else}}{{if ...}}...{{end}}{{end}}"
			// with the inner end shared.
			Next();
			else_list = New<ListNode>(next->pos);
			else_list->nodes.push_back(ParseControl(type, true, context));
		} else {
			else_list = ItemList(next);
			if (next->type != NodeType::End)
				ErrorAt(next->pos, "expected end; found {{else}}");
		}
	}
	vars.resize(vars_mark);
	return New<BranchNode>(type, pipe->pos, pipe, list, else_list);
}

Node *
Parser::EndControl()
{
	return New<SimpleNode>(NodeType::End, Expect(ItemType::RightDelim, "end").pos);
}

Node *
Parser::ElseControl()
{
	const Item &peek = PeekNonSpace();
	if (peek.type == ItemType::If || peek.type == ItemType::With)
		return New<SimpleNode>(NodeType::Else, peek.pos);
	return New<SimpleNode>(NodeType::Else, Expect(ItemType::RightDelim, "else").pos);
}

Node *
Parser::BlockControl()
{
	static constexpr const char *context = "block clause";
	const Item &token = NextNonSpace();
	std::string name = ParseTemplateName(token, context);
	PipeNode *pipe = Pipeline(context, ItemType::RightDelim);
	auto saved_vars = std::move(vars);
	vars = {"$"};
	const int saved_range_depth = range_depth;
	range_depth = 0;
	Node *end;
	ListNode *root = ItemList(end);
	if (end->type != NodeType::End)
		ErrorAt(end->pos, "unexpected {{else}} in block clause");
	vars = std::move(saved_vars);
	range_depth = saved_range_depth;
	AddTree(name, root);
	return New<TemplateNode>(token.pos, std::move(name), pipe);
}

Node *
Parser::TemplateControl()
{
	static constexpr const char *context = "template clause";
	const Item &token = NextNonSpace();
	std::string name = ParseTemplateName(token, context);
	PipeNode *pipe = nullptr;
	if (NextNonSpace().type != ItemType::RightDelim) {
		Backup();
		pipe = Pipeline(context, ItemType::RightDelim);
	}
	return New<TemplateNode>(token.pos, std::move(name), pipe);
}

std::string
Parser::ParseTemplateName(const Item &token, const char *context)
{
	if (token.type != ItemType::String && token.type != ItemType::RawString)
		Unexpected(token, context);
	auto s = GoUnquote(token.val);
	if (!s)
		ErrorAt(token.pos, "invalid syntax: " + std::string(token.val));
	return std::move(*s);
}

} // namespace osprey::tmpl
