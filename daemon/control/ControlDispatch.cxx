#include "ControlDispatch.hxx"
#include "ControlHandler.hxx"
#include "json/Parse.hxx"
#include "json/Serialize.hxx"

#include <exception>

namespace osprey::daemon {

namespace {

json::Value
Str(std::string_view s)
{
	return json::Value::String(std::string(s));
}

/// The string member @p key, or throws a message for the client.
std::string_view
RequireString(const json::Value &request, std::string_view key)
{
	const auto *v = request.Find(key);
	if (v == nullptr || !v->IsString() || v->GetText().empty())
		throw std::runtime_error("request lacks \"" + std::string(key) + "\" (a non-empty string)");
	return v->GetText();
}

std::string
Respond(const ControlResult &result)
{
	if (!result.ok)
		return ControlError(result.error.empty() ? "refused" : result.error);
	return json::Serialize(json::Value::MakeObject({
		{"ok", json::Value(true)}, {"state", Str(result.state)},
	}));
}

std::string
Dispatch(ControlHandler &handler, std::string_view line)
{
	json::Value request;
	try {
		request = json::Parse(line);
	} catch (const json::ParseError &e) {
		return ControlError(std::string("malformed request: ") + e.what());
	}
	if (!request.IsObject())
		return ControlError("malformed request: not a JSON object");
	const auto *command = request.Find("command");
	if (command == nullptr || !command->IsString())
		return ControlError("malformed request: no \"command\"");

	const std::string_view name = command->GetText();
	if (name == "status") {
		json::Members members{{"ok", json::Value(true)}};
		const auto status = handler.Status();
		if (status.IsObject())
			members.insert(members.end(), status.GetMembers().begin(),
				       status.GetMembers().end());
		else
			members.emplace_back("status", status);
		return json::Serialize(json::Value::MakeObject(std::move(members)));
	}

	using Decision = ControlResult (ControlHandler::*)(std::string_view, std::string_view);
	Decision decision = nullptr;
	if (name == "approve")
		decision = &ControlHandler::Approve;
	else if (name == "ignore")
		decision = &ControlHandler::Ignore;
	else if (name == "cancel")
		decision = &ControlHandler::Cancel;
	else
		return ControlError("unknown command \"" + std::string(name) +
				    "\" (expected status, approve, ignore or cancel)");

	const auto job = RequireString(request, "job");
	const auto by = RequireString(request, "by");
	return Respond((handler.*decision)(job, by));
}

} // namespace

std::string
ControlError(std::string_view message) noexcept
{
	try {
		return json::Serialize(json::Value::MakeObject({
			{"ok", json::Value(false)}, {"error", Str(message)},
		}));
	} catch (...) {
		return R"({"ok":false,"error":"out of memory"})";
	}
}

std::string
DispatchControlRequest(ControlHandler &handler, std::string_view line) noexcept
{
	// Whatever goes wrong in the handler is the client's answer, never an
	// exception through libuv.
	try {
		return Dispatch(handler, line);
	} catch (const std::exception &e) {
		return ControlError(e.what());
	} catch (...) {
		return ControlError("internal error");
	}
}

} // namespace osprey::daemon
