// The file side of the editor: read, and replace atomically with the mode kept.
#include "Edit.hxx"
#include "util/File.hxx"

#include <cerrno>
#include <filesystem>
#include <sys/stat.h>
#include <system_error>

namespace osprey::yaml {

std::string
ReadForEdit(const std::string &file)
{
	return ReadFile(file);
}

void
WriteEdited(const std::string &file, std::string_view text)
{
	/* a symlinked pipeline.yaml (kept in a dotfiles repository, say) stays
	   a symlink: the file it points to is replaced */
	std::error_code ec;
	const auto target = std::filesystem::canonical(file, ec);
	if (ec)
		throw std::system_error(ec, "cannot resolve " + file);
	struct stat st;
	if (::stat(target.c_str(), &st) < 0)
		throw std::system_error(errno, std::generic_category(), "cannot stat " + file);
	WriteFileAtomic(target.string(), text, st.st_mode & 07777);
}

} // namespace osprey::yaml
