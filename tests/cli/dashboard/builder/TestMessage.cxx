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

TEST_CASE("An array element the payload lacks: Go's error, shown instead of a preview")
{
	/* the builder selected labels[0].name on one payload; the next has no
	   labels. Go's text/template (1.19) fails the same way ("error calling
	   index: reflect: slice index out of range"), so a job would fail to
	   render too: the preview says so rather than showing an empty line */
	const auto message = ComposeMessage({{{PathStep::Key("labels"), PathStep::Index(0),
					       PathStep::Key("name")}, "Label"}});
	CHECK(message == "Label: {{ index .body.labels 0 \"name\" }}\n");
	CHECK(RenderPreview(message, json::Parse(R"({"labels": [{"name": "bug"}]})")).text == "Label: bug\n");
	const auto shorter = RenderPreview(message, json::Parse(R"({"labels": []})"));
	CHECK(shorter.text.empty());
	INFO(shorter.error);
	CHECK(shorter.error.find("index: reflect: slice index out of range") != std::string::npos);
}
