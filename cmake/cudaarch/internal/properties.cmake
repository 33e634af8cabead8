# SPDX-License-Identifier: Apache-2.0
# Internal: the one list of the state the modules keep under a _CUDAARCH_ name outside their
# functions' arguments: global, directory and target properties, cache entries, and the
# variables CudaArch's own tests set as hooks. Nothing to include; cmake.layering
# (tests/cmake/test_layering.cmake) fails when a module names one that is not listed here.
#
# Each entry: the name (<...> is a part made at run time), its scope, the files that write it
# (before '->') and those that read it, then what it holds. Global properties last one CMake
# run (a configure, or a script); cache entries last the build tree.

# The data file, parsed by _cudaarch_load_database() (or read back from the machine-wide
# cache, which holds these properties as "<name>=<value>" lines).
# _CUDAARCH_DATABASE_LOADED  GLOBAL  database -> database
#   TRUE once the data file is loaded in this CMake run.
# _CUDAARCH_CCS  GLOBAL  database -> database, generate_database, lexer, resolve, toolkit
#   The capabilities as CMake numbers (30 ... 121), ascending.
# _CUDAARCH_CC_<nn>_FAMILY  GLOBAL  database -> database, lexer, resolve (_cudaarch_cc_fields)
#   The family of capability <nn>, e.g. Ampere.
# _CUDAARCH_CC_<nn>_FIRST  GLOBAL  database -> database, lexer
#   The first CUDA release to build <nn>.
# _CUDAARCH_CC_<nn>_LAST  GLOBAL  database -> database, lexer
#   The last CUDA release to build <nn>; empty while still supported.
# _CUDAARCH_CC_<nn>_TEGRA  GLOBAL  database -> database, parser, resolve, runs_on
#   TRUE or FALSE.
# _CUDAARCH_CC_<nn>_A  GLOBAL  database -> database, lexer
#   The first CUDA release to build the 'a' suffix of <nn>, or empty.
# _CUDAARCH_CC_<nn>_F  GLOBAL  database -> database, lexer
#   The first CUDA release to build the 'f' suffix of <nn>, or empty.
# _CUDAARCH_CC_<nn>_RENAMED_TO  GLOBAL  database -> database, lexer
#   The capability number <nn> was renamed to (e.g. 110), or empty.
# _CUDAARCH_CC_<nn>_RENAMED_IN  GLOBAL  database -> database, lexer
#   The CUDA release of that rename, or empty.
# _CUDAARCH_CC_<nn>_PRODUCTS  GLOBAL  database -> database, generate_database
#   The product names of <nn>.
# _CUDAARCH_PRODUCT_KEYS  GLOBAL  database -> database, generate_database, products
#   The normalized product-name keys, sorted.
# _CUDAARCH_PRODUCT_<key>  GLOBAL  database -> database, generate_database, products
#   "<nn>|<product name>".
# _CUDAARCH_PRODUCT_MAX_WORDS  GLOBAL  database -> database, generate_database, parser
#   The most words a product's name takes with its extras, less a leading vendor word.
# _CUDAARCH_NAME_VENDORS  GLOBAL  database -> database, generate_database
#   The name-vendor words, normalized (lower case).
# _CUDAARCH_NAME_EXTRAS  GLOBAL  database -> database, generate_database
#   The name-extra words, lower case, words parted by one space.
# _CUDAARCH_NAME_EXTRA_WORDS  GLOBAL  database -> database, generate_database
#   The most words in one name-extra record.
# _CUDAARCH_CHIPS  GLOBAL  database -> database, generate_database
#   The chip codes, sorted.
# _CUDAARCH_CHIP_<code>  GLOBAL  database -> database, detect_pci, generate_database
#   The capability number of chip <code> (e.g. 90).
# _CUDAARCH_PCI_IDS  GLOBAL  database -> database, generate_database
#   Every NVIDIA PCI device id the data file names, lower-case hex, sorted.
# _CUDAARCH_PCI_<id>  GLOBAL  database -> database, detect_pci, generate_database
#   The chip of NVIDIA device 10de:<id>.
# _CUDAARCH_CUDA_RELEASES  GLOBAL  database -> database, driver_jit, generate_database, report, resolve, runs_on
#   The CUDA releases, ascending.
# _CUDAARCH_CUDA_<M>_<m>_PTX  GLOBAL  database -> database, driver_jit, generate_database, report, runs_on
#   The PTX ISA of CUDA <M>.<m>.
# _CUDAARCH_CUDA_<M>_<m>_DRIVER  GLOBAL  database -> database, driver_jit, generate_database, report
#   The oldest driver that runs CUDA <M>.<m>.
# _CUDAARCH_CUDA_<M>_<m>_DEFAULT  GLOBAL  database -> database, generate_database, request
#   What nvcc of CUDA <M>.<m> builds by default.
# _CUDAARCH_NVCC_RULES  GLOBAL  database -> database, generate_database, toolkit
#   Where the default nvcc is found, "<source>|<how>", in order.
# _CUDAARCH_LIBRARY_DIRS  GLOBAL  database -> database, detect, generate_database
#   The folders searched for the driver and runtime libraries.
# _CUDAARCH_TORCH_NAMES  GLOBAL  database -> database, generate_database
#   PyTorch's architecture names (Kepler+Tesla, ...), in order.
# _CUDAARCH_TORCH_<name>  GLOBAL  database -> database, generate_database, parser, torch_spelling
#   What PyTorch expands the name <name> to.
# _CUDAARCH_TORCH_ARCHES  GLOBAL  database -> database, generate_database, renderers, torch_spelling
#   The capabilities of PyTorch's default list.
# _CUDAARCH_PACKAGE_BUILDS  GLOBAL  database -> database, generate_database
#   The prebuilt packages' CUDA builds, "<distribution>|<build>|<items>|<index>".
# _CUDAARCH_ACCEPTED  GLOBAL  database -> generate_database, products
#   The "Accepted: ..." sentence an unknown word's error ends with (the data file's accepted row).
# _CUDAARCH_CMAKE_RELEASES  GLOBAL  database -> database (_cudaarch_cmake_takes, which apply and request ask)
#   "<value>|<first>|<before>": the CMake releases that take a suffix or keyword in
#   CUDA_ARCHITECTURES ('-': no bound).
# _CUDAARCH_CMAKE_TAKES_<value>_<version>  GLOBAL  database -> database
#   TRUE or FALSE: whether CMake <version> takes <value> by those rows (_cudaarch_cmake_takes).

