// SPDX-License-Identifier: Apache-2.0
// What check prints of a path or a package name: control characters, DEL, '\' and bytes that
// are not UTF-8 as escapes; UTF-8 text as it is.
#include <gtest/gtest.h>

#include <string>

#include "cli/terminal_text.hpp"

namespace {

using cudaarch::cli::terminal_text;

TEST(TerminalText, EscapesWhatATerminalWouldActOn) {
    EXPECT_EQ(terminal_text("/usr/lib/libcudart.so.13"), "/usr/lib/libcudart.so.13");
    EXPECT_EQ(terminal_text("bad\x1b[31mred\n.so"), "bad\\x1b[31mred\\x0a.so");
    EXPECT_EQ(terminal_text("a\\b\x7f"), "a\\\\b\\x7f");
    EXPECT_EQ(terminal_text("caf\xc3\xa9/\xff\xfe.so"), "caf\xc3\xa9/\\xff\\xfe.so");
    EXPECT_EQ(terminal_text(std::string("nul\0byte", 8)), "nul\\x00byte");
}

}  // namespace
