// SPDX-License-Identifier: Apache-2.0
// Runs tests/vectors/notation.tsv, the vectors the CMake functions pass too.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cudaarch/notation.hpp"
#include "vector_file.hpp"

namespace {

std::string unescape(const std::string& s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '\\' && i + 1 < s.size() && (s[i + 1] == 't' || s[i + 1] == 'n')) {
            out += s[++i] == 't' ? '\t' : '\n';
        } else {
            out += s[i];
        }
    }
    return out;
}

// "=<output>" or "!<error>", as the vector file writes results.
std::string run(const std::string& dialect_name, const std::string& format_name, const std::string& input,
                std::vector<std::string>& warnings) {
    cudaarch::Dialect dialect = cudaarch::Dialect::standard;
    if (dialect_name != "-") {
        auto d = cudaarch::parse_dialect(dialect_name);
        if (!d) return "!" + d.error().message;
        dialect = *d;
    }
    auto format = cudaarch::parse_format(format_name);
    if (!format) return "!" + format.error().message;
    auto list = cudaarch::parse(input, dialect);
    if (!list) return "!" + list.error().message;
    auto rendering = cudaarch::render(*list, *format);
    if (!rendering) return "!" + rendering.error().message;
    if (dialect == cudaarch::Dialect::torch) warnings = cudaarch::torch_spelling_warnings(input);
    warnings.insert(warnings.end(), rendering->warnings.begin(), rendering->warnings.end());
    return "=" + rendering->text;
}

TEST(NotationVectors, AllPass) {
    const auto rows = cudaarch::testing::read_vector_file(CUDAARCH_VECTORS_DIR "/notation.tsv", 4);
    ASSERT_GE(rows.size(), 150u);
    for (const auto& row : rows) {
        const auto& c = row.columns;
        std::vector<std::string> warnings;
        EXPECT_EQ(run(c[0], c[1], unescape(c[2]), warnings), c[3]) << "line " << row.line << ": " << c[2];
        EXPECT_EQ(warnings, std::vector<std::string>(c.begin() + 4, c.end())) << "line " << row.line << ": " << c[2];
    }
}

}  // namespace

// tests/vectors/cmake_release_note.tsv: the note a CMAKE_CUDA_ARCHITECTURES= fix adds for its
// a/f images, which the CMake twin (_cudaarch_cmake_release_note) gives word for word.
TEST(CmakeReleaseNote, Vectors) {
    const auto rows = cudaarch::testing::read_vector_file(CUDAARCH_VECTORS_DIR "/cmake_release_note.tsv", 3);
    ASSERT_GE(rows.size(), 5u);
    for (const auto& row : rows) {
        const auto& c = row.columns;
        const auto list = cudaarch::parse(c[0]);
        ASSERT_TRUE(list.ok()) << "line " << row.line;
        EXPECT_EQ(cudaarch::cmake_release_note(*list, c[1]), c[2] == "-" ? "" : c[2]) << "line " << row.line;
    }
}
