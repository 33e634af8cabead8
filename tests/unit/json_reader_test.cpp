// SPDX-License-Identifier: Apache-2.0
// The JSON reader: values, escapes, and the errors untrusted text gets.
#include "cudaarch/json_reader.hpp"

#include <gtest/gtest.h>

#include <string>

namespace {

using cudaarch::JsonValue;
using cudaarch::parse_json;

TEST(JsonReader, ReadsCtestShapes) {
    const auto v = parse_json(R"({"tests": [{"name": "a b", "properties": [{"name": "RESOURCE_GROUPS",
        "value": [{"requirements": [{".type": "gpus", "slots": 2}]}]}, {"name": "DISABLED", "value": true}]}],
        "n": -1.5e2, "z": null})");
    ASSERT_TRUE(v.ok()) << v.error().message;
    const JsonValue& test = v->find("tests")->elements().at(0);
    EXPECT_EQ(test.find("name")->string, "a b");
    const JsonValue& groups = *test.find("properties")->elements().at(0).find("value");
    EXPECT_EQ(groups.elements().at(0).find("requirements")->elements().at(0).find("slots")->number, 2);
    EXPECT_TRUE(test.find("properties")->elements().at(1).find("value")->boolean);
    EXPECT_EQ(v->find("n")->number, -150);
    EXPECT_EQ(v->find("z")->kind, JsonValue::Kind::null);
    EXPECT_EQ(v->find("missing"), nullptr);
    EXPECT_TRUE(v->find("n")->elements().empty());
}

TEST(JsonReader, DecodesEscapes) {
    const auto v = parse_json(R"(["q\"b\\s\/n\nt\tu\u00e9\ud83d\ude00"])");
    ASSERT_TRUE(v.ok()) << v.error().message;
    EXPECT_EQ(v->elements().at(0).string, "q\"b\\s/n\nt\tu\xc3\xa9\xf0\x9f\x98\x80");
}

TEST(JsonReader, NamesTheOffsetOfBadText) {
    const auto error = [](const std::string& text) {
        const auto v = parse_json(text);
        return v.ok() ? std::string("ok") : v.error().message;
    };
    EXPECT_EQ(error(""), "invalid JSON at byte 0: unexpected end");
    EXPECT_EQ(error("{\"a\" 1}"), "invalid JSON at byte 5: expected ':'");
    EXPECT_EQ(error("[1,]"), "invalid JSON at byte 3: expected a value");
    EXPECT_EQ(error("[1] x"), "invalid JSON at byte 4: unexpected text after the JSON value");
    EXPECT_EQ(error("\"abc"), "invalid JSON at byte 4: unterminated string");
    EXPECT_EQ(error("\"\\ud800x\""), "invalid JSON at byte 7: unpaired surrogate in \\u escape");
    EXPECT_EQ(error("\"\\u12\""), "invalid JSON at byte 3: truncated \\u escape");
    EXPECT_EQ(error("\"\\u12zz\""), "invalid JSON at byte 6: bad \\u escape");
    EXPECT_EQ(error("\"a\nb\""), "invalid JSON at byte 3: control character in a string");
    EXPECT_EQ(error("-"), "invalid JSON at byte 1: expected a value");
    EXPECT_EQ(error("1.e5"), "invalid JSON at byte 2: bad number");
    EXPECT_EQ(error(std::string(200, '[')), "invalid JSON at byte 129: nested too deeply");
    EXPECT_EQ(error(std::string(100, '[') + std::string(100, ']')), "ok");
}

}  // namespace
