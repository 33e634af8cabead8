// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/process.hpp"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <utility>

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

enum class Drained { ended, deadline, too_large };

// Reads both pipes together, so a chatty stderr cannot block stdout, until both are closed, the
// deadline has passed or a pipe gave more than `output_limit` bytes. Closes them either way: a
// program killed later must not find a reader left.
Drained drain(int out_fd, int err_fd, std::string& out, std::string& err, const Deadline& deadline,
              std::uint64_t output_limit) {
    pollfd fds[2] = {{out_fd, POLLIN, 0}, {err_fd, POLLIN, 0}};
    std::string* sinks[2] = {&out, &err};
    int open_count = 2;
    Drained how = Drained::ended;
    char buffer[65536];
    while (open_count > 0 && how == Drained::ended) {
        const int wait = milliseconds_left(deadline);
        if (wait == 0) {
            how = Drained::deadline;
            break;
        }
        const int ready = poll(fds, 2, wait);
        if (ready < 0 && errno != EINTR) break;
        for (int k = 0; ready > 0 && k < 2; ++k) {
            if (fds[k].fd < 0 || !(fds[k].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            const ssize_t n = read(fds[k].fd, buffer, sizeof buffer);
            if (n > 0) {
                const std::uint64_t room = output_limit - std::min<std::uint64_t>(output_limit, sinks[k]->size());
                sinks[k]->append(buffer, static_cast<std::size_t>(std::min<std::uint64_t>(room, static_cast<std::uint64_t>(n))));
                if (static_cast<std::uint64_t>(n) > room) how = Drained::too_large;
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
    return how;
}

// Waits for the program to end, at most until the deadline (false: it still runs), and leaves
// it unreaped: while it is a zombie its pid, which is its group's id, cannot name another
// process, so its group can still be killed safely. A program may close its pipes and go on
// running, so the pipes' end is not its end.
bool wait_for_end(pid_t pid, const Deadline& deadline) {
    for (;;) {
        siginfo_t info{};
        const int done = waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOWAIT | (deadline ? WNOHANG : 0));
        if (done < 0 && errno == EINTR) continue;
        if (done < 0 || info.si_pid == pid) return true;
        const int wait = milliseconds_left(deadline);
        if (wait == 0) return false;
        poll(nullptr, 0, std::min(wait, 10));  // a sleep: no signal handler to wake us
    }
}

}  // namespace

Result<ProcessOutput> run_process(const std::vector<std::string>& argv, std::optional<std::chrono::milliseconds> limit,
                                  std::uint64_t output_limit) {
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
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, out_pipe[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, err_pipe[1], STDERR_FILENO);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attributes, 0);  // a group of its own, whose id is its pid
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_t pid = 0;
    const int spawned = posix_spawnp(&pid, args[0], &actions, &attributes, args.data(), environ);
    posix_spawnattr_destroy(&attributes);
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
    const Drained drained = drain(out_pipe[0], err_pipe[0], result.out, result.err, deadline, output_limit);
    result.too_large = drained == Drained::too_large;
    result.timed_out = drained == Drained::deadline || (drained == Drained::ended && !wait_for_end(pid, deadline));
    // The group goes whatever happened: what the program left running in it, or the program
    // itself when it is killed.
    kill(-pid, SIGKILL);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    result.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    return result;
}

std::string killed_by(int signal) {
    static constexpr std::pair<int, const char*> kNames[] = {
        {SIGHUP, "SIGHUP"},   {SIGINT, "SIGINT"},   {SIGQUIT, "SIGQUIT"}, {SIGILL, "SIGILL"},   {SIGTRAP, "SIGTRAP"},
        {SIGABRT, "SIGABRT"}, {SIGBUS, "SIGBUS"},   {SIGFPE, "SIGFPE"},   {SIGKILL, "SIGKILL"}, {SIGUSR1, "SIGUSR1"},
        {SIGSEGV, "SIGSEGV"}, {SIGUSR2, "SIGUSR2"}, {SIGPIPE, "SIGPIPE"}, {SIGALRM, "SIGALRM"}, {SIGTERM, "SIGTERM"},
        {SIGXCPU, "SIGXCPU"}, {SIGXFSZ, "SIGXFSZ"}, {SIGSYS, "SIGSYS"}};
    for (const auto& [number, name] : kNames)
        if (number == signal) return std::string("killed by ") + name;
    return "killed by signal " + std::to_string(signal);
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
