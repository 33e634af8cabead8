// SPDX-License-Identifier: Apache-2.0
// The modules of a file, as the CUDA loader registers and judges them, and which of them decide
// a file's verdict on a GPU, which the verdict engine (verdict.hpp) gives. See docs/cli/check.md,
// "Modules".
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "cudaarch/binary/image_list.hpp"
#include "cudaarch/compat.hpp"
#include "cudaarch/file_build.hpp"

namespace cudaarch {

// What the loader registers as one unit. In a whole-program build each translation unit's fat
// binary is a module (nvcc's link step adds one more, without kernels); in a linked program
// with relocatable device code (-rdc) the linked image and the relocatable code it is linked
// with at load time are one module; a .cubin or .ptx file (or archive member) is one module.
struct Module {
    binary::Listing listing;  // the module's images only; format and `linked` as the file's
    FileBuild build;          // file_build(listing)
    std::string where;        // binary::origin() of its first image: ".nv_fatbin@0x8efa8", "k.o:.nv_fatbin@0x724"; "" in an -rdc program
    std::vector<std::string> kernels;  // demangled, each once, in file order, printable (text::printable)
    // Whether `kernels` is the whole list: some image was read (listed with binary::Read::kernels,
    // uncompressed), as the images of a translation unit hold the same kernels; in an -rdc
    // program, every image. A module of compressed images (and an -rdc program, whose
    // relocatable code nvcc compresses) is not known to be kernel-less.
    bool kernels_known = false;
    // Every image is compressed, as NVIDIA ships its libraries' code (and nvcc an -rdc program's
    // relocatable code); whether its kernels were then read (binary::read_compressed_kernels)
    // or not.
    bool compressed = false;

    // A module without a kernel has nothing to launch: it cannot fail.
    [[nodiscard]] bool kernel_less() const { return kernels_known && kernels.empty(); }
    // Every image has 'a': code for exactly those capabilities, which a program (a Hopper-only
    // kernel beside portable ones) launches only there.
    [[nodiscard]] bool arch_specific() const;
};

// The newest CUDA release that built the module's cubins (binary::Image::toolkit); empty
// when no cubin of it was read.
[[nodiscard]] Version module_toolkit(const Module& module);

// What the module model judges a file by: its images in every data section, with the kernels
// of the uncompressed ones (binary::Read::kernels), since only a module whose kernels were read
// is known to have none and so cannot fail (nvcc's kernel-less module in every program it
// links). check and doctor read files through this one function; `threads` as list_images().
[[nodiscard]] Result<binary::Listing> list_modules(const std::string& path, std::size_t threads = binary::max_scan_threads);
// The same, of a file already open.
[[nodiscard]] Result<binary::Listing> list_modules(const binary::FileBytes& file, std::size_t threads);
// The same, of an input in memory (an archive's member); `name` is used in error messages.
[[nodiscard]] Result<binary::Listing> list_modules_in(std::string_view name, std::string_view bytes);

// The file's modules in file order; those without SASS or PTX (LTO-IR only) are left out.
[[nodiscard]] std::vector<Module> modules(const binary::Listing& listing);

// Whether a module's verdict decides the file's: it may have a kernel, and it is portable
// code, or every such module of the file is arch-specific.
[[nodiscard]] std::vector<bool> counted_modules(const std::vector<Module>& modules);

// What the file was compiled for, the base of a fix: the counted modules' compiled() lists.
[[nodiscard]] ArchList compiled(const std::vector<Module>& modules, const std::vector<bool>& counted);

// Whether a counted module that cannot run on a GPU decides the file's verdict there. Two
// kinds do not, in a file where another counted module runs on that GPU (`another_runs`):
// - one of compressed code only: libraries that choose their kernels per GPU (cuBLAS, cuDNN,
//   cuFFT) ship compressed modules for other GPUs that they never launch on this one, and
//   nothing in the file shows that this module is launched (its kernels' names, when decoded,
//   do not either);
// - one built only for newer GPUs (built_for_newer): code that needs what the GPU lacks, which
//   a library launches only where it exists (PyTorch's sm_100-only CuTe kernels, vLLM's
//   per-architecture kernel families). A module built for older GPUs only still decides: that
//   is the build that forgot this GPU.
// Their kernels fail with error 209 if they are launched; check names such modules in a note.
[[nodiscard]] bool decides_failure(const Module& module, const Arch& gpu, bool another_runs);

// Every image of the module (SASS and PTX) is for a capability above `gpu`'s: sm_100 and
// compute_100 code on a 9.0.
[[nodiscard]] bool built_for_newer(const Module& module, const Arch& gpu);

// The runtime's order of outcomes, best first: native, a load-time link of cubins, PTX JIT,
// a load-time link with JIT, no image. A file's verdict is its worst counted module's.
[[nodiscard]] int badness(Verdict verdict);

// "k_a(int*), k_b(float*, int) and 12 more": up to `shown` names, then a count.
[[nodiscard]] std::string kernel_summary(const Module& module, std::size_t shown = 3);

}  // namespace cudaarch
