#include "PayloadStore.hxx"
#include "lib/posix/DirectoryReader.hxx"
#include "time/Iso8601.hxx"
#include "util/File.hxx"

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace osprey {

static constexpr std::string_view with_headers = ".payload", body_only = ".json";

std::string
PayloadStore::Save(std::string_view body, std::string_view source, std::string_view headers) const
{
	MakeDirectories(dir, 0700);
	const auto now = std::chrono::system_clock::now();
	const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(now.time_since_epoch());
	char name[64];
	/* fixed width so that names sort by time */
	std::snprintf(name, sizeof(name), "%020lld-", static_cast<long long>(ns.count()));
	/* one file, not two: on the webhook path file creation is the cost */
	std::string text;
	text.reserve(headers.size() + 1 + body.size());
	text.append(headers.empty() ? std::string_view("{}") : headers);
	text += '\n';
	text.append(body);
	/* examples for the dashboard: not worth an fsync on every webhook */
	auto path = dir + "/" + name + std::string(source) + std::string(with_headers);
	WriteFileAtomic(path, text, 0600, Durability::Lazy);

	auto stored = List();
	for (std::size_t i = 0; i + keep < stored.size(); ++i)
		std::remove(stored[i].path.c_str());
	return path;
}

std::vector<StoredPayload>
PayloadStore::List() const
{
	std::vector<StoredPayload> out;
	DirectoryReader d(dir);
	while (const char *entry = d.Next()) {
		const std::string name = entry;
		const auto dash = name.find('-');
		const auto suffix = name.ends_with(with_headers) ? with_headers.size()
			: name.ends_with(body_only) ? body_only.size() : 0;
		if (dash != 20 || suffix == 0 ||
		    name.find_first_not_of("0123456789") != dash)
			continue;
		StoredPayload p;
		p.path = dir + "/" + name;
		p.source = name.substr(dash + 1, name.size() - dash - 1 - suffix);
		const auto ns = std::chrono::nanoseconds(std::stoll(name.substr(0, dash)));
		p.received = FormatIso8601Utc(std::chrono::system_clock::time_point(
			std::chrono::duration_cast<std::chrono::system_clock::duration>(ns)));
		out.push_back(std::move(p));
	}
	std::sort(out.begin(), out.end(),
		  [](const StoredPayload &a, const StoredPayload &b) { return a.path < b.path; });
	return out;
}

void
PayloadStore::Load(StoredPayload &p) const
{
	auto text = ReadFile(p.path);
	if (!p.path.ends_with(with_headers)) {
		p.body = std::move(text);
		p.headers = "{}";
		return;
	}
	const auto newline = text.find('\n');
	if (newline == text.npos) {
		p.headers = std::move(text);
		p.body.clear();
		return;
	}
	p.headers = text.substr(0, newline);
	p.body = text.substr(newline + 1);
}

StoredPayload
PayloadStore::Latest() const
{
	auto all = List();
	if (all.empty())
		return {};
	auto p = std::move(all.back());
	Load(p);
	return p;
}

} // namespace osprey
