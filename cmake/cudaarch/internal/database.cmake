# SPDX-License-Identifier: Apache-2.0
# Internal: loads cmake/data/cuda-architectures.txt into global properties, once per
# CMake run. Used by the public functions and by generate_database.cmake.
#
# After _cudaarch_load_database():
#   _CUDAARCH_CCS                  capabilities as numbers (30 ... 121), ascending
#   _CUDAARCH_CC_<NN>_FAMILY       e.g. Ampere
#   _CUDAARCH_CC_<NN>_FIRST/_LAST  first/last CUDA release (LAST empty: still supported)
#   _CUDAARCH_CC_<NN>_TEGRA        TRUE or FALSE
#   _CUDAARCH_CC_<NN>_A/_F         first CUDA release with the suffix, or empty
#   _CUDAARCH_CC_<NN>_RENAMED_TO   new capability number (e.g. 110) or empty
#   _CUDAARCH_CC_<NN>_RENAMED_IN   release of the rename, or empty
#   _CUDAARCH_CC_<NN>_PRODUCTS     product names
#   _CUDAARCH_PRODUCT_KEYS         normalized name keys, sorted
#   _CUDAARCH_PRODUCT_<key>        "<NN>|<product name>"
#   _CUDAARCH_PRODUCT_MAX_WORDS    most space-separated words a product's name takes with its
#                                  extras, less a leading vendor word
#   _CUDAARCH_NAME_VENDORS         name-vendor words, in normalized form (lower case)
#   _CUDAARCH_NAME_EXTRAS          name-extra words, lower case, words parted by one space
#   _CUDAARCH_NAME_EXTRA_WORDS     most space-separated words in one name-extra record
#   _CUDAARCH_CHIPS                chip codes, sorted
#   _CUDAARCH_CHIP_<code>          its capability number (e.g. 90)
#   _CUDAARCH_PCI_<id>             the chip of NVIDIA device 10de:<id> (lower-case hex)
#   _CUDAARCH_PCI_IDS              every such <id>, sorted
#   _CUDAARCH_CUDA_RELEASES        toolkit releases, ascending
#   _CUDAARCH_CUDA_<M>_<m>_PTX/_DRIVER/_DEFAULT
#   _CUDAARCH_NVCC_RULES           where the default nvcc is found, "<source>|<how>", in order
#   _CUDAARCH_LIBRARY_DIRS         folders searched for the driver and runtime libraries
#   _CUDAARCH_ACCEPTED             the sentence an unknown word's error ends with
#   _CUDAARCH_CMAKE_RELEASES       "<value>|<first>|<before>": the CMake releases that take a
#                                  suffix or keyword in CUDA_ARCHITECTURES ('-': no bound)
#   _CUDAARCH_TORCH_NAMES          PyTorch's architecture names (Kepler+Tesla, ...), in order
#   _CUDAARCH_TORCH_<name>         what PyTorch expands the name to
#   _CUDAARCH_TORCH_ARCHES         the capabilities of PyTorch's default list
#   _CUDAARCH_PACKAGE_BUILDS       prebuilt packages' CUDA builds, "<distribution>|<build>|<items>|<index>"
#
# Parsing costs a fresh configure more than the rest of CudaArch's own work together, so the
# parsed properties are kept in the machine-wide cache (machine_cache.cmake), in a file
# keyed by the SHA-256 of the data file and of this parser, and read back from there.
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/machine_cache.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/notation/text.cmake")

# Lower case without spaces, '-' and '_': the form GPU names are matched in.
function(_cudaarch_normalize_name out_var name)
  string(TOLOWER "${name}" key)
  string(REGEX REPLACE "[ _\t-]" "" key "${key}")
  set(${out_var} "${key}" PARENT_SCOPE)
endfunction()

# The words of a GPU's name as the name extras see them: lower case, parted at white space,
# '-' and '_', one space between them.
function(_cudaarch_name_words out_var name)
  string(TOLOWER "${name}" words)
  string(REGEX REPLACE "[ _\t\n-]+" " " words "${words}")
  string(STRIP "${words}" words)
  set(${out_var} "${words}" PARENT_SCOPE)
endfunction()

