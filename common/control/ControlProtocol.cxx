#include "ControlProtocol.hxx"
#include "json/Parse.hxx"
#include "json/Serialize.hxx"

#include <algorithm>
#include <array>

namespace osprey::control {

namespace {

constexpr std::array<std::pair<Command, std::string_view>, 6> command_names{{
	{Command::Status, "status"},
	{Command::Approve, "approve"},
	{Command::Ignore, "ignore"},
	{Command::Cancel, "cancel"},
	{Command::Reload, "reload"},
	{Command::Watch, "watch"},
}};

bool
NamesJob(Command c) noexcept
{
	return c == Command::Approve || c == Command::Ignore || c == Command::Cancel;
}

json::Value Str(std::string_view s) { return json::Value::String(std::string(s)); }
json::Value Int(std::int64_t i) { return json::Value::Number(i); }

/* Member access that names what is wrong; @p what is "request" or "answer". */
class Reader {
	const json::Value &object;
	const char *what;

public:
	Reader(const json::Value &o, const char *_what) : object(o), what(_what) {
		if (!o.IsObject())
			Fail("not a JSON object");
	}

	[[noreturn]] void Fail(const std::string &message) const {
		throw ProtocolError("malformed " + std::string(what) + ": " + message);
	}

	const json::Value *Find(std::string_view key) const { return object.Find(key); }

