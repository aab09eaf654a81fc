#include "WorkerFixture.hxx"
#include "engine/EngineClient.hxx"
#include "lib/curl/Global.hxx"
#include "util/File.hxx"

#include <arpa/inet.h>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <netinet/in.h>
#include <filesystem>
#include <poll.h>
#include <stdexcept>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

namespace osprey::test {

std::string
RequiredEnv(const char *name)
{
	const char *value = std::getenv(name);
	if (value == nullptr || *value == '\0')
		throw std::runtime_error(std::string(name) + " is not set: run these tests with meson test, "
					 "whose wrapper starts a private engine and names the worker");
	return value;
}

LoopbackListener::LoopbackListener()
{
	fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	sockaddr_in address{};
	address.sin_family = AF_INET;
	address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	socklen_t length = sizeof(address);
	if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof(address)) < 0 ||
	    ::listen(fd, 8) < 0 ||
	    ::getsockname(fd, reinterpret_cast<sockaddr *>(&address), &length) < 0)
		throw std::runtime_error("cannot listen on 127.0.0.1");
	port = ntohs(address.sin_port);
}

bool
LoopbackListener::WaitForClient(int timeout_ms) const
{
	pollfd pfd{fd, POLLIN, 0};
	return fd >= 0 && ::poll(&pfd, 1, timeout_ms) == 1;
}

int
LoopbackListener::Accept() const
{
	return ::accept4(fd, nullptr, nullptr, SOCK_CLOEXEC);
}

void
LoopbackListener::Close() noexcept
{
	if (fd >= 0)
		::close(fd);
	fd = -1;
}

ScratchDir::ScratchDir()
{
	char tmpl[] = "/tmp/osprey-wt.XXXXXX";
	if (::mkdtemp(tmpl) == nullptr)
		throw std::runtime_error("mkdtemp failed");
	path = tmpl;
}

ScratchDir::~ScratchDir() noexcept
{
	std::error_code ignored;
	std::filesystem::remove_all(path, ignored);
}

std::string
Run(const std::vector<std::string> &argv, const std::string &cwd)
{
	int out[2];
	if (::pipe2(out, O_CLOEXEC) < 0)
		throw std::runtime_error("pipe failed");
	const pid_t pid = ::fork();
	if (pid == 0) {
		::dup2(out[1], 1);
		if (!cwd.empty() && ::chdir(cwd.c_str()) < 0)
			::_exit(126);
		std::vector<char *> args;
		for (const auto &a : argv)
			args.push_back(const_cast<char *>(a.c_str()));
		args.push_back(nullptr);
		::execvp(args[0], args.data());
		::_exit(127);
	}
	::close(out[1]);
	std::string output;
	char buffer[4096];
	ssize_t n;
	while ((n = ::read(out[0], buffer, sizeof(buffer))) > 0)
		output.append(buffer, static_cast<std::size_t>(n));
	::close(out[0]);
	int status;
	::waitpid(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		std::string shown;
		for (const auto &a : argv)
			shown += a + " ";
		throw std::runtime_error("command failed: " + shown);
	}
	return output;
}

static std::string
Git(const std::string &dir, std::vector<std::string> args)
{
	args.insert(args.begin(), {"git", "-c", "user.name=Test", "-c", "user.email=t@example.org",
				   "-C", dir});
	return Run(args);
}

std::string
MakeRepository(const std::string &dir)
{
	Run({"git", "init", "--quiet", "--initial-branch=main", dir});
	WriteFileAtomic(dir + "/hello.txt", "hello from main\n");
	Git(dir, {"add", "hello.txt"});
	Git(dir, {"commit", "--quiet", "-m", "first"});
	Git(dir, {"tag", "v1"});
	const std::string main_commit = Git(dir, {"rev-parse", "HEAD"}).substr(0, 40);
	Git(dir, {"checkout", "--quiet", "-b", "feature"});
	WriteFileAtomic(dir + "/feature.txt", "on the feature branch\n");
	Git(dir, {"add", "feature.txt"});
	Git(dir, {"commit", "--quiet", "-m", "feature"});
	Git(dir, {"checkout", "--quiet", "main"});
	return main_commit;
}

WorkerJob
MakeJob(const std::string &scratch, const std::string &prompt)
{
	static int counter = 0;
	WorkerJob job;
	job.job_id = "wt-" + std::to_string(::getpid()) + "-" + std::to_string(++counter);
	job.pipeline = "worker-test";
	job.job_dir = scratch + "/job";
	job.cache_dir = scratch + "/cache";
	job.engine_socket = RequiredEnv("OSPREY_TEST_ENGINE_SOCKET");
	job.image = kWorkerTestImage;
	job.user = "1000:1000";
	job.network = "none";
	job.ulimits = {{"nofile", 1024, 20000}, {"nproc", 1000, 1000}};
	job.stop_grace = std::chrono::seconds(5);
	job.env = {{"ANTHROPIC_API_KEY", "sk-test-secret-value"}};
	job.agent = AgentType::ClaudeCode;
	job.auth = AgentAuth::ApiKey;
	job.workspace = WorkspaceType::None;
	MakeDirectories(job.job_dir, 0700);
	/* private, as a careful supervisor writes it: the worker makes it readable */
	WriteFileAtomic(job.job_dir + "/prompt.md", prompt, 0600);
	return job;
}

std::size_t
ContainersOfJob(const std::string &job_id)
{
	static CurlGlobal curl_global;
	const EngineClient engine(RequiredEnv("OSPREY_TEST_ENGINE_SOCKET"));
	return engine.ListContainers({std::string(kJobLabel) + "=" + job_id}).size();
}

std::string
ReadOr(const std::string &path)
{
	try {
		return ReadFile(path);
	} catch (...) {
		return {};
	}
}

bool
Contains(const std::string &haystack, const std::string &needle)
{
	return haystack.find(needle) != std::string::npos;
}

} // namespace osprey::test
