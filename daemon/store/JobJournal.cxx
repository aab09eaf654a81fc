#include "JobJournal.hxx"
#include "util/Crc32c.hxx"
#include "util/File.hxx"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>

namespace osprey::daemon {

static constexpr std::string_view kMagic = "OSJ1";
/* a single job's files: the largest body is 1 MiB, its prompt at most
   another few; anything larger is corruption */
static constexpr std::size_t kMaxEntry = 64u << 20;

[[noreturn]] static void
ThrowErrno(const std::string &what)
{
	throw std::system_error(errno, std::system_category(), what);
}

static void
Put(std::string &out, std::uint64_t value, unsigned bytes)
{
	for (unsigned i = 0; i < bytes; ++i)
		out += static_cast<char>((value >> (8 * i)) & 0xff);
}

static void
PutText(std::string &out, std::string_view text, unsigned length_bytes)
{
	Put(out, text.size(), length_bytes);
	out += text;
}

std::string
EncodeJournalEntry(const JobWrite &w)
{
	std::string body;
	PutText(body, w.id, 2);
	Put(body, w.create ? 1 : 0, 1);
	Put(body, w.files.size(), 2);
	for (const auto &f : w.files) {
		PutText(body, f.name, 2);
		Put(body, f.mode, 2);
		PutText(body, f.data, 4);
	}
	std::string entry(kMagic);
	Put(entry, body.size(), 4);
	Put(entry, Crc32c(body), 4);
	return entry + body;
}

namespace {

/// Reads little-endian fields from a body; any overrun makes it !ok.
struct Reader {
	std::string_view data;
	bool ok = true;

