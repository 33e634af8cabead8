// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/binary/image_list.hpp"

#include <sched.h>

#include <algorithm>
#include <iterator>
#include <optional>
#include <thread>
#include <unordered_set>
#include <utility>

#include "cudaarch/binary/ar.hpp"
#include "cudaarch/binary/cubin.hpp"
#include "cudaarch/binary/elf.hpp"
#include "cudaarch/binary/file_bytes.hpp"
#include "cudaarch/binary/kernels.hpp"
#include "cudaarch/binary/lz4.hpp"
#include "cudaarch/parallel.hpp"

namespace cudaarch::binary {

namespace {

using Status = std::optional<Error>;

FileFormat detect(const Bytes& object) {
    const std::string_view magic = object.view(0, std::min<std::uint64_t>(object.size(), 8));
    if (magic.substr(0, elf_magic.size()) == elf_magic) return FileFormat::elf;
    if (magic.substr(0, ar_magic.size()) == ar_magic) return FileFormat::archive;
    if (object.size() >= 4 && object.u32(0) == fatbin_magic) return FileFormat::fatbin;
    if (looks_like_ptx(object)) return FileFormat::ptx;
    return FileFormat::unknown;
}

constexpr std::string_view relocatable_section = "__nv_relfatbin";

bool is_fatbin_section(std::string_view name) { return name == ".nv_fatbin" || name == relocatable_section; }

// The module ids of the object's -rdc translation units, in link order. Each -rdc object adds
// its id to __nv_module_id and its container to __nv_relfatbin, so the ids pair with the
// relocatable containers in order; whole-program objects add "__NV_MODULE_ID" and nvlink's
// stub one "def <id>" per module, which pair with nothing. Stripping keeps both sections.
std::vector<std::string_view> rdc_module_ids(const Bytes& object, const Elf& elf) {
    std::vector<std::string_view> ids;
    for (const ElfSection& section : elf.sections) {
        if (section.name != "__nv_module_id") continue;
        std::string_view text = object.view(section.offset, section.size);
        while (!text.empty()) {
            const std::string_view id = text.substr(0, text.find('\0'));
            text.remove_prefix(std::min(text.size(), id.size() + 1));
            if (!id.empty() && id != "__NV_MODULE_ID" && id.substr(0, 4) != "def ") ids.push_back(id);
        }
    }
    return ids;
}

// nvcc names a module "_<hash>_<length>_<source file>_<hash>": libcudadevrt's is built from
// cuda_device_runtime.cu.
bool is_device_runtime_id(std::string_view id) { return id.find("_22_cuda_device_runtime_cu_") != std::string_view::npos; }

// Where the object being listed sits: the whole file or one archive member.
struct Origin {
    std::string member;
    std::uint64_t member_offset = 0;
};

// The kernels of an uncompressed SASS or PTX image. A cubin whose tables do not parse keeps
// its kernels unread: the listing itself needs only headers.
void read_kernels(Image& image, const Bytes& code) {
    if (image.kind == ImageKind::ptx) {
        image.kernels = ptx_kernels(code);
        image.kernels_read = true;
        return;
    }
    if (image.kind != ImageKind::sass) return;
    auto elf = read_elf(code);
    if (!elf) return;
    auto kernels = cubin_kernels(*elf, code);
    if (!kernels) return;
    image.kernels = std::move(kernels).value();
    image.kernels_read = true;
    if (const Release built = cubin_toolkit(*elf, code); built.major != 0) image.toolkit = built;
}

// Fills `image`, a new Image made where the listing keeps it: an Image is large (names,
// kernels), and a library lists thousands.
void set_from_entry(Image& image, const FatbinEntry& entry) {
    image.entry_kind = entry.kind;
    switch (entry.kind) {
        case fatbin_kind::elf: image.kind = ImageKind::sass; break;
        case fatbin_kind::ptx: image.kind = ImageKind::ptx; break;
        case fatbin_kind::lto_ir: image.kind = ImageKind::lto_ir; break;
        default: image.kind = ImageKind::other; break;
    }
    const Suffix suffix = (entry.flags & fatbin_flag::arch_specific) != 0 ? Suffix::a
                          : (entry.flags & fatbin_flag::family) != 0    ? Suffix::f
                                                                        : Suffix::none;
    image.arch = arch_from_sm(entry.arch, suffix);
    if ((entry.flags & fatbin_flag::lz4) != 0) image.compression = Compression::lz4;
    if ((entry.flags & fatbin_flag::zstd) != 0) image.compression = Compression::zstd;
    const bool compressed = image.compression != Compression::none;
    image.stored_size = compressed ? entry.compressed_size : entry.payload_size;
    image.uncompressed_size = compressed ? entry.uncompressed_size : entry.payload_size;
    if (image.kind == ImageKind::ptx) image.ptx_isa = PtxIsa{entry.version_major, entry.version_minor};
    // A cubin of the second ELF ABI (the entry's code version 1.8) below sm_100 comes from
    // CUDA 13 or newer, which writes it for every SM; 12.8 and 12.9 wrote it only from sm_100
    // on (docs/reference fatbin-format, "Cubin ELF header"). A lower bound, known without
    // reading the cubin, for compressed ones too.
    if (entry.kind == fatbin_kind::elf && entry.version_major == 1 && entry.version_minor >= 8 && entry.arch < 100)
        image.toolkit = {13, 0};
    image.debug = (entry.flags & fatbin_flag::debug) != 0;
    image.identifier = entry.identifier;
    image.entry_offset = entry.offset;
}

struct Region {
    Bytes bytes;
    ScanMode mode;
    std::string name;
};

using Scan = Result<std::vector<FatbinContainer>>;

// The cores this process may run on (taskset and cgroups included).
std::size_t usable_cores() {
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) return static_cast<std::size_t>(std::max(1, CPU_COUNT(&set)));
    return std::max(1u, std::thread::hardware_concurrency());
}

// How many threads to scan on, for `wanted` of them: at most one per core and `most`. Starting a
// thread is not free: on the 16-core GPU machine (a VM) each costs tens of microseconds and 72
// KiB of memory (its stack and search buffer), against 0.2 ms to search 2 MiB. There, libnvrtc's
// 18 MB are searched fastest on 6 to 12 threads, and 16 are no faster than 8 on any library
// (docs/bench.md). A container may see far more cores than its CPU quota.
std::size_t scan_threads(std::size_t wanted, std::size_t most) {
    return std::max<std::size_t>(1, std::min({usable_cores(), wanted, most}));
}

// One part of a region to scan: a walk's part or a search's.
struct ScanTask {
    std::size_t region;
    std::uint64_t begin;
    std::uint64_t end;
};

// What scan_regions() does, in the order the threads take it: a fatbin section is walked from
// header to header, in parts of walk_part_size that each walk a chain of a few hundred headers
// (the walks' parts first); any other section is searched through, in parts of
// search_part_size, one thread for every 2 MiB. A walk of one part per region (--cuobjdump, the
// runtime guard, a small library) wants no thread of its own: it reads a few MB.
struct ScanPlan {
    std::vector<ScanTask> tasks;
    std::size_t walks = 0;   // tasks[0, walks) are walks' parts
    std::size_t wanted = 0;  // the threads the work is worth
};

ScanPlan plan_scan(const std::vector<Region>& regions) {
    constexpr std::uint64_t search_part_size = 512 << 10;  // small enough to keep every thread busy to the end
    constexpr std::uint64_t bytes_per_search_thread = 2 << 20;
    constexpr std::uint64_t walk_part_size = 16 << 20;  // cuFFT's 280 MB: 18 parts of 650 headers
    ScanPlan plan;
    std::size_t walk_regions = 0;
    for (std::size_t r = 0; r < regions.size(); ++r) {
        if (regions[r].mode != ScanMode::strict) continue;
        ++walk_regions;
        const std::uint64_t size = regions[r].bytes.size();
        for (std::uint64_t begin = 0; begin < size; begin += walk_part_size)
            plan.tasks.push_back({r, begin, std::min(size, begin + walk_part_size)});
    }
    plan.walks = plan.tasks.size();
    std::uint64_t search_bytes = 0;
    for (std::size_t r = 0; r < regions.size(); ++r) {
        if (regions[r].mode != ScanMode::lenient) continue;
        const std::uint64_t size = regions[r].bytes.size();
        search_bytes += size;
        for (std::uint64_t begin = 0; begin < size; begin += search_part_size)
            plan.tasks.push_back({r, begin, std::min(size, begin + search_part_size)});
    }
    plan.wanted = (plan.walks > walk_regions ? plan.walks : 0) +
                  (search_bytes ? std::max<std::uint64_t>(1, (search_bytes + bytes_per_search_thread / 2) / bytes_per_search_thread) : 0);
    return plan;
}

// Scans the regions as plan_scan() plans it, on as many threads as scan_threads() gives, at most
// `most_threads`. Results come in region order and equal a scan of each region in one pass.
std::vector<Scan> scan_regions(const std::vector<Region>& regions, std::uint64_t object_origin, std::size_t most_threads) {
    const ScanPlan plan = plan_scan(regions);
    std::vector<WalkPart> walked(plan.walks);
    std::vector<ScanPart> searched(plan.tasks.size() - plan.walks);
    // Each thread's window on the file, allocated here: a thread whose search finds nothing then
    // allocates nothing, and no thread grows its buffer window by window.
    const std::size_t threads = std::min(plan.tasks.size(), scan_threads(plan.wanted, most_threads));
    std::vector<std::string> buffers(std::max<std::size_t>(1, threads));
    for (std::string& buffer : buffers) buffer.reserve(scan_read_size);
    for_each_parallel(plan.tasks.size(), threads, [&](std::size_t t, std::size_t thread) {
        const ScanTask& task = plan.tasks[t];
        std::string& buffer = buffers[thread];
        if (t < plan.walks) walked[t] = walk_part(regions[task.region].bytes, object_origin, task.begin, task.end, buffer);
        else searched[t - plan.walks] = scan_part(regions[task.region].bytes, object_origin, task.begin, task.end, buffer);
    });
    std::vector<std::vector<WalkPart>> region_walks(regions.size());
    std::vector<std::vector<ScanPart>> region_searches(regions.size());
    for (std::size_t t = 0; t < plan.tasks.size(); ++t) {
        if (t < plan.walks) region_walks[plan.tasks[t].region].push_back(std::move(walked[t]));
        else region_searches[plan.tasks[t].region].push_back(std::move(searched[t - plan.walks]));
    }
    std::vector<Scan> scans;
    scans.reserve(regions.size());
    for (std::size_t r = 0; r < regions.size(); ++r) {
        scans.push_back(regions[r].mode == ScanMode::strict
                            ? join_walk_parts(regions[r].bytes, object_origin, std::move(region_walks[r]))
                            : Scan(join_scan_parts(regions[r].bytes, object_origin, std::move(region_searches[r]))));
    }
    return scans;
}

// Whether two of the regions share bytes (overlapping sections, or segments), so that one
// container could be found twice.
bool overlap(const std::vector<Region>& regions) {
    std::vector<std::pair<std::uint64_t, std::uint64_t>> ranges;
    for (const Region& region : regions) ranges.emplace_back(region.bytes.origin(), region.bytes.origin() + region.bytes.size());
    std::sort(ranges.begin(), ranges.end());
    for (std::size_t i = 1; i < ranges.size(); ++i)
        if (ranges[i].first < ranges[i - 1].second) return true;
    return false;
}

// Whether a section can hold a fatbin container that the program loads: data it maps
// (SHF_ALLOC; not debug information or comments), neither code (SHF_EXECINSTR) nor one of the
// tables with a layout of their own: relocations, symbols, strings, hashes and notes (by type),
// unwind and exception tables and the GOT (by name). Unwind tables alone are 30% of the data of
// libnvrtc and libnvJitLink.
bool may_hold_containers(const ElfSection& section) {
    constexpr std::string_view tables[] = {".eh_frame", ".eh_frame_hdr", ".gcc_except_table", ".got", ".got.plt"};
    return section.type == sht_progbits && (section.flags & shf_alloc) != 0 && (section.flags & shf_execinstr) == 0 &&
           std::find(std::begin(tables), std::end(tables), section.name) == std::end(tables);
}

class Lister {
public:
    // Archives inside archives are read this deep; a deeper one is an error, never skipped.
    static constexpr int kMaxArchiveDepth = 8;

