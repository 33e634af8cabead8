// SPDX-License-Identifier: Apache-2.0
// Lists the device code images (SASS, PTX, LTO-IR) in a host binary, object, archive, .fatbin,
// .cubin or .ptx file, from headers only: nothing is decompressed unless asked
// (read_compressed_kernels).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cudaarch/arch.hpp"
#include "cudaarch/binary/fatbin.hpp"
#include "cudaarch/binary/kernels.hpp"
#include "cudaarch/binary/ptx.hpp"
#include "cudaarch/result.hpp"

namespace cudaarch::binary {

enum class ImageKind { sass, ptx, lto_ir, other };
enum class Compression { none, lz4, zstd };
enum class Container {
    fatbin,  // an entry of a fat binary container
    cubin,   // a standalone .cubin file (or archive member)
    ptx,     // a standalone .ptx file
};

struct Image {
    ImageKind kind = ImageKind::other;
    std::uint16_t entry_kind = 0;  // the fatbin entry's kind field (1 PTX, 2 ELF, 8 LTO-IR); 0 outside fatbins
    Arch arch;                     // with `a`/`f` from the fatbin entry flags
    Compression compression = Compression::none;
    std::uint64_t stored_size = 0;        // bytes in the file (the compressed size when compressed)
    std::uint64_t uncompressed_size = 0;  // bytes after decompression (== stored_size when raw)
    std::optional<PtxIsa> ptx_isa;        // PTX images only
    bool debug = false;
    std::string identifier;  // source file of -G / -lineinfo builds; empty otherwise
    Container container = Container::fatbin;
    std::string member;                // archive member name; empty outside archives
    std::uint64_t member_offset = 0;   // file offset of that member's header
    std::string section;               // ".nv_fatbin", ".rodata", "PT_LOAD[2]"; empty for whole files
    std::uint64_t container_offset = 0;  // file offset of the fatbin header (0 outside fatbins)
    std::uint64_t entry_offset = 0;      // file offset of the entry header (0 outside fatbins)
    std::uint64_t payload_offset = 0;    // file offset of the entry's code, stored_size bytes (0 outside fatbins)
    // In __nv_relfatbin: relocatable device code (-rdc) that a device link, or in a linked
    // program the CUDA runtime at load time, links with the program's other modules.
    bool relocatable = false;
    // In the relocatable container of the device runtime library (libcudadevrt), which
    // -rdc programs link in; not the program's own code.
    bool device_runtime = false;
    // With Read::kernels: the mangled names of the image's kernels, and whether they were read.
    // They are not for a compressed image (its code is decompressed only by
    // read_compressed_kernels()), nor where the code cannot be parsed.
    std::vector<std::string> kernels;
    bool kernels_read = false;
    // The CUDA release that built a cubin: from its .note.nv.tkinfo with Read::kernels (an
    // uncompressed cubin), else at least 13.0 where the entry header says so; {0, 0} unknown.
    Release toolkit;

    // sm_90a, compute_120f, lto_100.
    [[nodiscard]] std::string name() const;
};

enum class FileFormat { elf, cubin, archive, fatbin, ptx, unknown };

struct ArchiveMember {
    std::string name;
    std::uint64_t offset = 0;  // file offset of the member header
};

struct Listing {
    FileFormat format = FileFormat::unknown;
    // An executable or shared library: what the CUDA runtime loads, relocatable images included.
    bool linked = false;
    std::vector<ArchiveMember> members;  // every archive member in order, with or without device code
    std::vector<Image> images;           // in file order
};

// Which parts of an ELF file are searched for fatbin containers.
enum class Scope {
    all_sections,     // every section with file data, so library-private containers are found too
    fatbin_sections,  // only .nv_fatbin and __nv_relfatbin, the sections cuobjdump reads
};

// How much of each image is read: its header, or also its code's kernel names (which reads
// the symbol table of each uncompressed cubin and the text of each uncompressed PTX).
enum class Read { headers, kernels };

// The most threads one listing scans on by default: one per core up to this.
inline constexpr std::size_t max_scan_threads = 16;

// Reads `path` as the listing needs it (see FileBytes) and lists its images; a file that changes
// meanwhile is an error. With Scope::all_sections, every data section (PROGBITS, not code) is
// searched, by one thread per 2 MiB of data, and a fatbin section walked by one per 16 MiB, at
// most one per core and `threads`.
Result<Listing> list_images(const std::string& path, Scope scope = Scope::all_sections, Read read = Read::headers,
                            std::size_t threads = max_scan_threads);
// The same, of a file already open, which the caller may read more of after.
Result<Listing> list_images(const FileBytes& file, Scope scope, Read read, std::size_t threads);

// Lists the images of an input already in memory; `name` is used in error messages.
Result<Listing> list_images_in(std::string_view name, std::string_view bytes, Scope scope = Scope::all_sections,
                               Read read = Read::headers, std::size_t threads = max_scan_threads);

// A zstd frame decoder of at most `limit` bytes. The core links no compression library (it is
// linked into users' programs by the runtime guard); the cudaarch tool passes libzstd's where
// it was built with it (cli/zstd_decoder.hpp).
using ZstdDecoder = Result<std::string> (*)(std::string_view frame, std::uint64_t limit);

// Whether read_compressed_kernels() decodes images compressed so: LZ4 always, zstd with a decoder.
[[nodiscard]] bool can_decode(Compression compression, ZstdDecoder zstd);

// Decompresses the compressed SASS and PTX images of `listing` whose entry_offset is in
// `entries` (all of them when `entries` is empty) from `file`, the listed input's whole range,
// and reads their kernels (and a cubin's toolkit) as Read::kernels reads an uncompressed
// image's. Decoding costs what the code's size costs, so callers ask only where kernel names
// are needed. An image that cannot be decoded (no decoder for its codec, bytes that are not
// what the header says) keeps its kernels unread.
void read_compressed_kernels(Listing& listing, const Bytes& file, ZstdDecoder zstd,
                             const std::vector<std::uint64_t>& entries = {});

// The same, reading the file `path` was listed from; false when it cannot be opened or changed
// since (nothing is then read).
bool read_compressed_kernels(Listing& listing, const std::string& path, ZstdDecoder zstd,
                             const std::vector<std::uint64_t>& entries = {});

// sm_90a, compute_120f, lto_100: the name of an image of `kind` for `arch` (not for `other`).
[[nodiscard]] std::string image_name(ImageKind kind, const Arch& arch);

// Where an image sits, as `inspect` prints it: "k.o:.nv_fatbin@0x724", "fatbin@0x0", "cubin".
[[nodiscard]] std::string origin(const Image& image);
// The same, appended to `out`: a table of thousands of images reuses one string for all.
void append_origin(std::string& out, const Image& image);

[[nodiscard]] std::string_view kind_name(ImageKind kind);               // SASS, PTX, LTO-IR, other
[[nodiscard]] std::string_view compression_name(Compression compression);  // none, lz4, zstd
[[nodiscard]] std::string_view format_name(FileFormat format);          // elf, cubin, archive, ...

}  // namespace cudaarch::binary
