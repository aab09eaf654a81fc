#include "MessageBuilder.hxx"
#include "Expression.hxx"
#include "Payloads.hxx"
#include "SaveMessage.hxx"

#include <algorithm>

namespace osprey::builder {

MessageBuilder::MessageBuilder(Home _home, std::string _pipeline)
	: home(std::move(_home)), pipeline(std::move(_pipeline)),
	  payloads(ListPayloads(home, pipeline))
{
	SwitchPayload(0);
}

void
MessageBuilder::SwitchPayload(std::size_t i)
{
	auto &p = payloads.at(i);
	if (p.body.empty())
		PayloadStore(home.PayloadsDir(pipeline), 0).Load(p);
	current = i;
	body = ParseBody(p.body);
	headers = p.headers.empty() ? json::Value() : ParseBody(p.headers);
	fields = Flatten(body);
}

std::vector<std::size_t>
MessageBuilder::Filter(std::string_view text) const
{
	std::vector<std::size_t> out;
	for (std::size_t i = 0; i < fields.size(); ++i)
		if (fields[i].display.find(text) != std::string::npos)
			out.push_back(i);
	return out;
}

void
MessageBuilder::Toggle(std::size_t i)
{
	const auto &path = fields.at(i).path;
	const auto s = std::find_if(selections.begin(), selections.end(),
				    [&](const Selection &x) { return x.path == path; });
	if (s != selections.end())
		selections.erase(s);
	else
		selections.push_back({path, DeriveLabel(path)});
}

bool
MessageBuilder::IsSelected(std::size_t i) const noexcept
{
	if (i >= fields.size())
		return false;
	return std::any_of(selections.begin(), selections.end(),
			   [&](const Selection &x) { return x.path == fields[i].path; });
}

void
MessageBuilder::SetLabel(std::size_t selection, std::string label)
{
	selections.at(selection).label = std::move(label);
}

Preview
MessageBuilder::RenderPreview() const
{
	return builder::RenderPreview(Message(), body, headers);
}

void
MessageBuilder::Save() const
{
	SaveMessage(home, pipeline, Message());
}

} // namespace osprey::builder
