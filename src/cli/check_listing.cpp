// SPDX-License-Identifier: Apache-2.0
// The files `cudaarch check` reads, on a few threads, and asks the verdict engine about.
#include <algorithm>
#include <sys/stat.h>

#include "cli/check.hpp"
#include "cli/zstd_decoder.hpp"
#include "cudaarch/parallel.hpp"
#include "cudaarch/text.hpp"

namespace cudaarch::cli::check {

std::string Gpu::label() const { return names.empty() ? cc.dotted() : cc.dotted() + " (" + text::join(names, ", ") + ")"; }

bool has_device_code(const binary::Listing& listing) {
    return std::any_of(listing.images.begin(), listing.images.end(), [](const binary::Image& image) {
        return image.kind == binary::ImageKind::sass || image.kind == binary::ImageKind::ptx;
    });
}

namespace {

// The engine's judgement, with the shown failing modules' compressed kernels decoded by
// `decode` (the listing, the entries; false when nothing was read) and the file judged again.
// Only those are decoded (LZ4, and zstd where built with libzstd), since decoding costs what
// the code's size costs, and a library's modules for other GPUs are many.
template <class Decode>
FileJudgement judge_decoding(binary::Listing listing, const Options& o, const Decode& decode) {
    FileJudgement j = cudaarch::judge_file(std::move(listing), o.inputs);
    std::vector<std::uint64_t> entries;
    const auto add = [&](const std::vector<std::size_t>& shown) {
        for (std::size_t k = 0; k < shown.size() && k < kShownModules; ++k) {
            if (j.parts[shown[k]].kernels_known) continue;
            for (const binary::Image& image : j.parts[shown[k]].listing.images)
                if (binary::can_decode(image.compression, zstd_decoder())) entries.push_back(image.entry_offset);
        }
    };
    for (const FileVerdict& v : j.verdicts) {
        add(v.failing);
        if (!v.failing.empty()) add(v.worst_modules);
    }
    if (entries.empty() || !decode(j.listing, entries)) return j;
    return cudaarch::judge_file(std::move(j.listing), o.inputs);
}

}  // namespace

FileJudgement judge_file(const std::string& path, binary::Listing listing, const Options& o) {
    return judge_decoding(std::move(listing), o, [&](binary::Listing& l, const std::vector<std::uint64_t>& entries) {
        return binary::read_compressed_kernels(l, path, zstd_decoder(), entries);
    });
}

FileJudgement judge_file(const binary::Bytes& file, binary::Listing listing, const Options& o) {
    return judge_decoding(std::move(listing), o, [&](binary::Listing& l, const std::vector<std::uint64_t>& entries) {
        binary::read_compressed_kernels(l, file, zstd_decoder(), entries);
        return true;
    });
}

void judge_listed(ListedFile& file, const std::string& path, const Options& o) {
    if (file.judgement || !file.listing || !has_device_code(*file.listing)) return;
    file.judgement = judge_file(path, std::move(file.listing).value(), o);
}

namespace {

// The order the threads take `paths` in: the largest files first, each of which is read and
// judged by one thread (cuFFT's 11,000 modules), so that none is left to the end while the
// other threads have nothing to do (by name, torch's libraries came after NVIDIA's).
std::vector<std::size_t> largest_first(const std::vector<std::string>& paths) {
    std::vector<std::pair<std::uint64_t, std::size_t>> sized;
    sized.reserve(paths.size());
    for (std::size_t i = 0; i < paths.size(); ++i) {
        struct stat status {};
        sized.emplace_back(::stat(paths[i].c_str(), &status) == 0 ? static_cast<std::uint64_t>(status.st_size) : 0, i);
    }
    std::stable_sort(sized.begin(), sized.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    std::vector<std::size_t> order;
    order.reserve(sized.size());
    for (const auto& [size, i] : sized) order.push_back(i);
    return order;
}

// A file's listing and runtimes, read through one open of it into `memory`.
ListedFile read_listed(const std::string& path, bool needed, binary::ReadMemory& memory) {
    const Result<binary::FileBytes> file = binary::FileBytes::open(path, &memory);
    if (!file) return {file.error(), std::nullopt, {}};
    ListedFile listed{list_modules(*file, scan_threads_per_file), std::nullopt, {}};
    if (listed.listing) listed.runtimes = file_runtimes(*file, needed, has_device_code(*listed.listing));
    return listed;
}

}  // namespace

std::vector<ListedFile> list_all(const std::vector<std::string>& paths, const Options* judge, bool needed) {
    std::vector<std::optional<ListedFile>> slots(paths.size());
    const std::vector<std::size_t> order = largest_first(paths);
    const std::size_t threads = file_threads();
    std::vector<binary::ReadMemory> memory(threads);  // one per thread, reused file after file
    for_each_parallel(paths.size(), threads, [&](std::size_t k, std::size_t thread) {
        const std::size_t i = order[k];
        slots[i] = read_listed(paths[i], needed, memory[thread]);
        if (judge) judge_listed(*slots[i], paths[i], *judge);
    });
    std::vector<ListedFile> files;
    files.reserve(paths.size());
    for (auto& slot : slots) files.push_back(std::move(*slot));
    return files;
}

RuntimeJudgement judge_runtime(ProgramRuntime runtime, const Options& o, std::string_view judged) {
    const bool itself = !runtime.linked_in() && runtime.path == judged;
    RuntimeVerdict verdict = runtime_verdict(runtime.version, o.inputs.driver, itself);
    return {std::move(runtime), std::move(verdict)};
}

std::vector<RuntimeJudgement> judge_runtimes(ListedFile& file, const std::string& path, const Options& o) {
    std::vector<RuntimeJudgement> verdicts;
    for (ProgramRuntime& runtime : file.runtimes) verdicts.push_back(judge_runtime(std::move(runtime), o, path));
    return verdicts;
}

}  // namespace cudaarch::cli::check
