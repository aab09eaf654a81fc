// The message builder's view: the payload's fields on the left (filter,
// Space to select), the composed message and its preview below. The model
// is cli/dashboard/builder/MessageBuilder.
#include "Ui.hxx"
#include "dashboard/builder/Payloads.hxx"

#include <algorithm>
#include <curses.h>

namespace osprey::dashboard {

void
Ui::OpenBuilder(const std::string &pipeline)
{
	try {
		builder.emplace(home, pipeline);
	} catch (const std::exception &e) {
		/* the refusal (no payload yet) is said, and the view stays */
		message = e.what();
		return;
	}
	builder_filter.clear();
	builder_editing_filter = false;
	builder_label = -1;
	field_row = 0;
	view = View::Builder;
}

void
Ui::DrawBuilder()
{
	auto &b = *builder;
	Header("message builder: " + b.Pipeline() + "  payload " +
	       std::to_string(b.CurrentPayload() + 1) + "/" + std::to_string(b.Payloads().size()) +
	       (builder_editing_filter || !builder_filter.empty() ? "  /" + builder_filter : ""));
	const auto rows = b.Filter(builder_filter);
	const int list_height = std::max(3, (screen.Rows() - 4) / 2);
	field_row = std::min(field_row, rows.empty() ? 0 : rows.size() - 1);
	const std::size_t top = field_row >= std::size_t(list_height) ? field_row - list_height + 1 : 0;
	for (std::size_t i = top; i < rows.size() && int(i - top) < list_height; ++i) {
		const auto &f = b.Fields()[rows[i]];
		std::string value = f.value;
		std::replace(value.begin(), value.end(), '\n', ' ');
		const std::string mark = b.IsSelected(rows[i]) ? "[x] " : "[ ] ";
		screen.Line(1 + int(i - top), mark + f.display + " = " + value,
			    i == field_row ? Paint::Highlight : Paint::Normal);
	}
	if (rows.empty())
		screen.Line(1, " no field matches", Paint::Dim);
	int row = 1 + list_height;
	screen.Line(row++, " preview", Paint::Title);
	const auto preview = b.RenderPreview();
	std::string_view text = preview.error.empty() ? std::string_view(preview.text) : preview.error;
	if (b.Selections().empty())
		text = "(select fields with Space)";
	while (row < screen.Rows() - 2) {
		const auto nl = text.find('\n');
		screen.Line(row++, "  " + std::string(text.substr(0, nl)));
		if (nl == std::string_view::npos)
			break;
		text.remove_prefix(nl + 1);
	}
	if (builder_label >= 0)
		message = "label: " + label_text + "_  (Enter keeps it, Esc leaves it)";
	Footer(builder_editing_filter ? " filter: type, Enter/Down keeps it, Esc clears"
	       : " Space select  / filter  l label  [ ] payload  Enter save  Esc cancel");
}

void
Ui::BuilderKey(int key)
{
	auto &b = *builder;
	const bool enter = key == '\n' || key == KEY_ENTER;
	const bool backspace = key == KEY_BACKSPACE || key == 127 || key == 8;
	if (builder_label >= 0) {
		if (enter)
			b.SetLabel(static_cast<std::size_t>(builder_label), label_text);
		if (enter || key == 27) {
			builder_label = -1;
			message.clear();
		} else if (backspace) {
			/* a whole UTF-8 character */
			while (!label_text.empty() && (static_cast<unsigned char>(label_text.back()) & 0xc0) == 0x80)
				label_text.pop_back();
			if (!label_text.empty())
				label_text.pop_back();
		} else if (key >= 0x20 && key < 0x100 && key != 0x7f) {
			label_text.push_back(static_cast<char>(key));
		}
		return;
	}
	if (builder_editing_filter) {
		if (key == 27)
			builder_filter.clear();
		if (key == 27 || enter || key == KEY_DOWN)
			builder_editing_filter = false;
		else if (backspace) {
			if (!builder_filter.empty())
				builder_filter.pop_back();
		} else if (key >= 0x20 && key < 0x100)
			builder_filter.push_back(static_cast<char>(key));
		field_row = 0;
		return;
	}
	message.clear();
	const auto rows = b.Filter(builder_filter);
	switch (key) {
	case KEY_UP: case 'k': if (field_row > 0) --field_row; break;
	case KEY_DOWN: case 'j': if (field_row + 1 < rows.size()) ++field_row; break;
	case '/': builder_editing_filter = true; builder_filter.clear(); break;
	case ' ':
		if (field_row < rows.size())
			b.Toggle(rows[field_row]);
		break;
	case 'l':
		if (field_row < rows.size() && b.IsSelected(rows[field_row])) {
			const auto &path = b.Fields()[rows[field_row]].path;
			const auto &sel = b.Selections();
			for (std::size_t s = 0; s < sel.size(); ++s)
				if (sel[s].path == path) {
					builder_label = static_cast<int>(s);
					label_text = sel[s].label;
				}
		}
		break;
	case '[': if (b.CurrentPayload() > 0) b.SwitchPayload(b.CurrentPayload() - 1); break;
	case ']': if (b.CurrentPayload() + 1 < b.Payloads().size()) b.SwitchPayload(b.CurrentPayload() + 1); break;
	case '\n': case KEY_ENTER:
		try {
			b.Save();
			message = "saved channel.message in " + b.Pipeline() + "/pipeline.yaml";
		} catch (const std::exception &e) {
			message = std::string("not saved: ") + e.what();
			return;
		}
		builder.reset();
		view = View::Pipelines;
		break;
	case 27:
		message = "cancelled: " + b.Pipeline() + "/pipeline.yaml untouched";
		builder.reset();
		view = View::Pipelines;
		break;
	case 'q':
		quit = true;
		break;
	case '?':
		before_help = View::Pipelines;
		builder.reset();
		view = View::Help;
		break;
	}
}

} // namespace osprey::dashboard
