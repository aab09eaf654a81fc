// The dashboard's UI thread: one poll() over the keyboard and the wake-up
// pipe of the background threads (DiskReader, DaemonWatch), then a redraw
// from Shared. Views: pipelines, jobs, one job, the message builder.
#pragma once

#include "DaemonWatch.hxx"
#include "DiskReader.hxx"
#include "Screen.hxx"
#include "Shared.hxx"
#include "dashboard/builder/MessageBuilder.hxx"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace osprey::dashboard {

enum class View { Pipelines, Jobs, Job, Builder, Help };

class Ui {
	const Home &home;
	Shared shared;
	UniqueFd wake_read, wake_write;
	Screen screen;
	std::unique_ptr<DiskReader> disk;
	std::unique_ptr<DaemonWatch> daemon;

	View view = View::Pipelines, before_help = View::Pipelines;
	std::size_t pipeline_row = 0, job_row = 0, field_row = 0;
	std::string filter;
	bool editing_filter = false;
	/** a key that waits for y/n: 'a', 'i' or 'c' on job `confirm_job` */
	int confirm = 0;
	std::string confirm_job;
	std::string message; // the UI's own notice (a refusal)

	std::optional<builder::MessageBuilder> builder;
	std::string builder_filter;
	bool builder_editing_filter = false;
	/** editing the label of selection builder_label (-1: not editing) */
	int builder_label = -1;
	std::string label_text;
	bool quit = false;

public:
	/// Takes the terminal. With @p builder_pipeline, opens its builder.
	Ui(const Home &home, const std::string &builder_pipeline);
	~Ui() noexcept;

	/// Until q. Returns the exit status.
	int Run();

private:
	void Draw();
	void Key(int key);
	void Header(const std::string &title);
	void Footer(const std::string &keys);

	/* Views.cxx */
	void DrawPipelines();
	void DrawJobs();
	void DrawJob();
	void DrawHelp();
	void PipelineKey(int key);
	void JobsKey(int key);
	std::vector<const Pipeline *> VisiblePipelines();
	std::vector<const JobRecord *> VisibleJobs();

	/* BuilderView.cxx */
	void OpenBuilder(const std::string &pipeline);
	void DrawBuilder();
	void BuilderKey(int key);
};

} // namespace osprey::dashboard
