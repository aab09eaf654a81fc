#include "AgentReport.hxx"

#include <cmath>
#include <cstdio>

namespace osprey {

bool
IsCost(double usd) noexcept
{
	return std::isfinite(usd) && usd >= 0;
}

json::Value
ToJsonValue(const AgentReport &r)
{
	json::Members m;
	if (r.turns)
		m.emplace_back("turns", json::Value::Number(*r.turns));
	if (r.duration_ms)
		m.emplace_back("duration_ms", json::Value::Number(*r.duration_ms));
	if (r.cost_usd && IsCost(*r.cost_usd)) {
		char text[64];
		std::snprintf(text, sizeof(text), "%.6f", *r.cost_usd);
		m.emplace_back("cost_usd", json::Value::Number(std::string(text)));
	}
	m.emplace_back("is_error", json::Value(r.is_error));
	if (!r.error.empty())
		m.emplace_back("error", json::Value::String(r.error));
	return json::Value::MakeObject(std::move(m));
}

AgentReport
ParseAgentReport(const json::Value &v)
{
	AgentReport r;
	if (!v.IsObject())
		return r;
	if (const auto *t = v.Find("turns"); t != nullptr && t->ToInt64())
		r.turns = *t->ToInt64();
	if (const auto *d = v.Find("duration_ms"); d != nullptr && d->ToInt64())
		r.duration_ms = *d->ToInt64();
	if (const auto *c = v.Find("cost_usd"); c != nullptr && c->IsNumber() && IsCost(c->ToDouble()))
		r.cost_usd = c->ToDouble();
	if (const auto *e = v.Find("is_error"); e != nullptr && e->IsBool())
		r.is_error = e->GetBool();
	if (const auto *e = v.Find("error"); e != nullptr && e->IsString())
		r.error = e->GetText();
	return r;
}

std::string
Summary(const AgentReport &r)
{
	std::string s;
	auto add = [&s](const std::string &part) {
		if (!s.empty())
			s += " \xc2\xb7 ";
		s += part;
	};
	if (r.turns)
		add(std::to_string(*r.turns) + (*r.turns == 1 ? " turn" : " turns"));
	/* OpenCode reports 0 for a model it has no price for (a gateway's):
	   unknown, not free */
	if (r.cost_usd && *r.cost_usd > 0) {
		char text[32];
		std::snprintf(text, sizeof(text), "$%.4f", *r.cost_usd);
		add(text);
	}
	if (r.is_error)
		add("the agent reported an error");
	return s;
}

} // namespace osprey
