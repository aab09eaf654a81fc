// ncursesw for the dashboard: initscr() to endwin() as one object, colours
// only when the terminal has them and NO_COLOR is unset.
#pragma once

#include <string_view>

namespace osprey::dashboard {

enum class Paint { Normal, Title, Highlight, Dim, Good, Bad, Warn };

class Screen {
	bool colours = false;

public:
	/// Takes the terminal (UTF-8 per the locale). Throws std::runtime_error.
	Screen();
	~Screen() noexcept;
	Screen(const Screen &) = delete;
	Screen &operator=(const Screen &) = delete;

	int Rows() const noexcept;
	int Cols() const noexcept;

	/// @p text at @p row, @p col, cut to the screen's width (at a
	/// character boundary; wide characters count as one column).
	void Put(int row, int col, std::string_view text, Paint paint = Paint::Normal) noexcept;
	/// A whole row: @p text padded to the width.
	void Line(int row, std::string_view text, Paint paint = Paint::Normal) noexcept;
};

} // namespace osprey::dashboard
