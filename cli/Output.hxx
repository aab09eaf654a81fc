// Helpers for what commands print.
#pragma once

#include "config/Configuration.hxx"

#include <string>
#include <vector>

namespace osprey::cli {

/// Loads everything for display: secrets redacted. Prints nothing.
Configuration LoadForDisplay(const Home &home, bool lint = false);

/// Rows of cells printed as left-aligned columns separated by two spaces;
/// the last column is not padded.
std::string FormatTable(const std::vector<std::vector<std::string>> &rows);

/// "error: ..." / "warning: ..." lines for every diagnostic.
std::string FormatDiagnostics(const Diagnostics &diagnostics);

/// "1 error" / "2 warnings" ...
std::string Plural(std::size_t n, std::string_view word);

} // namespace osprey::cli
