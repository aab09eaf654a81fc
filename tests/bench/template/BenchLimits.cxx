// How long the worst renderings take to hit tmpl::Limits' defaults: the
// blowups of the hardening issue and the costliest step kinds. Each row is
// the best of five runs, with the error that stopped it. Run:
//   build/tests/bench/template/bench-template-limits
#include "json/Parse.hxx"
#include "template/Template.hxx"

#include <chrono>
#include <cstdio>
#include <string>

using namespace osprey;

int
main()
{
	std::string array = "[0";
	for (int i = 1; i < 160; ++i)
		array += "," + std::to_string(i);
	array += "]";
	const std::string big(100000, 'x');
	const auto data = json::Value::MakeObject({{"body", json::Parse(
		"{\"a\":" + array + ",\"s\":\"" + big + "\",\"t\":\"" + big + "\"}")}});

	const std::string loop3 = "{{range .body.a}}{{range $.body.a}}{{range $.body.a}}";
	const std::string end3 = "{{end}}{{end}}{{end}}";
	const struct {
		const char *name;
		std::string source;
	} cases[] = {
		{"nested range, empty", loop3 + end3},
		{"nested range, if eq", loop3 + "{{if eq . 3}}{{end}}" + end3},
		{"nested range, printf", loop3 + "{{$x := printf \"%d-%d\" . .}}" + end3},
		{"nested range, printing", loop3 + "{{range $.body.a}}" + std::string(100, '.') +
			"{{end}}" + end3},
		{"recursive template", "{{define \"f\"}}{{if .}}{{template \"f\" (slice . 1)}}"
			"{{template \"f\" (slice . 1)}}{{end}}{{end}}{{template \"f\" .body.a}}"},
		{"eq on 100 KB strings", loop3 + "{{if eq $.body.s $.body.t}}{{end}}" + end3},
	};
	for (const auto &c : cases) {
		const auto t = tmpl::Parse(c.source);
		double best = 1e9;
		std::string error = "(no error)";
		for (int run = 0; run < 5; ++run) {
			const auto start = std::chrono::steady_clock::now();
			try {
				(void)tmpl::Render(t, data);
			} catch (const tmpl::ExecError &e) {
				error = e.what();
			}
			const std::chrono::duration<double, std::milli> d =
				std::chrono::steady_clock::now() - start;
			best = std::min(best, d.count());
		}
		std::printf("%-26s %7.1f ms  %s\n", c.name, best, error.c_str());
	}
}
