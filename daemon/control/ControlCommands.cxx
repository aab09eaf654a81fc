// What a management-socket request does, once its line is read: status at
// once, a decision after finding out who asks (ControlConnection.hxx).
#include "ControlConnection.hxx"
#include "ControlHandler.hxx"
#include "control/WatchProtocol.hxx"
#include "job/JobRecord.hxx"

#include <exception>

namespace osprey::daemon {

void
ControlConnection::Execute(std::string_view line) noexcept
{
	socket.ReadStop();
	// Whatever goes wrong is the client's answer, never an exception
	// through libuv.
	try {
		command = control::ParseRequest(line);
		if (command.command == control::Command::Status)
			return Answer(control::ToJsonLine(handler.Status()));
		if (command.command == control::Command::Reload)
			return Reload();
		if (command.command == control::Command::Watch)
			return StartWatching();
		// The id may end up in a path: only the shape of a real one
		// goes further, and anything else is as unknown as it gets.
		if (!IsValidJobId(command.job))
			return Refuse("no job " + command.job);
		if (!peer_uid)
			return Refuse("cannot tell who is asking (no peer credentials)");
	} catch (const std::exception &e) {
		return Refuse(e.what());
	} catch (...) {
		return Refuse("internal error");
	}
	LookUpDecider();
}

/* like a decision: the answer comes later, maybe after the client left */
void
ControlConnection::Reload() noexcept
{
	phase = Phase::Deciding;
	const auto cell = self;
	try {
		handler.Reload([cell](std::variant<control::Reloaded, control::Refusal> result) {
			if (*cell == nullptr || (*cell)->phase != Phase::Deciding)
				return;
			if (const auto *refusal = std::get_if<control::Refusal>(&result))
				return (*cell)->Refuse(refusal->error);
			std::string line;
			try {
				line = control::ToJsonLine(std::get<control::Reloaded>(result));
			} catch (...) {
				return (*cell)->Refuse("out of memory");
			}
			(*cell)->Answer(std::move(line));
		});
	} catch (const std::exception &e) {
		if (*cell != nullptr && (*cell)->phase == Phase::Deciding)
			(*cell)->Refuse(e.what());
	}
}

/* A watch has no deadline: it lasts until the client goes. Reading goes on
   only to hear that (EOF); what the client sends is ignored. */
void
ControlConnection::StartWatching() noexcept
{
	phase = Phase::Watching;
	deadline.Stop();
	request.clear();
	if (socket.ReadStart(std::span<char>(read_buffer)) < 0)
		return Finish();
	Push(control::ToJsonLine(control::Watching{}));
}

void
ControlConnection::Push(std::string_view line) noexcept
{
	if (phase != Phase::Watching)
		return;
	if (socket.WriteQueueSize() > limits.max_watch_backlog)
		return Finish();
	try {
		std::string framed;
		framed.reserve(line.size() + 1);
		framed.append(line).push_back('\n');
		if (socket.Write(framed) < 0)
			Finish();
	} catch (...) {
		Finish();
	}
}

void
ControlConnection::LookUpDecider() noexcept
{
	phase = Phase::LookingUp;
	try {
		const uid_t uid = *peer_uid;
		// The pool's function owns its result; the completion runs only
		// while this connection (which owns the Work) is alive.
		auto name = std::make_shared<std::string>();
		lookup.Queue(loop, [uid, name] {
			try {
				*name = UserNameOf(uid);
			} catch (...) {
				// no name: the uid alone says who it was
			}
		}, [this, uid, name] { Decide(Decider{uid, std::move(*name)}); });
	} catch (const std::exception &e) {
		Refuse(e.what());
	}
}

void
ControlConnection::Decide(const Decider &who) noexcept
{
	const Decision decision = command.command == control::Command::Approve ? Decision::Approve
		: command.command == control::Command::Ignore ? Decision::Ignore
		: Decision::Cancel;

	phase = Phase::Deciding;
	// The handler may call done inside the call, and the answer may then
	// close this connection: from here on `this` is reached through the
	// cell only.
	const auto cell = self;
	try {
		// Copies: the handler may use them after done has closed us.
		const std::string job = command.job;
		auto by = who.Describe();
		handler.Decide(decision, job, {DecisionSource::Via::CommandLine, {},
			       std::to_string(who.uid), by}, [cell, by](DecisionOutcome result) {
			if (*cell != nullptr)
				(*cell)->OnDecided(result, by);
		});
	} catch (const std::exception &e) {
		if (*cell != nullptr && (*cell)->phase == Phase::Deciding)
			(*cell)->Refuse(e.what());
	} catch (...) {
		if (*cell != nullptr && (*cell)->phase == Phase::Deciding)
			(*cell)->Refuse("internal error");
	}
}

void
ControlConnection::OnDecided(const DecisionOutcome &result, const std::string &by) noexcept
{
	if (phase != Phase::Deciding)
		return; // a second call, or after the deadline answered
	if (!result.ok)
		return Refuse(result.error.empty() ? "refused" : result.error);
	std::string line;
	try {
		line = control::ToJsonLine(control::Decided{result.state, by});
	} catch (...) {
		return Refuse("out of memory");
	}
	Answer(std::move(line));
}

} // namespace osprey::daemon
