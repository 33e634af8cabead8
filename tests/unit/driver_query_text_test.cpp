// SPDX-License-Identifier: Apache-2.0
// The DriverQuery's text form, between cudaarch-driver-query and the CLI: every field comes
// back as it went, and anything else is refused with the line that is wrong.
#include <gtest/gtest.h>

#include <string>
#include <tuple>

#include "cudaarch/driver_query_text.hpp"

namespace {

using cudaarch::Device;
using cudaarch::DriverQuery;
using cudaarch::DriverStatus;
using cudaarch::format_driver_query;
using cudaarch::parse_driver_query;

auto fields(const Device& d) {
    return std::tie(d.index, d.name, d.major, d.minor, d.multiprocessors, d.memory_bytes, d.pci_bus_id);
}

auto fields(const DriverQuery& q) {
    return std::tie(q.status, q.library, q.driver_version, q.release, q.error, q.error_name, q.reason);
}

void expect_same(const DriverQuery& a, const DriverQuery& b) {
    EXPECT_TRUE(fields(a) == fields(b)) << format_driver_query(a) << "\n---\n" << format_driver_query(b);
    ASSERT_EQ(a.devices.size(), b.devices.size());
    for (std::size_t i = 0; i < a.devices.size(); ++i)
        EXPECT_TRUE(fields(a.devices[i]) == fields(b.devices[i])) << "device " << i << ": " << b.devices[i].name;
}

DriverQuery round_trip(const DriverQuery& query) {
    const auto parsed = parse_driver_query(format_driver_query(query));
    EXPECT_TRUE(parsed.ok()) << (parsed ? "" : parsed.error().message);
    return parsed ? *parsed : DriverQuery{};
}

TEST(DriverQueryText, SeveralDevicesWithAwkwardNames) {
    DriverQuery query;
    query.status = DriverStatus::ok;
    query.library = "/opt/driver dir/libcuda.so.1";
    query.driver_version = 13000;
    query.release = "580.159.04";
    query.devices = {
        {0, "NVIDIA H200", 9, 0, 132, 150754820096ULL, "0000:3b:00.0"},
        {1, "Tab\there, new\nline, back\\slash\\t, CR\r", 8, 6, 84, 51527024640ULL, "0000:5e:00.0"},
        {2, "GeForce RTX™ 5090 — Ünïcödé 日本", 12, 0, 170, 34190917632ULL, "0001:ff:1f.0"},
        {3, "", 7, 5, 40, 0, ""},
        {4, " leading and trailing spaces ", 10, 3, 1, 18446744073709551615ULL, "x"},
    };
    expect_same(round_trip(query), query);
    // One line per device: nothing in a name can start a line of its own.
    const std::string text = format_driver_query(query);
    EXPECT_EQ(text.find("\ndevice 1\t8.6\t84\t51527024640\t0000:5e:00.0\tTab\\there, new\\nline, back\\\\slash\\\\t, CR\\r\n"),
              text.find("\ndevice 1"));
}

TEST(DriverQueryText, EveryStatusAndError) {
    for (const DriverStatus status : {DriverStatus::ok, DriverStatus::no_driver, DriverStatus::init_failed,
                                      DriverStatus::no_device, DriverStatus::all_hidden, DriverStatus::query_failed,
                                      DriverStatus::crashed, DriverStatus::timed_out, DriverStatus::no_helper}) {
        DriverQuery query;
        query.status = status;
        query.library = "libcuda.so.1";
        query.error = 803;
        query.error_name = "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH";
        query.reason = "cuInit failed: CUDA_ERROR_SYSTEM_DRIVER_MISMATCH (803); see\n\tthe log";
        expect_same(round_trip(query), query);
    }
    DriverQuery negative;
    negative.error = -1;
    negative.driver_version = -5;
    expect_same(round_trip(negative), negative);
}

TEST(DriverQueryText, ExactFormatVersion1) {
    DriverQuery query;
    query.status = DriverStatus::init_failed;
    query.library = "libcuda.so.1";
    query.driver_version = 12080;
    query.error = 34;
    query.error_name = "CUDA_ERROR_STUB_LIBRARY";
    query.reason = "a\\b";
    EXPECT_EQ(format_driver_query(query),
              "cudaarch-driver-query 1\nstatus init-failed\nlibrary libcuda.so.1\ndriver_version 12080\nrelease \n"
              "error 34\nerror_name CUDA_ERROR_STUB_LIBRARY\nreason a\\\\b\nend\n");
}

std::string error_of(const std::string& text) {
    const auto parsed = parse_driver_query(text);
    return parsed ? "ok" : parsed.error().message;
}

TEST(DriverQueryText, RefusesAnythingElse) {
    const std::string head = "cudaarch-driver-query 1\nstatus ok\nlibrary l\ndriver_version 13000\nrelease \nerror 0\nerror_name \nreason \n";
    EXPECT_EQ(error_of(head + "end\n"), "ok");
    EXPECT_EQ(error_of(""), "it does not start with 'cudaarch-driver-query 1'");
    EXPECT_EQ(error_of("cudaarch-driver-query 2\nend\n"), "it does not start with 'cudaarch-driver-query 1'");
    EXPECT_EQ(error_of(head), "it does not end with 'end': the answer was cut off");
    EXPECT_EQ(error_of(head + "end"), "it does not end with 'end': the answer was cut off");
    EXPECT_EQ(error_of("cudaarch-driver-query 1\nstatus ok\nend\n"), "it has too few lines");
    EXPECT_EQ(error_of("cudaarch-driver-query 1\nstatus fine\nlibrary l\ndriver_version 1\nrelease \nerror 0\nerror_name \nreason \nend\n"),
              "line 2: a bad status 'fine'");
    EXPECT_EQ(error_of("cudaarch-driver-query 1\nstatus ok\nlibrary l\ndriver_version 13.0\nrelease \nerror 0\nerror_name \nreason \nend\n"),
              "line 4: a bad driver_version '13.0'");
    EXPECT_EQ(error_of("cudaarch-driver-query 1\nstatus ok\nrelease \nlibrary l\ndriver_version 1\nerror 0\nerror_name \nreason \nend\n"),
              "line 3: not 'library <value>'");
    EXPECT_EQ(error_of("cudaarch-driver-query 1\nstatus ok\nlibrary l\\x\ndriver_version 1\nrelease \nerror 0\nerror_name \nreason \nend\n"),
              "line 3: a bad escape in 'l\\x'");
    EXPECT_EQ(error_of(head + "device 0\t9.0\t1\t2\t0000:00:00.0\tname\textra\nend\n"), "line 9: a device needs 6 tab-separated fields");
    EXPECT_EQ(error_of(head + "device 0\t90\t1\t2\tpci\tname\nend\n"), "line 9: a device's numbers do not parse");
    EXPECT_EQ(error_of(head + "device 0\t9.0\t-1x\t2\tpci\tname\nend\n"), "line 9: a device's numbers do not parse");
    EXPECT_EQ(error_of(head + "gpu 0\nend\n"), "line 9: not a device");
    EXPECT_EQ(error_of(head + "end\nend\n"), "line 9: not a device");
}

}  // namespace