# The notation engine's word lists, set once.
# _CUDAARCH_KEYWORDS  GLOBAL  lexer -> lexer
#   The keywords (all, all-major, newest, native and the family names), lower case.
# _CUDAARCH_DIALECTS  GLOBAL  dialects -> dialects
#   The dialects FROM takes.
# _CUDAARCH_FORMATS  GLOBAL  renderers -> notation
#   The formats cudaarch_format writes.

# The toolkit record and the detection record (docs/architecture.md, rule 4).
# _CUDAARCH_TOOLKIT_<hash>  GLOBAL  toolkit -> toolkit
#   One compiler request's answer: which nvcc, and what it builds (_cudaarch_toolkit_record).
# _CUDAARCH_INTERSECT_<hash>  GLOBAL  intersect -> intersect
#   One per-kernel intersection's answer, by the nvcc's lists, the request and the support
#   list (_cudaarch_kernel_architectures).
# _CUDAARCH_INTERSECT_<hash>_LEFT  GLOBAL  intersect -> intersect
#   The same intersection's request images that got nothing.
# _CUDAARCH_INTERSECT_<hash>_CHOSEN  GLOBAL  intersect -> intersect
#   The same intersection's choice of each A|B entry of the support list, for its report line.
# _CUDAARCH_RESOLVED_<hash>  GLOBAL  resolve -> resolve
#   One resolution's CMake-format list, by the nvcc's lists, the policy, the dialect and the
#   request; kept only for answers without error and requests without native
#   (_cudaarch_resolve_impl).
# _CUDAARCH_RESOLVED_<hash>_MODEL  GLOBAL  resolve -> resolve
#   The same resolution's model.
# _CUDAARCH_RESOLVED_<hash>_WARNINGS  GLOBAL  resolve -> resolve
#   The same resolution's warnings, which each caller prints as its own.
# _CUDAARCH_LIST_MODEL_<hash>  GLOBAL  notation -> notation
#   The model of one CMake-format list CudaArch wrote, by the list (_cudaarch_list_model).
# _CUDAARCH_TOOLKIT_<key>  CACHE  toolkit -> toolkit
#   What the nvcc file <key> builds, for the next configure of the build tree.
# _CUDAARCH_FOUND_PROGRAM  CACHE  toolkit -> toolkit
#   find_program's result, removed right after (_cudaarch_find_on_path).
# _CUDAARCH_DETECTION_KEY  GLOBAL  detect -> detect
#   The inputs the detection record answers (CUDAARCH_GPUS, CUDA_VISIBLE_DEVICES, the compiler...).
# _CUDAARCH_DETECTION_CAPABILITIES  GLOBAL  detect -> detect
#   The detected capabilities.
# _CUDAARCH_DETECTION_DEVICES  GLOBAL  detect -> detect
#   The detected devices' records.
# _CUDAARCH_DETECTION_REASON  GLOBAL  detect -> detect
#   Why no GPU was found, or empty.
# _CUDAARCH_DETECT_DIR  GLOBAL  detect -> detect
#   The folder the probe is built in.
# _CUDAARCH_DETECT_KEY  CACHE  detect -> detect
#   What the cached answer below depends on.
# _CUDAARCH_DETECT_CAPABILITIES  CACHE  detect -> detect
#   The cached answer's capabilities.
# _CUDAARCH_DETECT_DEVICES  CACHE  detect -> detect
#   The cached answer's device records.
# _CUDAARCH_DETECT_REASON  CACHE  detect -> detect
#   The cached answer's reason for no GPU.
# _CUDAARCH_DETECT_SOURCE  CACHE  detect -> detect
#   The source that answered (probe, nvidia-smi, ...).
# _CUDAARCH_DETECT_NOTE  CACHE  detect -> detect
#   The status line's note.
# _CUDAARCH_DETECT_ORIGIN  CACHE  detect -> detect, report
#   The machine-wide cache file the answer came from, empty when probed.
# _CUDAARCH_DETECT_PROBE_COMMAND  VARIABLE  tests -> the public commands that detect
#   Test hook: a command run instead of building and running the probe. Read once by the
#   public command and passed down (_cudaarch_detect_hooks); no internal reads it.
# _CUDAARCH_DETECT_PROC_ROOT  VARIABLE  tests -> the public commands that detect
#   Test hook: a folder read instead of /proc; read and passed down the same way.
# _CUDAARCH_LOGICAL_CORES  VARIABLE  tests -> cudaarch_set_architectures
#   Test hook: the number of logical cores nvcc --threads and the Ninja job pool are sized
#   by, instead of this machine's; read by the public command and passed down
#   (_cudaarch_directory_value, _cudaarch_apply_directory_settings).
# _CUDAARCH_MACHINE_CACHE_LOG  GLOBAL  machine_cache -> machine_cache, report
#   A line per machine-wide cache file used or refused, for the report.

