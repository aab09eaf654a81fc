#include "SaveMessage.hxx"
#include "config/Configuration.hxx"
#include "secrets/DotEnv.hxx"
#include "secrets/Substitute.hxx"
#include "yaml/Edit.hxx"

#include <array>

namespace osprey::builder {

/* the config loader's verdict on the new text, as `osprey edit` asks it */
static void
CheckLoads(const Home &home, std::string_view name, std::string_view text)
{
	Diagnostics diagnostics;
	const LoadOptions options{.redact = true, .lint = false};
	const auto global = LoadGlobalConfig(home, options, diagnostics);
	const auto dotenv_path = home.PipelineDotEnv(name);
	const auto dotenv = ToMap(LoadDotEnv(dotenv_path, home.Display(dotenv_path)));
	const Environment env(&dotenv);
	const auto file = home.PipelineFile(name);
	const PipelineLocation where{std::string(name), home.PipelineDir(name), home.Display(file),
				     home.Root()};
	ParsePipeline(text, where, global, env.Redacted(), home.UserHome(), diagnostics);
	if (diagnostics.HasErrors())
		throw std::runtime_error("not saved: with this message " + home.Display(file) +
					 " would not load:\n" + diagnostics.ErrorsToString());
}

void
SaveMessage(const Home &home, std::string_view name, std::string_view message)
{
	static constexpr std::array<std::string_view, 2> path{"channel", "message"};
	yaml::SetScalarInFile(home.PipelineFile(name), path, message,
			      [&](std::string_view text) { CheckLoads(home, name, text); });
}

} // namespace osprey::builder