	const json::Value &Get(std::string_view key) const {
		const auto *v = object.Find(key);
		if (v == nullptr)
			Fail("missing \"" + std::string(key) + "\"");
		return *v;
	}
	std::string String(std::string_view key) const {
		const auto &v = Get(key);
		if (!v.IsString())
			Fail("\"" + std::string(key) + "\" must be a string");
		return v.GetText();
	}
	std::int64_t Integer(std::string_view key) const {
		const auto i = Get(key).ToInt64();
		if (!i)
			Fail("\"" + std::string(key) + "\" must be an integer");
		return *i;
	}
	Reader Object(std::string_view key) const {
		const auto &v = Get(key);
		if (!v.IsObject())
			Fail("\"" + std::string(key) + "\" must be an object");
		return {v, what};
	}
	const json::Members &Members() const noexcept { return object.GetMembers(); }
};

json::Value
ParseLine(std::string_view line, const char *what)
{
	try {
		return json::Parse(line);
	} catch (const json::ParseError &e) {
		throw ProtocolError("malformed " + std::string(what) + ": " + e.what());
	}
}

/// The answer's object when "ok" is true, else the Refusal it carries.
std::variant<json::Value, Refusal>
ParseAnswer(std::string_view line)
{
	auto answer = ParseLine(line, "answer");
	const Reader r(answer, "answer");
	const auto &ok = r.Get("ok");
	if (!ok.IsBool())
		r.Fail("\"ok\" must be true or false");
	if (ok.GetBool())
		return answer;
	const auto *error = r.Find("error");
	if (error == nullptr || !error->IsString() || error->GetText().empty())
		return Refusal{"the daemon refused without saying why"};
	return Refusal{error->GetText()};
}

} // namespace

std::string_view
Name(Command command) noexcept
{
	for (const auto &[c, name] : command_names)
		if (c == command)
			return name;
	return "?";
}

std::string
ToJsonLine(const Request &request)
{
	json::Members m{{"command", Str(Name(request.command))}};
	if (NamesJob(request.command))
		m.emplace_back("job", Str(request.job));
	return json::Serialize(json::Value::MakeObject(std::move(m)));
}

namespace {

json::Members
StatusMembers(const DaemonStatus &s)
{
	json::Members jobs;
	for (const auto &[state, count] : s.jobs)
		jobs.emplace_back(state, Int(count));
	json::Members m{
		{"version", Str(s.version)},
		{"pid", Int(s.pid)},
		{"started", Str(s.started)},
		{"listening", Str(s.listening)},
	};
	/* an older daemon's answer, passed on, stays as it was */
	if (!s.address.empty())
		m.emplace_back("address", Str(s.address));
	for (auto &member : json::Members{
		{"slots", json::Value::MakeObject({{"used", Int(s.slots_used)},
						   {"max", Int(s.slots_max)}})},
		{"pipelines", json::Value::MakeObject({{"webhook", Int(s.webhook_pipelines)},
						       {"cron", Int(s.cron_pipelines)},
						       {"disabled", Int(s.disabled_pipelines)}})},
		{"jobs", json::Value::MakeObject(std::move(jobs))},
	})
		m.push_back(std::move(member));
	/* only where there is a queue: without one (and from an older daemon)
	   the answer stays as it was */
	if (s.queue_max > 0 || s.queue_length > 0)
		m.emplace_back("queue", json::Value::MakeObject({{"length", Int(s.queue_length)},
								 {"max", Int(s.queue_max)}}));
	return m;
}

} // namespace

std::string
ToJson(const DaemonStatus &status)
{
	return json::Serialize(json::Value::MakeObject(StatusMembers(status)));
}

std::string
ToJsonLine(const DaemonStatus &status)
{
	json::Members members{{"ok", json::Value(true)}};
	for (auto &m : StatusMembers(status))
		members.push_back(std::move(m));
	return json::Serialize(json::Value::MakeObject(std::move(members)));
}

std::string
ToJsonLine(const Decided &d)
{
	return json::Serialize(json::Value::MakeObject({
		{"ok", json::Value(true)}, {"state", Str(d.state)}, {"by", Str(d.by)},
	}));
}

std::string
ToJsonLine(const Reloaded &r)
{
	return json::Serialize(json::Value::MakeObject({
		{"ok", json::Value(true)}, {"pipelines", Int(r.pipelines)},
	}));
}

std::string
ToJsonLine(const Refusal &refusal) noexcept
{
	try {
		return json::Serialize(json::Value::MakeObject({
			{"ok", json::Value(false)}, {"error", Str(refusal.error)},
		}));
	} catch (...) {
		return R"({"ok":false,"error":"out of memory"})";
	}
}

Request
ParseRequest(std::string_view line)
{
	const auto value = ParseLine(line, "request");
	const Reader r(value, "request");
	const auto name = r.String("command");
	Request request;
	const auto *known = std::find_if(command_names.begin(), command_names.end(),
					 [&](const auto &c) { return c.second == name; });
	if (known == command_names.end())
		throw ProtocolError("unknown command \"" + name +
				    "\" (expected status, approve, ignore, cancel, reload or watch)");
	request.command = known->first;
	if (NamesJob(request.command)) {
		request.job = r.String("job");
		if (request.job.empty())
			r.Fail("\"job\" is empty");
	}
	return request;
}

std::variant<DaemonStatus, Refusal>
ParseStatusAnswer(std::string_view line)
{
	auto answer = ParseAnswer(line);
	if (auto *refusal = std::get_if<Refusal>(&answer))
		return std::move(*refusal);
	const Reader r(std::get<json::Value>(answer), "answer");
	DaemonStatus s;
	s.version = r.String("version");
	s.pid = r.Integer("pid");
	s.started = r.String("started");
	s.listening = r.String("listening");
	if (r.Find("address") != nullptr)
		s.address = r.String("address");
	const auto slots = r.Object("slots");
	s.slots_used = slots.Integer("used");
	s.slots_max = slots.Integer("max");
	if (r.Find("queue") != nullptr) {
		const auto queue = r.Object("queue");
		s.queue_length = queue.Integer("length");
		s.queue_max = queue.Integer("max");
	}
	const auto pipelines = r.Object("pipelines");
	s.webhook_pipelines = pipelines.Integer("webhook");
	s.cron_pipelines = pipelines.Integer("cron");
	s.disabled_pipelines = pipelines.Integer("disabled");
	const auto jobs = r.Object("jobs");
	for (const auto &[state, count] : jobs.Members()) {
		const auto n = count.ToInt64();
		if (!n)
			r.Fail("\"jobs\" counts must be integers");
		s.jobs.emplace_back(state, *n);
	}
	return s;
}

std::variant<Decided, Refusal>
ParseDecisionAnswer(std::string_view line)
{
	auto answer = ParseAnswer(line);
	if (auto *refusal = std::get_if<Refusal>(&answer))
		return std::move(*refusal);
	const Reader r(std::get<json::Value>(answer), "answer");
	Decided d;
	d.state = r.String("state");
	if (r.Find("by") != nullptr)
		d.by = r.String("by");
	return d;
}

std::variant<Reloaded, Refusal>
ParseReloadAnswer(std::string_view line)
{
	auto answer = ParseAnswer(line);
	if (auto *refusal = std::get_if<Refusal>(&answer))
		return std::move(*refusal);
	const Reader r(std::get<json::Value>(answer), "answer");
	return Reloaded{r.Integer("pipelines")};
}

} // namespace osprey::control
