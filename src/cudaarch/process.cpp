// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/process.hpp"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdlib>
#include <cstring>

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace cudaarch {

namespace {

using Clock = std::chrono::steady_clock;
using Deadline = std::optional<Clock::time_point>;

// poll()'s timeout: -1 (none) without a deadline, else the milliseconds left, 0 once it has passed.
int milliseconds_left(const Deadline& deadline) {
    if (!deadline) return -1;
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(*deadline - Clock::now()).count();
    return static_cast<int>(std::clamp<decltype(left)>(left, 0, INT_MAX));
}

// Reads both pipes together, so a chatty stderr cannot block stdout, until both are closed or
// the deadline has passed (false). Closes them either way.
bool drain(int out_fd, int err_fd, std::string& out, std::string& err, const Deadline& deadline) {
    pollfd fds[2] = {{out_fd, POLLIN, 0}, {err_fd, POLLIN, 0}};
    std::string* sinks[2] = {&out, &err};
    int open_count = 2;
    bool in_time = true;
    char buffer[65536];
    while (open_count > 0) {
        const int wait = milliseconds_left(deadline);
        if (wait == 0) {
            in_time = false;
            break;
        }
        const int ready = poll(fds, 2, wait);
        if (ready < 0 && errno != EINTR) break;
        for (int k = 0; ready > 0 && k < 2; ++k) {
            if (fds[k].fd < 0 || !(fds[k].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            const ssize_t n = read(fds[k].fd, buffer, sizeof buffer);
            if (n > 0) {
                sinks[k]->append(buffer, static_cast<std::size_t>(n));
            } else if (n == 0 || errno != EINTR) {
                close(fds[k].fd);
                fds[k].fd = -1;
                --open_count;
            }
        }
    }
    for (const pollfd& p : fds) {
        if (p.fd >= 0) close(p.fd);
    }
    return in_time;
}

// Waits for the program to end, at most until the deadline (false: it still runs). A program
// may close its pipes and go on running, so the pipes' end is not its end.
bool reap(pid_t pid, int& status, const Deadline& deadline) {
    for (;;) {
        const pid_t done = waitpid(pid, &status, deadline ? WNOHANG : 0);
        if (done == pid || (done < 0 && errno != EINTR)) return true;
        if (done == 0) {
            const int wait = milliseconds_left(deadline);
            if (wait == 0) return false;
            poll(nullptr, 0, std::min(wait, 10));  // a sleep: no signal handler to wake us
        }
    }
}

}  // namespace

Result<ProcessOutput> run_process(const std::vector<std::string>& argv, std::optional<std::chrono::milliseconds> limit) {
    if (argv.empty()) return Error{"no program to run"};
    int out_pipe[2];
    int err_pipe[2];
    if (pipe2(out_pipe, O_CLOEXEC) != 0) return Error{std::string("pipe: ") + std::strerror(errno)};
    if (pipe2(err_pipe, O_CLOEXEC) != 0) {
        close(out_pipe[0]);
        close(out_pipe[1]);
        return Error{std::string("pipe: ") + std::strerror(errno)};
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out_pipe[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, err_pipe[1], STDERR_FILENO);
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_t pid = 0;
    const int spawned = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    close(out_pipe[1]);
    close(err_pipe[1]);
    if (spawned != 0) {
        close(out_pipe[0]);
        close(err_pipe[0]);
        return Error{"cannot run " + argv[0] + ": " + std::strerror(spawned)};
    }
    const Deadline deadline = limit ? Deadline(Clock::now() + *limit) : std::nullopt;
    ProcessOutput result;
    int status = 0;
    if (!drain(out_pipe[0], err_pipe[0], result.out, result.err, deadline) || !reap(pid, status, deadline)) {
        kill(pid, SIGKILL);
        reap(pid, status, std::nullopt);
        result.timed_out = true;
    }
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    result.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    return result;
}

Result<int> run_attached(const std::vector<std::string>& argv) {
    if (argv.empty()) return Error{"no program to run"};
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_t pid = 0;
    const int spawned = posix_spawnp(&pid, args[0], nullptr, nullptr, args.data(), environ);
    if (spawned != 0) return Error{"cannot run " + argv[0] + ": " + std::strerror(spawned)};
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

std::string find_in_path(const std::string& name) {
    const char* path = std::getenv("PATH");
    if (!path) return {};
    std::string dirs(path);
    std::size_t start = 0;
    while (start <= dirs.size()) {
        std::size_t end = dirs.find(':', start);
        if (end == std::string::npos) end = dirs.size();
        const std::string dir = end > start ? dirs.substr(start, end - start) : ".";
        const std::string candidate = dir + "/" + name;
        if (access(candidate.c_str(), X_OK) == 0) return candidate;
        start = end + 1;
    }
    return {};
}

}  // namespace cudaarch
