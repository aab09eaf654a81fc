#include "GitResolve.hxx"
#include "GitCommand.hxx"
#include "GitInput.hxx"
#include "util/Text.hxx"

namespace osprey {

std::string
ResolveRef(GitCommand &git, const std::string &git_dir, const std::string &ref,
	   const std::string &remote)
{
	std::vector<std::string> candidates{"refs/remotes/" + remote + "/" + ref, "refs/tags/" + ref};
	if (LooksLikeCommitId(ref))
		candidates.push_back(ref);
	for (const auto &candidate : candidates) {
		/* --end-of-options: even a validated ref is never an option */
		const auto result = git.Run({"rev-parse", "--verify", "--quiet", "--end-of-options",
					     candidate + "^{commit}"},
					    git_dir, true);
		if (result.status == 0)
			return std::string(Trim(result.out));
	}
	return {};
}

} // namespace osprey
