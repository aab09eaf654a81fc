// The parse tree, mirroring Go's text/template/parse node types. Nodes are
// owned by the Tree arena that created them and never change after parsing,
// which is what lets one Template be rendered from several threads.
#pragma once

#include "Builtin.hxx"

#include <cstdint>
#include <string>
#include <vector>

namespace osprey::tmpl {

enum class NodeType : std::uint8_t {
	Text, Action, Bool, Chain, Command, Dot, Field, Identifier, If, List,
	Nil, Number, Pipe, Range, String, Template, Variable, With, Comment,
	Break, Continue,
	// parser-internal markers, never in a finished tree
	End, Else,
};

struct Node {
	NodeType type;
	std::uint32_t pos; // byte offset in the template source

	Node(NodeType t, std::uint32_t p) noexcept :type(t), pos(p) {}
	virtual ~Node() = default;
	Node(const Node &) = delete;
	Node &operator=(const Node &) = delete;
};

struct ListNode final : Node {
	std::vector<Node *> nodes;
	explicit ListNode(std::uint32_t p) noexcept :Node(NodeType::List, p) {}
};

struct TextNode final : Node {
	std::string text;
	TextNode(std::uint32_t p, std::string_view t) :Node(NodeType::Text, p), text(t) {}
};

struct CommandNode;
struct VariableNode;

struct PipeNode final : Node {
	bool is_assign = false; // $x = ... rather than $x := ...
	std::vector<VariableNode *> decl;
	std::vector<CommandNode *> cmds;
	explicit PipeNode(std::uint32_t p) noexcept :Node(NodeType::Pipe, p) {}
};

struct ActionNode final : Node {
	PipeNode *pipe;
	ActionNode(std::uint32_t p, PipeNode *pp) noexcept :Node(NodeType::Action, p), pipe(pp) {}
};

struct CommandNode final : Node {
	std::vector<Node *> args;
	explicit CommandNode(std::uint32_t p) noexcept :Node(NodeType::Command, p) {}
};

/// .a.b.c
struct FieldNode final : Node {
	std::vector<std::string> ident;
	FieldNode(std::uint32_t p, std::vector<std::string> i)
		:Node(NodeType::Field, p), ident(std::move(i)) {}
};

/// $x.a.b: ident[0] is the variable name including '$'
struct VariableNode final : Node {
	std::vector<std::string> ident;
	VariableNode(std::uint32_t p, std::vector<std::string> i)
		:Node(NodeType::Variable, p), ident(std::move(i)) {}
};

/// (pipeline).a.b
struct ChainNode final : Node {
	Node *node;
	std::vector<std::string> field;
	ChainNode(std::uint32_t p, Node *n) noexcept :Node(NodeType::Chain, p), node(n) {}
};

/// A function name, resolved to its builtin at parse time.
struct IdentifierNode final : Node {
	std::string ident;
	Builtin fn;
	IdentifierNode(std::uint32_t p, std::string_view i, Builtin f)
		:Node(NodeType::Identifier, p), ident(i), fn(f) {}
};

struct BoolNode final : Node {
	bool value;
	BoolNode(std::uint32_t p, bool v) noexcept :Node(NodeType::Bool, p), value(v) {}
};

/// A number literal with every interpretation Go allows for it.
struct NumberNode final : Node {
	bool is_int = false, is_uint = false, is_float = false;
	std::int64_t int64 = 0;
	std::uint64_t uint64 = 0;
	double float64 = 0;
	std::string text;
	NumberNode(std::uint32_t p, std::string_view t) :Node(NodeType::Number, p), text(t) {}
};

struct StringNode final : Node {
	std::string quoted, text;
	StringNode(std::uint32_t p, std::string_view q, std::string t)
		:Node(NodeType::String, p), quoted(q), text(std::move(t)) {}
};

/// if, range and with share this shape.
struct BranchNode final : Node {
	PipeNode *pipe;
	ListNode *list;
	ListNode *else_list; // may be null
	BranchNode(NodeType t, std::uint32_t p, PipeNode *pp, ListNode *l, ListNode *e) noexcept
		:Node(t, p), pipe(pp), list(l), else_list(e) {}
};

struct Tree;

struct TemplateNode final : Node {
	std::string name;
	PipeNode *pipe; // may be null: dot is then nil
	const Tree *target = nullptr; // resolved once the whole source is parsed
	TemplateNode(std::uint32_t p, std::string n, PipeNode *pp)
		:Node(NodeType::Template, p), name(std::move(n)), pipe(pp) {}
};

/// Dot, Nil, Comment, Break, Continue, End, Else: position only.
struct SimpleNode final : Node {
	SimpleNode(NodeType t, std::uint32_t p) noexcept :Node(t, p) {}
};

/// One named template: its root list.
struct Tree {
	std::string name;
	ListNode *root = nullptr;
};

/// Go's String() of a node, for error messages ("<index .a 5>").
std::string NodeString(const Node &node);

} // namespace osprey::tmpl
