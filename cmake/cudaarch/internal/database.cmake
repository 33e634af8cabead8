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
#   _CUDAARCH_PRODUCT_MAX_WORDS    most space-separated words in one product name
#   _CUDAARCH_CUDA_RELEASES        toolkit releases, ascending
#   _CUDAARCH_CUDA_<M>_<m>_PTX/_DRIVER/_DEFAULT
#   _CUDAARCH_NVCC_RULES           where the default nvcc is found, "<source>|<how>", in order
#   _CUDAARCH_LIBRARY_DIRS         folders searched for the driver and runtime libraries
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

# Lower case without spaces, '-' and '_': the form GPU names are matched in.
function(_cudaarch_normalize_name out_var name)
  string(TOLOWER "${name}" key)
  string(REGEX REPLACE "[ _\t-]" "" key "${key}")
  set(${out_var} "${key}" PARENT_SCOPE)
endfunction()

# The capability number (e.g. 86) of the GPU named <name> as a user writes it ("T4",
# "tesla-t4", "NVIDIA GeForce RTX 3090"), or empty; [out_name] receives the name as the
# database writes it ("Tesla T4"). Needs _cudaarch_load_database().
function(_cudaarch_find_product out_var name) # [out_name]
  _cudaarch_normalize_name(key "${name}")
  get_property(record GLOBAL PROPERTY _CUDAARCH_PRODUCT_${key})
  # Driver names carry a leading "NVIDIA" that the table may not.
  if("${record}" STREQUAL "" AND key MATCHES "^nvidia(.+)$")
    get_property(record GLOBAL PROPERTY _CUDAARCH_PRODUCT_${CMAKE_MATCH_1})
  endif()
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

function(_cudaarch_db_fail line message)
  message(FATAL_ERROR "CudaArch database: ${message}\n  line: ${line}")
endfunction()

function(_cudaarch_db_add_product key number name)
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

function(_cudaarch_db_read_cc line fields)
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
  foreach(name IN LISTS products)
    string(REGEX MATCHALL "[^ ]+" words "${name}")
    list(LENGTH words n)
    if(n GREATER max_words)
      set(max_words ${n})
    endif()
    _cudaarch_normalize_name(key "${name}")
    _cudaarch_db_add_product("${key}" "${nn}" "${name}")
    # A leading vendor word may be left out: "Tesla T4" is also "T4".
    if(key MATCHES "^(nvidia|geforce|tesla|quadro)(.+)$")
      _cudaarch_db_add_product("${CMAKE_MATCH_2}" "${nn}" "${name}")
    endif()
  endforeach()
  set_property(GLOBAL PROPERTY _CUDAARCH_PRODUCT_MAX_WORDS ${max_words})
  set_property(GLOBAL APPEND PROPERTY _CUDAARCH_CCS "${nn}")
endfunction()

function(_cudaarch_db_read_cuda line fields)
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

# Parses the data file <file> into the global properties above.
function(_cudaarch_db_parse file)
  set_property(GLOBAL PROPERTY _CUDAARCH_PRODUCT_MAX_WORDS 1)
  file(STRINGS "${file}" lines REGEX "^(cc|cuda|torch|torch-arch|nvcc|library-dir|package-build)\\|")
  foreach(line IN LISTS lines)
    string(REPLACE "|" ";" fields "${line}")
    list(GET fields 0 kind)
    if(kind STREQUAL "cc")
      _cudaarch_db_read_cc("${line}" "${fields}")
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
      _cudaarch_db_read_cuda("${line}" "${fields}")
    elseif(kind STREQUAL "nvcc" AND line MATCHES "^nvcc\\|([^|]+)\\|(compiler|root|search|prefix)$")
      set_property(GLOBAL APPEND PROPERTY _CUDAARCH_NVCC_RULES "${CMAKE_MATCH_1}|${CMAKE_MATCH_2}")
    elseif(kind STREQUAL "library-dir" AND line MATCHES "^library-dir\\|(/[^|]*)$")
      set_property(GLOBAL APPEND PROPERTY _CUDAARCH_LIBRARY_DIRS "${CMAKE_MATCH_1}")
    elseif(kind STREQUAL "package-build" AND line MATCHES "^package-build\\|([^|]+\\|[^|]+\\|[^|]+\\|[^|]+)$")
      set_property(GLOBAL APPEND PROPERTY _CUDAARCH_PACKAGE_BUILDS "${CMAKE_MATCH_1}")
    else()
      _cudaarch_db_fail("${line}" "expected nvcc|<source>|compiler, root, search or prefix, library-dir|/<folder>, or package-build|<distribution>|<build>|<items>|<index>")
    endif()
  endforeach()
  foreach(list_name IN ITEMS _CUDAARCH_CCS _CUDAARCH_PRODUCT_KEYS)
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
function(_cudaarch_db_memo_file out_file out_key dir file)
  file(SHA256 "${file}" data)
  file(SHA256 "${CMAKE_CURRENT_FUNCTION_LIST_FILE}" parser)
  string(SHA256 key "cudaarch-database v1|${data}|${parser}")
  string(SUBSTRING "${key}" 0 16 name)
  set(${out_file} "${dir}/database-${name}.txt" PARENT_SCOPE)
  set(${out_key} "${key}" PARENT_SCOPE)
