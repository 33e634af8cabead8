// SPDX-License-Identifier: Apache-2.0
// The option parser every command shares: one wording for every slip.
#include <gtest/gtest.h>

#include "cli/options.hpp"
#include "cli/json.hpp"
#include "cudaarch/notation.hpp"

namespace {

using cudaarch::cli::CommandSyntax;
using cudaarch::cli::Operands;
using cudaarch::cli::Option;

constexpr Option kOptions[] = {
    {"--from", "DIALECT", "how bare numbers read"},
    {"--json", "", "JSON"},
    {"--gpu", "SPEC", "a GPU", true},
};
constexpr CommandSyntax kWords{"demo", "SPEC...", "Demo.\n", "", kOptions, std::size(kOptions), Operands::words,
                               [](std::string_view w) { return w.substr(0, 8) == "-gencode"; }};
constexpr CommandSyntax kNone{"none", "", "None.\n", "", kOptions, std::size(kOptions), Operands::none};
constexpr CommandSyntax kAfter{"run", "-- COMMAND", "Run.\n", "", kOptions, std::size(kOptions),
                               Operands::after_double_dash};

std::string error_of(const CommandSyntax& syntax, cudaarch::cli::Args args) {
    const auto line = cudaarch::cli::parse_command_line(syntax, args);
    return line ? "ok" : line.error().message;
}

TEST(Options, ParsesEveryForm) {
    const auto line = cudaarch::cli::parse_command_line(
        kWords, {"75", "--from", "torch", "--gpu=T4", "--json", "-gencode", "arch=compute_80,code=sm_80", "--gpu", "A100",
                 "--", "--json"});
    ASSERT_TRUE(line.ok()) << line.error().message;
    EXPECT_EQ(line->value("--from"), "torch");
    EXPECT_TRUE(line->has("--json"));
    EXPECT_EQ(line->values("--gpu"), (std::vector<std::string_view>{"T4", "A100"}));
    EXPECT_EQ(line->operands, (std::vector<std::string_view>{"75", "-gencode", "arch=compute_80,code=sm_80", "--json"}));
    EXPECT_FALSE(line->help);
    EXPECT_TRUE(cudaarch::cli::parse_command_line(kWords, {"x", "-h"})->help);
}

// nvcc flags copied from a build log as one argument are a SPEC, whichever flag starts them
// (issue 22, a regression of the first release).
TEST(Options, NvccFlagsInOneArgumentAreASpec) {
    for (std::string_view spec : {"-gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90",
                                  "--generate-code arch=compute_80,code=sm_80", "-arch=sm_80 -code=sm_80",
                                  "-arch sm_80", "-code sm_80,compute_80", "-gencode\tarch=compute_80,code=sm_80"}) {
        EXPECT_TRUE(cudaarch::is_architecture_flag(spec)) << spec;
    }
    EXPECT_FALSE(cudaarch::is_architecture_flag("-x -gencode arch=compute_80,code=sm_80"));
    EXPECT_FALSE(cudaarch::is_architecture_flag("--from torch"));
}

TEST(Options, OneWordingForEverySlip) {
    EXPECT_EQ(error_of(kWords, {"--frm", "x"}), "unknown option '--frm'; did you mean '--from'?");
    EXPECT_EQ(error_of(kWords, {"--jsn=1"}), "unknown option '--jsn'; did you mean '--json'?");
    EXPECT_EQ(error_of(kWords, {"--fr"}), "unknown option '--fr'; did you mean '--from'?");
    EXPECT_EQ(error_of(kWords, {"--frobnicate"}), "unknown option '--frobnicate'; see 'cudaarch demo --help', or put a "
                                                  "SPEC that starts with '-' after '--': cudaarch demo -- '--frobnicate'");
    EXPECT_EQ(error_of(kWords, {"-x"}), "unknown option '-x'; see 'cudaarch demo --help', or put a SPEC that starts with "
                                        "'-' after '--': cudaarch demo -- '-x'");
    EXPECT_EQ(error_of(kNone, {"-x"}), "unknown option '-x'; see 'cudaarch none --help'");
    EXPECT_EQ(error_of(kWords, {"--from"}), "option '--from' needs a value: --from DIALECT");
    EXPECT_EQ(error_of(kWords, {"--from", "--json"}), "option '--from' needs a value: --from DIALECT");
    EXPECT_EQ(error_of(kWords, {"--from", "--"}), "option '--from' needs a value: --from DIALECT");
    EXPECT_EQ(error_of(kWords, {"--from="}), "option '--from' has an empty value; give DIALECT");
    EXPECT_EQ(error_of(kWords, {"--from", ""}), "option '--from' has an empty value; give DIALECT");
    EXPECT_EQ(error_of(kWords, {"--json", "--json"}), "option '--json' is given twice");
    EXPECT_EQ(error_of(kWords, {"--from=a", "--from", "b"}), "option '--from' is given twice");
    EXPECT_EQ(error_of(kWords, {"--json=yes"}), "option '--json' takes no value");
    EXPECT_EQ(error_of(kNone, {"x"}), "unexpected argument 'x'; 'cudaarch none' takes none");
    EXPECT_EQ(error_of(kNone, {"--", "x"}), "unexpected argument '--'; 'cudaarch none' takes none");
    EXPECT_EQ(error_of(kAfter, {"x"}), "unexpected argument 'x'; the command to run goes after '--'");
    EXPECT_EQ(error_of(kAfter, {"--json", "--", "--help"}), "ok");
}

TEST(Options, HelpComesFromTheTable) {
    cudaarch::cli::Output out;
    EXPECT_EQ(cudaarch::cli::print_help(kWords, out), 0);
    EXPECT_EQ(out.text(),
              "usage: cudaarch demo [--from DIALECT] [--json] [--gpu SPEC]... SPEC...\n\nDemo.\n\noptions:\n"
              "  --from DIALECT  how bare numbers read\n  --json          JSON\n  --gpu SPEC      a GPU (repeatable)\n"
              "  --help          print this help and exit\n");
}

TEST(Options, CountsAreStrict) {
    using cudaarch::cli::parse_count;
    EXPECT_EQ(*parse_count("--gpus", "4", 1, 4096), 4u);
    for (const char* bad : {"", "0", "4097", "4294967371", "18446744073709551617", "+1", "-1", " 1", "1e3", "0x10"}) {
        const auto count = parse_count("--gpus", bad, 1, 4096);
        ASSERT_FALSE(count.ok()) << bad;
        EXPECT_EQ(count.error().message, "--gpus needs a whole number from 1 to 4096, not '" + std::string(bad) + "'");
    }
}

TEST(Json, NonUtf8BytesBecomeReplacementCharacters) {
    using cudaarch::cli::json_string;
    EXPECT_EQ(json_string("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"), "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\"");
    EXPECT_EQ(json_string("a\xff" "b"), "\"a\\ufffdb\"");
    EXPECT_EQ(json_string("\xc0\xaf"), "\"\\ufffd\\ufffd\"");            // overlong '/'
    EXPECT_EQ(json_string("\xed\xa0\x80"), "\"\\ufffd\\ufffd\\ufffd\"");  // a UTF-16 surrogate
    EXPECT_EQ(json_string("\xf4\x90\x80\x80"), "\"\\ufffd\\ufffd\\ufffd\\ufffd\"");  // above U+10FFFF
    EXPECT_EQ(json_string("\xe2\x82"), "\"\\ufffd\\ufffd\"");            // cut short
    EXPECT_EQ(json_string("\"\\\n\x01"), "\"\\\"\\\\\\n\\u0001\"");
}

}  // namespace
