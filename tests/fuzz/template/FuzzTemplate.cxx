// libFuzzer target for the template engine: parse the input as a template
// and render it against a fixed payload. Parse and exec errors are fine;
// crashes, sanitizer reports and other exceptions are not.
#include "json/Parse.hxx"
#include "template/Template.hxx"

#include <cstdint>
#include <string_view>

static const osprey::json::Value &
Data()
{
	static const osprey::json::Value data = osprey::json::Value::MakeObject({{"body", osprey::json::Parse(R"({
		"action": "opened", "number": 42, "float": 1.5, "big": 123456789012345678,
		"issue": {"title": "Crash <b>&</b> \"q\" 日本 😀", "labels": [{"name": "bug"}, {"name": "ui"}],
			  "milestone": null, "body": "line1\nline2\ttab"},
		"list": ["a", "b"], "empty": [], "obj": {"k": "v", "z": 0},
		"mixed": [1, "s", null, true, {"a": [1.0]}],
		"data": {"event": {"title": "TypeError", "level": "error", "web_url": "https://x/?a=b c"}}
	})")}});
	return data;
}

// Small limits, and no clock: a blowup (nested range, recursive template)
// ends in a few milliseconds, the same way on every run, instead of timing
// out the fuzzer.
static osprey::tmpl::Limits
FuzzLimits()
{
	osprey::tmpl::Limits limits;
	limits.output_bytes = 64 * 1024;
	limits.built_bytes = 256 * 1024;
	limits.steps = 20'000;
	limits.time = {};
	return limits;
}

extern "C" int
LLVMFuzzerTestOneInput(const std::uint8_t *input, std::size_t size)
{
	const std::string_view source(reinterpret_cast<const char *>(input), size);
	try {
		const auto t = osprey::tmpl::Parse(source);
		(void)osprey::tmpl::Render(t, Data(), FuzzLimits());
	} catch (const osprey::tmpl::ParseError &) {
	} catch (const osprey::tmpl::ExecError &) {
	}
	return 0;
}
