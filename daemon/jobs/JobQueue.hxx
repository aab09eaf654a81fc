// The jobs waiting for an agent slot (container.queue), first come, first
// started, across all pipelines. Only bookkeeping: no loop, no disk, no
// slots; the JobTable records every change first and asks this which job
// starts next.
//
// A job gets its place (a ticket) when it is admitted, before its record
// is written: records become durable out of order (templates render on the
// thread pool), yet the queue keeps the order of admission, and no job
// starts ahead of an older one still being recorded.
#pragma once

#include "job/JobRecord.hxx"

#include <cstdint>
#include <deque>
#include <set>
#include <string_view>
#include <vector>

namespace osprey::daemon {

class JobQueue {
public:
	using Ticket = std::int64_t;

	struct Entry {
		Ticket ticket;
		/** as recorded (state queued) */
		JobRecord record;
		enum class Change {
			None,       // waits
			Starting,   // holds a slot; its start is being recorded
			Cancelling, // its cancellation is being recorded
		} change = Change::None;
	};

private:
	/* in ticket order */
	std::deque<Entry> entries;
	/* admitted, not yet recorded */
	std::set<Ticket> reserved;
	Ticket next = 0;

public:
	/// Jobs that wait or will: every entry not being started, and every
	/// reservation. What container.queue caps.
	std::size_t Waiting() const noexcept;

	/// A place at the back for a job about to be recorded queued.
	Ticket Reserve() noexcept;
	/// The reserved job was not queued after all (its record failed).
	void Release(Ticket ticket) noexcept;
	/// The reserved job's record is durable: it takes its place.
	void Fill(Ticket ticket, JobRecord record);

	/// After a restart: @p records, queued by the previous daemon, go
	/// ahead of everything queued since, in the order they were queued
	/// (when their record said so, then their id: ids sort by creation).
	void Restore(std::vector<JobRecord> records);

	Entry *Find(std::string_view id) noexcept;
	void Remove(std::string_view id) noexcept;

	/// The job to start when a slot is free: the oldest waiting entry, or
	/// nothing while a job admitted before it is still being recorded.
	Entry *Next() noexcept;

	const std::deque<Entry> &Entries() const noexcept { return entries; }
};

} // namespace osprey::daemon
