// SPDX-License-Identifier: Apache-2.0
// Runs tests/vectors/resolve.tsv against the recorded nvcc answers in tests/toolkits/fixtures.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cudaarch/resolve.hpp"
#include "fixture_toolkit.hpp"

namespace {

using cudaarch::testing::fixture_toolkit;

TEST(ResolveVectors, AllPass) {
    const auto rows = cudaarch::testing::read_vector_file(CUDAARCH_VECTORS_DIR "/resolve.tsv", 4);
    ASSERT_GE(rows.size(), 50u);
    for (const auto& row : rows) {
        const auto& c = row.columns;
        const auto policy = cudaarch::parse_policy(c[1]);
        ASSERT_TRUE(policy.ok()) << "line " << row.line;
        std::vector<std::string> warnings;
        std::string got;
        auto resolution = cudaarch::resolve(c[2], fixture_toolkit(c[0]), {*policy, cudaarch::Dialect::standard});
        if (!resolution) {
            got = "!" + resolution.error().message;
        } else {
            auto rendering = cudaarch::render(resolution->list, cudaarch::Format::cmake);
            got = "=" + rendering->text;
            warnings = resolution->warnings;
            warnings.insert(warnings.end(), rendering->warnings.begin(), rendering->warnings.end());
        }
        EXPECT_EQ(got, c[3]) << "line " << row.line << ": " << c[0] << " " << c[2];
        EXPECT_EQ(warnings, std::vector<std::string>(c.begin() + 4, c.end())) << "line " << row.line << ": " << c[2];
    }
}

TEST(Toolkit, ListsComeFromNvccAndVariantsFromItsHelp) {
    const cudaarch::Toolkit t = fixture_toolkit("nvcc-13.0");
    EXPECT_EQ(t.version.str(), "13.0");
    EXPECT_FALSE(t.from_database);
    std::string numbers;
    for (const auto& a : t.real) numbers += a.number() + " ";
    EXPECT_EQ(numbers, "75 80 86 87 88 89 90 90a 100 100a 100f 103 103a 103f 110 110a 110f 120 120a 120f 121 121a 121f ");
    EXPECT_EQ(t.virt, t.real);
}

TEST(Toolkit, ReleasesWithoutListsUseTheDatabase) {
    const cudaarch::Toolkit t = fixture_toolkit("nvcc-10.2");
    EXPECT_TRUE(t.from_database);
    EXPECT_EQ(t.real.front().number(), "30");
    EXPECT_EQ(t.real.back().number(), "75");
}

TEST(Toolkit, VersionParsing) {
    EXPECT_EQ(cudaarch::parse_nvcc_version("Cuda compilation tools, release 12.9, V12.9.86")->str(), "12.9");
    EXPECT_FALSE(cudaarch::parse_nvcc_version("nvcc: NVIDIA (R) Cuda compiler driver").ok());
    EXPECT_FALSE(cudaarch::parse_nvcc_version("release 13.").ok());
}

}  // namespace
