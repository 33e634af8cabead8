// SPDX-License-Identifier: Apache-2.0
// The error vocabulary of src/cudaarch/text.hpp against the shared vectors
// (tests/vectors/error_vocabulary.tsv), which tests/cmake/error_vocabulary runs against the
// CMake twins.
#include <gtest/gtest.h>

#include "cudaarch/text.hpp"
#include "vector_file.hpp"

namespace cudaarch {
namespace {

TEST(ErrorVocabulary, SharedVectors) {
    const auto rows = testing::read_vector_file(CUDAARCH_VECTORS_DIR "/error_vocabulary.tsv", 3);
    ASSERT_FALSE(rows.empty());
    for (const auto& row : rows) {
        const std::string& helper = row.columns[0];
        const std::vector<std::string> args = text::split(row.columns[1], '|');
        std::string actual;
        if (helper == "unknown_value" && args.size() >= 3) {
            actual = text::unknown_value(args[0], args[1], args[2], std::vector<std::string>(args.begin() + 3, args.end()));
        } else if (helper == "missing_value" && args.size() == 1) {
            actual = text::missing_value(args[0]);
        } else if (helper == "mutually_exclusive" && args.size() == 2) {
            actual = text::mutually_exclusive(args[0], args[1]);
        } else {
            ADD_FAILURE() << "line " << row.line << ": unknown helper or wrong arguments";
            continue;
        }
        EXPECT_EQ(actual, row.columns[2]) << "line " << row.line;
    }
}

// A value that would break a terminal is escaped, as every quoted value is.
TEST(ErrorVocabulary, UnknownValueEscapes) {
    EXPECT_EQ(text::unknown_value("format", "formats", "a\x1b[2Jb", {"CMAKE"}), "unknown format 'a\\e[2Jb'; formats: CMAKE.");
}

}  // namespace
}  // namespace cudaarch
