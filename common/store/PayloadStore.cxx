#include "PayloadStore.hxx"
#include "lib/posix/DirectoryReader.hxx"
#include "time/Iso8601.hxx"
#include "util/File.hxx"

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace osprey {

void
PayloadStore::Save(std::string_view body, std::string_view source) const
{
	MakeDirectories(dir, 0700);
	const auto now = std::chrono::system_clock::now();
	const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(now.time_since_epoch());
	char name[64];
	/* fixed width so that names sort by time */
	std::snprintf(name, sizeof(name), "%020lld-", static_cast<long long>(ns.count()));
	/* examples for the dashboard: not worth an fsync on every webhook */
	WriteFileAtomic(dir + "/" + name + std::string(source) + ".json", body, 0600,
			Durability::Lazy);

	auto stored = List();
	for (std::size_t i = 0; i + keep < stored.size(); ++i)
		std::remove(stored[i].path.c_str());
}

std::vector<StoredPayload>
PayloadStore::List() const
{
	std::vector<StoredPayload> out;
	DirectoryReader d(dir);
	while (const char *entry = d.Next()) {
		const std::string name = entry;
		const auto dash = name.find('-');
		if (dash != 20 || !name.ends_with(".json"))
			continue;
		StoredPayload p;
		p.path = dir + "/" + name;
		p.source = name.substr(dash + 1, name.size() - dash - 1 - 5);
		const auto ns = std::chrono::nanoseconds(std::stoll(name.substr(0, dash)));
		p.received = FormatIso8601Utc(std::chrono::system_clock::time_point(
			std::chrono::duration_cast<std::chrono::system_clock::duration>(ns)));
		out.push_back(std::move(p));
	}
	std::sort(out.begin(), out.end(),
		  [](const StoredPayload &a, const StoredPayload &b) { return a.path < b.path; });
	return out;
}

StoredPayload
PayloadStore::Latest() const
{
	auto all = List();
	if (all.empty())
		return {};
	auto p = std::move(all.back());
	p.body = ReadFile(p.path);
	return p;
}

void
PayloadStore::Load(StoredPayload &payload) const
{
	payload.body = ReadFile(payload.path);
}

} // namespace osprey
