// osprey edit <name>: like crontab -e, the file only changes to something valid.
#include "Command.hxx"
#include "ControlClient.hxx"
#include "Output.hxx"
#include "Prompter.hxx"
#include "secrets/DotEnv.hxx"
#include "secrets/Substitute.hxx"
#include "util/File.hxx"
#include "util/Text.hxx"

#include <cstdio>
#include <cstdlib>
#include <sys/wait.h>
#include <unistd.h>

namespace osprey::cli {

const std::span<const OptionSpec> edit_options{};

static std::string
Editor()
{
	for (const char *variable : {"VISUAL", "EDITOR"})
		if (const char *value = std::getenv(variable); value != nullptr && *value != '\0')
			return value;
	return "vi";
}

/* Runs the editor through the shell, as crontab does, so EDITOR="code -w" works. */
static void
RunEditor(const std::string &editor, const std::string &path)
{
	const pid_t pid = ::fork();
	if (pid < 0)
		throw std::runtime_error("cannot start the editor: fork failed");
	if (pid == 0) {
		::execl("/bin/sh", "sh", "-c", (editor + " \"$1\"").c_str(), "sh", path.c_str(),
			static_cast<char *>(nullptr));
		::_exit(127);
	}
	int status;
	while (::waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			throw std::runtime_error("waiting for the editor failed");
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		throw std::runtime_error("the editor (" + editor + ") failed; " + path +
					 " is unchanged");
}

/* Whatever happens, the draft does not outlive the command. */
struct DraftRemover {
	std::string path;
	~DraftRemover() noexcept { std::remove(path.c_str()); }
};

static Diagnostics
Check(const Home &home, const std::string &name, const std::string &text)
{
	Diagnostics diagnostics;
	const LoadOptions options{.redact = true, .lint = false};
	const auto global = LoadGlobalConfig(home, options, diagnostics);
	DotEnvMap dotenv;
	const auto dotenv_path = home.PipelineDotEnv(name);
	try {
		dotenv = ToMap(LoadDotEnv(dotenv_path, home.Display(dotenv_path)));
	} catch (const std::exception &e) {
		/* the .env is not what is being edited, but the pipeline needs it */
		diagnostics.Error(home.Display(dotenv_path), {}, "", e.what());
	}
	const Environment env(&dotenv);
	const PipelineLocation where{name, home.PipelineDir(name), home.Display(home.PipelineFile(name)),
				     home.Root()};
	const auto pipeline = ParsePipeline(text, where, global, env.Redacted(), home.UserHome(), diagnostics);

	/* the path must stay unique among the other pipelines */
	if (pipeline && !pipeline->disabled && pipeline->trigger.type == TriggerType::Webhook)
		for (const auto &other : ListPipelineNames(home)) {
			if (other == name)
				continue;
			Diagnostics ignored;
			const auto p = LoadPipeline(home, other, global, options, ignored);
			if (p && !p->disabled && p->trigger.type == TriggerType::Webhook &&
			    p->trigger.path == pipeline->trigger.path)
				diagnostics.Error(where.display, pipeline->trigger.mark, "trigger.path",
						  Quote(p->trigger.path) + " is already used by pipeline " +
						  Quote(other));
		}
	return diagnostics;
}

int
RunEdit(const Args &args)
{
	args.ExpectPositionals(1, "the pipeline name");
	const auto &name = args.Positionals()[0];
	const auto home = Home::FromEnvironment();
	const auto file = home.PipelineFile(name);
	if (!IsValidPipelineName(name) || !PathExists(file))
		throw std::runtime_error("no pipeline " + Quote(name) + " (" + file +
					 " not found); create it with `osprey construct " + name + "`");

	const auto original = ReadFile(file);
	/* the copy sits beside the original so that the final rename is atomic */
	const auto draft = home.PipelineDir(name) + "/.pipeline.yaml.edit";
	WriteFileAtomic(draft, original, 0600);
	const DraftRemover remove_draft{draft};
	Prompter ask(args);

	for (;;) {
		RunEditor(Editor(), draft);
		const auto text = ReadFile(draft);
		const auto diagnostics = Check(home, name, text);
		if (!diagnostics.HasErrors()) {
			std::fputs(FormatDiagnostics(diagnostics).c_str(), stderr);
			if (text == original)
				std::printf("No changes to %s\n", file.c_str());
			else {
				WriteFileAtomic(file, text, 0644);
				std::printf("Saved %s\n", file.c_str());
				TellDaemonToReload(home.ControlSocket());
			}
			return 0;
		}

		std::fputs(FormatDiagnostics(diagnostics).c_str(), stderr);
		if (!ask.Confirm("", "The pipeline has errors. Edit again?", false)) {
			std::fprintf(stderr, "osprey: changes discarded; %s is unchanged\n", file.c_str());
			return 1;
		}
	}
}

} // namespace osprey::cli
