// osprey: the command line. One binary for every subcommand.
#include "Command.hxx"
#include "Version.h"
#include "util/Error.hxx"
#include "util/Text.hxx"

#include <cstdio>
#include <cstring>
#include <exception>

using namespace osprey;
using namespace osprey::cli;

static void
PrintUsage(std::FILE *out)
{
	std::fprintf(out, "usage: osprey <command> [arguments]\n\n"
		     "Runs AI coding agents in containers when webhooks or cron schedules fire.\n\n"
		     "Commands:\n");
	for (const auto &c : Commands())
		std::fprintf(out, "  %-10.*s %.*s\n", int(c.name.size()), c.name.data(),
			     int(c.summary.size()), c.summary.data());
	std::fprintf(out, "\nRun `osprey <command> --help` for a command's options, "
		     "`man osprey` for everything.\n");
}

static void
PrintCommandHelp(const Command &c)
{
	std::printf("usage: osprey %.*s\n\n%.*s\n", int(c.synopsis.size()), c.synopsis.data(),
		    int(c.description.size()), c.description.data());
	if (!c.options.empty())
		std::printf("\nOptions:\n%s", FormatOptions(c.options).c_str());
}

static const Command *
FindCommand(std::string_view name) noexcept
{
	for (const auto &c : Commands())
		if (c.name == name)
			return &c;
	return nullptr;
}

static void
UnknownCommand(std::string_view name)
{
	std::vector<std::string_view> names;
	for (const auto &c : Commands())
		names.push_back(c.name);
	std::string hint;
	if (const auto close = ClosestMatch(name, names); !close.empty())
		hint = "did you mean `osprey " + std::string(close) + "`? ";
	std::fprintf(stderr, "osprey: unknown command \"%.*s\"; %srun `osprey --help` for the list\n",
		     int(name.size()), name.data(), hint.c_str());
}

int
main(int argc, char **argv)
{
	if (argc < 2) {
		PrintUsage(stderr);
		return 2;
	}
	const std::string_view name = argv[1];
	if (name == "--help" || name == "-h" || name == "help") {
		if (argc == 2) {
			PrintUsage(stdout);
			return 0;
		}
		if (const auto *c = FindCommand(argv[2]); c != nullptr && argc == 3) {
			PrintCommandHelp(*c);
			return 0;
		}
		if (argc > 3)
			std::fprintf(stderr, "osprey: help takes one command name\n");
		else
			UnknownCommand(argv[2]);
		return 2;
	}
	if (name == "--version" || name == "version") {
		std::printf("osprey %s\n", OSPREY_VERSION);
		return 0;
	}

	const auto *command = FindCommand(name);
	if (command == nullptr) {
		UnknownCommand(name);
		return 2;
	}

	std::vector<std::string> rest(argv + 2, argv + argc);
	for (const auto &a : rest) {
		if (a == "--")
			break;
		if (a == "--help" || a == "-h") {
			PrintCommandHelp(*command);
			return 0;
		}
	}

	try {
		const Args args(rest, command->options);
		return command->run(args);
	} catch (const UsageError &e) {
		std::fprintf(stderr, "osprey %s: %s\nusage: osprey %.*s\n", argv[1], e.what(),
			     int(command->synopsis.size()), command->synopsis.data());
		return 2;
	} catch (const std::exception &e) {
		std::fprintf(stderr, "osprey: %s\n", FullMessage(e).c_str());
		return 1;
	}
}