    Lister(Listing& listing, Scope scope, Read read, std::size_t threads)
        : listing_(listing), scope_(scope), read_(read), threads_(threads) {}

    // Lists one object (a file, or an archive member); returns its format.
    Result<FileFormat> list_object(const Bytes& object, const Origin& origin) {
        FileFormat format = detect(object);
        Status status;
        if (format == FileFormat::elf) {
            auto elf = read_elf(object);
            if (!elf) return elf.error();
            if (elf->machine == em_cuda) {
                format = FileFormat::cubin;
                status = list_cubin(object, *elf, origin);
            } else {
                listing_.linked = origin.member.empty() && elf->type != et_rel;
                status = list_host_elf(object, *elf, origin);
            }
        } else if (format == FileFormat::fatbin) {
            auto containers = scan_fatbins(object, object.origin(), ScanMode::strict);
            if (!containers) return containers.error();
            seen_.clear();
            add_containers(*containers, origin, "", object);
        } else if (format == FileFormat::ptx) {
            status = list_ptx(object, origin);
        } else if (format == FileFormat::archive) {
            // An archive inside an archive (an ar of .a files) is read, to a bounded depth: left
            // out, its device code would be a false "no device code" in check and verify.
            if (depth_ >= kMaxArchiveDepth)
                return object.error(0, "an archive nested more than " + std::to_string(kMaxArchiveDepth) +
                                           " deep is not read");
            ++depth_;
            status = list_archive(object, origin.member);
            --depth_;
        }
        if (status) return *status;
        return format;
    }

