#include "dashboard/builder/Message.hxx"
#include "json/Parse.hxx"

#include <doctest/doctest.h>

using namespace osprey;
using namespace osprey::builder;

TEST_CASE("ComposeMessage writes one labelled line per selection, in order")
{
	const std::vector<Selection> selections{
		{{PathStep::Key("number")}, "Number"},
		{{PathStep::Key("issue"), PathStep::Key("title")}, "Issue title"},
		{{PathStep::Key("x-event")}, "Event"},
	};
	CHECK(ComposeMessage(selections) == "Number: {{ .body.number }}\n"
	      "Issue title: {{ .body.issue.title }}\n"
	      "Event: {{ index .body \"x-event\" }}\n");
	CHECK(ComposeMessage({}) == "");
}

TEST_CASE("a label prints as typed, on one line, even with braces")
{
	const std::vector<Selection> selections{{{PathStep::Key("a")}, "{{ weird }}\tlabel\n"}};
	const auto message = ComposeMessage(selections);
	CHECK(message == "{{\"{{\"}} weird }} label : {{ .body.a }}\n");
	CHECK(RenderPreview(message, json::Parse(R"({"a": 1})")).text == "{{ weird }} label : 1\n");
}

TEST_CASE("RenderPreview renders against the payload and its headers, or says why not")
{
	const auto body = json::Parse(R"({"issue": {"title": "Crash"}})");
	const auto headers = json::Parse(R"({"x-github-event": "issues"})");
	const auto ok = RenderPreview("T: {{ .body.issue.title }} E: {{ index .headers \"x-github-event\" }}",
				      body, headers);
	CHECK(ok.error.empty());
	CHECK(ok.text == "T: Crash E: issues");
	CHECK(RenderPreview("{{ .body.nope }}", body).text == "<no value>");

	const auto bad = RenderPreview("{{ index .body.issue 5 }}", body);
	CHECK(bad.text.empty());
	CHECK(bad.error.find("index") != std::string::npos);
}
