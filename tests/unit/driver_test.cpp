// SPDX-License-Identifier: Apache-2.0
// cudaarch::query_driver() against the stub driver (stub_libcuda.cpp).
#include <gtest/gtest.h>

#include <cstdlib>

#include "cudaarch/driver.hpp"

namespace {

using cudaarch::DriverQuery;
using cudaarch::DriverStatus;

class DriverQueryTest : public ::testing::Test {
protected:
    void SetUp() override {
        unsetenv("CUDA_VISIBLE_DEVICES");
        unsetenv("CUDAARCH_STUB_INIT_ERROR");
        unsetenv("CUDAARCH_STUB_DRIVER_VERSION");
        setenv("CUDAARCH_STUB_DEVICES", "8.6=A,9.0=B,8.6=C", 1);
    }
    static DriverQuery query() { return cudaarch::query_driver({CUDAARCH_STUB_LIBCUDA}); }
};

TEST_F(DriverQueryTest, ListsEveryDeviceAndDeduplicatesCapabilities) {
    const DriverQuery q = query();
    ASSERT_TRUE(q.ok()) << q.reason;
    ASSERT_EQ(q.devices.size(), 3u);
    EXPECT_EQ(q.devices[1].name, "B");
    EXPECT_EQ(q.devices[1].capability(), 90);
    EXPECT_EQ(q.devices[2].pci_bus_id, "0000:12:00.0");
    EXPECT_EQ(q.capabilities(), (std::vector<int>{86, 90}));
    EXPECT_EQ(q.driver_version, 13000);
    EXPECT_EQ(q.error, 0);
    EXPECT_TRUE(q.reason.empty());
}

TEST_F(DriverQueryTest, HiddenDevices) {
    setenv("CUDA_VISIBLE_DEVICES", "-1", 1);
    const DriverQuery q = query();
    EXPECT_EQ(q.status, DriverStatus::all_hidden);
    EXPECT_EQ(q.error_name, "CUDA_ERROR_NO_DEVICE");
    EXPECT_TRUE(q.devices.empty());
}

TEST_F(DriverQueryTest, NoDeviceWithoutVisibilityMask) {
    setenv("CUDAARCH_STUB_DEVICES", "", 1);
    EXPECT_EQ(query().status, DriverStatus::no_device);
}

TEST_F(DriverQueryTest, InitFailureKeepsTheErrorAndVersion) {
    setenv("CUDAARCH_STUB_INIT_ERROR", "999", 1);
    setenv("CUDAARCH_STUB_DRIVER_VERSION", "12080", 1);
    const DriverQuery q = query();
    EXPECT_EQ(q.status, DriverStatus::init_failed);
    EXPECT_EQ(q.error, 999);
    EXPECT_EQ(q.error_name, "CUDA_ERROR_UNKNOWN");
    EXPECT_EQ(q.driver_version, 12080);
    EXPECT_EQ(q.reason, "cuInit failed: CUDA_ERROR_UNKNOWN (999)");
}

TEST(DriverQuery, MissingLibraryIsNoDriver) {
    const DriverQuery q = cudaarch::query_driver({"/nonexistent/libcuda.so.1"});
    EXPECT_EQ(q.status, DriverStatus::no_driver);
    EXPECT_EQ(cudaarch::status_name(q.status), "no-driver");
    EXPECT_EQ(q.library, "/nonexistent/libcuda.so.1");
}

TEST(DriverQuery, EnvironmentChoosesTheLibrary) {
    setenv("CUDAARCH_LIBCUDA", "/nonexistent/other.so", 1);
    EXPECT_EQ(cudaarch::query_driver().library, "/nonexistent/other.so");
    unsetenv("CUDAARCH_LIBCUDA");
}

TEST(DriverQuery, VersionText) {
    EXPECT_EQ(cudaarch::cuda_version_text(13000), "13.0");
    EXPECT_EQ(cudaarch::cuda_version_text(12080), "12.8");
    EXPECT_EQ(cudaarch::driver_error_name(100), "CUDA_ERROR_NO_DEVICE");
    EXPECT_EQ(cudaarch::driver_error_name(5), "CUDA error 5");
}

}  // namespace