    // The members of the archive `file`; `outer` names the member that holds it when it sits in
    // another archive ("inner.a"), so that its members are named "inner.a(k.o)".
    Status list_archive(const Bytes& file, std::string_view outer = {}) {
        auto members = read_archive(file);
        if (!members) return members.error();
        for (const ArMember& member : *members) {
            const std::string name = outer.empty() ? member.name : std::string(outer) + "(" + member.name + ")";
            listing_.members.push_back({name, file.origin() + member.header_offset});
            const std::string label = std::string(file.file()) + "(" + member.name + ")";
            const Bytes object = file.sub(member.data_offset, member.data_size).renamed(label);
            auto format = list_object(object, {name, file.origin() + member.header_offset});
            if (!format) return format.error();
        }
        return std::nullopt;
    }

private:
    Status list_host_elf(const Bytes& object, const Elf& elf, const Origin& origin) {
        std::vector<Region> regions;
        for (const ElfSection& section : elf.sections) {
            const bool fatbin_section = is_fatbin_section(section.name);
            if (section.size == 0 || (!fatbin_section && (scope_ == Scope::fatbin_sections || !may_hold_containers(section))))
                continue;
            regions.push_back({object.sub(section.offset, section.size),
                               fatbin_section ? ScanMode::strict : ScanMode::lenient, std::string(section.name)});
        }
        // No section headers (stripped with e.g. sstrip): the containers still sit in loaded segments.
        for (std::size_t i = 0; elf.sections.empty() && scope_ == Scope::all_sections && i < elf.segments.size(); ++i) {
            const ElfSegment& segment = elf.segments[i];
            if (segment.type != pt_load || segment.file_size == 0) continue;
            regions.push_back({object.sub(segment.offset, segment.file_size), ScanMode::lenient,
                               "PT_LOAD[" + std::to_string(i) + "]"});
        }
        seen_.clear();
        dedupe_ = overlap(regions);
        auto scanned = scan_regions(regions, object.origin(), threads_);
        const std::size_t first_image = listing_.images.size();
        std::size_t entries = 0;
        for (const Scan& scan : scanned)
            for (std::size_t i = 0; scan && i < scan->size(); ++i) entries += (*scan)[i].entries.size();
        listing_.images.reserve(first_image + entries);
        std::vector<std::uint64_t> relocatable;  // container offsets, in file order
        for (std::size_t i = 0; i < regions.size(); ++i) {
            if (!scanned[i]) return scanned[i].error();
            add_containers(*scanned[i], origin, regions[i].name, object);
            if (regions[i].name == relocatable_section)
                for (const FatbinContainer& container : *scanned[i]) relocatable.push_back(container.offset);
            scanned[i] = Scan(std::vector<FatbinContainer>{});  // listed: its memory goes before the next region's
        }
        mark_device_runtime(rdc_module_ids(object, elf), relocatable, first_image);
        return std::nullopt;
    }

