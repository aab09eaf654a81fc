// Private: the recursive-descent parser, a port of Go 1.19's parse.go. It
// fills a TreeSet (arena plus named trees); the public entry is tmpl::Parse.
#pragma once

#include "Lexer.hxx"
#include "Node.hxx"

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace osprey::tmpl {

/// Everything one Parse() produces: the nodes and the named trees.
struct TreeSet {
	std::string source;
	std::string name; // the top-level template
	std::vector<std::unique_ptr<Node>> arena;
	std::vector<std::unique_ptr<Tree>> tree_arena;
	std::map<std::string, Tree *, std::less<>> trees;
	const Tree *main = nullptr; // trees[name], bound after parsing

	const Tree *Find(std::string_view n) const noexcept {
		auto it = trees.find(n);
		return it == trees.end() ? nullptr : it->second;
	}
};

/// Parses set.source into set (throws ParseError).
void ParseInto(TreeSet &set);

/// Line and column (1-based, in characters) of byte offset @p pos in @p source.
struct Position {
	std::size_t line, column;
};
Position Locate(std::string_view source, std::size_t pos) noexcept;

class Parser {
	TreeSet &set;
	std::vector<Item> items;
	std::size_t next_index = 0;
	std::vector<std::string> vars;
	int range_depth = 0;
	int nesting = 0;

public:
	explicit Parser(TreeSet &s);
	void Run();

private:
	template<typename T, typename... Args>
	T *New(Args &&...args) {
		auto node = std::make_unique<T>(std::forward<Args>(args)...);
		T *p = node.get();
		set.arena.push_back(std::move(node));
		return p;
	}

	// token stream
	const Item &Next() noexcept { return items[next_index++]; }
	void Backup() noexcept { --next_index; }
	const Item &Peek() noexcept { return items[next_index]; }
	const Item &NextNonSpace() noexcept;
	const Item &PeekNonSpace() noexcept;

	[[noreturn]] void Errorf(const std::string &message) const;
	[[noreturn]] void ErrorAt(std::uint32_t pos, const std::string &message) const;
	const Item &Expect(ItemType expected, const char *context);
	const Item &ExpectOneOf(ItemType a, ItemType b, const char *context);
	[[noreturn]] void Unexpected(const Item &token, const char *context) const;

	// structure
	void AddTree(const std::string &name, ListNode *root);
	void ParseDefinition();
	ListNode *ItemList(Node *&end);
	Node *TextOrAction();
	Node *Action();
	Node *BreakOrContinue(NodeType type, const Item &token, const char *what);
	PipeNode *Pipeline(const char *context, ItemType end);
	void CheckPipeline(const PipeNode &pipe, const char *context) const;
	Node *ParseControl(NodeType type, bool allow_else_if, const char *context);
	Node *EndControl();
	Node *ElseControl();
	Node *BlockControl();
	Node *TemplateControl();
	std::string ParseTemplateName(const Item &token, const char *context);
	CommandNode *Command();
	Node *Operand();
	Node *Term();
	Node *NewNumber(const Item &token);
	VariableNode *UseVar(std::uint32_t pos, std::string_view name);

	struct NestingGuard {
		Parser &p;
		explicit NestingGuard(Parser &parser);
		~NestingGuard() { --p.nesting; }
	};
};

/// Fills the interpretations of a Go number literal into @p n; returns an
/// error message ("" on success), like Go's parse.newNumber.
std::string ParseNumberLiteral(NumberNode &n, ItemType type);

} // namespace osprey::tmpl
