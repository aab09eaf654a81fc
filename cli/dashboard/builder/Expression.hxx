// From a path to what the message says: the template expression that reads
// the field, and a human label for it.
#pragma once

#include "Field.hxx"

#include <string>

namespace osprey::builder {

/// True if @p key can be a field step (`.key`): an ASCII letter or '_', then
/// letters, digits and '_'.
bool IsIdentifier(std::string_view key) noexcept;

/// A template expression (without braces) that reads @p path below .body,
/// valid for any key: `.body.issue.title` while every step is an identifier,
/// then `index` for the rest (`index .body "x-event"`, `index .body.labels 0
/// "name"`), keys as Go string literals.
std::string Expression(const Path &path);

/// True when Expression(@p path) can fail to render for another payload of
/// the same pipeline, failing that job's message: Go's index fails past the
/// end of a shorter array and on a parent the payload lacks ("index of
/// untyped nil"). Field syntax never fails, nor does index with one key
/// directly on .body when the body is an object. For
/// the UI to mark such selections.
bool MayFailElsewhere(const Path &path) noexcept;

/// A label for @p path: its keys and indices as words, '_' and '-' as
/// spaces, the first letter upper case ("issue.title" -> "Issue title",
/// "labels.0.name" -> "Labels 0 name"); "Body" for the root. One line.
std::string DeriveLabel(const Path &path);

} // namespace osprey::builder
