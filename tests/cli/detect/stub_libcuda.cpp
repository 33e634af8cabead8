// SPDX-License-Identifier: Apache-2.0
// A stand-in for the NVIDIA driver (libcuda.so.1) with only the entry points that
// cudaarch::query_driver() and the GPU probe (kernels/probe/cudaarch_probe.cpp) use,
// driven by environment variables:
//   CUDAARCH_STUB_DEVICES         "<M.m>=<name>[=<SMs>=<MiB>=<PCI bus, hex>],..."
//                                 e.g. "9.0=NVIDIA H200,8.6=NVIDIA RTX A6000", "9.0=NVIDIA H200=132=143771=3b"
//   CUDAARCH_STUB_INIT_ERROR      the CUresult cuInit returns (default 0)
//   CUDAARCH_STUB_INIT_SIGNAL     a signal cuInit raises, as a broken driver crashes (no core file)
//   CUDAARCH_STUB_INIT_SLEEP      seconds cuInit sleeps first, as a driver hangs on a GPU in a bad state
//   CUDAARCH_STUB_DRIVER_VERSION  what cuDriverGetVersion reports (default 13000)
//   CUDA_VISIBLE_DEVICES          honoured like the driver: indices, UUIDs, MIG instances, stopping
//                                 at the first invalid entry
// Device i (before CUDA_VISIBLE_DEVICES) has, unless its entry says otherwise, 100 + 4*i SMs,
// (i+1)*16 GiB, PCI 0000:<0x10+i>:00.0.
// Modules are PTX text: loading one on a device older than its ".target sm_NN" fails with
// CUDA_ERROR_NO_BINARY_FOR_GPU, and its one kernel, run on the host, stores 42 through its
// pointer argument (device memory is host memory here).
#include <chrono>
#include <csignal>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include <sys/resource.h>

namespace {

struct StubDevice {
    int physical = 0;
    int major = 0;
    int minor = 0;
    std::string name;
    int multiprocessors = 0;
    std::size_t memory_bytes = 0;
    int pci_bus = 0;
};

std::vector<StubDevice> g_devices;
bool g_initialized = false;
int g_current = -1;  // the device whose primary context is current

std::vector<StubDevice> all_devices() {
    std::vector<StubDevice> out;
    const char* spec = std::getenv("CUDAARCH_STUB_DEVICES");
    std::string rest = spec ? spec : "";
    while (!rest.empty()) {
        const std::size_t comma = rest.find(',');
        const std::string item = rest.substr(0, comma);
        rest = comma == std::string::npos ? "" : rest.substr(comma + 1);
        const std::size_t eq = item.find('=');
        const std::size_t dot = item.find('.');
        StubDevice device;
        device.physical = static_cast<int>(out.size());
        device.major = std::atoi(item.substr(0, dot).c_str());
        device.minor = std::atoi(item.substr(dot + 1, eq - dot - 1).c_str());
        device.name = eq == std::string::npos ? "Stub GPU" : item.substr(eq + 1);
        device.multiprocessors = 100 + 4 * device.physical;
        device.memory_bytes = static_cast<std::size_t>(device.physical + 1) << 34;
        device.pci_bus = 0x10 + device.physical;
        // The optional "=<SMs>=<MiB>=<bus>" after the name.
        const std::size_t sms = device.name.find('=');
        if (sms != std::string::npos) {
            const std::string extra = device.name.substr(sms + 1);
            device.name.resize(sms);
            const std::size_t mib = extra.find('=');
            const std::size_t bus = extra.find('=', mib + 1);
            device.multiprocessors = std::atoi(extra.substr(0, mib).c_str());
            device.memory_bytes = static_cast<std::size_t>(std::atoll(extra.substr(mib + 1, bus - mib - 1).c_str())) << 20;
            device.pci_bus = static_cast<int>(std::strtol(extra.substr(bus + 1).c_str(), nullptr, 16));
        }
        out.push_back(device);
    }
    return out;
}

// Device i's UUID: GPU-iiiiiiii-5eed-4000-8000-000000000000 (i in hex, eight times).
std::string uuid(int physical) {
    static constexpr char digits[] = "0123456789abcdef";
    return "GPU-" + std::string(8, digits[physical & 0xf]) + "-5eed-4000-8000-000000000000";
}

// The device a CUDA_VISIBLE_DEVICES entry names: an index, a unique UUID prefix
// ("GPU-3", "GPU-33333333-5eed"), or a MIG instance "MIG-<GPU UUID>/<GI>/<CI>"; -1 if none.
int named(const std::string& item, const std::vector<StubDevice>& all) {
    if (item.compare(0, 4, "GPU-") == 0 || item.compare(0, 4, "MIG-") == 0) {
        const std::string prefix = item.compare(0, 4, "MIG-") == 0 ? item.substr(4, item.find('/') - 4) : item;
        int found = -1;
        for (const StubDevice& d : all) {
            if (uuid(d.physical).compare(0, prefix.size(), prefix) != 0) continue;
            if (found >= 0) return -1;  // ambiguous
            found = d.physical;
        }
        return found;
    }
    char* end = nullptr;
    const long index = std::strtol(item.c_str(), &end, 10);
    if (item.empty() || *end || index < 0 || index >= static_cast<long>(all.size())) return -1;
    return static_cast<int>(index);
}

// Like the driver, a process enumerates one MIG instance at most (the MIG user guide:
// "a single CUDA process can only enumerate a single MIG device"); it is named
// "<GPU name> MIG <GI>/<CI>".
std::vector<StubDevice> visible(const std::vector<StubDevice>& all) {
    const char* mask = std::getenv("CUDA_VISIBLE_DEVICES");
    if (!mask) return all;
    std::vector<StubDevice> out;
    std::string rest = mask;
    while (!rest.empty()) {
        const std::size_t comma = rest.find(',');
        const std::string item = rest.substr(0, comma);
        rest = comma == std::string::npos ? "" : rest.substr(comma + 1);
        const int index = named(item, all);
        if (index < 0) break;
        out.push_back(all[static_cast<std::size_t>(index)]);
        if (item.compare(0, 4, "MIG-") == 0) {
            out.back().name += " MIG " + item.substr(item.find('/') + 1);
            break;
        }
    }
    return out;
}

}  // namespace

