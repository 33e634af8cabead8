// SPDX-License-Identifier: Apache-2.0
// run_process with a time limit: a program still running at the limit is killed and reaped,
// what it wrote until then is kept, one that ends in time is unaffected, and no pipe is left open.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <string>

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

}  // namespace
