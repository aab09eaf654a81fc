#include "TimeZone.hxx"
#include "TzFile.hxx"
#include "util/File.hxx"
#include "util/Text.hxx"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <unistd.h>

namespace osprey {

namespace {

std::string
ZoneInfoDirectory()
{
	const char *dir = std::getenv("TZDIR");
	return dir != nullptr && *dir != '\0' ? dir : "/usr/share/zoneinfo";
}

/// IANA names are made of these characters, and no component may be "." or
/// "..": anything else must not get near the file system.
bool
IsPlausibleZoneName(std::string_view name) noexcept
{
	if (name.empty() || name.size() > 255 || name.front() == '/')
		return false;
	for (const char c : name)
		if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
		      c == '/' || c == '_' || c == '-' || c == '+' || c == '.'))
			return false;
	for (const auto component : Split(name, '/'))
		if (component.empty() || component == "." || component == "..")
			return false;
	return true;
}

bool
IsUtcAlias(std::string_view name) noexcept
{
	for (std::string_view alias : {"UTC", "Etc/UTC", "GMT", "Etc/GMT", "Zulu", "Etc/Zulu",
				       "UCT", "Etc/UCT", "Universal", "Etc/Universal"})
		if (name == alias)
			return true;
	return false;
}

/// Reads a tzfile, or returns "" when it cannot be read at all.
std::string
TryReadFile(const std::string &path) noexcept
{
	try {
		return ReadFile(path);
	} catch (...) {
		return {};
	}
}

} // namespace

TimeZone::TimeZone() noexcept : name_("UTC") {}

TimeZone::TimeZone(std::shared_ptr<const TzData> data, std::string name) noexcept
	: data_(std::move(data)), name_(std::move(name))
{
}

TimeZone
TimeZone::FromTzFile(std::string name, std::string_view bytes)
{
	try {
		return {std::make_shared<const TzData>(ParseTzFile(bytes)), std::move(name)};
	} catch (const std::invalid_argument &e) {
		throw std::invalid_argument("time zone " + Quote(name) + ": " + e.what());
	}
}

TimeZone
TimeZone::Locate(std::string_view name)
{
	if (name.empty())
		return Local();
	const std::string bytes = IsPlausibleZoneName(name)
		? TryReadFile(ZoneInfoDirectory() + "/" + std::string(name))
		: std::string();
	if (bytes.empty()) {
		// A container without tzdata still knows what UTC is.
		if (IsUtcAlias(name))
			return {nullptr, std::string(name)};
		throw std::invalid_argument("unknown time zone " + Quote(name));
	}
	// zoneinfo also holds non-zone files (zone.tab, leapseconds, ...).
	if (!bytes.starts_with("TZif"))
		throw std::invalid_argument("unknown time zone " + Quote(name));
	return FromTzFile(std::string(name), bytes);
}

TimeZone
TimeZone::Local()
{
	try {
		const char *tz = std::getenv("TZ");
		if (tz == nullptr) {
			std::string name = "localtime";
			char target[512];
			const auto n = ::readlink("/etc/localtime", target, sizeof(target) - 1);
			if (n > 0) {
				const std::string_view link(target, std::size_t(n));
				const auto at = link.find("zoneinfo/");
				if (at != link.npos)
					name = link.substr(at + 9);
			}
			const std::string bytes = TryReadFile("/etc/localtime");
			return bytes.empty() ? TimeZone() : FromTzFile(name, bytes);
		}

		std::string_view spec = tz;
		if (spec.starts_with(':'))
			spec.remove_prefix(1);
		if (spec.empty())
			return {};
		if (spec.front() == '/') {
			const std::string bytes = TryReadFile(std::string(spec));
			if (bytes.starts_with("TZif"))
				return FromTzFile(std::string(spec), bytes);
		} else if (IsPlausibleZoneName(spec)) {
			const std::string bytes =
				TryReadFile(ZoneInfoDirectory() + "/" + std::string(spec));
			if (bytes.starts_with("TZif"))
				return FromTzFile(std::string(spec), bytes);
		}
		if (auto rule = ParsePosixTz(spec)) {
			auto data = std::make_shared<TzData>();
			data->initial_offset = rule->std_offset;
			data->rule = rule;
			return {std::move(data), std::string(spec)};
		}
	} catch (...) {
		// Unusable local setting: UTC, as the C library does.
	}
	return {};
}

ZoneSegment
TimeZone::SegmentAt(int64_t t) const noexcept
{
	if (data_ == nullptr)
		return {kZoneTimeMin, kZoneTimeMax, 0};
	const auto &transitions = data_->transitions;
	const auto next = std::upper_bound(transitions.begin(), transitions.end(), t);
	if (next == transitions.begin()) {
		if (transitions.empty() && data_->rule)
			return osprey::SegmentAt(*data_->rule, t);
		return {kZoneTimeMin, transitions.empty() ? kZoneTimeMax : transitions.front(),
			data_->initial_offset};
	}
	const auto i = std::size_t(next - transitions.begin()) - 1;
	if (next != transitions.end())
		return {transitions[i], *next, data_->offsets[i]};
	if (!data_->rule)
		return {transitions[i], kZoneTimeMax, data_->offsets[i]};
	// Past the table, the footer rule takes over; its segment must not reach
	// back before the last listed transition.
	ZoneSegment segment = osprey::SegmentAt(*data_->rule, t);
	segment.begin = std::max(segment.begin, transitions[i]);
	return segment;
}

} // namespace osprey
