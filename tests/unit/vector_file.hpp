// SPDX-License-Identifier: Apache-2.0
// Reads the shared TSV vector files of tests/vectors/.
#pragma once

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace cudaarch::testing {

// One row: its line number and its TAB-separated columns.
struct Row {
    int line;
    std::vector<std::string> columns;
};

// `#` lines and blank lines are skipped; every row must have at least min_columns.
inline std::vector<Row> read_vector_file(const std::string& path, std::size_t min_columns) {
    std::ifstream in(path);
    EXPECT_TRUE(in.good()) << "cannot read " << path;
    std::vector<Row> rows;
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        if (line.empty() || line[0] == '#') continue;
        Row row{number, {}};
        std::stringstream fields(line);
        for (std::string column; std::getline(fields, column, '\t');) row.columns.push_back(column);
        if (line.back() == '\t') row.columns.emplace_back();
        if (row.columns.size() < min_columns) {
            ADD_FAILURE() << path << ":" << number << ": fewer than " << min_columns << " columns";
            continue;
        }
        rows.push_back(row);
    }
    return rows;
}

inline std::string read_text_file(const std::string& path) {
    std::ifstream in(path);
    std::stringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

}  // namespace cudaarch::testing