# Setting architectures: the request, the report, VERIFY and per-source architectures.
# _CUDAARCH_SET_VALUE  GLOBAL  cudaarch_set_architectures, request -> request
#   What cudaarch_set_architectures last made CMAKE_CUDA_ARCHITECTURES, so that it is not
#   taken for the user's value.
# _CUDAARCH_ARCHITECTURES_ORIGIN  CACHE  request -> request
#   "<origin>|<MD5 of value>": who set the CMAKE_CUDA_ARCHITECTURES cache entry holding <value> (user,
#   env for CUDAARCHS, default for CMake's own, none), as the configure that first saw it told.
# _CUDAARCH_TORCH_CUDA_ARCH_LIST  CACHE  request -> request
#   The TORCH_CUDA_ARCH_LIST environment variable that the build tree's first configure read
#   (FROM_ENV), which later configures keep, as CMake keeps CUDAARCHS.
# _CUDAARCH_FIRST_CONFIGURE  GLOBAL  request -> request
#   Whether this configure is the build tree's first that CudaArch saw (no
#   _CUDAARCH_ARCHITECTURES_ORIGIN when its first call looked).
# _CUDAARCH_TOOLCHAIN_WATCHED  GLOBAL  request -> request
#   TRUE once the toolchain file's CMAKE_CUDA_ARCHITECTURES is watched in this configure.
# _CUDAARCH_TOOLCHAIN_ARCHITECTURES  GLOBAL  request -> request
#   What the toolchain file set CMAKE_CUDA_ARCHITECTURES to when project() read it.
# _CUDAARCH_SET_CALLS  GLOBAL  request -> request, cudaarch_set_architectures
#   How many cudaarch_set_architectures calls this configure has made.
# _CUDAARCH_SCOPE_PROBE_<n>  VARIABLE  cudaarch_set_architectures -> request, cudaarch_set_architectures
#   TRUE in the scope the <n>th call set its results in (_cudaarch_check_scope).
# _CUDAARCH_PENDING_CALLS  GLOBAL  request, cudaarch_set_architectures -> request, cudaarch_set_architectures
#   How many calls made before project() wait for it to read the toolchain file.
# _CUDAARCH_PENDING_CALL_<n>  GLOBAL  request -> cudaarch_set_architectures
#   The arguments of the <n>th such call (from 0).
# _CUDAARCH_CAUGHT_REQUEST  GLOBAL  request -> request
#   The user's value CudaArchBeforeProject.cmake set aside from CMake's compiler check.
# _CUDAARCH_CAUGHT_TAKEN  GLOBAL  request -> request
#   TRUE once cudaarch_set_architectures took that value.
# _CUDAARCH_NINJA_POOL_SIZES  GLOBAL  apply -> apply
#   The Ninja job pool size each call asked for; the pool is declared once, at the top-level
#   directory's end, with the smallest (_cudaarch_declare_pool).
# _CUDAARCH_REPORT_STARTED  GLOBAL  report -> report
#   TRUE once this configure's report file is started.
# _CUDAARCH_SEEN_<key>  GLOBAL  report -> report
#   Set once the warning or report line with hash <key> is given (once per configure).
# _CUDAARCH_REPORT_LIST  DIRECTORY  report -> report
#   The directory's resolved list, for its separable-compilation verdicts at its end.
# _CUDAARCH_REPORT_VALUE  DIRECTORY  report -> report
#   What CMAKE_CUDA_ARCHITECTURES became there.
# _CUDAARCH_REPORT_NVCC  DIRECTORY  report -> report
#   The nvcc version the list was resolved for.
# _CUDAARCH_REPORT_DEVICES  DIRECTORY  report -> report
#   The GPUs the verdicts are for.
# _CUDAARCH_REPORT_DRIVER  DIRECTORY  report -> report
#   This machine's driver version they are judged under, empty without one.
# _CUDAARCH_REPORT_RDC_SCHEDULED  DIRECTORY  report -> report
#   TRUE once those verdicts are scheduled for the directory's end.
# _CUDAARCH_VERIFY_LIST  DIRECTORY  verify -> verify
#   The resolved list VERIFY checks the directory's linked files against.
# _CUDAARCH_VERIFY_VALUE  DIRECTORY  verify -> verify
#   What CMAKE_CUDA_ARCHITECTURES became there.
# _CUDAARCH_VERIFY_SCHEDULED  DIRECTORY  verify -> verify
#   TRUE once the checks are scheduled for the directory's end.
# _CUDAARCH_VERIFY_<argument>  TARGET  verify -> verify
#   For LIBRARIES, LINKED, LINKED_ANY, FLAGS, FLAG_LIST and FIX, the arguments of
#   verify_linked.cmake of what the target links (its static and object libraries, their
#   lists, whether one has no fixed list) and of the architecture flags beside its list, read
#   at the end of the directory that called cudaarch_add_verify_test; its verify test's
#   arguments read them when the build is generated.
# _CUDAARCH_VERIFY_SETTLE_SCHEDULED  TARGET  verify -> verify
#   TRUE once that reading is scheduled for the calling directory's end.
# _CUDAARCH_POLYFILL_LIST  DIRECTORY  apply -> apply
#   The resolved list this CMake cannot write, which the directory's targets get as flags.
# _CUDAARCH_POLYFILL_VALUE  DIRECTORY  apply -> apply
#   What CMAKE_CUDA_ARCHITECTURES holds there instead (the closest value CMake takes), or OFF
#   for VARIABLE: the targets still holding it get the flags at the directory's end.
# _CUDAARCH_POLYFILL_SCHEDULED  DIRECTORY  apply -> apply
#   TRUE once that is scheduled for the directory's end.
# _CUDAARCH_POLYFILLED  TARGET  apply -> targets
#   The list a target builds by the polyfill's flags.
# _CUDAARCH_POLYFILL_OPTION  TARGET  apply -> flags
#   The compile option that carries those flags, which are the list and not flags beside it.
# _CUDAARCH_OWN_ITEMS_<property>  TARGET  own_list -> own_list, flags
#   The items cudaarch_target_architectures appended to the target's <property>
#   (COMPILE_OPTIONS, LINK_OPTIONS, COMPILE_DEFINITIONS), taken off again by a later call or
#   when the project's own CUDA_ARCHITECTURES wins.
# _CUDAARCH_WROTE  TARGET  own_list -> own_list
#   What the target's CUDA_ARCHITECTURES held when CudaArch last wrote its list: another value
#   is the project's own.
# _CUDAARCH_LISTED_TARGETS  GLOBAL  own_list -> own_list
#   The targets cudaarch_target_architectures gave a list, checked at their directory's end.
# _CUDAARCH_OWN_LIST_SCHEDULED  DIRECTORY  own_list -> own_list
#   TRUE once that check is scheduled for the directory's end.
# _CUDAARCH_SOURCE_REST_OPTIONS  TARGET  source_architectures -> source_architectures
#   The -gencode options the target's other CUDA sources got.
# _CUDAARCH_SOURCE_REST_DEFINITIONS  TARGET  source_architectures -> source_architectures
#   The CUDAARCH_BUILT_FOR definition those sources got.
# _CUDAARCH_SOURCE_REST_LATER  TARGET  source_architectures -> source_architectures
#   TRUE once their renewal is scheduled for the directory's end.
