// SPDX-License-Identifier: Apache-2.0
#include "cudaarch/binary/image_list.hpp"

#include <algorithm>
#include <functional>
#include <system_error>
#include <thread>
#include <unordered_set>
#include <utility>

#include "cudaarch/binary/ar.hpp"
#include "cudaarch/binary/cubin.hpp"
#include "cudaarch/binary/elf.hpp"
#include "cudaarch/binary/file_bytes.hpp"

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

Image image_from_entry(const FatbinEntry& entry) {
    Image image;
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
    image.debug = (entry.flags & fatbin_flag::debug) != 0;
    image.identifier = entry.identifier;
    image.entry_offset = entry.offset;
    return image;
}

struct Region {
    Bytes bytes;
    ScanMode mode;
    std::string name;
};

using Scan = Result<std::vector<FatbinContainer>>;

// Scans each region, on up to four threads when there is much to read: one core does not
// saturate the memory bandwidth and page-table work that a scan is bound by, and each thread
// holds a release window of pages, which bounds the count. Results come in region order.
std::vector<Scan> scan_regions(const std::vector<Region>& regions, std::uint64_t object_origin,
                               const ReleaseFn& release) {
    constexpr std::uint64_t min_share_bytes = 32 << 20;  // below this a thread costs more than it saves
    constexpr std::size_t max_threads = 4;
    std::vector<std::optional<Scan>> results(regions.size());
    const auto scan = [&](const std::vector<std::size_t>& indices) {
        for (const std::size_t i : indices) results[i] = scan_fatbins(regions[i].bytes, object_origin, regions[i].mode, release);
    };
    // Lenient regions are read in full; strict ones are walked header to header and cost little.
    std::vector<std::size_t> order(regions.size());
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    const auto cost = [&](std::size_t i) { return regions[i].mode == ScanMode::lenient ? regions[i].bytes.size() : 0; };
    for (const std::size_t i : order) total += cost(i);
    const std::size_t threads = static_cast<std::size_t>(std::clamp<std::uint64_t>(
        std::min<std::uint64_t>(total / min_share_bytes, std::max(1u, std::thread::hardware_concurrency())), 1, max_threads));
    // Largest first, each to the least loaded share; share 0 is this thread's.
    std::sort(order.begin(), order.end(), [&](std::size_t l, std::size_t r) { return cost(l) > cost(r); });
    std::vector<std::vector<std::size_t>> shares(threads);
    std::vector<std::uint64_t> loads(threads, 0);
    for (const std::size_t i : order) {
        const std::size_t least = static_cast<std::size_t>(std::min_element(loads.begin(), loads.end()) - loads.begin());
        shares[least].push_back(i);
        loads[least] += cost(i);
    }
    std::vector<std::thread> helpers;
    for (std::size_t k = 1; k < threads; ++k) {
        try {
            helpers.emplace_back(scan, std::cref(shares[k]));
        } catch (const std::system_error&) {
            scan(shares[k]);  // no thread to be had: scan that share here
        }
    }
    scan(shares[0]);
    for (std::thread& helper : helpers) helper.join();

    std::vector<Scan> scans;
    scans.reserve(results.size());
    for (auto& result : results) scans.push_back(std::move(*result));
    return scans;
}

// Whether a section can hold a fatbin container: file data that is neither code (SHF_EXECINSTR)
// nor one of the tables with a fixed layout (relocations, symbols, strings, hashes, notes).
bool may_hold_containers(const ElfSection& section) {
    return section.type == sht_progbits && (section.flags & shf_execinstr) == 0;
}

class Lister {
public:
    Lister(Listing& listing, Scope scope, const ReleaseFn& release)
        : listing_(listing), scope_(scope), release_(release) {}

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
            auto containers = scan_fatbins(object, object.origin(), ScanMode::strict, release_);
            if (!containers) return containers.error();
            seen_.clear();
            add_containers(*containers, origin, "");
        } else if (format == FileFormat::ptx) {
            status = list_ptx(object, origin);
        }  // archives inside archives are not followed
        if (status) return *status;
        return format;
    }

    Status list_archive(const Bytes& file) {
        auto members = read_archive(file);
        if (!members) return members.error();
        for (const ArMember& member : *members) {
            listing_.members.push_back({member.name, file.origin() + member.header_offset});
            const std::string label = std::string(file.file()) + "(" + member.name + ")";
            const Bytes object = file.sub(member.data_offset, member.data_size).renamed(label);
            auto format = list_object(object, {member.name, file.origin() + member.header_offset});
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
        auto scanned = scan_regions(regions, object.origin(), release_);
        const std::size_t first_image = listing_.images.size();
        std::vector<std::uint64_t> relocatable;  // container offsets, in file order
        for (std::size_t i = 0; i < regions.size(); ++i) {
            if (!scanned[i]) return scanned[i].error();
            add_containers(*scanned[i], origin, regions[i].name);
            if (regions[i].name != relocatable_section) continue;
            for (const FatbinContainer& container : *scanned[i]) relocatable.push_back(container.offset);
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

    void add_containers(const std::vector<FatbinContainer>& containers, const Origin& origin,
                        std::string_view section) {
        for (const FatbinContainer& container : containers) {
            if (!seen_.insert(container.offset).second) continue;  // overlapping sections or segments
            for (const FatbinEntry& entry : container.entries) {
                Image image = image_from_entry(entry);
                image.member = origin.member;
                image.member_offset = origin.member_offset;
                image.section = std::string(section);
                image.container_offset = container.offset;
                image.relocatable = section == relocatable_section;
                listing_.images.push_back(std::move(image));
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
    const ReleaseFn& release_;
    std::unordered_set<std::uint64_t> seen_;  // container offsets of the current ELF object
};

}  // namespace

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

Result<Listing> list_file(const Bytes& file, Scope scope, const ReleaseFn& release) {
    Listing listing;
    Lister lister(listing, scope, release);
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

Result<Listing> list_images_in(std::string_view name, std::string_view bytes, Scope scope, const ReleaseFn& release) {
    return list_file(Bytes(name, bytes), scope, release);
}

Result<Listing> list_images(const std::string& path, Scope scope) {
    auto opened = FileBytes::open(path);
    if (!opened) return opened.error();
    const FileBytes& file = *opened;
    Result<Listing> listing =
        list_file(Bytes(path, file.bytes(), 0, &file), scope, [&file](std::string_view range) { file.release(range); });
    // A file rewritten while it was read gives a listing of neither version.
    if (const std::string changed = file.changed(); !changed.empty())
        return Error{path + ": " + changed + "; read it again once whatever writes it has finished"};
    return listing;
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