# The record "<NN>|<name>" of the normalized <key>, or of <key> less its leading vendor
# words ("nvidiateslat4" is "teslat4"), or empty. Needs _cudaarch_load_database().
function(_cudaarch_product_record out_var key)
  get_property(vendors GLOBAL PROPERTY _CUDAARCH_NAME_VENDORS)
  while(TRUE)
    get_property(record GLOBAL PROPERTY _CUDAARCH_PRODUCT_${key})
    set(stripped FALSE)
    if("${record}" STREQUAL "")
      foreach(vendor IN LISTS vendors)
        string(LENGTH "${vendor}" n)
        string(SUBSTRING "${key}" 0 ${n} head)
        string(LENGTH "${key}" length)
        if(head STREQUAL vendor AND length GREATER n)
          string(SUBSTRING "${key}" ${n} -1 key)
          set(stripped TRUE)
          break()
        endif()
      endforeach()
    endif()
    if(NOT stripped)
      break()
    endif()
  endwhile()
  set(${out_var} "${record}" PARENT_SCOPE)
endfunction()

# <words> (see _cudaarch_name_words) less the longest name extra that ends them, with a word
# left before it; <words> itself when none does. Needs _cudaarch_load_database().
function(_cudaarch_strip_name_extra out_var words)
  get_property(extras GLOBAL PROPERTY _CUDAARCH_NAME_EXTRAS)
  set(best "${words}")
  set(best_length 0)
  foreach(extra IN LISTS extras)
    string(REGEX REPLACE "([][()+.*?^$|\\])" "\\\\\\1" pattern "${extra}")
    string(REPLACE "#" "[0-9]+" pattern "${pattern}")
    string(LENGTH "${extra}" length)
    if(words MATCHES "^(.+) ${pattern}$" AND length GREATER best_length)
      set(best "${CMAKE_MATCH_1}")
      set(best_length ${length})
    endif()
  endforeach()
  set(${out_var} "${best}" PARENT_SCOPE)
endfunction()

# <name> less every name extra at its end, in the words of _cudaarch_name_words: "NVIDIA H900
# 80GB HBM3" is "nvidia h900". Needs _cudaarch_load_database().
function(_cudaarch_strip_name_extras out_var name)
  _cudaarch_name_words(words "${name}")
  while(TRUE)
    _cudaarch_strip_name_extra(shorter "${words}")
    if(shorter STREQUAL words)
      break()
    endif()
    set(words "${shorter}")
  endwhile()
  set(${out_var} "${words}" PARENT_SCOPE)
endfunction()

# The capability number (e.g. 86) of the GPU named <name> as a user or a tool writes it
# ("T4", "tesla-t4", "NVIDIA GeForce RTX 3090", "NVIDIA A100-SXM4-80GB"), or empty; [out_name]
# receives the name as the database writes it ("Tesla T4"). The name's extras are taken off
# its end one by one until what is left is a product. Needs _cudaarch_load_database().
function(_cudaarch_find_product out_var name) # [out_name]
  _cudaarch_name_words(words "${name}")
  while(TRUE)
    string(REPLACE " " "" key "${words}")
    _cudaarch_product_record(record "${key}")
    _cudaarch_strip_name_extra(shorter "${words}")
    if(NOT "${record}" STREQUAL "" OR shorter STREQUAL words)
      break()
    endif()
    set(words "${shorter}")
  endwhile()
  string(REGEX REPLACE "\\|.*$" "" nn "${record}")
  set(${out_var} "${nn}" PARENT_SCOPE)
  if(ARGC GREATER 2)
    string(REGEX REPLACE "^[^|]*\\|" "" product "${record}")
    set(${ARGV2} "${product}" PARENT_SCOPE)
  endif()
endfunction()

# "12.9" -> 129 style numbers compare numerically only within one digit of minor,
# which every CUDA release and capability has.
function(_cudaarch_dotted_to_number out_var dotted)
  string(REPLACE "." "" number "${dotted}")
  set(${out_var} "${number}" PARENT_SCOPE)
endfunction()

# Sets <prefix>_family, _first, _last, _tegra, _a, _f, _renamed_to and _renamed_in in the
# caller's scope to capability <nn>'s fields (see the top of this file). Needs
# _cudaarch_load_database().
function(_cudaarch_cc_fields prefix nn)
  foreach(field IN ITEMS FAMILY FIRST LAST TEGRA A F RENAMED_TO RENAMED_IN)
    get_property(value GLOBAL PROPERTY _CUDAARCH_CC_${nn}_${field})
    string(TOLOWER "${field}" name)
    set(${prefix}_${name} "${value}" PARENT_SCOPE)
  endforeach()
