// SPDX-License-Identifier: Apache-2.0
// cudaarch size [--json] [--by arch|file|module] FILE|DIR... | --python [PYTHON]...: what each
// file's device code weighs, image by image, per architecture, per module and per file
// (cudaarch/sizes.hpp). See docs/cli/size.md.
#include <algorithm>
#include <charconv>
#include <iterator>
#include <optional>
#include <utility>
#include <string>
#include <vector>

#include "cli/archive_decoders.hpp"
#include "cli/commands.hpp"
#include "cli/driver_timeout.hpp"
#include "cli/json.hpp"
#include "cli/terminal_text.hpp"
#include "cudaarch/archive.hpp"
#include "cudaarch/folder_files.hpp"
#include "cudaarch/python_env.hpp"
#include "cudaarch/sizes.hpp"
#include "cudaarch/text.hpp"

namespace cudaarch::cli {

namespace {

constexpr Option kOptions[] = {
    kJsonOption,
    {"--by", "arch|file|module",
     "the text's table: file (default), each file's images; arch, the totals per\n"
     "architecture of all files; module, each file's modules"},
    {"--diff", "", "compare two builds (files, folders, wheels or conda packages): per\n"
                   "architecture, what was added, removed, grew or shrank from A to B"},
    {"--python", "", "size the ELF files of the distributions installed in each PYTHON's\n"
                     "site-packages (as check --python reads them); the operands are\n"
                     "interpreters (default: python3)"},
    {"--max-size", "SIZE", "a budget: exit 1 when the inputs' device code stores more than SIZE\n"
                           "(100MB, 1.5GiB; units B, KB, MB, GB, KiB, MiB, GiB); prints the\n"
                           "verdict and the largest images instead of a table"},
    {"--per-arch", "SIZE", "a budget for each architecture: exit 1 when the images of any one\n"
                           "store more than SIZE"},
};

// none: the file lines and totals only (the budget's text).
enum class Table { file, arch, module, none };

constexpr std::string_view kTableNames[] = {"file", "arch", "module"};

Result<Table> parse_table(std::string_view name) {
    for (std::size_t i = 0; i < std::size(kTableNames); ++i)
        if (text::iequals(name, kTableNames[i])) return static_cast<Table>(i);
    return Error{text::unknown_value("table", "tables", name, {"arch", "file", "module"})};
}

// One file's sizes, or why it could not be read; `path` as given or as the folder walk found it.
struct SizedFile {
    std::string path;
    Result<FileSizes> sizes;
    const Distribution* distribution = nullptr;  // --python: the distribution whose RECORD lists it
};

// A DIR operand: how many ELF files it holds, and what the walk did not open.
struct Folder {
    std::string path;
    std::size_t elf_files = 0;
    std::size_t with_device_code = 0;
    std::vector<SkippedFile> not_opened;  // FIFOs, sockets, devices: never ELF files to size
};

// A --python operand: its environment, and how many of its ELF files hold device code.
struct Environment {
    std::string python;
    Result<PythonEnvironment> env;
    std::size_t elf_files = 0;
    std::size_t with_device_code = 0;
};

struct Sized {
    std::vector<SizedFile> files;
    std::vector<Folder> folders;
    // Each environment's distributions, which its files point to: reserved before it is filled,
    // so that they stay put.
    std::vector<Environment> pythons;
};

// A file found in a folder, an environment or an archive, kept where it holds device code or
// could not be read; returns whether it holds device code.
bool keep_found(std::vector<SizedFile>& files, std::string path, Result<FileSizes> sizes, const Distribution* distribution) {
    if (sizes && sizes->device.images == 0) return false;
    const bool with_device_code = sizes.ok();
    files.push_back({std::move(path), std::move(sizes), distribution});
    return with_device_code;
}

// The files found in a folder or an environment, sized: those with device code kept, and those
// that could not be read; returns how many hold device code.
std::size_t size_found(std::vector<SizedFile>& files, const std::vector<std::string>& paths, const Distribution* distribution) {
    std::size_t with_device_code = 0;
    for (const std::string& path : paths) with_device_code += keep_found(files, path, read_sizes(path), distribution);
    return with_device_code;
}

// A wheel or conda package, read in place: its ELF members sized in memory one at a time, as a
// folder's ELF files are, each named ARCHIVE!/MEMBER. A bad member is an error naming it (and
// ends the archive's reading: what follows a lying header cannot be trusted).
void size_archive(Sized& sized, const std::string& path, ArchiveKind kind) {
    Folder& folder = sized.folders.emplace_back();
    folder.path = path;
    const std::optional<Error> failure =
        read_archive_elf_files(path, kind, archive_decoders(), [&](const std::string& name, std::string_view bytes) {
            ++folder.elf_files;
            folder.with_device_code += keep_found(sized.files, name, read_sizes_in(name, bytes), nullptr);
        });
    if (failure) sized.files.push_back({path, *failure});
}

// A file operand is sized whatever it holds; a folder's ELF files only where they hold device
// code (a folder's host-only libraries are counted, not listed); what the walk could not read
// is an error, since it may hold device code.
Sized size_operands(const std::vector<std::string>& operands) {
    Sized sized;
    for (const std::string& operand : operands) {
        const ArchiveKind kind = archive_kind(operand);
        if (kind != ArchiveKind::none && !is_folder(operand)) {
            size_archive(sized, operand, kind);
            continue;
        }
        if (!is_folder(operand)) {
            sized.files.push_back({operand, read_sizes(operand)});
            continue;
        }
        Folder& folder = sized.folders.emplace_back();
        folder.path = operand;
        std::vector<SkippedFile> skipped;
        const Result<std::vector<std::string>> files = folder_elf_files(operand, skipped);
        if (!files) {
            sized.files.push_back({operand, files.error()});
            continue;
        }
        folder.elf_files = files->size();
        folder.with_device_code = size_found(sized.files, *files, nullptr);
        for (SkippedFile& file : skipped) {
            if (file.unread) sized.files.push_back({file.path, Error{file.path + ": " + file.why}});
            else folder.not_opened.push_back(std::move(file));
        }
    }
    return sized;
}

// The ELF files of each interpreter's distributions, read as `check --python` reads them,
// those with device code sized.
void size_pythons(Sized& sized, const std::vector<std::string>& pythons, std::chrono::milliseconds limit) {
    sized.pythons.reserve(pythons.size());  // files point into each environment's distributions
    for (const std::string& python : pythons) {
        Environment& environment = sized.pythons.emplace_back(Environment{python, read_python_environment(python, limit)});
        if (!environment.env) continue;
        for (const Distribution& d : environment.env->distributions) {
            environment.elf_files += d.elf_files.size();
            environment.with_device_code += size_found(sized.files, d.elf_files, &d);
        }
    }
}

// `gap` spaces, then `value` right-aligned in a column of `width`.
void write_number(Output& out, std::uint64_t value, std::size_t width, std::size_t gap = 2) {
    char digits[20];
    const auto end = std::to_chars(std::begin(digits), std::end(digits), value).ptr;
    const std::size_t size = static_cast<std::size_t>(end - digits);
    out << std::string(gap + (size < width ? width - size : 0), ' ') << std::string_view(digits, size);
}

// `text` left-aligned in a column of `width`, then a space.
void write_cell(Output& out, std::string_view text, std::size_t width) {
    out << text << std::string((text.size() < width ? width - text.size() : 0) + 1, ' ');
}

constexpr std::size_t kBytesWidth = 12;

// "11008 bytes; device code 10784 stored, 10778 uncompressed (3 images); host 224"
void write_totals(Output& out, std::uint64_t file_bytes, const SizeTotal& device, std::uint64_t host_bytes) {
    out << file_bytes << " bytes; device code " << device.stored_bytes << " stored, " << device.uncompressed_bytes
        << " uncompressed (" << device.images << (device.images == 1 ? " image" : " images") << "); host " << host_bytes
        << "\n";
}

void write_file_line(Output& out, const SizedFile& file) {
    out << terminal_text(file.path) << " (" << binary::format_name(file.sizes->format);
    if (file.distribution)
        out << ", " << terminal_text(file.distribution->name) << " " << terminal_text(file.distribution->version);
    out << "): ";
    write_totals(out, file.sizes->file_bytes, file.sizes->device, file.sizes->host_bytes);
}

void write_images(Output& out, const FileSizes& sizes) {
    if (sizes.images.empty()) return;
    out << "  IMAGE          COMP      STORED  UNCOMPRESSED  FROM\n";
    for (const ImageSize& image : sizes.images) {
        out << "  ";
        write_cell(out, image.image, 14);
        out << binary::compression_name(image.compression);
        write_number(out, image.size.stored_bytes, kBytesWidth, 4 - binary::compression_name(image.compression).size());
        write_number(out, image.size.uncompressed_bytes, kBytesWidth);
        out << "  " << terminal_text(image.where) << "\n";
    }
}

void write_size_row(Output& out, const SizeTotal& size) {
    write_number(out, size.images, 6, 0);
    write_number(out, size.stored_bytes, kBytesWidth);
    write_number(out, size.uncompressed_bytes, kBytesWidth);
}

void write_modules(Output& out, const FileSizes& sizes) {
    if (sizes.images.empty()) return;
    out << "  MODULE  IMAGES        STORED  UNCOMPRESSED  WHERE\n";
    for (std::size_t i = 0; i < sizes.modules.size(); ++i) {
        out << "  ";
        write_cell(out, std::to_string(i + 1), 7);
        write_size_row(out, sizes.modules[i].size);
        const std::string& where = sizes.modules[i].where;
        out << "  " << (where.empty() ? std::string("(the -rdc program)") : terminal_text(where)) << "\n";
    }
    if (sizes.outside_modules.images == 0) return;
    out << "  ";
    write_cell(out, "-", 7);
    write_size_row(out, sizes.outside_modules);
    out << "  (in no module: LTO-IR)\n";
}

void write_archs(Output& out, const std::vector<ArchSize>& archs) {
    if (archs.empty()) return;
    out << "ARCH    IMAGES        STORED  UNCOMPRESSED\n";
    for (const ArchSize& arch : archs) {
        write_cell(out, arch.arch.number(), 7);
        write_size_row(out, arch.size);
        out << "\n";
    }
}

void write_text(Output& out, Output& err, const Sized& sized, Table table, const SizeSummary& summary) {
    for (const Environment& python : sized.pythons)
        if (!python.env) err << "cudaarch: error: " << terminal_text(python.env.error().message) << "\n";
    for (const SizedFile& file : sized.files) {
        if (!file.sizes) {
            err << "cudaarch: error: " << terminal_text(file.sizes.error().message) << "\n";
            continue;
        }
        if (table == Table::arch) continue;
        write_file_line(out, file);
        if (table == Table::file) write_images(out, *file.sizes);
        else if (table == Table::module) write_modules(out, *file.sizes);
    }
    if (table == Table::arch) write_archs(out, summary.archs);
    for (const Folder& folder : sized.folders) {
        out << terminal_text(folder.path) << ": " << folder.elf_files << (folder.elf_files == 1 ? " ELF file, " : " ELF files, ")
            << folder.with_device_code << " with device code\n";
        for (const SkippedFile& file : folder.not_opened)
            out << "  note: not opened: " << terminal_text(file.path) << ": " << terminal_text(file.why) << "\n";
    }
    for (const Environment& python : sized.pythons) {
        if (!python.env) continue;
        std::vector<std::string> sites;
        for (const std::string& site : python.env->site_dirs) sites.push_back(terminal_text(site));
        out << "python: " << terminal_text(python.python) << " (site-packages: " << text::join(sites, ", ") << "): "
            << python.elf_files << (python.elf_files == 1 ? " ELF file, " : " ELF files, ") << python.with_device_code
            << " with device code\n";
    }
    out << "total: " << summary.files << (summary.files == 1 ? " file, " : " files, ");
    write_totals(out, summary.file_bytes, summary.device, summary.host_bytes);
}

std::string json_size(const SizeTotal& size) {
    return "\"images\": " + std::to_string(size.images) + ", \"stored_bytes\": " + std::to_string(size.stored_bytes) +
           ", \"uncompressed_bytes\": " + std::to_string(size.uncompressed_bytes);
}

void write_json_archs(Output& out, const std::vector<ArchSize>& archs, std::string_view indent) {
    out << "[";
    for (std::size_t i = 0; i < archs.size(); ++i)
        out << (i ? ",\n" : "\n") << indent << "  {\"arch\": " << json_string(archs[i].arch.number()) << ", "
            << json_size(archs[i].size) << "}";
    out << (archs.empty() ? "]" : "\n" + std::string(indent) + "]");
}

void write_json_file(Output& out, const SizedFile& file) {
    out << "    {\"path\": " << json_string(file.path) << ", \"distribution\": "
        << (file.distribution ? json_string(file.distribution->name) : "null") << ", \"distribution_version\": "
        << (file.distribution ? json_string(file.distribution->version) : "null");
    if (!file.sizes) {
        out << ", \"format\": null, \"error\": " << json_string(file.sizes.error().message)
            << ", \"file_bytes\": null, \"stored_bytes\": null, \"uncompressed_bytes\": null, \"host_bytes\": null"
            << ", \"images\": [], \"archs\": [], \"modules\": [], \"outside_modules\": null}";
        return;
    }
    const FileSizes& s = *file.sizes;
    out << ", \"format\": " << json_string(binary::format_name(s.format)) << ", \"error\": null, \"file_bytes\": " << s.file_bytes
        << ", \"stored_bytes\": " << s.device.stored_bytes << ", \"uncompressed_bytes\": " << s.device.uncompressed_bytes
        << ", \"host_bytes\": " << s.host_bytes << ",\n     \"images\": [";
    for (std::size_t i = 0; i < s.images.size(); ++i) {
        const ImageSize& image = s.images[i];
        out << (i ? ",\n" : "\n") << "       {\"image\": " << json_string(image.image) << ", \"kind\": "
            << json_string(binary::kind_name(image.kind)) << ", \"arch\": " << json_string(image.arch.number())
            << ", \"compression\": " << json_string(binary::compression_name(image.compression))
            << ", \"stored_bytes\": " << image.size.stored_bytes << ", \"uncompressed_bytes\": " << image.size.uncompressed_bytes
            << ", \"where\": " << json_string(image.where) << "}";
    }
    out << (s.images.empty() ? "],\n" : "\n     ],\n") << "     \"archs\": ";
    write_json_archs(out, s.archs, "     ");
    out << ",\n     \"modules\": [";
    for (std::size_t i = 0; i < s.modules.size(); ++i)
        out << (i ? ",\n" : "\n") << "       {\"where\": " << json_string(s.modules[i].where) << ", "
            << json_size(s.modules[i].size) << "}";
    out << (s.modules.empty() ? "]" : "\n     ]") << ",\n     \"outside_modules\": {" << json_size(s.outside_modules) << "}}";
}

void write_json(Output& out, const Sized& sized, const SizeSummary& summary) {
    out << json_schema_head("size") << ",\n  \"files\": [";
    for (std::size_t i = 0; i < sized.files.size(); ++i) {
        out << (i ? ",\n" : "\n");
        write_json_file(out, sized.files[i]);
    }
    out << (sized.files.empty() ? "],\n" : "\n  ],\n") << "  \"folders\": [";
    for (std::size_t i = 0; i < sized.folders.size(); ++i) {
        const Folder& folder = sized.folders[i];
        std::vector<std::string> not_opened;
        for (const SkippedFile& file : folder.not_opened) not_opened.push_back(file.path + ": " + file.why);
        out << (i ? ",\n" : "\n") << "    {\"path\": " << json_string(folder.path) << ", \"elf_files\": " << folder.elf_files
            << ", \"with_device_code\": " << folder.with_device_code << ", \"not_opened\": " << json_strings(not_opened) << "}";
    }
    out << (sized.folders.empty() ? "],\n" : "\n  ],\n") << "  \"pythons\": [";
    for (std::size_t i = 0; i < sized.pythons.size(); ++i) {
        const Environment& python = sized.pythons[i];
        out << (i ? ",\n" : "\n") << "    {\"python\": " << json_string(python.python) << ", \"error\": "
            << (python.env ? "null" : json_string(python.env.error().message)) << ", \"site_packages\": "
            << json_strings(python.env ? python.env->site_dirs : std::vector<std::string>()) << ", \"elf_files\": "
            << python.elf_files << ", \"with_device_code\": " << python.with_device_code << "}";
    }
    out << (sized.pythons.empty() ? "],\n" : "\n  ],\n") << "  \"archs\": ";
    write_json_archs(out, summary.archs, "  ");
    out << ",\n  \"total\": {\"files\": " << summary.files << ", \"file_bytes\": " << summary.file_bytes << ", "
        << json_size(summary.device) << ", \"host_bytes\": " << summary.host_bytes << "}\n}\n";
}

// --max-size and --per-arch: each bound as given and in bytes; absent where not given.
struct Bound {
    std::string given;  // as the command line wrote it: "20KB"
    std::uint64_t bytes = 0;
};

struct Budget {
    std::optional<Bound> total;
    std::optional<Bound> per_arch;
};

// The bound of `option`, if given; the error names the option.
Result<std::optional<Bound>> read_bound(const CommandLine& line, std::string_view option) {
    const std::optional<std::string_view> value = line.value(option);
    if (!value) return std::optional<Bound>();
    const Result<std::uint64_t> bytes = parse_byte_size(*value);
    if (!bytes) return Error{std::string(option) + ": " + bytes.error().message};
    return std::optional<Bound>(Bound{std::string(*value), *bytes});
}

// The images listed when over the budget: the largest, by stored bytes.
constexpr std::size_t kLargestImages = 10;

// "20KB (20000 bytes): over by 784" or "…: within, 216 to spare"
void write_bound(Output& out, const Bound& bound, std::uint64_t stored, std::string_view each) {
    out << ", at most " << terminal_text(bound.given) << " (" << bound.bytes << " bytes)" << each << ": ";
    if (stored > bound.bytes) out << "over by " << stored - bound.bytes << "\n";
    else out << "within, " << bound.bytes - stored << " to spare\n";
}

// The budget's verdict on what was read: a line for the whole, a line for each architecture over
// (or for the largest where none is), then, when over, the largest images that count against
// it, each of which dropped saves its stored bytes. Returns whether over.
bool write_budget(Output& out, const Sized& sized, const SizeSummary& summary, const Budget& budget) {
    bool over_total = false;
    std::vector<Arch> archs_over;
    if (budget.total) {
        over_total = summary.device.stored_bytes > budget.total->bytes;
        out << "budget: device code " << summary.device.stored_bytes << " bytes stored";
        write_bound(out, *budget.total, summary.device.stored_bytes, "");
    }
    if (budget.per_arch) {
        const ArchSize* largest = nullptr;
        for (const ArchSize& arch : summary.archs) {
            if (!largest || arch.size.stored_bytes > largest->size.stored_bytes) largest = &arch;
            if (arch.size.stored_bytes <= budget.per_arch->bytes) continue;
            archs_over.push_back(arch.arch);
            out << "budget: architecture " << arch.arch.number() << " " << arch.size.stored_bytes << " bytes stored";
            write_bound(out, *budget.per_arch, arch.size.stored_bytes, " per architecture");
        }
        if (archs_over.empty()) {
            const std::uint64_t stored = largest ? largest->size.stored_bytes : 0;
            if (largest) out << "budget: the largest architecture, " << largest->arch.number() << ", " << stored << " bytes stored";
            else out << "budget: no architecture, 0 bytes stored";
            write_bound(out, *budget.per_arch, stored, " per architecture");
        }
    }
    if (!over_total && archs_over.empty()) return false;
    struct Counted {
        const ImageSize* image;
        const std::string* path;
    };
    std::vector<Counted> counted;
    for (const SizedFile& file : sized.files) {
        if (!file.sizes) continue;
        for (const ImageSize& image : file.sizes->images)
            if (over_total || std::find(archs_over.begin(), archs_over.end(), image.arch) != archs_over.end())
                counted.push_back({&image, &file.path});
    }
    // Largest first; among equals, in the order read.
    std::stable_sort(counted.begin(), counted.end(), [](const Counted& a, const Counted& b) {
        return a.image->size.stored_bytes > b.image->size.stored_bytes;
    });
    out << "largest images over the budget (dropping one saves its stored bytes):\n"
        << "  IMAGE          STORED  FILE\n";
    for (std::size_t i = 0; i < counted.size() && i < kLargestImages; ++i) {
        out << "  ";
        write_cell(out, counted[i].image->image, 14);
        write_number(out, counted[i].image->size.stored_bytes, 6, 0);
        out << "  " << terminal_text(*counted[i].path) << "\n";
    }
    if (counted.size() > kLargestImages) out << "  and " << counted.size() - kLargestImages << " more\n";
    return true;
}

// "+12", "-12", "0": the difference from `a` to `b`.
std::string signed_difference(std::uint64_t a, std::uint64_t b) {
    return b > a ? "+" + std::to_string(b - a) : a > b ? "-" + std::to_string(a - b) : "0";
}

// One side of --diff: its operand, sized as `size OPERAND` sizes it, and the totals of what was read.
struct DiffSide {
    std::string operand;
    Sized sized;
    SizeSummary summary;
};

DiffSide size_side(const std::string& operand) {
    DiffSide side{operand, size_operands({operand}), {}};
    for (const SizedFile& file : side.sized.files)
        if (file.sizes) side.summary.add(*file.sizes);
    return side;
}

void write_diff_text(Output& out, const DiffSide& a, const DiffSide& b, const std::vector<ArchChange>& changes) {
    for (const DiffSide* side : {&a, &b}) {
        out << (side == &a ? "A: " : "B: ") << terminal_text(side->operand) << ": " << side->summary.files
            << (side->summary.files == 1 ? " file, " : " files, ");
        write_totals(out, side->summary.file_bytes, side->summary.device, side->summary.host_bytes);
    }
    if (!changes.empty()) out << "ARCH    CHANGE     IMAGES      STORED A      STORED B    DIFFERENCE\n";
    for (const ArchChange& change : changes) {
        write_cell(out, change.arch.number(), 7);
        write_cell(out, change_name(change.change), 8);
        const std::string images = std::to_string(change.a.images) + " -> " + std::to_string(change.b.images);
        out << std::string(images.size() < 8 ? 8 - images.size() : 0, ' ') << images;
        write_number(out, change.a.stored_bytes, kBytesWidth);
        write_number(out, change.b.stored_bytes, kBytesWidth);
        out << std::string(2, ' ');
        const std::string difference = signed_difference(change.a.stored_bytes, change.b.stored_bytes);
        out << std::string(difference.size() < kBytesWidth ? kBytesWidth - difference.size() : 0, ' ') << difference << "\n";
    }
    const SizeTotal& da = a.summary.device;
    const SizeTotal& db = b.summary.device;
    out << "total: device code " << da.stored_bytes << " -> " << db.stored_bytes << " stored ("
        << signed_difference(da.stored_bytes, db.stored_bytes) << "), " << da.uncompressed_bytes << " -> "
        << db.uncompressed_bytes << " uncompressed (" << signed_difference(da.uncompressed_bytes, db.uncompressed_bytes)
        << "); files " << a.summary.file_bytes << " -> " << b.summary.file_bytes << " bytes ("
        << signed_difference(a.summary.file_bytes, b.summary.file_bytes) << ")\n";
}

std::string json_difference(std::uint64_t a, std::uint64_t b) {
    const std::string difference = signed_difference(a, b);
    return difference.front() == '+' ? difference.substr(1) : difference;
}

void write_diff_json(Output& out, const DiffSide& a, const DiffSide& b, const std::vector<ArchChange>& changes) {
    out << json_schema_head("size-diff");
    for (const DiffSide* side : {&a, &b}) {
        std::vector<std::string> errors;
        for (const SizedFile& file : side->sized.files)
            if (!file.sizes) errors.push_back(file.sizes.error().message);
        out << ",\n  \"" << (side == &a ? "a" : "b") << "\": {\"path\": " << json_string(side->operand)
            << ", \"files\": " << side->summary.files << ", \"file_bytes\": " << side->summary.file_bytes << ", "
            << json_size(side->summary.device) << ", \"host_bytes\": " << side->summary.host_bytes
            << ", \"errors\": " << json_strings(errors) << "}";
    }
    out << ",\n  \"archs\": [";
    for (std::size_t i = 0; i < changes.size(); ++i) {
        const ArchChange& c = changes[i];
        out << (i ? ",\n" : "\n") << "    {\"arch\": " << json_string(c.arch.number()) << ", \"change\": "
            << json_string(change_name(c.change)) << ", \"a\": {" << json_size(c.a) << "}, \"b\": {" << json_size(c.b)
            << "}, \"stored_bytes_difference\": " << json_difference(c.a.stored_bytes, c.b.stored_bytes)
            << ", \"uncompressed_bytes_difference\": " << json_difference(c.a.uncompressed_bytes, c.b.uncompressed_bytes) << "}";
    }
    const SizeTotal& da = a.summary.device;
    const SizeTotal& db = b.summary.device;
    out << (changes.empty() ? "],\n" : "\n  ],\n") << "  \"total\": {\"stored_bytes_difference\": "
        << json_difference(da.stored_bytes, db.stored_bytes) << ", \"uncompressed_bytes_difference\": "
        << json_difference(da.uncompressed_bytes, db.uncompressed_bytes) << ", \"file_bytes_difference\": "
        << json_difference(a.summary.file_bytes, b.summary.file_bytes) << "}\n}\n";
}

// size --diff A B: each side sized as `size` sizes it; read errors (exit 2) on stderr, or with
// --json in each side's `errors` alone, as `size --json` keeps them in its document; the
// comparison of what was read on stdout.
int run_diff(const CommandLine& line, const std::vector<std::string>& operands, Output& out, Output& err) {
    const DiffSide a = size_side(operands[0]);
    const DiffSide b = size_side(operands[1]);
    const bool json = line.has("--json");
    int status = 0;
    for (const DiffSide* side : {&a, &b})
        for (const SizedFile& file : side->sized.files)
            if (!file.sizes) {
                if (!json) err << "cudaarch: error: " << terminal_text(file.sizes.error().message) << "\n";
                status = 2;
            }
    const std::vector<ArchChange> changes = diff_archs(a.summary.archs, b.summary.archs);
    if (json) write_diff_json(out, a, b, changes);
    else write_diff_text(out, a, b, changes);
    return status;
}

}  // namespace

const CommandSyntax kSizeSyntax{
    "size", "FILE|DIR...|PYTHON...",
    "What the device code of executables, shared libraries, objects, static archives, .fatbin,\n"
    ".cubin and .ptx files weighs: each SASS, PTX and LTO-IR image with its stored and its\n"
    "uncompressed bytes, the totals per architecture, per module and per file, and the host\n"
    "part (the file less its images). A folder's ELF files with device code are sized, and\n"
    "with --python those of a Python environment's distributions. Wheels (.whl) and conda\n"
    "packages (.conda, .tar.bz2) are read in place, member by member, as folders.\n",
    "Exit status: 0 ok, 1 over the budget (--max-size, --per-arch), 2 usage or read error.\n",
    kOptions, std::size(kOptions), Operands::words};

namespace {

int run_size(const CommandLine& line, Output& out, Output& err) {
    Table table = Table::file;
    if (auto error = read_option(line, "--by", parse_table, table)) return usage_error(kSizeSyntax, err, *error);
    Budget budget;
    for (const auto& [option, bound] : {std::pair{"--max-size", &budget.total}, std::pair{"--per-arch", &budget.per_arch}}) {
        Result<std::optional<Bound>> read = read_bound(line, option);
        if (!read) return usage_error(kSizeSyntax, err, read.error());
        *bound = std::move(*read);
        // The budget's text replaces the tables, and the JSON document has no place for it.
        for (const char* other : {"--by", "--json", "--diff"})
            if (*bound && line.has(other)) return usage_error(kSizeSyntax, err, Error{text::mutually_exclusive(other, option)});
    }
    std::vector<std::string> operands(line.operands.begin(), line.operands.end());
    Sized sized;
    int status = 0;
    if (line.has("--diff")) {
        if (line.has("--python")) return usage_error(kSizeSyntax, err, Error{"--diff compares files, folders or archives, not --python"});
        if (operands.size() != 2) return usage_error(kSizeSyntax, err, Error{"--diff takes two builds, A and B"});
        return run_diff(line, operands, out, err);
    }
    if (line.has("--python")) {
        const Result<DriverTimeout> timeout = driver_timeout(kSizeSyntax, line);
        if (!timeout) return usage_error(kSizeSyntax, err, timeout.error());
        if (operands.empty()) operands.emplace_back("python3");
        size_pythons(sized, operands, timeout->limit);
        for (const Environment& python : sized.pythons) status = python.env ? status : 2;
    } else {
        if (operands.empty()) return usage_error(kSizeSyntax, err, Error{"no input file"});
        sized = size_operands(operands);
    }
    SizeSummary summary;
    for (const SizedFile& file : sized.files) {
        if (file.sizes) summary.add(*file.sizes);
        else status = 2;
    }
    if (budget.total || budget.per_arch) {
        write_text(out, err, sized, Table::none, summary);
        const bool over = write_budget(out, sized, summary, budget);
        return status != 0 ? status : over ? 1 : 0;
    }
    if (line.has("--json")) write_json(out, sized, summary);
    else write_text(out, err, sized, table, summary);
    return status;
}

}  // namespace

const Command kSizeCommand{&kSizeSyntax, run_size,
    "what device code weighs: each image's stored and uncompressed bytes, per arch, file, module"};

}  // namespace cudaarch::cli