	std::uint64_t Get(unsigned bytes) {
		if (data.size() < bytes) {
			ok = false;
			return 0;
		}
		std::uint64_t v = 0;
		for (unsigned i = 0; i < bytes; ++i)
			v |= std::uint64_t(static_cast<unsigned char>(data[i])) << (8 * i);
		data.remove_prefix(bytes);
		return v;
	}
	std::string Text(unsigned length_bytes) {
		const auto n = Get(length_bytes);
		if (!ok || data.size() < n) {
			ok = false;
			return {};
		}
		std::string s(data.substr(0, n));
		data.remove_prefix(n);
		return s;
	}
};

} // namespace

std::vector<JobWrite>
DecodeJournal(std::string_view data, std::size_t &valid_bytes)
{
	std::vector<JobWrite> entries;
	valid_bytes = 0;
	const std::size_t head = kMagic.size() + 8;
	while (data.size() >= head && data.starts_with(kMagic)) {
		Reader h{data.substr(kMagic.size(), 8)};
		const auto length = h.Get(4);
		const auto crc = static_cast<std::uint32_t>(h.Get(4));
		if (length > kMaxEntry || data.size() - head < length)
			break;
		const auto body = data.substr(head, length);
		if (Crc32c(body) != crc)
			break;
		Reader r{body};
		JobWrite w;
		w.id = r.Text(2);
		w.create = r.Get(1) != 0;
		const auto n = r.Get(2);
		for (std::uint64_t i = 0; r.ok && i < n; ++i) {
			JobFile f;
			f.name = r.Text(2);
			f.mode = static_cast<mode_t>(r.Get(2));
			f.data = r.Text(4);
			w.files.push_back(std::move(f));
		}
		if (!r.ok || !r.data.empty())
			break;
		entries.push_back(std::move(w));
		data.remove_prefix(head + length);
		valid_bytes += head + length;
	}
	return entries;
}

/* Names come back from a file on disk: never let one leave the jobs
   directory, whatever the journal says. */
static bool
IsPlainName(std::string_view name) noexcept
{
	return !name.empty() && name.size() <= 128 && name.front() != '.' &&
		std::all_of(name.begin(), name.end(), [](char c) {
			return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
				(c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';
		});
}

JobJournal::JobJournal(std::string _jobs_dir)
	: jobs_dir(std::move(_jobs_dir)), path(jobs_dir + "/.journal")
{
	MakeDirectories(jobs_dir, 0700);
	dir_fd.Reset(::open(jobs_dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
	if (!dir_fd.IsDefined())
		ThrowErrno("cannot open " + jobs_dir);
	fd.Reset(::open(path.c_str(), O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0600));
	if (!fd.IsDefined())
		ThrowErrno("cannot open " + path);
	struct stat st;
	if (::fstat(fd.Get(), &st) < 0)
		ThrowErrno("cannot stat " + path);
	size = static_cast<std::uint64_t>(st.st_size);
}

std::size_t
JobJournal::Recover()
{
	if (size == 0)
		return 0;
	const auto data = ReadFile(path);
	std::size_t valid;
	const auto entries = DecodeJournal(data, valid);
	/* a torn tail was never acknowledged: its writer heard of a failure,
	   or of nothing at all because the daemon died first. It goes, or the
	   entries appended after it would be lost to the next Recover() (the
	   next Commit()'s fdatasync carries the new length) */
	if (valid < data.size()) {
		if (::ftruncate(fd.Get(), static_cast<off_t>(valid)) < 0)
			ThrowErrno("cannot cut the torn end of " + path);
		size = valid;
	}
	for (const auto &w : entries)
		Apply(w);
	/* no checkpoint here: its syncfs() flushes the whole file system,
	   seconds before the first webhook after a crash or a busy minute.
	   The journal keeps the entries until the next checkpoint, on the
	   pool; a second crash meanwhile writes them again */
	return entries.size();
}

void
JobJournal::Commit(const std::vector<const JobWrite *> &writes)
{
	std::string buffer;
	for (const auto *w : writes)
		buffer += EncodeJournalEntry(*w);
	try {
		WriteAll(fd.Get(), buffer, "the job journal " + path);
		if (::fdatasync(fd.Get()) < 0)
			ThrowErrno("cannot sync the job journal " + path);
	} catch (...) {
		/* a half-written batch must not look like a whole one to
		   Recover(); if even this fails, its CRC gives it away */
		if (::ftruncate(fd.Get(), static_cast<off_t>(size)) < 0) {
		}
		throw;
	}
	size += buffer.size();
}

/* A new job's file that its directory does not have yet is written in
   place: no temporary file, no rename, a third fewer calls per new job.
   Nobody reads it half-written: readers wait for the write's last file
   (job.json), which always goes through a rename; after a crash the
   journal writes it again. A file that exists (a replay) is replaced
   atomically, as a container may have it mounted. Returns false when the
   file exists. Throws std::system_error. */
static bool
WriteNewFile(const std::string &path, std::string_view data, mode_t mode)
{
	UniqueFd fd(::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode));
	if (!fd.IsDefined()) {
		if (errno == EEXIST)
			return false;
		ThrowErrno("cannot create " + path);
	}
	try {
		/* open() applied the umask; the journal says the mode exactly */
		if (::fchmod(fd.Get(), mode) < 0)
			ThrowErrno("cannot chmod " + path);
		WriteAll(fd.Get(), data, path);
	} catch (...) {
		::unlink(path.c_str());
		throw;
	}
	return true;
}

void
JobJournal::Apply(const JobWrite &w)
{
	try {
		if (!IsPlainName(w.id))
			throw std::system_error(EINVAL, std::system_category(), "bad job id in the journal");
		const auto dir = jobs_dir + "/" + w.id;
		if (w.create && ::mkdir(dir.c_str(), 0700) < 0 && errno != EEXIST)
			ThrowErrno("cannot create " + dir);
		for (const auto &f : w.files) {
			if (!IsPlainName(f.name))
				throw std::system_error(EINVAL, std::system_category(),
							"bad file name in the journal");
			const auto path = dir + "/" + f.name;
			const bool in_place = w.create && &f != &w.files.back();
			if (!in_place || !WriteNewFile(path, f.data, f.mode & 0777))
				WriteFileAtomic(path, f.data, f.mode & 0777, Durability::Lazy);
		}
	} catch (...) {
		stale = true;
		throw;
	}
}

void
JobJournal::Checkpoint()
{
	if (size == 0)
		return;
	if (stale) {
		std::size_t valid;
		for (const auto &w : DecodeJournal(ReadFile(path), valid))
			Apply(w);
		stale = false;
	}
	if (::syncfs(dir_fd.Get()) < 0)
		ThrowErrno("cannot sync the file system of " + jobs_dir);
	/* not synced: if the truncation is lost, Recover() writes again what
	   is on disk already; the next Commit()'s fdatasync carries it anyway */
	if (::ftruncate(fd.Get(), 0) < 0)
		ThrowErrno("cannot empty the job journal " + path);
	size = 0;
}

} // namespace osprey::daemon
