#include "Command.hxx"

#include <array>

namespace osprey::cli {

/* The options of the two commands that run in osprey-daemon
   (NetCommands.cxx): `osprey` parses them before it hands over. */
static constexpr std::array<OptionSpec, 1> start_option_list{{
	{"worker", true, "PATH  the osprey-worker executable (default: found beside osprey)"},
}};
const std::span<const OptionSpec> start_options = start_option_list;

static constexpr std::array<OptionSpec, 1> doctor_option_list{{
	{"online", false, "also ask each Telegram bot and Slack app whether it works"},
}};
const std::span<const OptionSpec> doctor_options = doctor_option_list;

static const std::array<Command, 16> commands{{
	{"start", "start [--worker PATH]", "run the daemon",
	 "Runs the Osprey daemon in the foreground: loads config.yaml and every enabled\n"
	 "pipeline, listens for webhooks, fires cron schedules and runs each job's agent in a\n"
	 "container through an osprey-worker process. Stops gracefully on SIGTERM or SIGINT;\n"
	 "SIGHUP reloads the pipelines. Refuses to start when the configuration has errors.",
	 start_options, RunStart},
	{"setup", "setup [options]", "create config.yaml and the global .env",
	 "Creates ~/.osprey/config.yaml and ~/.osprey/.env (mode 0600), asking on a terminal\n"
	 "for what no option gives. Secrets go to .env; config.yaml refers to them as ${VAR}.\n"
	 "Existing files are left alone unless --force is given.",
	 setup_options, RunSetup},
	{"construct", "construct <name> [options]", "create a pipeline",
	 "Creates ~/.osprey/pipelines/<name>/pipeline.yaml, asking on a terminal for what no\n"
	 "option gives, and sets name and created. A --secret goes to the pipeline's .env\n"
	 "(mode 0600). An existing pipeline is left alone unless --force is given.",
	 construct_options, RunConstruct},
	{"edit", "edit <name>", "edit a pipeline and check it on save",
	 "Opens the pipeline file in $VISUAL, $EDITOR or vi. On save the pipeline is checked\n"
	 "like `osprey doctor` does; if it has errors you may edit again, otherwise the\n"
	 "change is discarded. The file is replaced only by a valid pipeline.",
	 edit_options, RunEdit},
	{"list", "list [--json]", "list pipelines",
	 "Lists every pipeline with its trigger (webhook path, or cron schedule and next run),\n"
	 "channel, agent, state and description.",
	 list_options, RunList},
	{"doctor", "doctor [--online]", "check the whole configuration",
	 "Checks config.yaml, the .env files and every pipeline, and reports every error\n"
	 "and every suspicious setting at once. With --online it also asks each Telegram\n"
	 "bot (getMe, getChat) and Slack app (auth.test, conversations.info,\n"
	 "apps.connections.open) whether it works, printing no token. Exits 1 if there\n"
	 "are errors or a check failed.",
	 doctor_options, RunDoctor},
	{"test", "test <name> [--payload <json>] [--json]", "render a pipeline for a sample payload",
	 "Prints the prompt, topic, message and workspace a payload would produce, without\n"
	 "running anything, and records the payload for the dashboard's message builder.\n"
	 "Secrets are shown as their ${VAR} references. Without --payload the body is {}.",
	 test_options, RunTest},
	{"status", "status [--json]", "ask the running daemon how it is doing",
	 "Asks the running daemon over its socket (~/.osprey/osprey.sock) for its version,\n"
	 "pid, the address it listens on, the public URL webhooks are registered with,\n"
	 "slots in use, pipelines and job counts by state.\n"
	 "Exits 1 if the daemon is not running.",
	 status_options, RunStatus},
	{"jobs", "jobs [--pipeline NAME] [--state STATE] [--limit N] [--json]", "list jobs",
	 "Lists the jobs recorded under ~/.osprey/jobs, newest first: id, pipeline, state,\n"
	 "trigger, creation time, how long it ran and why it ended. Reads the records\n"
	 "directly, so it works while the daemon is down.",
	 jobs_options, RunJobs},
	{"show", "show <job> [--json]", "everything recorded about a job",
	 "Prints a job's record: pipeline, trigger, state and the reason for it, the\n"
	 "decision and who made it, timings, container and exit code, and the files in\n"
	 "its directory. <job> may be any part of the id that only one job has.",
	 show_options, RunShow},
	{"logs", "logs <job> [-f|--follow]", "print a job's output",
	 "Prints the job's container output (output.log); a job without output is said\n"
	 "with its state and reason (exit 1). With --follow, keeps printing new output\n"
	 "until the job ends, then says how it ended. <job> may be any part of the id\n"
	 "that only one job has.",
	 logs_options, RunLogs},
	{"approve", "approve <job>", "approve a job awaiting approval",
	 "Asks the running daemon to start a job that awaits approval, in the name of the\n"
	 "local user, and prints the job's new state.",
	 decision_options, RunApprove},
	{"ignore", "ignore <job>", "ignore a job awaiting approval",
	 "Asks the running daemon to end a job that awaits approval as ignored, in the\n"
	 "name of the local user, and prints the job's new state.",
	 decision_options, RunIgnore},
	{"cancel", "cancel <job>", "cancel a job",
	 "Asks the running daemon to stop a job (its container is stopped) or to drop it\n"
	 "while it awaits approval, and prints the job's new state.",
	 decision_options, RunCancel},
	{"reload", "reload", "make the running daemon load its configuration again",
	 "Asks the running daemon to read config.yaml and every pipeline again, as SIGHUP\n"
	 "does, and waits until the new configuration applies. Running jobs go on; server.*\n"
	 "settings apply at the next start. When the configuration has errors the daemon\n"
	 "keeps the old one, the errors are printed and the exit status is 1.",
	 reload_options, RunReload},
	{"dashboard", "dashboard [--builder PIPELINE]", "the terminal UI",
	 "A full-screen terminal UI over pipelines and jobs, with the message builder,\n"
	 "which writes labelled template expressions into a pipeline's channel.message.\n"
	 "The builder needs a stored payload of the pipeline (from a webhook or from\n"
	 "`osprey test`) and refuses to open without one.",
	 dashboard_options, RunDashboard},
}};

std::span<const Command>
Commands() noexcept
{
	return commands;
}

} // namespace osprey::cli
