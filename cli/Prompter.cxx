#include "Prompter.hxx"
#include "util/Text.hxx"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <termios.h>
#include <unistd.h>

namespace osprey::cli {

Prompter::Prompter(const Args &_args)
	: args(_args), interactive(::isatty(STDIN_FILENO) && ::isatty(STDOUT_FILENO))
{
}

std::optional<std::string>
Prompter::ReadLine(std::string_view prompt, bool echo)
{
	std::fwrite(prompt.data(), 1, prompt.size(), stdout);
	std::fflush(stdout);

	termios saved{};
	const bool hide = !echo && ::tcgetattr(STDIN_FILENO, &saved) == 0;
	if (hide) {
		termios quiet = saved;
		quiet.c_lflag &= ~tcflag_t(ECHO);
		::tcsetattr(STDIN_FILENO, TCSANOW, &quiet);
	}
	std::string line;
	const bool ok = static_cast<bool>(std::getline(std::cin, line));
	if (hide) {
		::tcsetattr(STDIN_FILENO, TCSANOW, &saved);
		std::fputc('\n', stdout);
	}
	if (!ok)
		return std::nullopt;
	return std::string(Trim(line));
}

std::string
Prompter::Ask(std::string_view flag, std::string_view question, std::string_view fallback,
	      const Check &check)
{
	if (auto v = args.Get(flag)) {
		if (check)
			if (const auto problem = check(*v); !problem.empty())
				throw UsageError("--" + std::string(flag) + ": " + problem);
		if (v->empty() && fallback.empty())
			throw UsageError("--" + std::string(flag) + " must not be empty");
		return *v;
	}
	if (!interactive) {
		if (fallback.empty())
			throw UsageError("--" + std::string(flag) + " is required when not "
					 "running on a terminal");
		return std::string(fallback);
	}
	for (;;) {
		std::string prompt(question);
		if (!fallback.empty())
			prompt += " [" + std::string(fallback) + "]";
		prompt += ": ";
		auto answer = ReadLine(prompt, true);
		if (!answer)
			throw std::runtime_error("no answer (end of input)");
		if (answer->empty())
			answer = std::string(fallback);
		if (answer->empty()) {
			std::printf("  an answer is needed\n");
			continue;
		}
		if (check)
			if (const auto problem = check(*answer); !problem.empty()) {
				std::printf("  %s\n", problem.c_str());
				continue;
			}
		return *answer;
	}
}

std::string
Prompter::AskOptional(std::string_view flag, std::string_view question, const Check &check)
{
	if (auto v = args.Get(flag)) {
		if (check && !v->empty())
			if (const auto problem = check(*v); !problem.empty())
				throw UsageError("--" + std::string(flag) + ": " + problem);
		return *v;
	}
	if (!interactive)
		return {};
	for (;;) {
		auto answer = ReadLine(std::string(question) + " (optional): ", true);
		if (!answer || answer->empty())
			return {};
		if (check)
			if (const auto problem = check(*answer); !problem.empty()) {
				std::printf("  %s\n", problem.c_str());
				continue;
			}
		return *answer;
	}
}

std::string
Prompter::AskText(std::string_view flag, std::string_view question, std::string_view fallback,
		  bool required, const Check &check)
{
	if (!interactive || args.Has(flag)) {
		if (required)
			return Ask(flag, question, fallback, check);
		const auto v = args.Get(flag);
		if (!v)
			return std::string(fallback);
		if (check && !v->empty())
			if (const auto problem = check(*v); !problem.empty())
				throw UsageError("--" + std::string(flag) + ": " + problem);
		return *v;
	}
	for (;;) {
		std::printf("%.*s, ending with an empty line", int(question.size()), question.data());
		if (!fallback.empty()) {
			std::printf(" (an empty first line keeps this):\n");
			for (const auto line : Split(fallback, '\n'))
				std::printf("  | %.*s\n", int(line.size()), line.data());
		} else {
			std::printf("%s:\n", required ? "" : " (optional)");
		}
		std::string text;
		for (;;) {
			std::string line;
			if (!std::getline(std::cin, line)) {
				if (text.empty() && required && fallback.empty())
					throw std::runtime_error("no answer (end of input)");
				break;
			}
			if (Trim(line).empty())
				break;
			text += line + "\n";
		}
		if (text.empty())
			text = std::string(fallback);
		else
			text.pop_back();
		if (text.empty() && required) {
			std::printf("  an answer is needed\n");
			continue;
		}
		if (check && !text.empty())
			if (const auto problem = check(text); !problem.empty()) {
				std::printf("  %s\n", problem.c_str());
				continue;
			}
		return text;
	}
}

std::string
Prompter::AskSecret(std::string_view flag, std::string_view question, bool required)
{
	if (auto v = args.Get(flag)) {
		const bool from_stdin = *v == "-";
		if (from_stdin) {
			std::string line;
			std::getline(std::cin, line);
			v = std::string(Trim(line));
		}
		/* an empty secret given on purpose is a mistake, never "no secret":
		   that is leaving the flag out */
		if (v->empty())
			throw UsageError("--" + std::string(flag) + " must not be empty" +
					 (from_stdin ? " (standard input had no secret)" : "") +
					 (required ? "" : "; leave it out for none"));
		return *v;
	}
	if (!interactive) {
		if (required)
			throw UsageError("--" + std::string(flag) + " is required when not running "
					 "on a terminal (pass - to read it from standard input)");
		return {};
	}
	for (;;) {
		auto answer = ReadLine(std::string(question) + (required ? "" : " (optional)") +
				       " (not shown): ", false);
		if (!answer)
			throw std::runtime_error("no answer (end of input)");
		if (!answer->empty() || !required)
			return *answer;
		std::printf("  an answer is needed\n");
	}
}

std::string
Prompter::Choose(std::string_view flag, std::string_view question,
		 std::span<const std::string_view> choices, std::string_view fallback)
{
	std::string list;
	for (const auto c : choices)
		list += (list.empty() ? "" : ", ") + std::string(c);
	const Check check = [&](const std::string &answer) -> std::string {
		if (std::find(choices.begin(), choices.end(), answer) != choices.end())
			return {};
		return "expected one of: " + list;
	};
	return Ask(flag, std::string(question) + " (" + list + ")", fallback, check);
}

bool
Prompter::Confirm(std::string_view flag, std::string_view question, bool fallback)
{
	if (args.Has(flag))
		return true;
	if (!interactive)
		return fallback;
	for (;;) {
		auto answer = ReadLine(std::string(question) + (fallback ? " [Y/n]: " : " [y/N]: "), true);
		if (!answer || answer->empty())
			return fallback;
		if (*answer == "y" || *answer == "Y" || *answer == "yes")
			return true;
		if (*answer == "n" || *answer == "N" || *answer == "no")
			return false;
	}
}

} // namespace osprey::cli