endfunction()

# <out-var> = TRUE when the running CMake takes <value> (a suffix: a or f; a keyword: all,
# all-major or native) in CUDA_ARCHITECTURES as written, by the data file's cmake rows.
function(_cudaarch_cmake_takes out_var value)
  _cudaarch_load_database()
  get_property(rows GLOBAL PROPERTY _CUDAARCH_CMAKE_RELEASES)
  set(takes FALSE)
  foreach(row IN LISTS rows)
    string(REPLACE "|" ";" fields "${row}")
    list(GET fields 0 name)
    list(GET fields 1 first)
    list(GET fields 2 before)
    if(name STREQUAL value AND (first STREQUAL "-" OR NOT CMAKE_VERSION VERSION_LESS first)
       AND (before STREQUAL "-" OR CMAKE_VERSION VERSION_LESS before))
      set(takes TRUE)
    endif()
  endforeach()
  set(${out_var} ${takes} PARENT_SCOPE)
endfunction()

# In a reader of the data file: hands "<message>" and the <line> it is about to the reader's
# <out_error> and returns from the reader. A macro for that return().
macro(_cudaarch_db_fail line message)
  set(${out_error} "${message}\n  line: ${line}" PARENT_SCOPE)
  return()
endmacro()

function(_cudaarch_db_add_product out_error key number name)
  get_property(existing GLOBAL PROPERTY _CUDAARCH_PRODUCT_${key})
  if(DEFINED existing AND NOT existing STREQUAL "")
    if(NOT existing STREQUAL "${number}|${name}")
      _cudaarch_db_fail("${name}" "product name key '${key}' is ambiguous ('${existing}')")
    endif()
    return()
  endif()
  set_property(GLOBAL PROPERTY _CUDAARCH_PRODUCT_${key} "${number}|${name}")
  set_property(GLOBAL APPEND PROPERTY _CUDAARCH_PRODUCT_KEYS "${key}")
endfunction()

function(_cudaarch_db_read_cc out_error line fields)
  set(error "")
  list(LENGTH fields count)
  if(NOT count EQUAL 9)
    _cudaarch_db_fail("${line}" "a cc record has 9 fields, not ${count}")
  endif()
  list(GET fields 1 dotted)
  if(NOT dotted MATCHES "^([0-9]+)\\.([0-9])$")
    _cudaarch_db_fail("${line}" "'${dotted}' is not a compute capability")
  endif()
  _cudaarch_dotted_to_number(nn "${dotted}")
  set(p _CUDAARCH_CC_${nn})
  list(GET fields 2 family)
  list(GET fields 3 first)
  list(GET fields 4 last)
  list(GET fields 5 tegra)
  list(GET fields 6 suffixes)
  list(GET fields 7 renamed)
  list(GET fields 8 products)
  foreach(v IN ITEMS last suffixes renamed products)
    if("${${v}}" STREQUAL "-")
      set(${v} "")
    endif()
  endforeach()
  set_property(GLOBAL PROPERTY ${p}_FAMILY "${family}")
  set_property(GLOBAL PROPERTY ${p}_FIRST "${first}")
  set_property(GLOBAL PROPERTY ${p}_LAST "${last}")
  if(tegra STREQUAL "yes")
    set_property(GLOBAL PROPERTY ${p}_TEGRA TRUE)
  else()
    set_property(GLOBAL PROPERTY ${p}_TEGRA FALSE)
  endif()
  set_property(GLOBAL PROPERTY ${p}_A "")
  set_property(GLOBAL PROPERTY ${p}_F "")
  string(REPLACE " " ";" suffixes "${suffixes}")
  foreach(s IN LISTS suffixes)
    if(NOT s MATCHES "^([af])@([0-9]+\\.[0-9])$")
      _cudaarch_db_fail("${line}" "'${s}' is not <a|f>@<CUDA release>")
    endif()
    string(TOUPPER "${CMAKE_MATCH_1}" letter)
    set_property(GLOBAL PROPERTY ${p}_${letter} "${CMAKE_MATCH_2}")
  endforeach()
  set_property(GLOBAL PROPERTY ${p}_RENAMED_TO "")
  set_property(GLOBAL PROPERTY ${p}_RENAMED_IN "")
  if(renamed MATCHES "^([0-9]+\\.[0-9])@([0-9]+\\.[0-9])$")
    _cudaarch_dotted_to_number(to "${CMAKE_MATCH_1}")
    set_property(GLOBAL PROPERTY ${p}_RENAMED_TO "${to}")
    set_property(GLOBAL PROPERTY ${p}_RENAMED_IN "${CMAKE_MATCH_2}")
  elseif(NOT renamed STREQUAL "")
    _cudaarch_db_fail("${line}" "'${renamed}' is not <M.m>@<CUDA release>")
  endif()
  string(REPLACE "," ";" products "${products}")
  set_property(GLOBAL PROPERTY ${p}_PRODUCTS "${products}")
  get_property(max_words GLOBAL PROPERTY _CUDAARCH_PRODUCT_MAX_WORDS)
  get_property(vendors GLOBAL PROPERTY _CUDAARCH_NAME_VENDORS)
  foreach(name IN LISTS products)
    string(REGEX MATCHALL "[^ ]+" words "${name}")
    list(LENGTH words n)
    if(n GREATER max_words)
      set(max_words ${n})
    endif()
    _cudaarch_normalize_name(key "${name}")
    _cudaarch_db_add_product(error "${key}" "${nn}" "${name}")
    _cudaarch_propagate_error(error ${out_error})
    # A leading vendor word may be left out: "Tesla T4" is also "T4".
    foreach(vendor IN LISTS vendors)
      if(key MATCHES "^${vendor}(.+)$")
        _cudaarch_db_add_product(error "${CMAKE_MATCH_1}" "${nn}" "${name}")
        _cudaarch_propagate_error(error ${out_error})
      endif()
    endforeach()
  endforeach()
  set_property(GLOBAL PROPERTY _CUDAARCH_PRODUCT_MAX_WORDS ${max_words})
  set_property(GLOBAL APPEND PROPERTY _CUDAARCH_CCS "${nn}")