    // Marks the images of the container that pairs with libcudadevrt's module id. Where ids
    // and containers do not pair up one to one, nothing is marked: the images stay the program's.
    void mark_device_runtime(const std::vector<std::string_view>& ids, const std::vector<std::uint64_t>& containers,
                             std::size_t first_image) {
        if (ids.size() != containers.size()) return;
        for (std::size_t i = 0; i < ids.size(); ++i) {
            if (!is_device_runtime_id(ids[i])) continue;
            for (std::size_t k = first_image; k < listing_.images.size(); ++k) {
                Image& image = listing_.images[k];
                if (image.relocatable && image.container_offset == containers[i]) image.device_runtime = true;
            }
        }
    }

    // `object` holds the containers: their offsets are absolute, its origin too.
    void add_containers(const std::vector<FatbinContainer>& containers, const Origin& origin,
                        std::string_view section, const Bytes& object) {
        for (const FatbinContainer& container : containers) {
            if (dedupe_ && !seen_.insert(container.offset).second) continue;
            for (const FatbinEntry& entry : container.entries) {
                Image& image = listing_.images.emplace_back();
                set_from_entry(image, entry);
                image.member = origin.member;
                image.member_offset = origin.member_offset;
                image.section = std::string(section);
                image.container_offset = container.offset;
                image.relocatable = section == relocatable_section;
                const std::uint64_t payload = entry.offset + entry.header_size - object.origin();
                image.payload_offset = entry.offset + entry.header_size;
                if (read_ == Read::kernels && image.compression == Compression::none && object.fits(payload, entry.payload_size))
                    read_kernels(image, object.sub(payload, entry.payload_size));
            }
        }
    }

