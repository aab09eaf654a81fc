#include "engine/LogDemuxer.hxx"

#include <doctest/doctest.h>

#include <stdexcept>
#include <string>
#include <vector>

using namespace osprey;

static std::string
Frame(unsigned char type, std::string_view payload)
{
	const auto n = static_cast<std::uint32_t>(payload.size());
	std::string frame{char(type), 0, 0, 0,
			  char(n >> 24), char((n >> 16) & 0xff), char((n >> 8) & 0xff), char(n & 0xff)};
	frame.append(payload);
	return frame;
}

/// Collects what the demuxer hands on, merging adjacent pieces of one
/// stream so the result does not depend on how the input was split.
struct Collected {
	std::vector<std::pair<LogStream, std::string>> runs;
	std::string out, err;

	LogDemuxer::Sink Sink() {
		return [this](LogStream stream, std::string_view data) {
			REQUIRE(!data.empty());
			(stream == LogStream::kStderr ? err : out).append(data);
			if (runs.empty() || runs.back().first != stream)
				runs.emplace_back(stream, std::string());
			runs.back().second.append(data);
		};
	}
};

TEST_CASE("LogDemuxer splits framed output into stdout and stderr")
{
	/* splitting at every boundary is quadratic: a frame whose length needs
	   two bytes is enough here; longer frames are tested below */
	const std::string big(300, 'x');
	const std::string stream = Frame(1, "hello\n") + Frame(2, "oops\n") + Frame(1, "") +
		Frame(0, "stdin echo\n") + Frame(1, big) + Frame(2, "bye");

	const auto check = [&](const Collected &c) {
		CHECK(c.out == "hello\nstdin echo\n" + big);
		CHECK(c.err == "oops\nbye");
		REQUIRE(c.runs.size() == 4);
		CHECK(c.runs[0] == std::pair{LogStream::kStdout, std::string("hello\n")});
		CHECK(c.runs[1] == std::pair{LogStream::kStderr, std::string("oops\n")});
		CHECK(c.runs[3].first == LogStream::kStderr);
	};

	SUBCASE("in one piece") {
		Collected c;
		LogDemuxer demuxer(false, c.Sink());
		demuxer.Feed(stream);
		demuxer.Finish();
		check(c);
	}

	SUBCASE("split in two at every byte boundary") {
		for (std::size_t split = 0; split <= stream.size(); ++split) {
			CAPTURE(split);
			Collected c;
			LogDemuxer demuxer(false, c.Sink());
			demuxer.Feed(std::string_view(stream).substr(0, split));
			demuxer.Feed(std::string_view(stream).substr(split));
			demuxer.Finish();
			check(c);
		}
	}

	SUBCASE("one byte at a time") {
		Collected c;
		LogDemuxer demuxer(false, c.Sink());
		for (const char ch : stream)
			demuxer.Feed({&ch, 1});
		demuxer.Finish();
		check(c);
	}
}

TEST_CASE("LogDemuxer handles frames longer than 64 KiB")
{
	const std::string big(70000, 'y');
	const std::string stream = Frame(2, big) + Frame(1, "end");
	Collected c;
	LogDemuxer demuxer(false, c.Sink());
	for (std::size_t i = 0; i < stream.size(); i += 4093)
		demuxer.Feed(std::string_view(stream).substr(i, 4093));
	demuxer.Finish();
	CHECK(c.err == big);
	CHECK(c.out == "end");
}

TEST_CASE("LogDemuxer passes payload on before its frame is complete")
{
	Collected c;
	LogDemuxer demuxer(false, c.Sink());
	const std::string frame = Frame(1, "abcdef");
	demuxer.Feed(std::string_view(frame).substr(0, 10));
	CHECK(c.out == "ab");
	CHECK_THROWS_WITH_AS(demuxer.Finish(), "log stream ended inside a frame", std::runtime_error);
	demuxer.Feed(std::string_view(frame).substr(10));
	CHECK(c.out == "abcdef");
	demuxer.Finish();
}

TEST_CASE("LogDemuxer rejects a malformed or failing stream")
{
	Collected c;
	LogDemuxer demuxer(false, c.Sink());

	SUBCASE("unknown stream type") {
		CHECK_THROWS_WITH_AS(demuxer.Feed(Frame(7, "x")),
				     "malformed log stream: unknown stream type 7", std::runtime_error);
	}
	SUBCASE("engine error frame") {
		const std::string frame = Frame(3, "disk on fire");
		demuxer.Feed(std::string_view(frame).substr(0, 12));
		CHECK_THROWS_WITH_AS(demuxer.Feed(std::string_view(frame).substr(12)),
				     "the engine reported an error in the log stream: disk on fire",
				     std::runtime_error);
	}
	SUBCASE("stream ends inside a header") {
		demuxer.Feed(Frame(1, "ok") + std::string(3, '\0'));
		CHECK_THROWS_WITH_AS(demuxer.Finish(), "log stream ended inside a frame",
				     std::runtime_error);
	}
}

TEST_CASE("LogDemuxer passes a TTY's raw stream through as stdout")
{
	Collected c;
	LogDemuxer demuxer(true, c.Sink());
	const std::string raw = Frame(2, "not a frame") + "\x01\x02";
	demuxer.Feed(std::string_view(raw).substr(0, 5));
	demuxer.Feed(std::string_view(raw).substr(5));
	demuxer.Finish();
	CHECK(c.out == raw);
	CHECK(c.err.empty());
}

TEST_CASE("LogDemuxer lets the sink's exceptions through")
{
	LogDemuxer demuxer(false, [](LogStream, std::string_view) {
		throw std::runtime_error("disk full");
	});
	CHECK_THROWS_WITH_AS(demuxer.Feed(Frame(1, "x")), "disk full", std::runtime_error);
}
