// What the channels read and write of a job (NoticeFiles): its text when a
// notification's turn comes, and notices.json after each delivery. All of
// it on the store's thread, in order with the job's other writes.
#include "JobTable.hxx"
#include "config/Home.hxx"
#include "lib/posix/DirectoryReader.hxx"
#include "log/Log.hxx"

namespace osprey::daemon {

void
JobTable::LoadNoticeText(const JobRecord &record, NoticeKind kind,
			 std::function<void(NoticeText)> done)
{
	auto text = std::make_shared<NoticeText>();
	const bool ran = kind == NoticeKind::Finished && record.state != JobState::Rejected &&
		record.state != JobState::Ignored && record.state != JobState::Expired &&
		!record.started.empty();
	const JobFiles files{home.JobsDir() + "/" + record.id};
	const std::string id = record.id;
	store.Run([text, files, ran](const std::string &) {
		try {
			auto fields = LoadRenderedFields(files);
			text->topic = std::move(fields.topic);
			text->message = std::move(fields.message);
		} catch (const std::exception &) {
			/* a job from before rendered.json, or one that failed
			   to render: the state and reason say it all */
		}
		if (ran)
			text->result = ResultText(files, &text->result_file);
	}, [text, done = std::move(done)](std::exception_ptr) { done(std::move(*text)); });
}

void
JobTable::SaveNotices(const JobRecord &record, const JobNotices &notices,
		      std::function<void(std::error_code)> done)
{
	JobWrite write{record.id, false, {{"notices.json", ToJson(notices, record) + "\n", 0600}}};
	store.Write(std::move(write), std::move(done));
}

void
JobTable::ScanOwed(std::function<void(std::vector<std::pair<JobRecord, JobNotices>>)> done)
{
	using Owed = std::vector<std::pair<JobRecord, JobNotices>>;
	auto owed = std::make_shared<Owed>();
	store.Run([owed](const std::string &dir) {
		for (const auto &id : ListJobIds(dir)) {
			const JobFiles files{dir + "/" + id};
			try {
				auto notices = LoadJobNotices(files);
				if (!notices)
					continue;
				auto record = LoadJobRecord(files);
				if (NextOwed(record, *notices))
					owed->emplace_back(std::move(record), std::move(*notices));
			} catch (const std::exception &) {
				/* the restart's scan reports unreadable records */
			}
		}
	}, [owed, done = std::move(done)](std::exception_ptr error) {
		if (error)
			LogError("cannot read the notifications still owed");
		done(std::move(*owed));
	});
}

} // namespace osprey::daemon