    Status list_cubin(const Bytes& object, const Elf& elf, const Origin& origin) {
        auto arch = cubin_arch(elf, object);
        if (!arch) return arch.error();
        Image image;
        image.kind = ImageKind::sass;
        image.arch = *arch;
        image.container = Container::cubin;
        if (read_ == Read::kernels) read_kernels(image, object);
        add_whole_object(object, origin, std::move(image));
        return std::nullopt;
    }

    Status list_ptx(const Bytes& object, const Origin& origin) {
        auto header = read_ptx_header(object);
        if (!header) return header.error();
        Image image;
        image.kind = ImageKind::ptx;
        image.arch = header->target;
        image.ptx_isa = header->isa;
        image.container = Container::ptx;
        if (read_ == Read::kernels) read_kernels(image, object);
        add_whole_object(object, origin, std::move(image));
        return std::nullopt;
    }

    // A .cubin or .ptx file (or archive member) is one uncompressed image.
    void add_whole_object(const Bytes& object, const Origin& origin, Image image) {
        image.stored_size = image.uncompressed_size = object.size();
        image.member = origin.member;
        image.member_offset = origin.member_offset;
        listing_.images.push_back(std::move(image));
    }

    Listing& listing_;
    Scope scope_;
    Read read_;
    std::size_t threads_;  // the most that scan_regions() may use
    int depth_ = 0;  // how many archives hold the object being listed, the file itself not counted
    // Container offsets of the current ELF object, where its sections or segments overlap.
    bool dedupe_ = true;
    std::unordered_set<std::uint64_t> seen_;
};

}  // namespace

namespace {

// The most one image is decoded to, whatever its header says: a cubin or PTX larger than
// this is no code a lister meets (NVIDIA's largest are tens of MiB), and a header's claim
// must not make the reader take all memory.
constexpr std::uint64_t kMostDecoded = std::uint64_t{1} << 30;

}  // namespace

bool can_decode(Compression compression, ZstdDecoder zstd) {
    return compression == Compression::lz4 || (compression == Compression::zstd && zstd != nullptr);
}

void read_compressed_kernels(Listing& listing, const Bytes& file, ZstdDecoder zstd, const std::vector<std::uint64_t>& entries) {
    for (Image& image : listing.images) {
        if (image.compression == Compression::none || image.kernels_read || !can_decode(image.compression, zstd)) continue;
        if (image.kind != ImageKind::sass && image.kind != ImageKind::ptx) continue;
        if (!entries.empty() && std::find(entries.begin(), entries.end(), image.entry_offset) == entries.end()) continue;
        if (!file.fits(image.payload_offset, image.stored_size)) continue;
        std::string scratch;
        const std::string_view stored = file.scan_view(image.payload_offset, image.stored_size, scratch);
        const std::uint64_t limit = std::min(image.uncompressed_size, kMostDecoded);
        const Result<std::string> code =
            image.compression == Compression::lz4 ? lz4_block_decode(stored, limit) : zstd(stored, limit);
        if (code) read_kernels(image, Bytes(file.file(), *code));
    }
}

