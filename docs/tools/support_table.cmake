# SPDX-License-Identifier: Apache-2.0
# Writes docs/toolkit-support.md from the architecture database.
#   cmake -DOUTPUT=docs/toolkit-support.md -P docs/tools/support_table.cmake
# The test docs.toolkit_support_is_current fails when the committed page differs.
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/../../cmake/cudaarch/internal/database.cmake")
_cudaarch_load_database()

# 1 when release a <= release b ("12.9" <= "13.0").
function(_release_le out a b)
  if(a VERSION_LESS_EQUAL b)
    set(${out} 1 PARENT_SCOPE)
  else()
    set(${out} 0 PARENT_SCOPE)
  endif()
endfunction()

get_property(releases GLOBAL PROPERTY _CUDAARCH_CUDA_RELEASES)
get_property(ccs GLOBAL PROPERTY _CUDAARCH_CCS)
set(header "| CC | family |")
set(rule "|---|---|")
foreach(r IN LISTS releases)
  string(APPEND header " ${r} |")
  string(APPEND rule ":-:|")
endforeach()
set(rows "")
foreach(nn IN LISTS ccs)
  _cudaarch_cc_fields(cc ${nn})
  math(EXPR major "${nn} / 10")
  math(EXPR minor "${nn} % 10")
  set(family "${cc_family}")
  if(cc_tegra)
    string(APPEND family " (Tegra)")
  endif()
  set(row "| ${major}.${minor} | ${family} |")
  foreach(r IN LISTS releases)
    _release_le(started "${cc_first}" "${r}")
    set(ended 0)
    if(cc_last)
      _release_le(still "${r}" "${cc_last}")
      if(NOT still)
        set(ended 1)
      endif()
    endif()
    set(cell "")
    if(started AND NOT ended)
      set(cell "✓")
      foreach(letter IN ITEMS a f)
        if(cc_${letter})
          _release_le(has "${cc_${letter}}" "${r}")
          if(has)
            string(APPEND cell " ${letter}")
          endif()
        endif()
      endforeach()
    elseif(cc_renamed_in)
      _release_le(renamed "${cc_renamed_in}" "${r}")
      if(renamed)
        set(cell "→${cc_renamed_to}")
      endif()
    endif()
    string(APPEND row " ${cell} |")
  endforeach()
  string(APPEND rows "${row}\n")
endforeach()

file(WRITE "${OUTPUT}" "\
# Which CUDA release builds which architecture

Generated from `cmake/data/cuda-architectures.txt` by `docs/tools/support_table.cmake`;
do not edit. ✓: nvcc of that release compiles `sm_`/`compute_` for it; `a`, `f`: the
architecture-specific and family variants too; →110: renamed (10.1 is 11.0 from CUDA 13.0).

`cudaarch_supported` and `cudaarch supported` ask the installed nvcc itself; this table is
what they fall back to for an nvcc without `--list-gpu-code` (before CUDA 11.1), and what
error messages quote when a release does not build an architecture.

${header}
${rule}
${rows}")