endfunction()

function(_cudaarch_db_read_cuda out_error line fields)
  list(LENGTH fields count)
  if(NOT count EQUAL 5)
    _cudaarch_db_fail("${line}" "a cuda record has 5 fields, not ${count}")
  endif()
  list(GET fields 1 release)
  list(GET fields 2 ptx)
  list(GET fields 3 driver)
  list(GET fields 4 default)
  if(driver STREQUAL "-")
    set(driver "")
  endif()
  string(REPLACE "." "_" id "${release}")
  set_property(GLOBAL PROPERTY _CUDAARCH_CUDA_${id}_PTX "${ptx}")
  set_property(GLOBAL PROPERTY _CUDAARCH_CUDA_${id}_DRIVER "${driver}")
  set_property(GLOBAL PROPERTY _CUDAARCH_CUDA_${id}_DEFAULT "${default}")
  set_property(GLOBAL APPEND PROPERTY _CUDAARCH_CUDA_RELEASES "${release}")
endfunction()

# The name-vendor and name-extra records of <file>, read before the products that use them.
function(_cudaarch_db_read_name_words out_error file)
  file(STRINGS "${file}" lines REGEX "^name-(vendor|extra)\\|")
  set(extra_words 0)
  foreach(line IN LISTS lines)
    if(NOT line MATCHES "^name-(vendor|extra)\\|([^|]+)$")
      _cudaarch_db_fail("${line}" "expected name-vendor|<word> or name-extra|<words>")
    endif()
    if(CMAKE_MATCH_1 STREQUAL "vendor")
      _cudaarch_normalize_name(vendor_key "${CMAKE_MATCH_2}")
      set_property(GLOBAL APPEND PROPERTY _CUDAARCH_NAME_VENDORS "${vendor_key}")
    else()
      set(written "${CMAKE_MATCH_2}")
      _cudaarch_name_words(words "${written}")
      set_property(GLOBAL APPEND PROPERTY _CUDAARCH_NAME_EXTRAS "${words}")
      string(REGEX MATCHALL "[^ ]+" written "${written}")
      list(LENGTH written n)
      if(n GREATER extra_words)
        set(extra_words ${n})
      endif()
    endif()
  endforeach()
  set_property(GLOBAL PROPERTY _CUDAARCH_NAME_EXTRA_WORDS ${extra_words})
endfunction()

