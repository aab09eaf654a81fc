#include "Message.hxx"
#include "Expression.hxx"
#include "template/Template.hxx"

namespace osprey::builder {

/* the label is literal text in the template: one line, and a "{{" printed
   through a string literal rather than opening an action */
static void
AppendLabel(std::string &out, std::string_view label)
{
	for (std::size_t i = 0; i < label.size(); ++i) {
		const auto c = static_cast<unsigned char>(label[i]);
		if (label.substr(i).starts_with("{{")) {
			out += "{{\"{{\"}}";
			++i;
		} else if (c < 0x20 || c == 0x7f)
			out += ' ';
		else
			out += label[i];
	}
}

std::string
ComposeMessage(const std::vector<Selection> &selections)
{
	std::string out;
	for (const auto &s : selections) {
		AppendLabel(out, s.label);
		out += ": {{ " + Expression(s.path) + " }}\n";
	}
	return out;
}

Preview
RenderPreview(const std::string &message, const json::Value &body, const json::Value &headers)
{
	json::Members data{{"body", body}};
	if (!headers.IsNull())
		data.emplace_back("headers", headers);
	try {
		return {tmpl::Render(tmpl::Parse(message, "channel.message"),
				     json::Value::MakeObject(std::move(data))), {}};
	} catch (const std::exception &e) {
		return {{}, e.what()};
	}
}

} // namespace osprey::builder
