// pipeline.yaml text from a hostile or careless admin: the YAML loader, the
// schema walk, ${VAR} substitution, volume checks and template parsing must
// never crash, hang or leak, whatever the bytes.
#include "config/GlobalConfig.hxx"
#include "config/Pipeline.hxx"
#include "config/Diagnostic.hxx"
#include "secrets/Substitute.hxx"

#include <cstdint>
#include <cstdlib>
#include <string_view>

using namespace osprey;

static const GlobalConfig &
Global()
{
	static const GlobalConfig global = [] {
		::setenv("FUZZ_SET", "value", 1);
		Diagnostics d;
		return ParseGlobalConfig("version: 1\ndefaults:\n  channel: {type: stdout}\n"
					 "  agent: {claude-code: {oauth_path: /tmp}}\n",
					 "config.yaml", Environment(), "/home/u", d);
	}();
	return global;
}

extern "C" int
LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
	const std::string_view text(reinterpret_cast<const char *>(data), size);
	const DotEnvMap dotenv{{"FUZZ_PIPELINE", "x"}};
	const Environment env(&dotenv);
	const PipelineLocation where{"p", "/tmp/p", "pipelines/p/pipeline.yaml", ""};
	Diagnostics d;
	const auto p = ParsePipeline(text, where, Global(), env, "/home/u", d);
	for (const auto &x : d.All())
		(void)x.ToString();
	if (p && d.HasErrors())
		std::abort(); // a pipeline is only returned when it is valid
	return 0;
}
