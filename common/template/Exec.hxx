// Private: one rendering, the counterpart of Go's exec.go "state". Not
// shared between threads; the Template it walks is.
#pragma once

#include "Datum.hxx"
#include "Node.hxx"
#include "Parser.hxx"
#include "Template.hxx"

#include <cstdint>
#include <forward_list>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace osprey::tmpl {

class Exec {
public:
	/// A $variable on the stack.
	struct Variable {
		std::string_view name;
		Datum value;
	};

	/// Appends to @p out; @p limits must outlive this object.
	Exec(std::string &out, const TreeSet &set, const Limits &limits) noexcept;
	~Exec() noexcept;
	Exec(const Exec &) = delete;
	Exec &operator=(const Exec &) = delete;

	void Run(const json::Value &data);

	[[noreturn]] void Fail(const std::string &message) const;

	/// Copies @p s into storage that lives as long as this rendering;
	/// throws LimitError past Limits::output_bytes or built_bytes.
	std::string_view Intern(std::string &&s);

	/// The most a string built by a function may hold (Sprintf stops
	/// early past it, Intern then refuses it).
	std::size_t MaxBuilt() const noexcept { return limits_.output_bytes; }

private:
	enum class Flow : std::uint8_t { Normal, Break, Continue };

	std::string &out_;
	const TreeSet &set_;
	std::vector<Variable> vars_;
	std::forward_list<std::string> strings_; // allocates only when used
	const Node *node_ = nullptr; // where we are, for error messages
	int depth_ = 0;

	// ExecLimits.cxx: the bounds of Limits, counted as we go
	const Limits &limits_;
	std::size_t output_end_; // out_.size() may not pass this
	std::size_t built_ = 0; // bytes interned
	std::uint64_t steps_ = 0, next_check_ = 0;
	std::uint64_t deadline_ns_ = 0; // thread CPU time; 0: not started


	/// Counts one step: a node executed or a range iteration. One compare
	/// on the fast path; the clock is read every few hundred steps.
	void Step() {
		if (++steps_ >= next_check_) [[unlikely]]
			CheckSteps();
	}
	void StartLimits();
	void CheckSteps();
	void Emit(std::string_view s);
	void CheckOutput();
	[[noreturn]] void OutputFull() const;

	// Exec.cxx: statements
	Flow Walk(const Datum &dot, const Node *node);
	Flow WalkList(const Datum &dot, const ListNode *list);
	Flow WalkIfOrWith(const Datum &dot, const BranchNode *node);
	Flow WalkRange(const Datum &dot, const BranchNode *node);
	void WalkTemplate(const Datum &dot, const TemplateNode *node);
	void PrintValue(const Datum &value);
	void SetVar(std::string_view name, const Datum &value);
	Datum VarValue(std::string_view name);

	// ExecEval.cxx: expressions
	Datum EvalPipeline(const Datum &dot, const PipeNode *pipe);
	Datum EvalCommand(const Datum &dot, const CommandNode *cmd, const Datum *final);
	Datum EvalFieldChain(const Datum &dot, Datum receiver, std::span<const std::string> ident,
			     std::span<Node *const> args, const Datum *final);
	Datum EvalField(std::string_view name, const Datum &receiver, bool has_args);
	Datum EvalChain(const Datum &dot, const ChainNode *chain, std::span<Node *const> args,
			const Datum *final);
	Datum EvalVariable(const Datum &dot, const VariableNode *v, std::span<Node *const> args,
			   const Datum *final);
	Datum EvalArg(const Datum &dot, const Node *n);
	std::string_view EvalStringArg(const Datum &dot, const Node *n);
	Datum IdealConstant(const NumberNode *n);
	void NotAFunction(std::span<Node *const> args, const Datum *final, const Node *first);

	// Funcs.cxx: calling builtins
	Datum EvalFunction(const Datum &dot, const IdentifierNode *fn,
			   std::span<Node *const> args, const Datum *final);
	Datum CallBuiltin(Builtin fn, std::string_view name, std::span<const Datum> argv);
};

} // namespace osprey::tmpl
