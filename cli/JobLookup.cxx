#include "JobLookup.hxx"
#include "util/Text.hxx"

#include <stdexcept>
#include <vector>

namespace osprey::cli {

std::optional<FoundJob>
LookupJob(const Home &home, std::string_view wanted)
{
	if (wanted.empty() || wanted.find('/') != wanted.npos || wanted.starts_with('.'))
		return std::nullopt;
	std::vector<std::string> matches;
	for (auto &id : ListJobIds(home.JobsDir())) {
		if (id == wanted)
			return FoundJob{id, JobFiles{home.JobsDir() + "/" + id}};
		if (id.find(wanted) != id.npos)
			matches.push_back(std::move(id));
	}
	if (matches.empty())
		return std::nullopt;
	if (matches.size() > 1) {
		std::string list;
		for (std::size_t i = 0; i < matches.size() && i < 5; ++i)
			list += (i > 0 ? ", " : "") + matches[i];
		if (matches.size() > 5)
			list += ", ...";
		throw std::runtime_error("job id part " + Quote(wanted) + " matches " +
					 std::to_string(matches.size()) + " jobs (" + list +
					 "); give more of the id");
	}
	const auto &id = matches.front();
	return FoundJob{id, JobFiles{home.JobsDir() + "/" + id}};
}

FoundJob
FindJob(const Home &home, std::string_view wanted)
{
	if (auto found = LookupJob(home, wanted))
		return std::move(*found);
	throw std::runtime_error("no job " + Quote(wanted) + " in " + home.JobsDir());
}

} // namespace osprey::cli
