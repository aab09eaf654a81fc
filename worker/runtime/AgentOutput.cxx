#include "AgentOutput.hxx"
#include "json/Parse.hxx"

#include <vector>

namespace osprey {

namespace {

/* Every line of @p text that is a JSON object; others (a CLI's warning on
   stdout, a line cut by the 16 MiB bound) are skipped. */
std::vector<json::Value>
Events(std::string_view text)
{
	std::vector<json::Value> events;
	while (!text.empty()) {
		const auto end = text.find('\n');
		const auto line = text.substr(0, end);
		text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
		if (line.empty() || line.front() != '{')
			continue;
		try {
			auto value = json::Parse(line);
			if (value.IsObject())
				events.push_back(std::move(value));
		} catch (...) {
		}
	}
	return events;
}

std::string_view
Text(const json::Value *v) noexcept
{
	return v != nullptr && v->IsString() ? std::string_view(v->GetText()) : std::string_view{};
}

bool
IsType(const json::Value &event, std::string_view type) noexcept
{
	return Text(event.Find("type")) == type;
}

/* Claude Code: {"type":"result","subtype":"success","is_error":false,
   "duration_ms":..,"num_turns":2,"result":"..","total_cost_usd":0.01,..} */
std::optional<AgentOutput>
ReadClaudeCode(const std::vector<json::Value> &events)
{
	const json::Value *result = nullptr;
	for (const auto &e : events)
		if (IsType(e, "result"))
			result = &e;
	if (result == nullptr)
		return std::nullopt;

	AgentOutput out;
	out.answer = Text(result->Find("result"));
	auto &r = out.report;
	if (const auto *v = result->Find("num_turns"); v != nullptr && v->ToInt64())
		r.turns = *v->ToInt64();
	if (const auto *v = result->Find("duration_ms"); v != nullptr && v->ToInt64())
		r.duration_ms = *v->ToInt64();
	if (const auto *v = result->Find("total_cost_usd"); v != nullptr && v->IsNumber() &&
	    IsCost(v->ToDouble()))
		r.cost_usd = v->ToDouble();
	const auto *is_error = result->Find("is_error");
	const auto subtype = Text(result->Find("subtype"));
	r.is_error = (is_error != nullptr && is_error->IsBool() && is_error->GetBool()) ||
		(!subtype.empty() && subtype != "success");
	if (r.is_error)
		r.error = !out.answer.empty() ? out.answer : std::string(subtype);
	return out;
}

/* OpenCode: {"type":"step_start"|"text"|"tool_use"|"step_finish"|"error",
   "timestamp":ms,"part":{..}} */
std::optional<AgentOutput>
ReadOpenCode(const std::vector<json::Value> &events)
{
	AgentOutput out;
	auto &r = out.report;
	bool any = false;
	std::int64_t turns = 0, first = 0, last = 0;
	double cost = 0;
	bool costed = false;
	std::string step_text;
	for (const auto &e : events) {
		const auto type = Text(e.Find("type"));
		const auto *part = e.Find("part");
		if (const auto *t = e.Find("timestamp"); t != nullptr && t->ToInt64()) {
			if (first == 0)
				first = *t->ToInt64();
			last = *t->ToInt64();
		}
		if (type == "step_start") {
			any = true;
			step_text.clear();
		} else if (type == "text" && part != nullptr) {
			any = true;
			step_text += Text(part->Find("text"));
		} else if (type == "step_finish" && part != nullptr) {
			any = true;
			++turns;
			if (const auto *c = part->Find("cost"); c != nullptr && c->IsNumber() &&
			    IsCost(c->ToDouble())) {
				cost += c->ToDouble();
				costed = true;
			}
			if (!step_text.empty())
				out.answer = step_text;
		} else if (type == "error") {
			any = true;
			r.is_error = true;
			const auto *error = e.Find("error");
			const auto *data = error != nullptr ? error->Find("data") : nullptr;
			std::string message(Text(data != nullptr ? data->Find("message") : nullptr));
			const auto name = Text(error != nullptr ? error->Find("name") : nullptr);
			if (message.empty())
				message = name.empty() ? "unknown error" : std::string(name);
			else if (!name.empty())
				message = std::string(name) + ": " + message;
			r.error = message;
		}
	}
	if (!any)
		return std::nullopt;
	if (out.answer.empty() && !step_text.empty())
		out.answer = step_text;
	if (out.answer.empty() && r.is_error)
		out.answer = r.error;
	r.turns = turns;
	if (costed && IsCost(cost))
		r.cost_usd = cost;
	if (last > first)
		r.duration_ms = last - first;
	return out;
}

} // namespace

std::optional<AgentOutput>
ReadAgentOutput(AgentType type, std::string_view text)
{
	const auto events = Events(text);
	if (events.empty())
		return std::nullopt;
	return type == AgentType::ClaudeCode ? ReadClaudeCode(events) : ReadOpenCode(events);
}

} // namespace osprey
