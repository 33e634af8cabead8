# SPDX-License-Identifier: Apache-2.0
# Internal, script mode: writes the C++ tables of the architecture database.
#   cmake -DOUTPUT=<file.cpp> -P generate_database.cmake
# The C++ library is compiled from this output, so the data file stays the only copy.
# A script runs under no project's policies: the internals' own (IN_LIST and the rest).
cmake_policy(VERSION 3.18...3.31)
include("${CMAKE_CURRENT_LIST_DIR}/database.cmake")

if(NOT OUTPUT)
  message(FATAL_ERROR "generate_database.cmake: set -DOUTPUT=<file>")
endif()

function(_cudaarch_cxx_version out_var dotted)
  if(dotted MATCHES "^([0-9]+)\\.([0-9]+)$")
    set(${out_var} "{${CMAKE_MATCH_1}, ${CMAKE_MATCH_2}}" PARENT_SCOPE)
  else()
    set(${out_var} "{0, 0}" PARENT_SCOPE)
  endif()
endfunction()

function(_cudaarch_split_number out_major out_minor number)
  math(EXPR major "${number} / 10")
  math(EXPR minor "${number} % 10")
  set(${out_major} ${major} PARENT_SCOPE)
  set(${out_minor} ${minor} PARENT_SCOPE)
endfunction()

_cudaarch_load_database(generate_database.cmake)

set(ccs "")
get_property(numbers GLOBAL PROPERTY _CUDAARCH_CCS)
foreach(nn IN LISTS numbers)
  _cudaarch_split_number(major minor ${nn})
  _cudaarch_cc_fields(cc ${nn})
  _cudaarch_cxx_version(first "${cc_first}")
  _cudaarch_cxx_version(last "${cc_last}")
  _cudaarch_cxx_version(a "${cc_a}")
  _cudaarch_cxx_version(f "${cc_f}")
  _cudaarch_cxx_version(renamed_in "${cc_renamed_in}")
  set(renamed_major 0)
  set(renamed_minor 0)
  if(cc_renamed_to)
    _cudaarch_split_number(renamed_major renamed_minor ${cc_renamed_to})
  endif()
  string(TOLOWER "${cc_tegra}" tegra)
  string(APPEND ccs "    {${major}, ${minor}, \"${cc_family}\", ${first}, ${last}, ${tegra}, ${a}, ${f}, "
                    "${renamed_major}, ${renamed_minor}, ${renamed_in}},\n")
endforeach()

set(products "")
get_property(keys GLOBAL PROPERTY _CUDAARCH_PRODUCT_KEYS)
foreach(key IN LISTS keys)
  get_property(value GLOBAL PROPERTY _CUDAARCH_PRODUCT_${key})
  string(REPLACE "|" ";" value "${value}")
  list(GET value 0 nn)
  list(GET value 1 name)
  _cudaarch_split_number(major minor ${nn})
  string(APPEND products "    {\"${key}\", \"${name}\", ${major}, ${minor}},\n")
endforeach()

set(toolkits "")
get_property(releases GLOBAL PROPERTY _CUDAARCH_CUDA_RELEASES)
foreach(release IN LISTS releases)
  string(REPLACE "." "_" id "${release}")
  foreach(field IN ITEMS PTX DRIVER DEFAULT)
    get_property(${field} GLOBAL PROPERTY _CUDAARCH_CUDA_${id}_${field})
  endforeach()
  _cudaarch_cxx_version(cuda "${release}")
  _cudaarch_cxx_version(ptx "${PTX}")
  string(APPEND toolkits "    {${cuda}, ${ptx}, \"${DRIVER}\", ${DEFAULT}},\n")
endforeach()

set(torch_names "")
get_property(names GLOBAL PROPERTY _CUDAARCH_TORCH_NAMES)
foreach(name IN LISTS names)
  get_property(items GLOBAL PROPERTY "_CUDAARCH_TORCH_${name}")
  string(APPEND torch_names "    {\"${name}\", \"${items}\"},\n")
endforeach()

get_property(torch_arches GLOBAL PROPERTY _CUDAARCH_TORCH_ARCHES)
list(JOIN torch_arches " " torch_arches)
get_property(max_words GLOBAL PROPERTY _CUDAARCH_PRODUCT_MAX_WORDS)
get_property(accepted GLOBAL PROPERTY _CUDAARCH_ACCEPTED)

