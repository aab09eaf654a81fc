#include "Command.hxx"

#include <array>

namespace osprey::cli {

static const std::array<Command, 6> commands{{
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
	{"doctor", "doctor", "check the whole configuration",
	 "Checks config.yaml, the .env files and every pipeline, and reports every error\n"
	 "and every suspicious setting at once. Exits 1 if there are errors.",
	 doctor_options, RunDoctor},
	{"test", "test <name> [--payload <json>] [--json]", "render a pipeline for a sample payload",
	 "Prints the prompt, topic, message and workspace a payload would produce, without\n"
	 "running anything, and records the payload for the dashboard's message builder.\n"
	 "Secrets are shown as their ${VAR} references. Without --payload the body is {}.",
	 test_options, RunTest},
}};

std::span<const Command>
Commands() noexcept
{
	return commands;
}

} // namespace osprey::cli
