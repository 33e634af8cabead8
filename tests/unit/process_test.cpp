// SPDX-License-Identifier: Apache-2.0
// run_process with a time limit: a program still running at the limit is killed and reaped with
// its process group, what it wrote until then is kept, one that ends in time is unaffected, no
// pipe is left open, its output is bounded and a signal death is named.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cerrno>
#include <cstdio>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <string>
#include <thread>

#include "cudaarch/process.hpp"

namespace {

using cudaarch::ProcessOutput;
using cudaarch::run_process;
using namespace std::chrono_literals;

std::size_t open_descriptors() {
    std::size_t count = 0;
    for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator("/proc/self/fd")) ++count;
    return count;
}

// No child of this process is left, running or a zombie.
bool no_child_left() { return waitpid(-1, nullptr, WNOHANG) == -1 && errno == ECHILD; }

TEST(RunProcess, KillsAProgramStillRunningAtTheLimit) {
    const auto start = std::chrono::steady_clock::now();
    const auto run = run_process({"sleep", "30"}, 200ms);
    const auto elapsed = std::chrono::steady_clock::now() - start;
    ASSERT_TRUE(run) << run.error().message;
    EXPECT_TRUE(run->timed_out);
    EXPECT_EQ(run->signal, SIGKILL);
    EXPECT_EQ(run->exit_code, -1);
    EXPECT_GE(elapsed, 200ms);
    EXPECT_LT(elapsed, 10s);  // not the 30 s of the sleep
    EXPECT_TRUE(no_child_left());
}

TEST(RunProcess, KeepsWhatTheProgramWroteBeforeTheKill) {
    const auto run = run_process({"sh", "-c", "echo before; echo said >&2; exec sleep 30"}, 1s);
    ASSERT_TRUE(run) << run.error().message;
    EXPECT_TRUE(run->timed_out);
    EXPECT_EQ(run->out, "before\n");
    EXPECT_EQ(run->err, "said\n");
    EXPECT_TRUE(no_child_left());
}

// Its pipes closed, the program still runs: the limit holds for the wait, not only the reading.
TEST(RunProcess, KillsAProgramThatClosedItsPipesAndRunsOn) {
    const auto run = run_process({"sh", "-c", "exec sleep 30 >&- 2>&-"}, 200ms);
    ASSERT_TRUE(run) << run.error().message;
    EXPECT_TRUE(run->timed_out);
    EXPECT_EQ(run->signal, SIGKILL);
    EXPECT_TRUE(no_child_left());
}

TEST(RunProcess, AProgramThatEndsInTimeIsUnaffected) {
    const auto run = run_process({"sh", "-c", "echo out; echo err >&2; exit 3"}, 10s);
    ASSERT_TRUE(run) << run.error().message;
    EXPECT_FALSE(run->timed_out);
    EXPECT_EQ(run->exit_code, 3);
    EXPECT_EQ(run->signal, 0);
    EXPECT_EQ(run->out, "out\n");
    EXPECT_EQ(run->err, "err\n");
}

TEST(RunProcess, WithoutALimitItWaits) {
    const auto run = run_process({"sh", "-c", "sleep 0.3; echo done"});
    ASSERT_TRUE(run) << run.error().message;
    EXPECT_FALSE(run->timed_out);
    EXPECT_EQ(run->exit_code, 0);
    EXPECT_EQ(run->out, "done\n");
}

TEST(RunProcess, LeavesNoPipeOpen) {
    const std::size_t before = open_descriptors();
    ASSERT_TRUE(run_process({"sleep", "30"}, 50ms));
    ASSERT_TRUE(run_process({"true"}, 10s));
    ASSERT_FALSE(run_process({"/nonexistent/program"}, 10s));
    EXPECT_EQ(open_descriptors(), before);
}

// The group goes with the program: a background child that keeps the pipes open is killed at
// the limit, and one that holds none is killed when the program ends (issue 38).
bool running(const std::string& pid) {
    const std::string stat = "/proc/" + pid + "/stat";
    FILE* file = std::fopen(stat.c_str(), "r");
    if (file == nullptr) return false;
    char state = 'Z';
    const int read = std::fscanf(file, "%*d %*s %c", &state);
    std::fclose(file);
    return read == 1 && state != 'Z';  // a zombie is dead, whether or not its init reaps it
}

TEST(RunProcess, KillsTheWholeGroupAtTheLimitAndAtTheEnd) {
    const auto held = run_process({"sh", "-c", "sleep 30 & echo $!; exec sleep 30"}, 300ms);
    ASSERT_TRUE(held) << held.error().message;
    EXPECT_TRUE(held->timed_out);
    const auto left = run_process({"sh", "-c", "sleep 30 </dev/null >/dev/null 2>&1 & echo $!"}, 10s);
    ASSERT_TRUE(left) << left.error().message;
    EXPECT_FALSE(left->timed_out);
    EXPECT_EQ(left->exit_code, 0);
    for (const std::string& out : {held->out, left->out}) {
        const std::string pid = out.substr(0, out.find('\n'));
        for (int i = 0; i < 100 && running(pid); ++i) std::this_thread::sleep_for(10ms);
        EXPECT_FALSE(running(pid)) << pid;
    }
    EXPECT_TRUE(no_child_left());
}

TEST(RunProcess, StopsAtTheOutputLimit) {
    const auto run = run_process({"sh", "-c", "exec cat /dev/zero"}, 10s, 100000);
    ASSERT_TRUE(run) << run.error().message;
    EXPECT_TRUE(run->too_large);
    EXPECT_FALSE(run->timed_out);
    EXPECT_EQ(run->out.size(), 100000u);
    EXPECT_TRUE(no_child_left());
}

TEST(RunProcess, StandardInputIsEmpty) {
    const auto run = run_process({"sh", "-c", "wc -c | tr -d ' '"}, 10s);
    ASSERT_TRUE(run) << run.error().message;
    EXPECT_EQ(run->out, "0\n");
}

TEST(RunProcess, ASignalDeathIsNamed) {
    const auto run = run_process({"sh", "-c", "kill -KILL $$"}, 10s);
    ASSERT_TRUE(run) << run.error().message;
    EXPECT_EQ(cudaarch::killed_by(run->signal), "killed by SIGKILL");
    EXPECT_EQ(cudaarch::killed_by(SIGSEGV), "killed by SIGSEGV");
    EXPECT_EQ(cudaarch::killed_by(77), "killed by signal 77");
}

}  // namespace
