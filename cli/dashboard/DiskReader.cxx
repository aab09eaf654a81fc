#include "DiskReader.hxx"
#include "Output.hxx"
#include "lib/posix/DirectoryReader.hxx"
#include "lib/posix/UniqueFd.hxx"

#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <unistd.h>

namespace osprey::dashboard {

void
Shared::Wake() noexcept
{
	if (wake_fd >= 0) {
		const char c = 0;
		[[maybe_unused]] auto n = ::write(wake_fd, &c, 1); // full pipe: already woken
	}
}

DiskReader::DiskReader(const Home &_home, Shared &_shared)
	: home(_home), shared(_shared), thread([this] { Run(); })
{
}

DiskReader::~DiskReader() noexcept
{
	stop = true;
	wait.notify_all();
	thread.join();
}

void
DiskReader::Run() noexcept
{
	/* the first screen from a directory listing; the details follow */
	ListPipelines();
	LoadFirstPipelines();
	LoadConfig();
	LoadJobs(false);
	unsigned tick = 0;
	bool was_live = false;
	while (!stop) {
		{
			std::unique_lock lock(wait_mutex);
			wait.wait_for(lock, std::chrono::milliseconds(500));
		}
		if (stop)
			break;
		ReadFollowed();
		bool live;
		{
			std::lock_guard lock(shared.mutex);
			live = shared.daemon == DaemonLink::Live;
		}
		/* without the daemon's pushes, what the disk says every 2 s; and
		   once more when the pushes begin, for what changed before */
		if ((!live && ++tick % 4 == 0) || (live && !was_live))
			LoadJobs(true);
		was_live = live;
	}
}

void
DiskReader::ListPipelines() noexcept
{
	std::vector<std::string> names;
	DirectoryReader dir(home.PipelinesDir());
	while (const char *name = dir.Next())
		if (name[0] != '.')
			names.emplace_back(name);
	std::sort(names.begin(), names.end());
	{
		std::lock_guard lock(shared.mutex);
		shared.pipeline_names = std::move(names);
	}
	shared.Wake();
}

/* The first screenful of pipelines, before all of them are loaded and
   checked together. */
void
DiskReader::LoadFirstPipelines() noexcept
{
	constexpr std::size_t first = 100;
	std::vector<std::string> names;
	{
		std::lock_guard lock(shared.mutex);
		const auto &all = shared.pipeline_names;
		names.assign(all.begin(), all.begin() + std::ptrdiff_t(std::min(all.size(), first)));
	}
	std::vector<Pipeline> head;
	try {
		const LoadOptions options{.redact = true};
		Diagnostics diagnostics;
		const auto global = LoadGlobalConfig(home, options, diagnostics);
		for (const auto &name : names)
			if (auto p = LoadPipeline(home, name, global, options, diagnostics))
				head.push_back(std::move(*p));
	} catch (...) {
		return; // LoadConfig() says what is wrong
	}
	{
		std::lock_guard lock(shared.mutex);
		if (!shared.config_loaded)
			shared.config.pipelines = std::move(head);
	}
	shared.Wake();
}

void
DiskReader::LoadConfig() noexcept
{
	try {
		auto config = cli::LoadForDisplay(home);
		std::lock_guard lock(shared.mutex);
		shared.config = std::move(config);
		shared.config_loaded = true;
	} catch (const std::exception &e) {
		std::lock_guard lock(shared.mutex);
		shared.config_loaded = true;
		shared.notice = std::string("cannot load the pipelines: ") + e.what();
	}
	shared.Wake();
}

/* Newest first, in batches, so the jobs view fills from the top while older
   records are still read. With @p only_new, records already known to have
   ended are not read again. */
void
DiskReader::LoadJobs(bool only_new) noexcept
{
	std::vector<std::string> ids;
	try {
		ids = ListJobIds(home.JobsDir());
	} catch (...) {
	}
	std::reverse(ids.begin(), ids.end());
	std::vector<JobRecord> batch;
	auto flush = [&] {
		std::lock_guard lock(shared.mutex);
		for (auto &r : batch)
			shared.jobs[r.id] = std::move(r);
		batch.clear();
	};
	std::size_t n = 0;
	for (const auto &id : ids) {
		if (stop)
			return;
		if (only_new) {
			std::lock_guard lock(shared.mutex);
			const auto i = shared.jobs.find(id);
			if (i != shared.jobs.end() && IsTerminal(i->second.state))
				continue;
		}
		try {
			batch.push_back(LoadJobRecord(JobFiles{home.JobsDir() + "/" + id}));
		} catch (...) {
			continue; // being created, or broken: `osprey jobs` says which
		}
		/* a screenful soon, then in batches */
		if (++n == 64 || n % 500 == 0) {
			flush();
			shared.Wake();
		}
	}
	flush();
	{
		std::lock_guard lock(shared.mutex);
		shared.jobs_loaded = true;
	}
	shared.Wake();
}

/* The last 64 KiB of the followed job's output.log. */
void
DiskReader::ReadFollowed() noexcept
{
	std::string id;
	{
		std::lock_guard lock(shared.mutex);
		id = shared.follow;
	}
	if (id.empty() || !IsValidJobId(id))
		return;
	const JobFiles files{home.JobsDir() + "/" + id};
	std::string text;
	const UniqueFd fd(::open(files.Output().c_str(), O_RDONLY | O_CLOEXEC));
	if (fd.Get() >= 0) {
		constexpr off_t tail = 64 * 1024;
		const off_t size = ::lseek(fd.Get(), 0, SEEK_END);
		const off_t from = size > tail ? size - tail : 0;
		text.resize(static_cast<std::size_t>(size - from));
		const auto got = ::pread(fd.Get(), text.data(), text.size(), from);
		text.resize(got > 0 ? static_cast<std::size_t>(got) : 0);
	} else {
		text = errno == ENOENT ? "(no output yet)" : "(output.log cannot be read)";
	}
	std::optional<JobRecord> record;
	try {
		record = LoadJobRecord(files);
	} catch (...) {
	}
	bool changed = false;
	{
		std::lock_guard lock(shared.mutex);
		if (shared.follow != id)
			return;
		changed = shared.follow_log != text;
		shared.follow_log = std::move(text);
		if (record) {
			auto &known = shared.jobs[id];
			changed = changed || known.state != record->state || known.updated != record->updated;
			known = std::move(*record);
		}
	}
	if (changed)
		shared.Wake();
}

} // namespace osprey::dashboard
