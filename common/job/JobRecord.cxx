#include "JobRecord.hxx"
#include "config/Names.hxx"
#include "json/Parse.hxx"
#include "json/Serialize.hxx"
#include "lib/posix/DirectoryReader.hxx"
#include "util/File.hxx"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <mutex>
#include <random>
#include <stdexcept>

namespace osprey {

static constexpr std::array<EnumName<JobState>, 13> state_names{{
	{"awaiting_approval", JobState::AwaitingApproval}, {"queued", JobState::Queued},
	{"starting", JobState::Starting},
	{"preparing", JobState::Preparing}, {"running", JobState::Running},
	{"succeeded", JobState::Succeeded}, {"failed", JobState::Failed},
	{"timed_out", JobState::TimedOut}, {"ignored", JobState::Ignored},
	{"rejected", JobState::Rejected}, {"expired", JobState::Expired},
	{"cancelled", JobState::Cancelled}, {"interrupted", JobState::Interrupted},
}};

std::string_view
Name(JobState state) noexcept
{
	return NameOf(state_names, state);
}

std::optional<JobState>
ParseJobState(std::string_view name) noexcept
{
	for (const auto &e : state_names)
		if (e.name == name)
			return e.value;
	return std::nullopt;
}

bool
IsTerminal(JobState state) noexcept
{
	return !IsWaiting(state) && !IsLive(state);
}

bool
IsWaiting(JobState state) noexcept
{
	return state == JobState::AwaitingApproval || state == JobState::Queued;
}

bool
IsLive(JobState state) noexcept
{
	return state == JobState::Starting || state == JobState::Preparing ||
		state == JobState::Running;
}

std::string
ToJson(const JobRecord &r)
{
	auto str = [](const std::string &s) { return json::Value::String(s); };
	json::Members m{
		{"id", str(r.id)}, {"pipeline", str(r.pipeline)}, {"trigger", str(r.trigger)},
		{"state", str(std::string(Name(r.state)))},
		{"created", str(r.created)}, {"updated", str(r.updated)},
		{"started", str(r.started)}, {"finished", str(r.finished)},
		{"container", str(r.container)},
		{"exit_code", r.exit_code ? json::Value::Number(std::int64_t(*r.exit_code)) : json::Value()},
		{"reason", str(r.reason)}, {"decided_by", str(r.decided_by)},
		{"timeout_ms", json::Value::Number(std::int64_t(r.timeout.count()))},
		{"approval", json::Value(r.approval)},
	};
	if (r.agent)
		m.emplace_back("agent", ToJsonValue(*r.agent));
	return json::Serialize(json::Value::MakeObject(std::move(m)));
}

JobRecord
ParseJobRecord(std::string_view text)
{
	const auto root = json::Parse(text);
	if (!root.IsObject())
		throw std::runtime_error("job record is not a JSON object");
	auto str = [&](std::string_view key) -> std::string {
		const auto *v = root.Find(key);
		return v != nullptr && v->IsString() ? v->GetText() : std::string();
	};
	JobRecord r;
	r.id = str("id");
	r.pipeline = str("pipeline");
	r.trigger = str("trigger");
	const auto state = ParseJobState(str("state"));
	if (r.id.empty() || !state)
		throw std::runtime_error("job record lacks an id or a valid state");
	r.state = *state;
	r.created = str("created");
	r.updated = str("updated");
	r.started = str("started");
	r.finished = str("finished");
	r.container = str("container");
	if (const auto *v = root.Find("exit_code"); v != nullptr && v->ToInt64())
		r.exit_code = static_cast<int>(*v->ToInt64());
	r.reason = str("reason");
	r.decided_by = str("decided_by");
	if (const auto *v = root.Find("timeout_ms"); v != nullptr && v->ToInt64())
		r.timeout = std::chrono::milliseconds(*v->ToInt64());
	if (const auto *v = root.Find("approval"); v != nullptr && v->IsBool())
		r.approval = v->GetBool();
	if (const auto *v = root.Find("agent"); v != nullptr && v->IsObject())
		r.agent = ParseAgentReport(*v);
	return r;
}

static std::string
IdPrefix(std::chrono::system_clock::time_point time)
{
	const auto t = std::chrono::system_clock::to_time_t(time);
	std::tm tm;
	::gmtime_r(&t, &tm);
	char prefix[64];
	std::snprintf(prefix, sizeof(prefix), "%04d%02d%02d-%02d%02d%02d-", tm.tm_year + 1900,
		      tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec);
	return prefix;
}

std::string
NewJobId()
{
	static std::mutex mutex;
	static std::mt19937_64 random{std::random_device{}()};
	static std::string last;

	const auto now = std::chrono::system_clock::now();
	const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
		now.time_since_epoch()).count() % 1000;
	const std::lock_guard lock(mutex);
	auto suffix = static_cast<std::uint32_t>(ms) << 22 |
		static_cast<std::uint32_t>(random() & 0x3fffff);
	auto prefix = IdPrefix(now);
	/* the clock may repeat a millisecond, or step back: never go below
	   the last id, so that ids sort in the order the jobs came */
	if (!last.empty() && prefix + "00000000" <= last) {
		prefix = last.substr(0, 16);
		suffix = static_cast<std::uint32_t>(std::stoul(last.substr(16), nullptr, 16)) + 1;
	}
	char hex[9];
	std::snprintf(hex, sizeof(hex), "%08x", suffix);
	last = prefix + hex;
	return last;
}

std::string
NewJobIdAt(std::chrono::system_clock::time_point time)
{
	return IdPrefix(time) + "00000000";
}


bool
IsValidJobId(std::string_view id) noexcept
{
	// "YYYYMMDD-HHMMSS-xxxxxxxx"
	constexpr std::string_view shape = "dddddddd-dddddd-xxxxxxxx";
	if (id.size() != shape.size())
		return false;
	for (std::size_t i = 0; i < id.size(); ++i) {
		const char c = id[i];
		const bool digit = c >= '0' && c <= '9';
		const bool ok = shape[i] == '-' ? c == '-'
			: shape[i] == 'd' ? digit
			: digit || (c >= 'a' && c <= 'f');
		if (!ok)
			return false;
	}
	return true;
}

void
SaveJobRecord(const JobFiles &files, const JobRecord &record, bool durable)
{
	WriteFileAtomic(files.Record(), ToJson(record) + "\n", 0600,
			durable ? Durability::Synced : Durability::Lazy);
}

JobRecord
LoadJobRecord(const JobFiles &files)
{
	return ParseJobRecord(ReadFile(files.Record()));
}

std::vector<std::string>
ListJobIds(const std::string &jobs_dir)
{
	std::vector<std::string> ids;
	DirectoryReader dir(jobs_dir);
	while (const char *name = dir.Next())
		if (name[0] != '.')
			ids.emplace_back(name);
	std::sort(ids.begin(), ids.end());
	return ids;
}

} // namespace osprey
