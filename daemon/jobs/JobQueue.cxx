#include "JobQueue.hxx"

#include <algorithm>

namespace osprey::daemon {

std::size_t
JobQueue::Waiting() const noexcept
{
	const auto starting = std::count_if(entries.begin(), entries.end(), [](const Entry &e) {
		return e.change == Entry::Change::Starting;
	});
	return entries.size() - static_cast<std::size_t>(starting) + reserved.size();
}

JobQueue::Ticket
JobQueue::Reserve() noexcept
{
	const auto ticket = next++;
	reserved.insert(ticket);
	return ticket;
}

void
JobQueue::Release(Ticket ticket) noexcept
{
	reserved.erase(ticket);
}

void
JobQueue::Fill(Ticket ticket, JobRecord record)
{
	reserved.erase(ticket);
	const auto at = std::upper_bound(entries.begin(), entries.end(), ticket,
					 [](Ticket t, const Entry &e) { return t < e.ticket; });
	entries.insert(at, Entry{ticket, std::move(record)});
}

void
JobQueue::Restore(std::vector<JobRecord> records)
{
	std::sort(records.begin(), records.end(), [](const JobRecord &a, const JobRecord &b) {
		return a.updated != b.updated ? a.updated < b.updated : a.id < b.id;
	});
	/* below every ticket handed out so far */
	Ticket lowest = next;
	if (!entries.empty())
		lowest = std::min(lowest, entries.front().ticket);
	if (!reserved.empty())
		lowest = std::min(lowest, *reserved.begin());
	auto ticket = lowest - static_cast<Ticket>(records.size());
	std::deque<Entry> restored;
	for (auto &r : records)
		restored.push_back(Entry{ticket++, std::move(r)});
	entries.insert(entries.begin(), std::make_move_iterator(restored.begin()),
		       std::make_move_iterator(restored.end()));
}

JobQueue::Entry *
JobQueue::Find(std::string_view id) noexcept
{
	const auto i = std::find_if(entries.begin(), entries.end(),
				    [id](const Entry &e) { return e.record.id == id; });
	return i != entries.end() ? &*i : nullptr;
}

void
JobQueue::Remove(std::string_view id) noexcept
{
	const auto i = std::find_if(entries.begin(), entries.end(),
				    [id](const Entry &e) { return e.record.id == id; });
	if (i != entries.end())
		entries.erase(i);
}

JobQueue::Entry *
JobQueue::Next() noexcept
{
	for (auto &e : entries) {
		if (e.change != Entry::Change::None)
			continue;
		if (!reserved.empty() && *reserved.begin() < e.ticket)
			return nullptr;
		return &e;
	}
	return nullptr;
}

} // namespace osprey::daemon