endfunction()

# Writes every property that _cudaarch_db_parse set to <memo>: a first line naming <key>
# and the number of lines after it, then "<name>=<value>" per property.
function(_cudaarch_db_memo_write memo key)
  set(names _CUDAARCH_CCS _CUDAARCH_PRODUCT_KEYS _CUDAARCH_PRODUCT_MAX_WORDS _CUDAARCH_CUDA_RELEASES
            _CUDAARCH_NVCC_RULES _CUDAARCH_LIBRARY_DIRS _CUDAARCH_TORCH_NAMES _CUDAARCH_TORCH_ARCHES
            _CUDAARCH_PACKAGE_BUILDS)
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
  _cudaarch_machine_cache_store("${memo}" "cudaarch-database v1 ${key} ${count}\n${content}")
endfunction()

# Sets the properties from <memo> when it exists, names <key> and is whole; <found_var>
# says whether it did. Only CudaArch's own properties are set from it, and none unless every
# line is one. (The lines are not handed to list(): it would drop the escapes of the ';'
# in their values.)
function(_cudaarch_db_memo_read found_var memo key)
  set(${found_var} FALSE PARENT_SCOPE)
  if(NOT EXISTS "${memo}")
    return()
  endif()
  file(STRINGS "${memo}" lines)
  list(LENGTH lines count)
  math(EXPR count "${count} - 1")
  set(header "cudaarch-database v1 ${key} ${count}")
  set(first TRUE)
  foreach(line IN LISTS lines)
    if(first)
      if(NOT line STREQUAL header)
        return()
      endif()
      set(first FALSE)
    elseif(NOT line MATCHES "^_CUDAARCH_[^=]+=")
      return()
    endif()
  endforeach()
  if(first)  # an empty file
    return()
  endif()
  foreach(line IN LISTS lines)
    if(line MATCHES "^(_CUDAARCH_[^=]+)=(.*)$")
      set_property(GLOBAL PROPERTY "${CMAKE_MATCH_1}" "${CMAKE_MATCH_2}")
    endif()
  endforeach()
  set(${found_var} TRUE PARENT_SCOPE)
endfunction()

function(_cudaarch_load_database)
  get_property(loaded GLOBAL PROPERTY _CUDAARCH_DATABASE_LOADED)
  if(loaded)
    return()
  endif()
  # Resolved here, not at include time: a variable set by include() would stay in the
  # including directory, and the commands are also called from its parents.
  set(file "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/../../data/cuda-architectures.txt")
  if(NOT EXISTS "${file}")
    message(FATAL_ERROR "CudaArch: the architecture database ${file} is missing")
  endif()
  _cudaarch_machine_cache_dir(dir)
  set(found FALSE)
  if(dir)
    _cudaarch_db_memo_file(memo key "${dir}" "${file}")
    _cudaarch_db_memo_read(found "${memo}" "${key}")
  endif()
  if(NOT found)
    _cudaarch_db_parse("${file}")
    if(dir)
      _cudaarch_db_memo_write("${memo}" "${key}")
    endif()
  endif()
  set_property(GLOBAL PROPERTY _CUDAARCH_DATABASE_LOADED TRUE)
endfunction()
