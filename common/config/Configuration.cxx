#include "Configuration.hxx"
#include "secrets/DotEnv.hxx"
#include "secrets/Substitute.hxx"
#include "lib/posix/DirectoryReader.hxx"
#include "util/File.hxx"
#include "util/Text.hxx"

#include <algorithm>
#include <map>
#include <sys/stat.h>
#include <system_error>

namespace osprey {

const Pipeline *
Configuration::Find(std::string_view name) const noexcept
{
	for (const auto &p : pipelines)
		if (p.name == name)
			return &p;
	return nullptr;
}

/* Turns line @p n (1-based) of @p text into an empty one; false when there
   is no such line. */
static bool
BlankLine(std::string &text, std::size_t n)
{
	std::size_t begin = 0;
	for (std::size_t i = 1; i < n; ++i) {
		begin = text.find('\n', begin);
		if (begin == text.npos)
			return false;
		++begin;
	}
	if (n == 0 || begin > text.size())
		return false;
	const auto end = std::min(text.find('\n', begin), text.size());
	text.erase(begin, end - begin);
	return true;
}

/* Secrets files should be readable by their owner only. */
static void
LintDotEnvMode(const Home &home, const std::string &path, Diagnostics &diagnostics)
{
	struct stat st;
	if (::stat(path.c_str(), &st) != 0 || (st.st_mode & 077) == 0)
		return;
	char mode[8];
	std::snprintf(mode, sizeof(mode), "%04o", st.st_mode & 07777);
	diagnostics.Warning(home.Display(path), {}, "",
			    std::string("has mode ") + mode + "; secrets files should be 0600 "
			    "(chmod 600 " + path + ")");
}

/* KEY="x" keeps the quotes in the value (the contract's format has none):
   almost always a mistake, and a secret that never matches. */
static void
LintDotEnvQuotes(const std::string &shown, std::string_view text, Diagnostics &diagnostics)
{
	std::size_t line_no = 0;
	for (const auto line : Split(text, '\n')) {
		++line_no;
		const auto eq = line.find('=');
		if (eq == line.npos || Trim(line).starts_with('#'))
			continue;
		const auto value = Trim(line.substr(eq + 1));
		if (value.size() >= 2 && (value.front() == '"' || value.front() == '\'') &&
		    value.back() == value.front())
			diagnostics.Warning(shown, {line_no, 0}, std::string(Trim(line.substr(0, eq))),
					    "the value is quoted, and the quotes are part of it "
					    "(.env values are written bare: KEY=value)");
	}
}

/* Reads a .env file. A broken line is an error; the good lines still count,
   so that a typo on one line does not turn every variable into "not set". */
static std::vector<DotEnvEntry>
ReadDotEnv(const Home &home, const std::string &path, const LoadOptions &options,
	   Diagnostics &diagnostics)
{
	const auto shown = home.Display(path);
	if (options.lint)
		LintDotEnvMode(home, path, diagnostics);
	std::string text;
	try {
		text = ReadFile(path);
	} catch (const std::system_error &e) {
		if (e.code() != std::errc::no_such_file_or_directory)
			diagnostics.Error(shown, {}, "", e.what());
		return {};
	}
	if (options.lint)
		LintDotEnvQuotes(shown, text, diagnostics);
	for (;;) {
		try {
			return ParseDotEnv(text, shown);
		} catch (const DotEnvError &e) {
			/* the message starts with "file:line: " already */
			const std::string message = e.what();
			const auto prefix = shown + ":" + std::to_string(e.line) + ": ";
			diagnostics.Error(shown, {e.line, 0}, "",
					  message.starts_with(prefix) ? message.substr(prefix.size()) : message);
			if (!BlankLine(text, e.line))
				return {};
		}
	}
}

GlobalConfig
LoadGlobalConfig(const Home &home, const LoadOptions &options, Diagnostics &diagnostics)
{
	ApplyToProcessEnvironment(ReadDotEnv(home, home.GlobalDotEnv(), options, diagnostics));

	const auto path = home.ConfigFile();
	const auto shown = home.Display(path);
	std::string text;
	try {
		text = ReadFile(path);
	} catch (const std::system_error &e) {
		if (e.code() == std::errc::no_such_file_or_directory)
			diagnostics.Error(shown, {}, "", "not found in " + home.Root() +
					  "; create it with `osprey setup`");
		else
			diagnostics.Error(shown, {}, "", e.what());
		GlobalConfig fallback;
		fallback.file = shown;
		return fallback;
	}

	Environment env;
	return ParseGlobalConfig(text, shown, options.redact ? env.Redacted() : env,
				 home.UserHome(), diagnostics);
}

std::optional<Pipeline>
LoadPipeline(const Home &home, std::string_view name, const GlobalConfig &global,
	     const LoadOptions &options, Diagnostics &diagnostics, Pipeline *partial)
{
	const auto file = home.PipelineFile(name);
	const PipelineLocation where{std::string(name), home.PipelineDir(name), home.Display(file),
				     home.Root()};
	if (!IsValidPipelineName(name)) {
		diagnostics.Error(home.Display(where.dir), {}, "",
				  "invalid pipeline name " + Quote(name) + ": use letters, digits, "
				  "'-', '_' and '.', starting with a letter or digit, at most 64");
		return std::nullopt;
	}

	std::string text;
	try {
		text = ReadFile(file);
	} catch (const std::system_error &e) {
		diagnostics.Error(where.display, {}, "",
				  e.code() == std::errc::no_such_file_or_directory
				  ? "not found; create it with `osprey construct " + std::string(name) + "`"
				  : std::string(e.what()));
		return std::nullopt;
	}

	const auto errors_before = diagnostics.ErrorCount();
	const auto dotenv = ToMap(ReadDotEnv(home, home.PipelineDotEnv(name), options, diagnostics));
	const Environment env(&dotenv);
	auto pipeline = ParsePipeline(text, where, global, options.redact ? env.Redacted() : env,
				      home.UserHome(), diagnostics, partial);
	/* a broken .env is a broken pipeline: its secrets are unknown */
	if (diagnostics.ErrorCount() > errors_before) {
		if (pipeline && partial != nullptr)
			*partial = std::move(*pipeline);
		return std::nullopt;
	}
	return pipeline;
}

std::vector<std::string>
ListPipelineNames(const Home &home)
{
	std::vector<std::string> names;
	DirectoryReader dir(home.PipelinesDir());
	while (const char *entry = dir.Next()) {
		const std::string name = entry;
		if (name.starts_with('.'))
			continue;
		struct stat st;
		if (::stat((home.PipelinesDir() + "/" + name).c_str(), &st) == 0 && S_ISDIR(st.st_mode))
			names.push_back(name);
	}
	std::sort(names.begin(), names.end());
	return names;
}

/* Two webhook pipelines on one path: the second could never fire. */
static void
CheckDuplicatePaths(const std::vector<Pipeline> &pipelines, Diagnostics &diagnostics)
{
	std::map<std::string, const Pipeline *, std::less<>> seen;
	for (const auto &p : pipelines) {
		if (p.disabled || p.trigger.type != TriggerType::Webhook)
			continue;
		const auto [i, inserted] = seen.emplace(p.trigger.path, &p);
		if (!inserted)
			diagnostics.Error(p.file, p.trigger.mark, "trigger.path",
					  Quote(p.trigger.path) + " is already used by pipeline " +
					  Quote(i->second->name) + " (" + i->second->file + ")");
	}
}

Configuration
LoadConfiguration(const Home &home, const LoadOptions &options)
{
	Configuration c;
	c.global = LoadGlobalConfig(home, options, c.diagnostics);
	c.global_valid = !c.diagnostics.HasErrors();
	/* broken pipelines take part in the duplicate check: one error must
	   not hide another */
	std::vector<Pipeline> all;
	for (const auto &name : ListPipelineNames(home)) {
		Pipeline partial;
		auto p = LoadPipeline(home, name, c.global, options, c.diagnostics, &partial);
		if (p) {
			all.push_back(*p);
			c.pipelines.push_back(std::move(*p));
		} else {
			c.broken.push_back(name);
			if (!partial.file.empty() && !partial.trigger.path.empty())
				all.push_back(std::move(partial));
		}
	}
	CheckDuplicatePaths(all, c.diagnostics);
	return c;
}

} // namespace osprey
