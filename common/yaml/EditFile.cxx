// The file side of the editor: read, and replace atomically with the mode kept.
#include "Edit.hxx"
#include "util/File.hxx"

#include <cerrno>
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
	struct stat st;
	if (::stat(file.c_str(), &st) < 0)
		throw std::system_error(errno, std::generic_category(), "cannot stat " + file);
	WriteFileAtomic(file, text, st.st_mode & 07777);
}

} // namespace osprey::yaml
