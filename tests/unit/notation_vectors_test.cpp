// Runs tests/vectors/notation.tsv, the vectors the CMake functions pass too.
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cudaarch/notation.hpp"

namespace {

struct Vector {
    int line;
    std::string dialect, format, input, expect;
    std::vector<std::string> warnings;
};

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

std::vector<Vector> load() {
    std::ifstream in(CUDAARCH_NOTATION_VECTORS);
    std::vector<Vector> vectors;
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        if (line.empty() || line[0] == '#') continue;
        std::vector<std::string> columns;
        std::stringstream fields(line);
        for (std::string column; std::getline(fields, column, '\t');) columns.push_back(column);
        if (line.back() == '\t') columns.emplace_back();
        if (columns.size() < 4) {
            ADD_FAILURE() << "line " << number << ": fewer than 4 columns";
            continue;
        }
        vectors.push_back({number, columns[0], columns[1], unescape(columns[2]), columns[3],
                           std::vector<std::string>(columns.begin() + 4, columns.end())});
    }
    return vectors;
}

std::string run(const Vector& v, std::vector<std::string>& warnings) {
    cudaarch::Dialect dialect = cudaarch::Dialect::standard;
    if (v.dialect != "-") {
        auto d = cudaarch::parse_dialect(v.dialect);
        if (!d) return "!" + d.error().message;
        dialect = *d;
    }
    auto format = cudaarch::parse_format(v.format);
    if (!format) return "!" + format.error().message;
    auto list = cudaarch::parse(v.input, dialect);
    if (!list) return "!" + list.error().message;
    auto rendering = cudaarch::render(*list, *format);
    if (!rendering) return "!" + rendering.error().message;
    warnings = rendering->warnings;
    return "=" + rendering->text;
}

TEST(NotationVectors, AllPass) {
    const std::vector<Vector> vectors = load();
    ASSERT_GE(vectors.size(), 150u);
    for (const Vector& v : vectors) {
        std::vector<std::string> warnings;
        EXPECT_EQ(run(v, warnings), v.expect) << "line " << v.line << ": " << v.input;
        EXPECT_EQ(warnings, v.warnings) << "line " << v.line << ": " << v.input;
    }
}

}  // namespace