# A chip|<code>|<M.m> or pci|<chip>|<ids> record.
function(_cudaarch_db_read_pci out_error line)
  if(line MATCHES "^chip\\|([A-Z0-9]+)\\|([0-9]+\\.[0-9])$")
    _cudaarch_dotted_to_number(nn "${CMAKE_MATCH_2}")
    set_property(GLOBAL PROPERTY _CUDAARCH_CHIP_${CMAKE_MATCH_1} "${nn}")
    set_property(GLOBAL APPEND PROPERTY _CUDAARCH_CHIPS "${CMAKE_MATCH_1}")
  elseif(line MATCHES "^pci\\|([A-Z0-9]+)\\|([0-9a-f][0-9a-f][0-9a-f][0-9a-f]( [0-9a-f][0-9a-f][0-9a-f][0-9a-f])*)$")
    set(chip "${CMAKE_MATCH_1}")
    get_property(known GLOBAL PROPERTY _CUDAARCH_CHIP_${chip})
    if("${known}" STREQUAL "")
      _cudaarch_db_fail("${line}" "chip '${chip}' has no chip record before it")
    endif()
    string(REPLACE " " ";" ids "${CMAKE_MATCH_2}")
    foreach(id IN LISTS ids)
      set_property(GLOBAL PROPERTY _CUDAARCH_PCI_${id} "${chip}")
    endforeach()
    set_property(GLOBAL APPEND PROPERTY _CUDAARCH_PCI_IDS "${ids}")
  else()
    _cudaarch_db_fail("${line}" "expected chip|<code>|<M.m> or pci|<chip>|<4-digit hex ids>")
  endif()
endfunction()

# Parses the data file <file> into the global properties above; <out_error> = the first
# problem with it and its line, or "".
function(_cudaarch_db_parse out_error file)
  set(${out_error} "" PARENT_SCOPE)
  set(error "")  # none inherited from a calling function
  set_property(GLOBAL PROPERTY _CUDAARCH_PRODUCT_MAX_WORDS 1)
  _cudaarch_db_read_name_words(error "${file}")
  _cudaarch_propagate_error(error ${out_error})
  file(STRINGS "${file}" lines REGEX "^(cc|cuda|torch|torch-arch|nvcc|library-dir|cmake|accepted|chip|pci|package-build)\\|")
  foreach(line IN LISTS lines)
    string(REPLACE "|" ";" fields "${line}")
    list(GET fields 0 kind)
    if(kind STREQUAL "chip" OR kind STREQUAL "pci")
      _cudaarch_db_read_pci(error "${line}")
    elseif(kind STREQUAL "cc")
      _cudaarch_db_read_cc(error "${line}" "${fields}")
    elseif(kind STREQUAL "torch")
      list(GET fields 1 name)
      list(GET fields 2 items)
      set_property(GLOBAL APPEND PROPERTY _CUDAARCH_TORCH_NAMES "${name}")
      set_property(GLOBAL PROPERTY "_CUDAARCH_TORCH_${name}" "${items}")
    elseif(kind STREQUAL "torch-arch")
      list(GET fields 1 items)
      string(REPLACE " " ";" items "${items}")
      set_property(GLOBAL PROPERTY _CUDAARCH_TORCH_ARCHES "${items}")
    elseif(kind STREQUAL "cuda")
      _cudaarch_db_read_cuda(error "${line}" "${fields}")
    elseif(kind STREQUAL "nvcc" AND line MATCHES "^nvcc\\|([^|]+)\\|(compiler|root|search|prefix)$")
      set_property(GLOBAL APPEND PROPERTY _CUDAARCH_NVCC_RULES "${CMAKE_MATCH_1}|${CMAKE_MATCH_2}")
    elseif(kind STREQUAL "cmake" AND line MATCHES "^cmake\\|(a|f|all|all-major|native)\\|([0-9.]+|-)\\|([0-9.]+|-)$")
      set_property(GLOBAL APPEND PROPERTY _CUDAARCH_CMAKE_RELEASES "${CMAKE_MATCH_1}|${CMAKE_MATCH_2}|${CMAKE_MATCH_3}")
    elseif(kind STREQUAL "accepted" AND line MATCHES "^accepted\\|([^|\"\\]+)$")
      set_property(GLOBAL PROPERTY _CUDAARCH_ACCEPTED "${CMAKE_MATCH_1}")
    elseif(kind STREQUAL "library-dir" AND line MATCHES "^library-dir\\|(/[^|]*)$")
      set_property(GLOBAL APPEND PROPERTY _CUDAARCH_LIBRARY_DIRS "${CMAKE_MATCH_1}")
    elseif(kind STREQUAL "package-build" AND line MATCHES "^package-build\\|([^|]+\\|[^|]+\\|[^|]+\\|[^|]+)$")
      set_property(GLOBAL APPEND PROPERTY _CUDAARCH_PACKAGE_BUILDS "${CMAKE_MATCH_1}")
    else()
      _cudaarch_db_fail("${line}" "expected nvcc|<source>|compiler, root, search or prefix, library-dir|/<folder>, cmake|<value>|<first>|<before>, accepted|<sentence>, or package-build|<distribution>|<build>|<items>|<index>")
    endif()
    _cudaarch_propagate_error(error ${out_error})
  endforeach()
  # Room in a name for the extras after it (two at most, in the names the corpus has).
  get_property(max_words GLOBAL PROPERTY _CUDAARCH_PRODUCT_MAX_WORDS)
  get_property(extra_words GLOBAL PROPERTY _CUDAARCH_NAME_EXTRA_WORDS)
  math(EXPR max_words "${max_words} + 2 * ${extra_words}")
  set_property(GLOBAL PROPERTY _CUDAARCH_PRODUCT_MAX_WORDS ${max_words})
  foreach(list_name IN ITEMS _CUDAARCH_CCS _CUDAARCH_PRODUCT_KEYS _CUDAARCH_CHIPS _CUDAARCH_PCI_IDS)
    get_property(values GLOBAL PROPERTY ${list_name})
    if(list_name STREQUAL "_CUDAARCH_CCS")
      # Numeric order equals capability order: every minor is one digit.
      list(SORT values COMPARE NATURAL)
    else()
      list(SORT values)
    endif()
    set_property(GLOBAL PROPERTY ${list_name} "${values}")
  endforeach()
