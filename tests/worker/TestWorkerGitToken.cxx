// Integration: a token in an http(s) repository URL authenticates a real
// clone (git's dumb HTTP protocol, served by the test) as a header from
// git's environment, and the clone the agent sees does not keep it.
#include "WorkerFixture.hxx"
#include "util/File.hxx"
#include "workspace/GitCredentials.hxx"

#include <doctest/doctest.h>

#include <atomic>
#include <mutex>
#include <thread>
#include <unistd.h>

using namespace osprey;
using namespace osprey::test;
using Kind = WorkerEvent::Kind;

namespace {

/* A dumb-protocol git server: static files of a bare repository over
   HTTP/1.0, one request per connection, remembering the requests' headers. */
class DumbGitServer {
	LoopbackListener listener;
	std::string root;
	std::thread thread;
	std::atomic<bool> done{false};
	std::mutex mutex;
	std::string requests;

public:
	explicit DumbGitServer(std::string _root) : root(std::move(_root)) {
		thread = std::thread([this] { Serve(); });
	}
	~DumbGitServer() {
		done = true;
		thread.join();
	}
	int Port() const noexcept { return listener.Port(); }
	std::string Requests() {
		const std::lock_guard lock(mutex);
		return requests;
	}

private:
	void Serve() {
		while (!done) {
			if (!listener.WaitForClient(100))
				continue;
			const int client = listener.Accept();
			if (client < 0)
				continue;
			std::string request;
			char buffer[4096];
			ssize_t n;
			while (request.find("\r\n\r\n") == std::string::npos &&
			       (n = ::read(client, buffer, sizeof(buffer))) > 0)
				request.append(buffer, static_cast<std::size_t>(n));
			{
				const std::lock_guard lock(mutex);
				requests += request;
			}
			/* "GET /repo.git/info/refs?service=... HTTP/1.1" */
			std::string path = request.substr(4, request.find(' ', 4) - 4);
			path = path.substr(0, path.find('?'));
			const std::string body = path.find("..") == std::string::npos ? ReadOr(root + path) : "";
			const std::string head = body.empty() && !PathExists(root + path)
				? "HTTP/1.0 404 Not Found\r\nContent-Length: 0\r\n\r\n"
				: "HTTP/1.0 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: " +
					  std::to_string(body.size()) + "\r\n\r\n";
			const std::string answer = head + body;
			for (std::size_t sent = 0; sent < answer.size();) {
				const ssize_t w = ::write(client, answer.data() + sent, answer.size() - sent);
				if (w <= 0)
					break;
				sent += static_cast<std::size_t>(w);
			}
			::close(client);
		}
	}
};

} // namespace

TEST_CASE("An https-style token authenticates the clone and stays out of the clone's config")
{
	ScratchDir scratch;
	MakeRepository(scratch.Path() + "/work");
	Run({"git", "clone", "--quiet", "--bare", scratch.Path() + "/work", scratch.Path() + "/repo.git"});
	Run({"git", "-C", scratch.Path() + "/repo.git", "update-server-info"});
	DumbGitServer server(scratch.Path());

	WorkerJob job = MakeJob(scratch.Path(), "SLEEP 5\n");
	job.workspace = WorkspaceType::GitClone;
	job.repo = "http://x-access-token:tok3n-value@127.0.0.1:" + std::to_string(server.Port()) +
		   "/repo.git";
	WorkerProcess worker(job.job_dir);
	worker.Send(job);
	REQUIRE(worker.WaitFor(Kind::Running, std::chrono::seconds(60)));
	/* what the agent sees of the clone while it runs */
	const std::string config = ReadOr(job.job_dir + "/workspace/.git/config");
	const WorkerRun run = worker.Finish(std::chrono::seconds(60));
	INFO("worker.log:\n", ReadOr(job.job_dir + "/worker.log"));
	CHECK(run.exit_status == 0);
	CAPTURE(config);
	CHECK(Contains(config, "url = http://127.0.0.1:" + std::to_string(server.Port()) + "/repo.git\n"));
	CHECK_FALSE(Contains(config, "tok3n"));
	const std::string requests = server.Requests();
	CHECK(Contains(requests, "Authorization: Basic " + Base64("x-access-token:tok3n-value")));
	CHECK_FALSE(Contains(ReadOr(job.job_dir + "/worker.log"), "tok3n"));
}
