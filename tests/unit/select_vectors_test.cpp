// SPDX-License-Identifier: Apache-2.0
// Runs tests/vectors/select.tsv against the recorded nvcc answers in tests/toolkits/fixtures.
#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cudaarch/select.hpp"
#include "fixture_toolkit.hpp"

namespace {

using cudaarch::testing::fixture_toolkit;

// The outcome as the vectors write it: "=<CMAKE list>" or "!<error>".
std::string select_row(const std::string& toolkit, std::string mode, const std::string& gpus) {
    const bool ptx = mode.size() > 4 && mode.compare(mode.size() - 4, 4, "+ptx") == 0;
    if (ptx) mode.resize(mode.size() - 4);
    const auto objective = cudaarch::parse_objective(mode);
    if (!objective) return "!" + objective.error().message;
    // The ';'-separated GPUs are the lines of one fleet text, as the CMake twin reads them.
    std::string text = gpus;
    std::replace(text.begin(), text.end(), ';', '\n');
    const auto fleet = cudaarch::parse_fleet(text);
    if (!fleet) return "!" + fleet.error().message;
    const auto selection = cudaarch::select_images(*fleet, fixture_toolkit(toolkit), *objective, ptx);
    if (!selection) return "!" + selection.error().message;
    return "=" + cudaarch::render(selection->list, cudaarch::Format::cmake)->text;
}

TEST(SelectVectors, AllPass) {
    const auto rows = cudaarch::testing::read_vector_file(CUDAARCH_VECTORS_DIR "/select.tsv", 4);
    ASSERT_GE(rows.size(), 20u);
    for (const auto& row : rows) {
        const auto& c = row.columns;
        EXPECT_EQ(select_row(c[0], c[1], c[2]), c[3]) << "line " << row.line << ": " << c[1] << " " << c[2];
    }
}

TEST(Select, EveryGpuRunsNativeSassAndSaysWhatItGivesUp) {
    const auto fleet = cudaarch::parse_fleet("T4\nA10\n# a comment\n\nL4\nH100\n");
    ASSERT_TRUE(fleet.ok());
    const auto selection = cudaarch::select_images(*fleet, fixture_toolkit("nvcc-13.0"), cudaarch::Objective::minimal, false);
    ASSERT_TRUE(selection.ok());
    ASSERT_EQ(selection->gpus.size(), 4u);
    std::vector<std::string> runs;
    for (const auto& c : selection->gpus) {
        EXPECT_EQ(c.run.verdict, cudaarch::Verdict::native) << c.gpu.written;
        runs.push_back(c.gpu.name + " " + c.cc.dotted() + " " + c.run.image.sm() + " " + c.cost);
    }
    EXPECT_EQ(runs, (std::vector<std::string>{
                        "Tesla T4 7.5 sm_75 ",
                        "NVIDIA A10 8.6 sm_86 ",
                        "NVIDIA L4 8.9 sm_86 nothing for correctness; may be slower: 8.6 code cannot use what 8.9 adds",
                        "NVIDIA H100 9.0 sm_90 ",
                    }));
}

}  // namespace
