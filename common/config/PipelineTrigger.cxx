#include "PipelineSections.hxx"
#include "Path.hxx"
#include "Section.hxx"
#include "SignatureVendor.hxx"
#include "cron/CronSchedule.hxx"
#include "util/Text.hxx"

#include <sys/stat.h>

namespace osprey {

/* Paths the daemon answers itself. */
static bool
IsReservedPath(std::string_view path) noexcept
{
	return path == "/healthz" || path == "/metrics";
}

/* On the value after substitution: "${HOOK_PATH}" is checked as what it
   stands for. */
static void
CheckWebhookPath(Section &s, const ConfigValue &v)
{
	const auto &p = v.value;
	const std::string substituted = v.from_variable ? " (after substitution)" : "";
	if (!p.starts_with('/'))
		s.Error(v.mark, v.field, "must start with \"/\"" + substituted);
	else if (p.find_first_of(" \t\r\n?#") != std::string::npos)
		s.Error(v.mark, v.field, "must be a plain URL path without spaces, \"?\" or \"#\"" +
			substituted);
	else if (IsReservedPath(p))
		s.Error(v.mark, v.field, Quote(p) + " is reserved for the daemon itself");
}

void
ReadTrigger(Section &root, Trigger &trigger)
{
	auto s = root.Child({"trigger"});
	if (!s.Present()) {
		root.Error(root.Mark(), "trigger",
			   "missing: every pipeline has one trigger, \"type: webhook\" with a path "
			   "or \"type: cron\" with a schedule");
		return;
	}

	const bool has_type = s.Find({"type"}) != nullptr;
	const auto type = s.Enum({"type"}, trigger_type_names);
	if (!has_type)
		s.Error(s.Mark(), s.FieldPath("type"), "missing: \"webhook\" or \"cron\"");
	if (type)
		trigger.type = *type;

	/* the path is registered when the daemon starts: it is resolved then,
	   and it is no secret (list and start print it) */
	const bool has_path = s.Find({"path"}) != nullptr;
	auto path = s.ResolvedString({"path"});
	auto cron = s.String({"cron"});
	auto timezone = s.String({"timezone"});
	const bool has_secret = s.Find({"secret"}) != nullptr;
	if (auto v = s.Secret({"secret"}, "an empty secret would accept unsigned requests; "
			      "to turn verification off, remove secret and signature_header"))
		trigger.secret = v->value;
	/* written empty, it turns verification off (the contract), with a
	   warning below; emptied by a .env edit, it is surely a mistake */
	auto header = s.ResolvedString({"signature_header"});
	const bool empty_header = header && header->from_variable && Trim(header->value).empty();
	if (empty_header)
		s.Error(header->mark, header->field, "is set from an empty variable: an empty header "
			"name would accept unsigned requests; to turn verification off, remove "
			"secret and signature_header");
	else if (header)
		trigger.signature_header = header->value;
	if (auto v = s.String({"signature_prefix"}))
		trigger.signature_prefix = v->value;
	/* a template, parsed by CheckTemplates() with the others */
	const auto filter = s.String({"filter"});
	if (filter)
		trigger.filter = filter->value;
	if (auto v = s.String({"public_url"})) {
		if (!v->value.starts_with("http://") && !v->value.starts_with("https://"))
			s.Error(v->mark, v->field, "must start with http:// or https://");
		trigger.public_url = v->value;
	}

	if (type == TriggerType::Webhook) {
		if (!has_path)
			s.Error(s.Mark(), s.FieldPath("path"),
				"missing: a webhook trigger needs a URL path such as /hooks/deploy");
		else if (path) {
			CheckWebhookPath(s, *path);
			trigger.path = path->value;
			trigger.mark = path->mark;
		}
		if (cron)
			s.Error(cron->mark, cron->field, "only for cron triggers (type is webhook)");
		if (!trigger.secret.empty() && trigger.signature_header.empty() && !empty_header)
			s.Warning(s.Mark(), s.FieldPath("secret"),
				  "set without signature_header, so signatures are NOT verified; "
				  "add signature_header (e.g. X-Hub-Signature-256)");
		if (header && !has_secret)
			s.Warning(header->mark, header->field,
				  "set without secret, so signatures are NOT verified");
		else if (header)
			if (auto advice = SignatureVendorAdvice(trigger.signature_header,
								trigger.signature_prefix))
				s.Warning(header->mark, header->field, Quote(header->value) + " " + *advice);
	} else if (type == TriggerType::Cron) {
		if (!cron) {
			s.Error(s.Mark(), s.FieldPath("cron"),
				"missing: a cron trigger needs a schedule such as \"0 9 * * 1-5\"");
		} else {
			trigger.cron = cron->value;
			trigger.mark = cron->mark;
			/* the zone on its own, so a bad zone and a bad schedule are
			   both reported, each at its own line */
			std::optional<TimeZone> zone;
			if (timezone) {
				trigger.timezone = timezone->value;
				try {
					zone = TimeZone::Locate(timezone->value);
				} catch (const std::exception &e) {
					s.Error(timezone->mark, timezone->field, e.what());
				}
			}
			try {
				trigger.schedule = std::make_shared<const CronSchedule>(
					CronSchedule::Parse(cron->value, zone ? *zone : TimeZone::Local()));
			} catch (const std::invalid_argument &e) {
				s.Error(cron->mark, cron->field, e.what());
			}
		}
		if (path)
			s.Error(path->mark, path->field, "only for webhook triggers (type is cron)");
		if (has_secret || header)
			s.Warning(s.Mark(), s.FieldPath("secret"),
				  "signatures apply to webhook triggers only; ignored for cron");
	}
	if (timezone && type != TriggerType::Cron)
		s.Error(timezone->mark, timezone->field, "only for cron triggers");
	if (filter && type == TriggerType::Cron)
		s.Error(filter->mark, filter->field, "only for webhook triggers: a cron tick has "
			"no payload to filter on");
	else if (filter && Trim(filter->value).empty())
		s.Error(filter->mark, filter->field, "is empty: it would filter out every event; "
			"remove it to start a job for every event");
	s.Finish();
}

void
ReadWorkspace(Section &root, Workspace &workspace, const HostPaths &host)
{
	auto s = root.Child({"workspace"});
	if (!s.Present()) {
		root.Error(root.Mark(), "workspace",
			   "missing: where the agent works, e.g. \"type: none\", \"type: local\" "
			   "with a path, or \"type: git-clone\" with a repo");
		return;
	}
	const bool has_type = s.Find({"type"}) != nullptr;
	const auto type = s.Enum({"type"}, workspace_type_names);
	if (!has_type)
		s.Error(s.Mark(), s.FieldPath("type"),
			"missing: \"git-clone\", \"git-worktree\", \"local\" or \"none\"");
	if (type)
		workspace.type = *type;

	/* repo and ref are templates: ${VAR} now, {{ }} per job */
	const auto repo = s.String({"repo"});
	const auto ref = s.String({"ref"});
	const auto path = s.String({"path"});
	const auto allowed_repos = s.StringList({"allowed_repos"});
	const bool git = type == WorkspaceType::GitClone || type == WorkspaceType::GitWorktree;

	if (git) {
		if (!repo)
			s.Error(s.Mark(), s.FieldPath("repo"), "missing: the repository URL to " +
				std::string(type == WorkspaceType::GitClone ? "clone" : "make worktrees from"));
		else
			workspace.repo = repo->value;
		if (ref)
			workspace.ref = ref->value;
		for (const auto &pattern : allowed_repos)
			if (pattern.value.empty())
				s.Error(pattern.mark, pattern.field, "an empty pattern matches nothing");
			else
				workspace.allowed_repos.push_back(pattern.value);
	} else if (type) {
		for (const auto *v : {&repo, &ref})
			if (*v)
				s.Error((*v)->mark, (*v)->field,
					"only for git-clone and git-worktree workspaces");
		if (!allowed_repos.empty())
			s.Error(allowed_repos.front().mark, s.FieldPath("allowed_repos"),
				"only for git-clone and git-worktree workspaces");
	}

	if (type == WorkspaceType::Local) {
		if (!path)
			s.Error(s.Mark(), s.FieldPath("path"), "missing: the host directory to mount");
		else if (const auto p = ExpandHome(path->value, host.user_home); !p.starts_with('/'))
			s.Error(path->mark, path->field, "must be an absolute path (or start with ~/)");
		else if (const auto blocked = BlockedMountReason(p, host))
			s.Error(path->mark, path->field, *blocked);
		else if (struct stat st; ::stat(p.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
			s.Error(path->mark, path->field, Quote(p) + " does not exist or is not a directory");
		else
			workspace.path = NormalizePath(p);
	} else if (path && type) {
		s.Error(path->mark, path->field, "only for local workspaces");
	}
	s.Finish();
}

} // namespace osprey
