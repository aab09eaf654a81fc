#include "Screen.hxx"

#include <clocale>
#include <cstdlib>
#include <curses.h>
#include <stdexcept>
#include <string>

namespace osprey::dashboard {

Screen::Screen()
{
	std::setlocale(LC_ALL, "");
	if (initscr() == nullptr)
		throw std::runtime_error("cannot start the terminal UI");
	cbreak();
	noecho();
	keypad(stdscr, TRUE);
	nodelay(stdscr, TRUE);
	set_escdelay(25);
	curs_set(0);
	const char *no_colour = std::getenv("NO_COLOR");
	if (has_colors() && (no_colour == nullptr || *no_colour == 0)) {
		colours = true;
		start_color();
		use_default_colors();
		init_pair(1, COLOR_CYAN, -1);
		init_pair(2, COLOR_BLACK, COLOR_CYAN);
		init_pair(3, COLOR_GREEN, -1);
		init_pair(4, COLOR_RED, -1);
		init_pair(5, COLOR_YELLOW, -1);
	}
}

Screen::~Screen() noexcept
{
	endwin();
}

int Screen::Rows() const noexcept { return LINES; }
int Screen::Cols() const noexcept { return COLS; }

static attr_t
Attributes(Paint paint, bool colours) noexcept
{
	switch (paint) {
	case Paint::Normal: return A_NORMAL;
	case Paint::Title: return colours ? (COLOR_PAIR(1) | A_BOLD) : A_BOLD;
	case Paint::Highlight: return colours ? COLOR_PAIR(2) : A_REVERSE;
	case Paint::Dim: return A_DIM;
	case Paint::Good: return colours ? COLOR_PAIR(3) : A_NORMAL;
	case Paint::Bad: return colours ? (COLOR_PAIR(4) | A_BOLD) : A_BOLD;
	case Paint::Warn: return colours ? COLOR_PAIR(5) : A_NORMAL;
	}
	return A_NORMAL;
}

/* Bytes of @p text that fit @p width columns, counting one column per
   character (a UTF-8 lead byte) and never cutting one in half. */
static std::size_t
Fit(std::string_view text, int width) noexcept
{
	int cols = 0;
	std::size_t i = 0;
	for (; i < text.size(); ++i) {
		const auto c = static_cast<unsigned char>(text[i]);
		if ((c & 0xc0) == 0x80)
			continue;
		if (cols == width)
			break;
		++cols;
	}
	return i;
}

void
Screen::Put(int row, int col, std::string_view text, Paint paint) noexcept
{
	if (row < 0 || row >= LINES || col >= COLS)
		return;
	std::string clean(text.substr(0, Fit(text, COLS - col)));
	for (auto &c : clean)
		if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
			c = ' ';
	const auto a = Attributes(paint, colours);
	attron(a);
	mvaddnstr(row, col, clean.c_str(), static_cast<int>(clean.size()));
	attroff(a);
}

void
Screen::Line(int row, std::string_view text, Paint paint) noexcept
{
	std::string padded(text.substr(0, Fit(text, COLS)));
	int cols = 0;
	for (const char c : padded)
		if ((static_cast<unsigned char>(c) & 0xc0) != 0x80)
			++cols;
	if (cols < COLS)
		padded.append(static_cast<std::size_t>(COLS - cols), ' ');
	Put(row, 0, padded, paint);
}

} // namespace osprey::dashboard
