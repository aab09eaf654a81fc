#include "Ui.hxx"

#include <cerrno>
#include <curses.h>
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

namespace osprey::dashboard {

Ui::Ui(const Home &_home, const std::string &builder_pipeline) : home(_home)
{
	int fds[2];
	if (::pipe2(fds, O_CLOEXEC | O_NONBLOCK) < 0)
		throw std::system_error(errno, std::system_category(), "pipe");
	wake_read = UniqueFd(fds[0]);
	wake_write = UniqueFd(fds[1]);
	shared.wake_fd = wake_write.Get();
	disk = std::make_unique<DiskReader>(home, shared);
	daemon = std::make_unique<DaemonWatch>(home.ControlSocket(), shared);
	if (!builder_pipeline.empty())
		OpenBuilder(builder_pipeline);
}

Ui::~Ui() noexcept
{
	daemon.reset();
	disk.reset();
}

int
Ui::Run()
{
	while (!quit) {
		Draw();
		pollfd p[2] = {{STDIN_FILENO, POLLIN, 0}, {wake_read.Get(), POLLIN, 0}};
		/* once a second anyway: ages and durations move */
		::poll(p, 2, 1000);
		if (p[1].revents & POLLIN) {
			char drain[256];
			while (::read(wake_read.Get(), drain, sizeof(drain)) > 0) {
			}
		}
		/* KEY_RESIZE comes through getch() after SIGWINCH interrupted poll() */
		for (int key; (key = getch()) != ERR && !quit;)
			Key(key);
	}
	return 0;
}

void
Ui::Header(const std::string &title)
{
	std::string link;
	Paint paint = Paint::Good;
	{
		std::lock_guard lock(shared.mutex);
		switch (shared.daemon) {
		case DaemonLink::Connecting: link = "daemon: connecting"; paint = Paint::Dim; break;
		case DaemonLink::Live: link = "daemon: live"; break;
		case DaemonLink::Down:
			link = "daemon down: showing the files";
			paint = Paint::Warn;
			break;
		case DaemonLink::Slow:
			link = "daemon slow: " + shared.daemon_detail;
			paint = Paint::Bad;
			break;
		}
	}
	screen.Line(0, " osprey  " + title, Paint::Title);
	const int col = screen.Cols() - static_cast<int>(link.size()) - 1;
	screen.Put(0, col > 30 ? col : 30, link, paint);
}

void
Ui::Footer(const std::string &keys)
{
	std::string notice;
	{
		std::lock_guard lock(shared.mutex);
		notice = shared.notice;
	}
	if (!message.empty())
		notice = message;
	if (!notice.empty())
		screen.Line(screen.Rows() - 2, notice, Paint::Warn);
	screen.Line(screen.Rows() - 1, keys, Paint::Highlight);
}

void
Ui::Draw()
{
	erase();
	switch (view) {
	case View::Pipelines: DrawPipelines(); break;
	case View::Jobs: DrawJobs(); break;
	case View::Job: DrawJob(); break;
	case View::Builder: DrawBuilder(); break;
	case View::Help: DrawHelp(); break;
	}
	refresh();
}

void
Ui::Key(int key)
{
	if (key == KEY_RESIZE)
		return; // the next Draw() uses the new size
	if (view == View::Builder)
		return BuilderKey(key);
	if (editing_filter) {
		if (key == 27) {
			filter.clear();
			editing_filter = false;
		} else if (key == '\n' || key == KEY_ENTER || key == KEY_DOWN) {
			editing_filter = false;
		} else if (key == KEY_BACKSPACE || key == 127 || key == 8) {
			if (!filter.empty())
				filter.pop_back();
		} else if (key >= 0x20 && key < 0x100) {
			filter.push_back(static_cast<char>(key));
		}
		pipeline_row = job_row = 0;
		return;
	}
	if (confirm != 0) {
		if (key == 'y' || key == 'Y')
			daemon->Decide(confirm == 'a' ? control::Command::Approve
				       : confirm == 'i' ? control::Command::Ignore : control::Command::Cancel,
				       confirm_job);
		confirm = 0;
		message.clear();
		return;
	}
	/* a notice is read once: the next key clears it */
	message.clear();
	{
		std::lock_guard lock(shared.mutex);
		shared.notice.clear();
	}
	switch (key) {
	case 'q':
		quit = true;
		return;
	case '?':
		if (view != View::Help)
			before_help = view;
		view = View::Help;
		return;
	case '/':
		if (view == View::Pipelines || view == View::Jobs) {
			editing_filter = true;
			filter.clear();
		}
		return;
	case '\t':
	case '1':
	case '2':
		if (view == View::Pipelines || view == View::Jobs) {
			view = key == '1' ? View::Pipelines : key == '2' ? View::Jobs
				: view == View::Jobs ? View::Pipelines : View::Jobs;
			filter.clear();
		}
		return;
	case 27:
		if (view == View::Help)
			view = before_help;
		else if (view == View::Job) {
			view = View::Jobs;
			std::lock_guard lock(shared.mutex);
			shared.follow.clear();
		} else
			filter.clear();
		return;
	}
	if (view == View::Pipelines)
		PipelineKey(key);
	else if (view == View::Jobs || view == View::Job)
		JobsKey(key);
}

} // namespace osprey::dashboard