bool read_compressed_kernels(Listing& listing, const std::string& path, ZstdDecoder zstd,
                             const std::vector<std::uint64_t>& entries) {
    const Result<FileBytes> file = FileBytes::open(path);
    if (!file) return false;
    Listing decoded = listing;
    read_compressed_kernels(decoded, Bytes(path, file->bytes(), 0, &file.value()), zstd, entries);
    if (!file->changed().empty()) return false;
    listing = std::move(decoded);
    return true;
}

std::string image_name(ImageKind kind, const Arch& arch) {
    switch (kind) {
        case ImageKind::sass: return arch.sm();
        case ImageKind::ptx: return arch.compute();
        case ImageKind::lto_ir: return "lto_" + arch.number();
        case ImageKind::other: break;
    }
    return arch.number();
}

std::string Image::name() const {
    if (kind == ImageKind::other) return "kind" + std::to_string(entry_kind) + "_" + arch.number();
    return image_name(kind, arch);
}

namespace {

Result<Listing> list_file(const Bytes& file, Scope scope, Read read, std::size_t threads) {
    Listing listing;
    Lister lister(listing, scope, read, threads);
    if (detect(file) == FileFormat::archive) {
        if (auto status = lister.list_archive(file)) return *status;
        listing.format = FileFormat::archive;
        return listing;
    }
    if (file.view(0, std::min<std::uint64_t>(file.size(), ar_thin_magic.size())) == ar_thin_magic)
        return file.error(0, "thin archives are not supported (their members are separate files)");
    auto format = lister.list_object(file, {});
    if (!format) return format.error();
    listing.format = *format;
    return listing;
}

}  // namespace

Result<Listing> list_images_in(std::string_view name, std::string_view bytes, Scope scope, Read read, std::size_t threads) {
    return list_file(Bytes(name, bytes), scope, read, threads);
}

Result<Listing> list_images(const FileBytes& file, Scope scope, Read read, std::size_t threads) {
    Result<Listing> listing = list_file(Bytes(file.path(), file.bytes(), 0, &file), scope, read, threads);
    // A file rewritten while it was read gives a listing of neither version.
    if (const std::string changed = file.changed(); !changed.empty())
        return Error{file.path() + ": " + changed + "; read it again once whatever writes it has finished"};
    return listing;
}

Result<Listing> list_images(const std::string& path, Scope scope, Read read, std::size_t threads) {
    const Result<FileBytes> opened = FileBytes::open(path);
    if (!opened) return opened.error();
    return list_images(*opened, scope, read, threads);
}

void append_origin(std::string& out, const Image& image) {
    if (!image.member.empty()) {
        out.append(image.member);
        out.push_back(':');
    }
    switch (image.container) {
        case Container::fatbin:
            out.append(image.section.empty() ? std::string_view("fatbin") : std::string_view(image.section));
            out.push_back('@');
            append_hex(out, image.container_offset);
            break;
        case Container::cubin: out.append("cubin"); break;
        case Container::ptx: out.append("ptx"); break;
    }
}

std::string origin(const Image& image) {
    std::string out;
    append_origin(out, image);
    return out;
}

std::string_view kind_name(ImageKind kind) {
    switch (kind) {
        case ImageKind::sass: return "SASS";
        case ImageKind::ptx: return "PTX";
        case ImageKind::lto_ir: return "LTO-IR";
        case ImageKind::other: break;
    }
    return "other";
}

std::string_view compression_name(Compression compression) {
    switch (compression) {
        case Compression::lz4: return "lz4";
        case Compression::zstd: return "zstd";
        case Compression::none: break;
    }
    return "none";
}

std::string_view format_name(FileFormat format) {
    switch (format) {
        case FileFormat::elf: return "elf";
        case FileFormat::cubin: return "cubin";
        case FileFormat::archive: return "archive";
        case FileFormat::fatbin: return "fatbin";
        case FileFormat::ptx: return "ptx";
        case FileFormat::unknown: break;
    }
    return "unknown";
}

}  // namespace cudaarch::binary
