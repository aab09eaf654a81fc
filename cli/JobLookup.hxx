// Finding a job's directory from what a user typed: the whole id or any part
// of it that only one job has (ids are long; "20261122-0045" or the random
// "3f9a1c2b" at the end is enough).
#pragma once

#include "config/Home.hxx"
#include "job/JobRecord.hxx"

#include <optional>
#include <string>
#include <string_view>

namespace osprey::cli {

struct FoundJob {
	std::string id;
	JobFiles files;
};

/// The job whose id is @p id_or_prefix, or the only one whose id contains it, if any.
/// Throws std::runtime_error listing the candidates when several match.
std::optional<FoundJob> LookupJob(const Home &home, std::string_view id_or_prefix);

/// LookupJob(), throwing std::runtime_error "no job \"X\" in DIR" when none.
FoundJob FindJob(const Home &home, std::string_view id_or_prefix);

} // namespace osprey::cli