set(nvcc_rules "")
get_property(rules GLOBAL PROPERTY _CUDAARCH_NVCC_RULES)
foreach(rule IN LISTS rules)
  string(REGEX MATCH "^([^|]*)\\|(.)(.*)$" ignored "${rule}")
  string(TOUPPER "${CMAKE_MATCH_2}" initial)
  string(APPEND nvcc_rules "    {\"${CMAKE_MATCH_1}\", NvccRule::How::${initial}${CMAKE_MATCH_3}},\n")
endforeach()
foreach(kind IN ITEMS VENDORS EXTRAS)
  get_property(values GLOBAL PROPERTY _CUDAARCH_NAME_${kind})
  set(${kind} "")
  foreach(value IN LISTS values)
    string(APPEND ${kind} "    \"${value}\",\n")
  endforeach()
endforeach()
set(chips "")
get_property(codes GLOBAL PROPERTY _CUDAARCH_CHIPS)
foreach(code IN LISTS codes)
  get_property(nn GLOBAL PROPERTY _CUDAARCH_CHIP_${code})
  _cudaarch_split_number(major minor ${nn})
  string(APPEND chips "    {\"${code}\", ${major}, ${minor}},\n")
endforeach()
set(pci_devices "")
get_property(ids GLOBAL PROPERTY _CUDAARCH_PCI_IDS)
foreach(id IN LISTS ids)
  get_property(chip GLOBAL PROPERTY _CUDAARCH_PCI_${id})
  string(APPEND pci_devices "    {0x${id}, \"${chip}\"},\n")
endforeach()
set(library_dirs "")
get_property(dirs GLOBAL PROPERTY _CUDAARCH_LIBRARY_DIRS)
foreach(dir IN LISTS dirs)
  string(APPEND library_dirs "    \"${dir}\",\n")
endforeach()
set(package_builds "")
get_property(builds GLOBAL PROPERTY _CUDAARCH_PACKAGE_BUILDS)
foreach(build IN LISTS builds)
  string(REPLACE "|" "\", \"" build "${build}")
  string(APPEND package_builds "    {\"${build}\"},\n")
endforeach()
set(cmake_releases "")
get_property(rows GLOBAL PROPERTY _CUDAARCH_CMAKE_RELEASES)
foreach(row IN LISTS rows)
  # <value>|<first>|<before>, '-' for no bound, which the table writes as "".
  string(REGEX REPLACE "\\|-(\\||$)" "|\\1" row "${row}")
  string(REGEX REPLACE "\\|-(\\||$)" "|\\1" row "${row}")
  string(REPLACE "|" "\", \"" row "${row}")
  string(APPEND cmake_releases "    {\"${row}\"},\n")
endforeach()

file(WRITE "${OUTPUT}.tmp" "\
// Generated from cmake/data/cuda-architectures.txt by
// cmake/cudaarch/internal/generate_database.cmake. Do not edit.
#include \"cudaarch/database_tables.hpp\"

namespace cudaarch::tables {

const std::vector<CcRecord> ccs = {
${ccs}};

const std::vector<ProductRecord> products = {
${products}};

const std::vector<ToolkitRecord> toolkits = {
${toolkits}};

const std::vector<TorchNameRecord> torch_names = {
${torch_names}};

const std::string_view torch_arches = \"${torch_arches}\";

const std::string_view accepted = \"${accepted}\";

const int max_product_words = ${max_words};

const std::vector<NvccRule> nvcc_rules = {
${nvcc_rules}};

const std::vector<std::string_view> library_dirs = {
${library_dirs}};

const std::vector<std::string_view> name_vendors = {
${VENDORS}};

const std::vector<std::string_view> name_extras = {
${EXTRAS}};

const std::vector<ChipRecord> chips = {
${chips}};

const std::vector<PciRecord> pci_devices = {
${pci_devices}};

const std::vector<PackageBuildRecord> package_builds = {
${package_builds}};

const std::vector<CmakeReleaseRecord> cmake_releases = {
${cmake_releases}};

}  // namespace cudaarch::tables
")
# Touch the output only when it changes, so a re-run rebuilds nothing.
configure_file("${OUTPUT}.tmp" "${OUTPUT}" COPYONLY)
file(REMOVE "${OUTPUT}.tmp")
