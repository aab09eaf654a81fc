// The pipelines, jobs, one-job and help views.
#include "Ui.hxx"
#include "JobSummary.hxx"
#include "cron/CronSchedule.hxx"
#include "time/Duration.hxx"
#include "time/Iso8601.hxx"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <curses.h>
#include <unordered_map>

namespace osprey::dashboard {

namespace {

/* @p text in @p width columns and a space; a longer text ends in "…" */
std::string
Cell(std::string text, std::size_t width)
{
	std::size_t cols = 0, i = 0, last = 0;
	for (; i < text.size(); ++i) {
		if ((static_cast<unsigned char>(text[i]) & 0xc0) == 0x80)
			continue;
		if (cols == width)
			break;
		last = i;
		++cols;
	}
	if (i < text.size() && width > 0) {
		text.resize(last);
		text += "\u2026";
	} else {
		text.resize(i);
	}
	if (cols < width)
		text.append(width - cols, ' ');
	return text + " ";
}

std::string
Since(const std::string &iso)
{
	try {
		using namespace std::chrono;
		const auto d = duration_cast<seconds>(system_clock::now() - ParseIso8601(iso));
		return FormatDuration(d < seconds(0) ? seconds(0) : d);
	} catch (...) {
		return "-";
	}
}

Paint
StatePaint(JobState s)
{
	switch (s) {
	case JobState::Succeeded: return Paint::Good;
	case JobState::Failed: case JobState::TimedOut: case JobState::Interrupted:
	case JobState::Rejected: return Paint::Bad;
	case JobState::AwaitingApproval: case JobState::Queued: return Paint::Warn;
	default: return Paint::Normal;
	}
}

/* The first row to show so that @p cursor stays visible in @p height rows. */
std::size_t
Scroll(std::size_t cursor, int height)
{
	const auto h = static_cast<std::size_t>(std::max(height, 1));
	return cursor >= h ? cursor - h + 1 : 0;
}

bool
Move(int key, std::size_t &row, std::size_t count, int page)
{
	switch (key) {
	case KEY_UP: case 'k': if (row > 0) --row; return true;
	case KEY_DOWN: case 'j': if (row + 1 < count) ++row; return true;
	case KEY_PPAGE: row = row > std::size_t(page) ? row - page : 0; return true;
	case KEY_NPAGE: row = std::min(row + page, count > 0 ? count - 1 : 0); return true;
	case KEY_HOME: case 'g': row = 0; return true;
	case KEY_END: case 'G': row = count > 0 ? count - 1 : 0; return true;
	}
	return false;
}

} // namespace

std::vector<const Pipeline *>
Ui::VisiblePipelines()
{
	std::vector<const Pipeline *> out;
	for (const auto &p : shared.config.pipelines)
		if (filter.empty() || p.name.find(filter) != std::string::npos)
			out.push_back(&p);
	return out;
}

std::vector<const JobRecord *>
Ui::VisibleJobs()
{
	std::vector<const JobRecord *> out;
	for (auto i = shared.jobs.rbegin(); i != shared.jobs.rend(); ++i) {
		const auto &r = i->second;
		if (filter.empty() || r.pipeline.find(filter) != std::string::npos ||
		    r.id.find(filter) != std::string::npos || Name(r.state).find(filter) != std::string_view::npos)
			out.push_back(&r);
	}
	return out;
}

void
Ui::DrawPipelines()
{
	const std::string filter_line = editing_filter || !filter.empty() ? "  /" + filter : "";
	std::unique_lock lock(shared.mutex);
	/* until every pipeline is loaded, the directory listing's names, with
	   whole rows for the first ones, loaded ahead */
	std::vector<std::pair<std::string_view, const Pipeline *>> rows;
	if (shared.config_loaded) {
		for (const auto *p : VisiblePipelines())
			rows.emplace_back(p->name, p);
	} else {
		for (const auto &name : shared.pipeline_names)
			if (filter.empty() || name.find(filter) != std::string::npos)
				rows.emplace_back(name, shared.config.Find(name));
	}
	Header("pipelines (" + std::to_string(rows.size()) + (shared.config_loaded ? "" : ", loading") +
	       ")" + filter_line);
	std::unordered_map<std::string_view, const JobRecord *> last;
	for (const auto &[id, r] : shared.jobs)
		last[r.pipeline] = &r;
	/* LAST JOB ("awaiting_approval 59m ago") keeps its 25 columns;
	   TRIGGER gives way on a narrow terminal */
	const auto trigger_width = static_cast<std::size_t>(
		std::clamp(screen.Cols() - 16 - 9 - 8 - 4 - 25, 12, 40));
	screen.Line(1, Cell("NAME", 16) + Cell("TRIGGER", trigger_width) + Cell("CHANNEL", 9) +
		    Cell("APPROVAL", 8) + "LAST JOB", Paint::Title);
	const int height = screen.Rows() - 4;
	pipeline_row = std::min(pipeline_row, rows.empty() ? 0 : rows.size() - 1);
	const auto top = Scroll(pipeline_row, height);
	for (std::size_t i = top; i < rows.size() && int(i - top) < height; ++i) {
		const auto [name, p] = rows[i];
		const auto paint = i == pipeline_row ? Paint::Highlight
			: p == nullptr || p->disabled ? Paint::Dim : Paint::Normal;
		if (p == nullptr) { // not loaded yet
			screen.Line(2 + int(i - top), Cell(std::string(name), 16) + "(loading...)", paint);
			continue;
		}
		std::string trigger = p->trigger.type == TriggerType::Webhook ? "POST " + p->trigger.path : "";
		if (p->trigger.schedule) {
			try {
				trigger = p->trigger.cron + " next " +
					FormatIso8601(p->trigger.schedule->Next(std::chrono::system_clock::now()),
						      p->trigger.schedule->Zone()).substr(0, 16);
			} catch (...) {
				trigger = p->trigger.cron;
			}
		}
		const auto l = last.find(p->name);
		const std::string last_job = l != last.end()
			? std::string(Name(l->second->state)) + " " + Since(l->second->created) + " ago"
			: shared.jobs_loaded ? "-" : "...";
		screen.Line(2 + int(i - top), Cell(p->name, 16) + Cell(trigger, trigger_width) +
			    Cell(std::string(Name(p->channel.type)), 9) +
			    Cell(p->channel.approval ? "yes" : "no", 8) + last_job, paint);
	}
	if (rows.empty())
		screen.Line(2, (shared.config_loaded ? shared.config.pipelines.empty() : shared.pipeline_names.empty())
			    ? " no pipelines: osprey construct <name>" : " no pipeline matches", Paint::Dim);
	lock.unlock();
	Footer(editing_filter ? " filter: type, Enter keeps it, Esc clears"
	       : " Enter/m builder  Tab jobs  / filter  ? keys  q quit");
}

void
Ui::PipelineKey(int key)
{
	std::unique_lock lock(shared.mutex);
	const auto rows = VisiblePipelines();
	if (Move(key, pipeline_row, rows.size(), screen.Rows() - 4))
		return;
	if ((key == 'm' || key == '\n' || key == KEY_ENTER) && shared.config_loaded &&
	    pipeline_row < rows.size()) {
		const auto name = rows[pipeline_row]->name;
		lock.unlock();
		OpenBuilder(name);
	}
}

void
Ui::DrawJobs()
{
	const std::string filter_line = editing_filter || !filter.empty() ? "  /" + filter : "";
	std::lock_guard lock(shared.mutex);
	const auto rows = VisibleJobs();
	Header("jobs (" + std::to_string(rows.size()) + ")" + filter_line);
	screen.Line(1, Cell("ID", 24) + Cell("PIPELINE", 16) + Cell("STATE", 17) + Cell("AGE", 7) +
		    "DURATION", Paint::Title);
	const int height = screen.Rows() - 4;
	job_row = std::min(job_row, rows.empty() ? 0 : rows.size() - 1);
	const auto top = Scroll(job_row, height);
	for (std::size_t i = top; i < rows.size() && int(i - top) < height; ++i) {
		const auto &r = *rows[i];
		screen.Line(2 + int(i - top), Cell(r.id, 24) + Cell(r.pipeline, 16) +
			    Cell(std::string(Name(r.state)), 17) + Cell(Since(r.created), 7) + cli::JobRunTime(r),
			    i == job_row ? Paint::Highlight : StatePaint(r.state));
	}
	if (rows.empty())
		screen.Line(2, shared.jobs_loaded ? " no jobs" : " loading jobs...", Paint::Dim);
	Footer(editing_filter ? " filter: type, Enter keeps it, Esc clears"
	       : " Enter open  a/i/c approve/ignore/cancel  Tab views  / filter  ? keys  q quit");
}

void
Ui::JobsKey(int key)
{
	std::unique_lock lock(shared.mutex);
	std::string id;
	if (view == View::Jobs) {
		const auto rows = VisibleJobs();
		if (Move(key, job_row, rows.size(), screen.Rows() - 4))
			return;
		if (job_row < rows.size())
			id = rows[job_row]->id;
	} else {
		id = shared.follow;
	}
	if (id.empty())
		return;
	if ((key == '\n' || key == KEY_ENTER) && view == View::Jobs) {
		shared.follow = id;
		shared.follow_log = "(reading output.log...)";
		view = View::Job;
		lock.unlock();
		disk->Poke();
		return;
	}
	if (key == 'a' || key == 'i' || key == 'c') {
		confirm = key;
		confirm_job = id;
		message = std::string(key == 'a' ? "approve" : key == 'i' ? "ignore" : "cancel") +
			" job " + id + "? y/n";
	}
}

void
Ui::DrawJob()
{
	std::lock_guard lock(shared.mutex);
	const auto i = shared.jobs.find(shared.follow);
	Header("job " + shared.follow);
	int row = 1;
	if (i != shared.jobs.end()) {
		const auto &r = i->second;
		screen.Line(row++, " pipeline " + r.pipeline + "   trigger " + r.trigger + "   state " +
			    std::string(Name(r.state)), StatePaint(r.state));
		/* the three times need 100 columns: on two lines below */
		const std::string created = " created " + r.created;
		const std::string times = "started " + (r.started.empty() ? "-" : r.started) +
			"  ran " + cli::JobRunTime(r);
		if (screen.Cols() >= 100) {
			screen.Line(row++, created + "   " + times + "   finished " +
				    (r.finished.empty() ? "-" : r.finished));
		} else {
			screen.Line(row++, created + "  " + times);
			screen.Line(row++, " finished " + (r.finished.empty() ? "-" : r.finished));
		}
		if (!r.reason.empty())
			screen.Line(row++, " reason " + r.reason.substr(0, r.reason.find('\n')));
		if (!r.decided_by.empty())
			screen.Line(row++, " decided by " + r.decided_by);
	}
	screen.Line(row++, " output.log (followed)", Paint::Title);
	/* the tail that fits, newest line last */
	std::vector<std::string_view> lines;
	std::string_view log = shared.follow_log;
	while (!log.empty()) {
		const auto nl = log.find('\n');
		lines.push_back(log.substr(0, nl));
		if (nl == std::string_view::npos)
			break;
		log.remove_prefix(nl + 1);
	}
	const int room = screen.Rows() - 2 - row;
	const std::size_t first = lines.size() > std::size_t(std::max(room, 0)) ? lines.size() - room : 0;
	for (std::size_t l = first; l < lines.size(); ++l)
		screen.Line(row++, lines[l]);
	Footer(" Esc back  a approve  i ignore  c cancel  q quit");
}

void
Ui::DrawHelp()
{
	Header("keys");
	static constexpr const char *keys[] = {
		"Up/Down, j/k     move           PgUp/PgDn, g/G  page, first, last",
		"Enter            open           Esc             back, clear the filter",
		"Tab, 1, 2        pipelines / jobs",
		"/                filter (Enter keeps it, Esc clears it)",
		"m                message builder of the pipeline",
		"a / i / c        approve / ignore / cancel the job (asks y/n)",
		"?                this list      q               quit",
		"",
		"message builder:",
		"Space            select or unselect the field",
		"l                edit the label of the field's selection",
		"[ / ]            newer / older stored payload",
		"Enter            save channel.message in pipeline.yaml",
		"Esc              cancel: the file is left untouched",
	};
	int row = 2;
	for (const auto *k : keys)
		screen.Line(row++, std::string("  ") + k);
	Footer(" Esc back  q quit");
}

} // namespace osprey::dashboard