endfunction()

# The machine-wide cache file for the parsed <file> in <dir>, and the key it must name.
function(_cudaarch_db_memo_file out_name out_key file)
  file(SHA256 "${file}" data)
  file(SHA256 "${CMAKE_CURRENT_FUNCTION_LIST_FILE}" parser)
  string(SHA256 key "cudaarch-database v2|${data}|${parser}")
  string(SUBSTRING "${key}" 0 16 name)
  set(${out_name} "database-${name}.txt" PARENT_SCOPE)
  set(${out_key} "${key}" PARENT_SCOPE)
endfunction()

# Writes every property that _cudaarch_db_parse set to <memo>: a first line naming <key>
# and the number of lines after it, then "<name>=<value>" per property.
function(_cudaarch_db_memo_write memo lockable key)
  set(names _CUDAARCH_CCS _CUDAARCH_PRODUCT_KEYS _CUDAARCH_PRODUCT_MAX_WORDS _CUDAARCH_CUDA_RELEASES
            _CUDAARCH_NVCC_RULES _CUDAARCH_LIBRARY_DIRS _CUDAARCH_TORCH_NAMES _CUDAARCH_TORCH_ARCHES
            _CUDAARCH_NAME_VENDORS _CUDAARCH_NAME_EXTRAS _CUDAARCH_NAME_EXTRA_WORDS _CUDAARCH_CHIPS
            _CUDAARCH_PCI_IDS _CUDAARCH_PACKAGE_BUILDS _CUDAARCH_CMAKE_RELEASES _CUDAARCH_ACCEPTED)
  get_property(chips GLOBAL PROPERTY _CUDAARCH_CHIPS)
  foreach(chip IN LISTS chips)
    list(APPEND names _CUDAARCH_CHIP_${chip})
  endforeach()
  get_property(ids GLOBAL PROPERTY _CUDAARCH_PCI_IDS)
  foreach(id IN LISTS ids)
    list(APPEND names _CUDAARCH_PCI_${id})
  endforeach()
  get_property(ccs GLOBAL PROPERTY _CUDAARCH_CCS)
  foreach(nn IN LISTS ccs)
    foreach(field IN ITEMS FAMILY FIRST LAST TEGRA A F RENAMED_TO RENAMED_IN PRODUCTS)
      list(APPEND names _CUDAARCH_CC_${nn}_${field})
    endforeach()
  endforeach()
  get_property(keys GLOBAL PROPERTY _CUDAARCH_PRODUCT_KEYS)
  foreach(product_key IN LISTS keys)
    list(APPEND names _CUDAARCH_PRODUCT_${product_key})
  endforeach()
  get_property(releases GLOBAL PROPERTY _CUDAARCH_CUDA_RELEASES)
  foreach(release IN LISTS releases)
    string(REPLACE "." "_" id "${release}")
    list(APPEND names _CUDAARCH_CUDA_${id}_PTX _CUDAARCH_CUDA_${id}_DRIVER _CUDAARCH_CUDA_${id}_DEFAULT)
  endforeach()
  get_property(torch_names GLOBAL PROPERTY _CUDAARCH_TORCH_NAMES)
  foreach(name IN LISTS torch_names)
    list(APPEND names _CUDAARCH_TORCH_${name})
  endforeach()
  set(content "")
  foreach(name IN LISTS names)
    get_property(value GLOBAL PROPERTY ${name})
    string(APPEND content "${name}=${value}\n")
  endforeach()
  list(LENGTH names count)
  _cudaarch_machine_cache_store("${memo}" ${lockable} "cudaarch-database v2 ${key} ${count}\n${content}")
