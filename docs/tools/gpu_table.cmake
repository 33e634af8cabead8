# SPDX-License-Identifier: Apache-2.0
# Writes docs/gpus.md, the GPU products and PCI chips of the architecture database.
#   cmake -DOUTPUT=docs/gpus.md -P docs/tools/gpu_table.cmake
# The test docs.gpus_is_current fails when the committed page differs.
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/../../cmake/cudaarch/internal/database.cmake")
_cudaarch_load_database()

get_property(ccs GLOBAL PROPERTY _CUDAARCH_CCS)
set(products "")
set(count 0)
foreach(nn IN LISTS ccs)
  _cudaarch_cc_fields(cc ${nn})
  get_property(names GLOBAL PROPERTY _CUDAARCH_CC_${nn}_PRODUCTS)
  list(SORT names)
  math(EXPR major "${nn} / 10")
  math(EXPR minor "${nn} % 10")
  set(kind "")
  if(cc_tegra)
    set(kind " (Tegra)")
  endif()
  foreach(name IN LISTS names)
    string(APPEND products "| ${name} | ${major}.${minor} | ${cc_family}${kind} |\n")
    math(EXPR count "${count} + 1")
  endforeach()
endforeach()

get_property(chips GLOBAL PROPERTY _CUDAARCH_CHIPS)
get_property(ids GLOBAL PROPERTY _CUDAARCH_PCI_IDS)
set(chip_rows "")
foreach(chip IN LISTS chips)
  get_property(nn GLOBAL PROPERTY _CUDAARCH_CHIP_${chip})
  math(EXPR major "${nn} / 10")
  math(EXPR minor "${nn} % 10")
  set(devices 0)
  foreach(id IN LISTS ids)
    get_property(of GLOBAL PROPERTY _CUDAARCH_PCI_${id})
    if(of STREQUAL chip)
      math(EXPR devices "${devices} + 1")
    endif()
  endforeach()
  string(APPEND chip_rows "| ${chip} | ${major}.${minor} | ${devices} |\n")
endforeach()
list(LENGTH ids id_count)

file(WRITE "${OUTPUT}" "<!-- Generated from cmake/data/cuda-architectures.txt by docs/tools/gpu_table.cmake. Do not edit. -->
# GPUs and their compute capabilities

The ${count} GPU products the database knows, by capability, as `cudaarch list-gpus` lists
them. Each is also known as `nvidia-smi` prints it: with or without its vendor word, and
with memory, form factor and variant words after it ([GPU names](notation.md#input-notations)).

| GPU | compute capability | family |
|---|---|---|
${products}
## PCI chips

The chips the PCI tier of detection knows ([PCI identity](database.md#pci-identity)), with
how many of the ${id_count} device IDs of the data file each has. A device ID none of them
has is an unknown NVIDIA GPU.

| chip | compute capability | device IDs |
|---|---|---|
${chip_rows}")
