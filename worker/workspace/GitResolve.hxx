// Turning a validated ref into a commit id inside a clone.
#pragma once

#include <string>

namespace osprey {

class GitCommand;

/// The commit @p ref names in the repository at @p git_dir: the branch
/// <remote>/<ref>, the tag <ref>, or (for a commit id) the commit itself;
/// empty when none exists. @p ref must have passed CheckRef().
std::string ResolveRef(GitCommand &git, const std::string &git_dir, const std::string &ref,
		       const std::string &remote);

} // namespace osprey
