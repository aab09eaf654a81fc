// Walking the tree: text, actions, if/with/range, template calls, and
// printing values. Expressions are evaluated in ExecEval.cxx.
#include "Exec.hxx"
#include "Format.hxx"
#include "Quote.hxx"
#include "Template.hxx"
#include "json/Serialize.hxx"

namespace osprey::tmpl {

// Go allows 100000 nested template calls on its growable stacks; a C++ stack
// holds fewer, so recursion stops earlier, with the same message.
static constexpr int max_exec_depth = 1000;

// The variable stack's storage is reused from one rendering to the next on
// the same thread, so a small render allocates nothing but its output.
static thread_local std::vector<Exec::Variable> spare_vars;

Exec::Exec(std::string &out, const TreeSet &set, const Limits &limits) noexcept
	:out_(out), set_(set), limits_(limits)
{
	StartLimits();
	vars_.swap(spare_vars);
	vars_.clear();
}

Exec::~Exec() noexcept
{
	vars_.clear();
	if (vars_.capacity() > spare_vars.capacity())
		vars_.swap(spare_vars);
}

void
Exec::Fail(const std::string &message) const
{
	if (node_ == nullptr)
		throw ExecError(message);
	const auto where = Locate(set_.source, node_->pos);
	throw ExecError("line " + std::to_string(where.line) + ", column " +
			std::to_string(where.column) + ": " + message);
}

void
Exec::Run(const json::Value &data)
{
	const Tree *tree = set_.main;
	const Datum dot = Datum::FromJson(data);
	vars_.push_back({"$", dot});
	if (tree == nullptr || tree->root == nullptr)
		Fail('"' + set_.name + "\" is an incomplete or empty template");
	WalkList(dot, tree->root);
}

void
Exec::SetVar(std::string_view name, const Datum &value)
{
	for (auto it = vars_.rbegin(); it != vars_.rend(); ++it) {
		if (it->name == name) {
			it->value = value;
			return;
		}
	}
	Fail("undefined variable: " + std::string(name));
}

Datum
Exec::VarValue(std::string_view name)
{
	for (auto it = vars_.rbegin(); it != vars_.rend(); ++it)
		if (it->name == name)
			return it->value;
	Fail("undefined variable: " + std::string(name));
}

Exec::Flow
Exec::WalkList(const Datum &dot, const ListNode *list)
{
	for (const Node *n : list->nodes)
		if (const Flow f = Walk(dot, n); f != Flow::Normal)
			return f;
	return Flow::Normal;
}

Exec::Flow
Exec::Walk(const Datum &dot, const Node *node)
{
	node_ = node;
	Step();
	switch (node->type) {
	case NodeType::Text:
		Emit(static_cast<const TextNode *>(node)->text);
		return Flow::Normal;
	case NodeType::Action: {
		const auto *action = static_cast<const ActionNode *>(node);
		const Datum value = EvalPipeline(dot, action->pipe);
		if (action->pipe->decl.empty()) {
			node_ = node;
			PrintValue(value);
		}
		return Flow::Normal;
	}
	case NodeType::Break:
		return Flow::Break;
	case NodeType::Continue:
		return Flow::Continue;
	case NodeType::If:
	case NodeType::With:
		return WalkIfOrWith(dot, static_cast<const BranchNode *>(node));
	case NodeType::List:
		return WalkList(dot, static_cast<const ListNode *>(node));
	case NodeType::Range:
		return WalkRange(dot, static_cast<const BranchNode *>(node));
	case NodeType::Template:
		WalkTemplate(dot, static_cast<const TemplateNode *>(node));
		return Flow::Normal;
	case NodeType::Comment:
		return Flow::Normal;
	default:
		Fail("unknown node: " + NodeString(*node));
	}
}

Exec::Flow
Exec::WalkIfOrWith(const Datum &dot, const BranchNode *node)
{
	const std::size_t mark = vars_.size();
	const Datum value = EvalPipeline(dot, node->pipe);
	Flow flow = Flow::Normal;
	if (value.Truth())
		flow = WalkList(node->type == NodeType::With ? value : dot, node->list);
	else if (node->else_list != nullptr)
		flow = WalkList(dot, node->else_list);
	vars_.resize(mark);
	return flow;
}

Exec::Flow
Exec::WalkRange(const Datum &dot, const BranchNode *node)
{
	const std::size_t outer_mark = vars_.size();
	const Datum value = EvalPipeline(dot, node->pipe);
	const std::size_t ndecl = node->pipe->decl.size();
	const std::size_t mark = vars_.size();
	node_ = node;

	// One iteration: $v (and $i) are the top variables, declared by the
	// pipeline; the body's own variables are dropped afterwards.
	auto iteration = [&](const Datum &index, const Datum &elem) {
		Step(); // an empty body costs a step too
		if (ndecl > 0)
			vars_[mark - 1].value = elem;
		if (ndecl > 1)
			vars_[mark - 2].value = index;
		const Flow f = WalkList(elem, node->list);
		vars_.resize(mark);
		return f;
	};

	bool ran = false;
	switch (value.kind) {
	case Datum::Kind::Array:
		for (std::uint32_t i = value.lo; i < value.hi; ++i) {
			ran = true;
			const auto &element = value.json->GetArray()[i];
			if (iteration(Datum::Int(i - value.lo), Datum::FromJson(element)) == Flow::Break)
				break;
		}
		break;
	case Datum::Kind::Object: {
		const auto &members = value.json->GetMembers();
		for (const std::uint32_t i : value.json->SortedIndex()) {
			ran = true;
			if (iteration(Datum::String(members[i].first),
				      Datum::FromJson(members[i].second)) == Flow::Break)
				break;
		}
		break;
	}
	case Datum::Kind::Missing:
		break; // like a nil map: acts as empty
	default: {
		std::string shown;
		FormatValue(shown, value);
		Fail("range can't iterate over " + shown);
	}
	}
	if (!ran && node->else_list != nullptr) {
		// Go quirk, kept: a {{break}} in a range's else branch (legal when
		// an outer range encloses it) ends only that branch; {{continue}}
		// reaches the outer loop.
		const Flow f = WalkList(dot, node->else_list);
		vars_.resize(outer_mark);
		return f == Flow::Break ? Flow::Normal : f;
	}
	vars_.resize(outer_mark);
	return Flow::Normal;
}

void
Exec::WalkTemplate(const Datum &dot, const TemplateNode *node)
{
	if (node->target == nullptr)
		Fail("template " + GoQuote(node->name) + " not defined");
	if (depth_ >= max_exec_depth)
		Fail("exceeded maximum template depth (" + std::to_string(max_exec_depth) + ")");
	const Datum new_dot = node->pipe != nullptr ? EvalPipeline(dot, node->pipe) : Datum();
	// The called template sees only $, set to its dot.
	std::vector<Variable> saved;
	saved.swap(vars_);
	vars_.push_back({"$", new_dot});
	++depth_;
	WalkList(new_dot, node->target->root);
	--depth_;
	vars_.swap(saved);
}

void
Exec::PrintValue(const Datum &value)
{
	// Strings, the values a template can build big, are checked before
	// they are appended; anything else is a piece of the payload (or a
	// scalar), formatted in place and checked after.
	if (value.kind == Datum::Kind::String) {
		Emit(value.str);
		return;
	}
	FormatValue(out_, value);
	CheckOutput();
}

} // namespace osprey::tmpl
