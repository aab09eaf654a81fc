// The subcommands of `osprey`.
#pragma once

#include "Args.hxx"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace osprey::cli {

struct Command {
	std::string_view name;
	std::string_view synopsis; // after "osprey "
	std::string_view summary;  // one line
	std::string_view description;
	std::span<const OptionSpec> options;
	/** returns the exit status; throws UsageError (exit 2) or anything else (exit 1) */
	int (*run)(const Args &args);
};

std::span<const Command> Commands() noexcept;

int RunStart(const Args &args);
int RunList(const Args &args);
int RunDoctor(const Args &args);
int RunTest(const Args &args);
int RunConstruct(const Args &args);
int RunSetup(const Args &args);
int RunEdit(const Args &args);
int RunStatus(const Args &args);
int RunJobs(const Args &args);
int RunLogs(const Args &args);
int RunShow(const Args &args);
int RunApprove(const Args &args);
int RunIgnore(const Args &args);
int RunCancel(const Args &args);
int RunReload(const Args &args);
int RunDashboard(const Args &args);

extern const std::span<const OptionSpec> start_options;
extern const std::span<const OptionSpec> list_options, doctor_options, test_options,
	construct_options, setup_options, edit_options;
extern const std::span<const OptionSpec> status_options, jobs_options, logs_options, show_options,
	decision_options, reload_options;
extern const std::span<const OptionSpec> dashboard_options;

} // namespace osprey::cli