endfunction()

# Sets the properties from <memo> when it is sealed (machine_cache.cmake), names <key> and
# is whole; <found_var> says whether it did. Only CudaArch's own properties are set from it,
# and none unless every line is one. (The lines are not handed to list(): it would drop the
# escapes of the ';' in their values.) Call only for a memo _cudaarch_machine_cache_open
# found usable.
function(_cudaarch_db_memo_read found_var memo key)
  set(${found_var} FALSE PARENT_SCOPE)
  _cudaarch_machine_cache_read(sealed "${memo}" 1048576)
  if(sealed STREQUAL "")
    return()
  endif()
  file(STRINGS "${memo}" lines)
  list(LENGTH lines count)
  math(EXPR count "${count} - 2")  # the header and the seal
  set(header "cudaarch-database v2 ${key} ${count}")
  set(first TRUE)
  foreach(line IN LISTS lines)
    if(first)
      if(NOT line STREQUAL header)
        return()
      endif()
      set(first FALSE)
    elseif(NOT line MATCHES "^(_CUDAARCH_[^=]+|sha256)=")
      return()
    endif()
  endforeach()
  foreach(line IN LISTS lines)
    if(line MATCHES "^(_CUDAARCH_[^=]+)=(.*)$")
      set_property(GLOBAL PROPERTY "${CMAKE_MATCH_1}" "${CMAKE_MATCH_2}")
    endif()
  endforeach()
  _cudaarch_machine_cache_log("parsed architecture database: from the machine-wide cache file ${memo}")
  set(${found_var} TRUE PARENT_SCOPE)
endfunction()

# Reads the data file once per CMake run. Every public command calls it first, through the
# argument checker, with its name: a broken or missing data file stops the first command
# called, with a message that starts with its <command>.
function(_cudaarch_load_database) # [<command>]
  set(command "${ARGV0}")
  if(command STREQUAL "")  # an internal called on its own, as the tests do
    set(command CudaArch)
  endif()
  get_property(loaded GLOBAL PROPERTY _CUDAARCH_DATABASE_LOADED)
  if(loaded)
    return()
  endif()
  # Resolved here, not at include time: a variable set by include() would stay in the
  # including directory, and the commands are also called from its parents.
  get_filename_component(file "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/../../data/cuda-architectures.txt" ABSOLUTE)
  if(NOT EXISTS "${file}")
    message(FATAL_ERROR "${command}: the architecture database ${file} is missing")
  endif()
  _cudaarch_db_memo_file(name key "${file}")
  _cudaarch_machine_cache_open(memo "${name}" 1048576)
  set(found FALSE)
  if(memo_usable)
    _cudaarch_db_memo_read(found "${memo_file}" "${key}")
  endif()
  if(NOT found)
    _cudaarch_db_parse(error "${file}")
    if(NOT error STREQUAL "")
      message(FATAL_ERROR "${command}: the architecture database ${file}: ${error}")
    endif()
    if(memo_lockable)
      _cudaarch_db_memo_write("${memo_file}" ${memo_lockable} "${key}")
    endif()
  endif()
  set_property(GLOBAL PROPERTY _CUDAARCH_DATABASE_LOADED TRUE)
endfunction()