extern "C" {

int cuInit(unsigned int) {
    if (const char* sleep = std::getenv("CUDAARCH_STUB_INIT_SLEEP"))
        std::this_thread::sleep_for(std::chrono::seconds(std::atoi(sleep)));
    if (const char* signal = std::getenv("CUDAARCH_STUB_INIT_SIGNAL")) {
        const rlimit no_core{0, 0};
        setrlimit(RLIMIT_CORE, &no_core);
        std::raise(std::atoi(signal));
    }
    if (const char* error = std::getenv("CUDAARCH_STUB_INIT_ERROR")) {
        if (std::atoi(error) != 0) return std::atoi(error);
    }
    g_devices = visible(all_devices());
    if (g_devices.empty()) return 100;  // CUDA_ERROR_NO_DEVICE
    g_initialized = true;
    return 0;
}

int cuDriverGetVersion(int* version) {
    const char* text = std::getenv("CUDAARCH_STUB_DRIVER_VERSION");
    *version = text ? std::atoi(text) : 13000;
    return 0;
}

int cuDeviceGetCount(int* count) {
    if (!g_initialized) return 3;  // CUDA_ERROR_NOT_INITIALIZED
    *count = static_cast<int>(g_devices.size());
    return 0;
}

int cuDeviceGet(int* device, int ordinal) {
    if (!g_initialized) return 3;
    if (ordinal < 0 || ordinal >= static_cast<int>(g_devices.size())) return 101;
    *device = ordinal;
    return 0;
}

int cuDeviceGetName(char* name, int length, int device) {
    if (device < 0 || device >= static_cast<int>(g_devices.size())) return 101;
    std::strncpy(name, g_devices[static_cast<std::size_t>(device)].name.c_str(), static_cast<std::size_t>(length));
    return 0;
}

int cuDeviceGetAttribute(int* value, int attribute, int device) {
    if (device < 0 || device >= static_cast<int>(g_devices.size())) return 101;
    const StubDevice& d = g_devices[static_cast<std::size_t>(device)];
    switch (attribute) {
        case 75: *value = d.major; return 0;
        case 76: *value = d.minor; return 0;
        case 16: *value = d.multiprocessors; return 0;
        case 33: *value = d.pci_bus; return 0;
        case 34: *value = 0; return 0;
        case 50: *value = 0; return 0;
        default: return 1;  // CUDA_ERROR_INVALID_VALUE
    }
}

int cuDeviceTotalMem_v2(std::size_t* bytes, int device) {
    if (device < 0 || device >= static_cast<int>(g_devices.size())) return 101;
    *bytes = g_devices[static_cast<std::size_t>(device)].memory_bytes;
    return 0;
}

int cuDeviceGetPCIBusId(char* id, int length, int device) {
    if (device < 0 || device >= static_cast<int>(g_devices.size())) return 101;
    std::snprintf(id, static_cast<std::size_t>(length), "0000:%02X:00.0",
                  static_cast<unsigned>(g_devices[static_cast<std::size_t>(device)].pci_bus) & 0xffu);
    return 0;
}

int cuGetErrorName(int error, const char** name) {
    switch (error) {
        case 0: *name = "CUDA_SUCCESS"; return 0;
        case 34: *name = "CUDA_ERROR_STUB_LIBRARY"; return 0;
        case 100: *name = "CUDA_ERROR_NO_DEVICE"; return 0;
        case 209: *name = "CUDA_ERROR_NO_BINARY_FOR_GPU"; return 0;
        default: *name = nullptr; return 1;  // CUDA_ERROR_INVALID_VALUE
    }
}

int cuGetErrorString(int error, const char** text) {
    switch (error) {
        case 0: *text = "no error"; return 0;
        case 34: *text = "CUDA driver is a stub library"; return 0;
        case 100: *text = "no CUDA-capable device is detected"; return 0;
        case 209: *text = "no kernel image is available for execution on the device"; return 0;
        default: *text = nullptr; return 1;
    }
}

int cuDevicePrimaryCtxRetain(void** context, int device) {
    if (device < 0 || device >= static_cast<int>(g_devices.size())) return 101;
    *context = &g_devices[static_cast<std::size_t>(device)];
    return 0;
}

int cuDevicePrimaryCtxRelease_v2(int device) {
    return device < 0 || device >= static_cast<int>(g_devices.size()) ? 101 : 0;
}

int cuCtxSetCurrent(void* context) {
    g_current = static_cast<int>(static_cast<StubDevice*>(context) - g_devices.data());
    return 0;
}

int cuCtxSynchronize() { return g_current < 0 ? 201 : 0; }  // CUDA_ERROR_INVALID_CONTEXT

int cuModuleLoadData(void** module, const void* image) {
    if (g_current < 0) return 201;
    const char* target = std::strstr(static_cast<const char*>(image), ".target sm_");
    if (!target) return 218;  // CUDA_ERROR_INVALID_PTX
    const StubDevice& device = g_devices[static_cast<std::size_t>(g_current)];
    if (device.major * 10 + device.minor < std::atoi(target + 11)) return 209;
    *module = const_cast<void*>(image);
    return 0;
}

int cuModuleGetFunction(void** function, void* module, const char* name) {
    *function = module;
    return std::strstr(static_cast<const char*>(module), name) ? 0 : 500;  // CUDA_ERROR_NOT_FOUND
}

int cuModuleUnload(void*) { return 0; }

int cuMemAlloc_v2(unsigned long long* pointer, std::size_t bytes) {
    *pointer = reinterpret_cast<unsigned long long>(std::malloc(bytes));
    return *pointer ? 0 : 2;  // CUDA_ERROR_OUT_OF_MEMORY
}

int cuMemFree_v2(unsigned long long pointer) {
    std::free(reinterpret_cast<void*>(pointer));
    return 0;
}

int cuMemcpyDtoH_v2(void* destination, unsigned long long source, std::size_t bytes) {
    std::memcpy(destination, reinterpret_cast<const void*>(source), bytes);
    return 0;
}

int cuLaunchKernel(void*, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, void*,
                   void** arguments, void**) {
    *reinterpret_cast<int*>(*static_cast<unsigned long long*>(arguments[0])) = 42;
    return 0;
}

}  // extern "C"
