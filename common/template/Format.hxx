// Private: Go's fmt (Sprint, Sprintln, Sprintf) over Datum values, and the
// printing of an action's value, with Osprey's differences: JSON numbers
// print as written under %v, %s and print; arrays and objects as compact
// JSON.
#pragma once

#include "Datum.hxx"

#include <span>
#include <string>
#include <string_view>

namespace osprey::tmpl {

/// How an action prints its value: "<no value>" for missing.
void FormatValue(std::string &out, const Datum &value);

/// fmt.Sprint: spaces between operands when neither is a string. With
/// @p missing_as_no_value (html, js, urlquery) nil prints as the string
/// "<no value>" instead of "<nil>".
void Sprint(std::string &out, std::span<const Datum> args, bool missing_as_no_value = false);

/// fmt.Sprintln: always spaces, then a newline.
void Sprintln(std::string &out, std::span<const Datum> args);

/// fmt.Sprintf, including its %!verb(type=value) error forms. Stops early
/// once @p out holds more than @p stop_at bytes (a format from the payload
/// may hold many wide verbs); the caller sees the size and refuses it.
void Sprintf(std::string &out, std::string_view format, std::span<const Datum> args,
	     std::size_t stop_at = std::string::npos);

/// strconv.AppendFloat(dst, v, fmt, prec, 64) for fmt in "eEfgGbxX".
void AppendGoFloat(std::string &out, double v, char fmt, int prec);

} // namespace osprey::tmpl
