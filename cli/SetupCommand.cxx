// osprey setup: config.yaml and the global .env.
#include "Command.hxx"
#include "Output.hxx"
#include "Prompter.hxx"
#include "config/Configuration.hxx"
#include "config/Names.hxx"
#include "config/Path.hxx"
#include "secrets/DotEnv.hxx"
#include "util/File.hxx"
#include "util/Text.hxx"

#include <array>
#include <charconv>
#include <cstdio>
#include <netdb.h>
#include <sys/socket.h>
#include <sys/stat.h>

namespace osprey::cli {

static constexpr std::array<OptionSpec, 20> options{{
	{"host", true, "ADDRESS  interface to listen on (default 0.0.0.0)"},
	{"port", true, "PORT  HTTP port (default 8080)"},
	{"public-url", true, "URL  base URL senders reach Osprey at"},
	{"channel", true, "TYPE  telegram, slack, webhook or stdout"},
	{"telegram-bot-token", true, "TOKEN  Telegram bot token (- reads standard input)"},
	{"telegram-chat-id", true, "ID  Telegram chat id (negative for groups)"},
	{"telegram-allowed-users", true, "IDS  comma-separated user ids who may approve"},
	{"slack-bot-token", true, "TOKEN  Slack bot token xoxb-... (- reads standard input)"},
	{"slack-app-token", true, "TOKEN  Slack app token xapp-... (- reads standard input)"},
	{"slack-channel-id", true, "ID  Slack channel id (C...)"},
	{"slack-allowed-users", true, "IDS  comma-separated Slack user ids who may approve"},
	{"webhook-url", true, "URL  where the webhook channel POSTs notifications"},
	{"agent", true, "TYPE  claude-code or opencode (default claude-code)"},
	{"auth", true, "METHOD  oauth or api_key (claude-code); none or api-key (opencode)"},
	{"oauth-path", true, "DIR  Claude Code session directory (default ~/.claude)"},
	{"provider", true, "NAME  anthropic, openai or google (opencode with api-key)"},
	{"api-key", true, "KEY  the model provider's API key (- reads standard input)"},
	{"max-concurrent", true, "N  agent containers at once (default 3)"},
	{"socket", true, "PATH  container engine socket (default /var/run/docker.sock)"},
	{"force", false, "replace an existing config.yaml and .env values"},
}};
const std::span<const OptionSpec> setup_options = options;

static std::string
CheckNumber(const std::string &s)
{
	long long n;
	const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
	if (s.empty() || ec != std::errc() || end != s.data() + s.size())
		return "expected a whole number";
	return {};
}

static Prompter::Check
CheckRange(long long min, long long max)
{
	return [=](const std::string &s) {
		if (auto problem = CheckNumber(s); !problem.empty())
			return problem;
		const auto n = std::stoll(s);
		if (n < min || n > max)
			return "must be between " + std::to_string(min) + " and " + std::to_string(max);
		return std::string();
	};
}

static std::string
CheckIdList(const std::string &s)
{
	for (const auto part : Split(s, ','))
		if (!CheckNumber(std::string(Trim(part))).empty())
			return "expected comma-separated numeric user ids";
	return {};
}

static std::string
YamlList(const std::string &csv, bool quote)
{
	std::string out;
	for (const auto part : Split(csv, ',')) {
		const auto item = Trim(part);
		if (item.empty())
			continue;
		out += (out.empty() ? "" : ", ") + (quote ? Quote(item) : std::string(item));
	}
	return "[" + out + "]";
}

/* An address, or a name this machine resolves: a typo here only shows
   when the daemon fails to bind. */
static std::string
CheckHost(const std::string &s)
{
	addrinfo hints{};
	hints.ai_socktype = SOCK_STREAM;
	addrinfo *result = nullptr;
	const int rc = ::getaddrinfo(s.c_str(), nullptr, &hints, &result);
	if (result != nullptr)
		::freeaddrinfo(result);
	return rc == 0 ? std::string() : "not an address, nor a name this machine resolves (" +
		std::string(::gai_strerror(rc)) + ")";
}

static std::string
CheckUrl(const std::string &s)
{
	return s.starts_with("http://") || s.starts_with("https://")
		? std::string() : "expected an http:// or https:// URL";
}

struct SetupResult {
	std::string yaml;
	std::vector<std::pair<std::string, std::string>> secrets;
};

/* The answers offered as defaults: Osprey's, or with --force the current
   config.yaml's, so that changing one setting means retyping none. */
struct Current {
	std::string host = "0.0.0.0", port = "8080", public_url, channel = "stdout", chat_id,
		slack_channel, webhook_url, telegram_users, slack_users, agent = "claude-code", auth, oauth_path = "~/.claude",
		max_concurrent = "3", socket = "/var/run/docker.sock";
	DotEnvMap secrets; // the global .env: a secret already there may be kept
};

static Current
ReadCurrent(const Home &home)
{
	Current c;
	Diagnostics ignored;
	const auto g = LoadGlobalConfig(home, LoadOptions{.redact = true, .lint = false}, ignored);
	c.host = g.server.host;
	c.port = std::to_string(g.server.port);
	c.public_url = g.server.public_url;
	if (g.default_channel.type)
		c.channel = std::string(Name(*g.default_channel.type));
	if (const auto &t = g.default_channel.telegram; t && t->chat_id != 0) {
		c.chat_id = std::to_string(t->chat_id);
		for (const auto id : t->allowed_users)
			c.telegram_users += (c.telegram_users.empty() ? "" : ", ") + std::to_string(id);
	}
	if (const auto &sl = g.default_channel.slack) {
		c.slack_channel = sl->channel_id;
		for (const auto &id : sl->allowed_users)
			c.slack_users += (c.slack_users.empty() ? "" : ", ") + id;
	}
	if (const auto &w = g.default_channel.webhook)
		c.webhook_url = w->url;
	c.agent = std::string(Name(g.agent.type));
	if (g.agent.type == AgentType::ClaudeCode)
		c.auth = std::string(Name(g.agent.claude_code.auth));
	c.oauth_path = g.agent.claude_code.oauth_path;
	c.max_concurrent = std::to_string(g.container.max_concurrent);
	c.socket = g.container.socket;
	try {
		c.secrets = ToMap(LoadDotEnv(home.GlobalDotEnv(), home.Display(home.GlobalDotEnv())));
	} catch (const std::exception &) {
		/* a broken .env: every secret is asked again */
	}
	return c;
}

/* A secret to ask for, unless the current .env has it and none is given. */
static void
AskSecretOrKeep(Prompter &ask, const Current &current, SetupResult &r, std::string variable,
		std::string_view flag, std::string_view question)
{
	const bool have = current.secrets.contains(variable);
	auto value = ask.AskSecret(flag, std::string(question) + (have ? ", empty keeps the current one" : ""),
				   !have);
	if (!value.empty())
		r.secrets.emplace_back(std::move(variable), std::move(value));
}

static void
AskChannel(Prompter &ask, const Current &current, SetupResult &r)
{
	static constexpr std::array<std::string_view, 4> types{"telegram", "slack", "webhook", "stdout"};
	const auto type = ask.Choose("channel", "Where should notifications go?", types, current.channel);
	r.yaml += "defaults:\n  channel:\n    type: " + type + "\n";
	if (type == "telegram") {
		AskSecretOrKeep(ask, current, r, "TELEGRAM_BOT_TOKEN", "telegram-bot-token", "Telegram bot token");
		const auto chat = ask.Ask("telegram-chat-id", "Telegram chat id", current.chat_id, CheckNumber);
		const auto users = current.telegram_users.empty()
			? ask.AskOptional("telegram-allowed-users",
					  "User ids allowed to approve, comma-separated", CheckIdList)
			: ask.Ask("telegram-allowed-users", "User ids allowed to approve, comma-separated",
				  current.telegram_users, CheckIdList);
		r.yaml += "    telegram:\n      bot_token: ${TELEGRAM_BOT_TOKEN}\n      chat_id: " + chat + "\n";
		if (!users.empty())
			r.yaml += "      allowed_users: " + YamlList(users, false) + "\n";
	} else if (type == "slack") {
		AskSecretOrKeep(ask, current, r, "SLACK_BOT_TOKEN", "slack-bot-token", "Slack bot token (xoxb-...)");
		AskSecretOrKeep(ask, current, r, "SLACK_APP_TOKEN", "slack-app-token", "Slack app token (xapp-...)");
		const auto channel = ask.Ask("slack-channel-id", "Slack channel id", current.slack_channel, [](const std::string &s) {
			return s.starts_with('C') ? std::string() : "a channel id starts with C";
		});
		const auto users = current.slack_users.empty()
			? ask.AskOptional("slack-allowed-users", "Slack user ids allowed to approve, comma-separated")
			: ask.Ask("slack-allowed-users", "Slack user ids allowed to approve, comma-separated",
				  current.slack_users);
		r.yaml += "    slack:\n      bot_token: ${SLACK_BOT_TOKEN}\n      app_token: ${SLACK_APP_TOKEN}\n"
			"      channel_id: " + Quote(channel) + "\n";
		if (!users.empty())
			r.yaml += "      allowed_users: " + YamlList(users, true) + "\n";
	} else if (type == "webhook") {
		const auto url = ask.Ask("webhook-url", "URL to POST notifications to", current.webhook_url, CheckUrl);
		r.yaml += "    webhook:\n      url: " + Quote(url) + "\n";
	}
}

static void
AskAgent(Prompter &ask, const Args &args, const Home &home, const Current &current, SetupResult &r)
{
	static constexpr std::array<std::string_view, 2> types{"claude-code", "opencode"};
	const auto type = ask.Choose("agent", "Which agent runs the jobs?", types, current.agent);
	r.yaml += "  agent:\n    type: " + type + "\n    " + type + ":\n";
	if (type == "claude-code") {
		static constexpr std::array<std::string_view, 2> auths{"oauth", "api_key"};
		/* without a session to mount, oauth would fail every job */
		const bool signed_in = PathExists(ExpandHome(current.oauth_path, home.UserHome()));
		if (!signed_in && !args.Has("auth"))
			std::printf("No Claude Code session in %s on this machine: api_key "
				    "(an Anthropic API key) is proposed; choose oauth after `claude` "
				    "has signed in here.\n", current.oauth_path.c_str());
		const auto auth = ask.Choose("auth", "How does Claude Code sign in?", auths,
					     !signed_in ? "api_key"
					     : !current.auth.empty() ? current.auth : "oauth");
		r.yaml += "      auth: " + auth + "\n";
		if (auth == "oauth") {
			const auto path = ask.Ask("oauth-path", "Claude Code session directory", current.oauth_path);
			r.yaml += "      oauth_path: " + Quote(path) + "\n";
			if (!PathExists(ExpandHome(path, home.UserHome())))
				std::fprintf(stderr, "osprey: note: %s does not exist yet; sign in with "
					     "`claude` on this machine first\n", path.c_str());
		} else {
			AskSecretOrKeep(ask, current, r, "ANTHROPIC_API_KEY", "api-key", "Anthropic API key");
		}
	} else {
		static constexpr std::array<std::string_view, 2> auths{"none", "api-key"};
		const auto auth = ask.Choose("auth", "How does OpenCode authenticate?", auths, "none");
		r.yaml += "      auth: " + auth + "\n";
		if (auth == "api-key") {
			static constexpr std::array<std::string_view, 3> providers{"anthropic", "openai", "google"};
			const auto provider = ask.Choose("provider", "Model provider", providers, "anthropic");
			r.yaml += "      provider: " + provider + "\n";
			const auto variable = provider == "anthropic" ? "ANTHROPIC_API_KEY"
				: provider == "openai" ? "OPENAI_API_KEY" : "GOOGLE_GENERATIVE_AI_API_KEY";
			AskSecretOrKeep(ask, current, r, variable, "api-key", "API key");
		}
	}
}

int
RunSetup(const Args &args)
{
	args.ExpectPositionals(0, "");
	const auto home = Home::FromEnvironment();
	const bool force = args.Has("force");
	if (PathExists(home.ConfigFile()) && !force)
		throw std::runtime_error(home.ConfigFile() + " already exists; edit it, or run "
					 "`osprey setup --force` to replace it");

	Prompter ask(args);
	if (ask.Interactive())
		std::printf("Setting up Osprey in %s\n\n", home.Root().c_str());
	const auto current = force && PathExists(home.ConfigFile()) ? ReadCurrent(home) : Current{};

	SetupResult r;
	r.yaml = "# Osprey's machine-wide settings; see osprey-config(5).\n"
		 "# Secrets live in .env beside this file and are referenced as ${VAR}.\n"
		 "version: 1\n\nserver:\n";
	r.yaml += "  host: " + Quote(ask.Ask("host", "Listen on address", current.host, CheckHost)) + "\n";
	r.yaml += "  port: " + ask.Ask("port", "HTTP port", current.port, CheckRange(1, 65535)) + "\n";
	if (const auto url = current.public_url.empty()
		    ? ask.AskOptional("public-url", "Public base URL for webhooks", CheckUrl)
		    : ask.Ask("public-url", "Public base URL for webhooks", current.public_url, CheckUrl);
	    !url.empty())
		r.yaml += "  public_url: " + Quote(url) + "\n";
	r.yaml += "\n";
	AskChannel(ask, current, r);
	AskAgent(ask, args, home, current, r);
	const auto socket = ask.Ask("socket", "Container engine socket", current.socket);
	r.yaml += "\ncontainer:\n  max_concurrent: " +
		ask.Ask("max-concurrent", "Agent containers at once", current.max_concurrent, CheckRange(1, 1000)) + "\n" +
		"  default_timeout: 15m\n  socket: " + Quote(socket) + "\n";
	if (struct stat st; ::stat(socket.c_str(), &st) != 0 || !S_ISSOCK(st.st_mode))
		std::fprintf(stderr, "osprey: note: no container engine listens at %s yet; start "
			     "Docker, or Podman's service (podman system service), before jobs run\n",
			     socket.c_str());

	for (const auto &[key, value] : r.secrets)
		if (value.find('\n') != std::string::npos)
			throw std::runtime_error(key + " must be a single line");

	MakeDirectories(home.Root(), 0700);
	MakeDirectories(home.PipelinesDir(), 0700);
	UpdateDotEnvFile(home.GlobalDotEnv(), r.secrets, force);
	WriteFileAtomic(home.ConfigFile(), r.yaml, 0600);

	std::printf("Wrote %s\n", home.ConfigFile().c_str());
	if (!r.secrets.empty())
		std::printf("Wrote %zu secret(s) to %s (mode 0600)\n", r.secrets.size(),
			    home.GlobalDotEnv().c_str());
	std::printf("Next: `osprey construct <name>` to create a pipeline, `osprey doctor` to check.\n");
	return 0;
}

} // namespace osprey::cli
