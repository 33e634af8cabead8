# SPDX-License-Identifier: Apache-2.0
# The build step of cudaarch_set_architectures(VERIFY) (COMMAND: that command's name, which
# its messages start with): fails when FILE lacks an image EXPECT
# promises. SASS must be in the linked .nv_fatbin (with separable compilation the relocatable
# copies in __nv_relfatbin cost a link at every process start); PTX may be anywhere, since
# the loader JIT-compiles relocatable PTX too. Extra images are not an error.
#   cmake -DCOMMAND=<command> -DCUDAARCH=<cudaarch> -DFILE=<file> -DEXPECT=<list, ',' for ';'> -DSTAMP=<file>
#         [-DTARGET=<target> -DREST=<list> -DSOURCES=<list>=<source>|... -DOBJECTS=<object>|...
#          -DLINKED=<list>|... -DLINKED_ANY=<bool>] -P verify_linked.cmake
# With TARGET (a target with per-source architectures, cudaarch_source_architectures), a
# whole-program file must also hold, as the loader registers them, one module per source of
# SOURCES with exactly the images of its list, and every other module with a kernel must hold
# exactly REST (the target's list) or one of LINKED (the static libraries it links). A
# source's module is the one with its object's kernels, else one with exactly its images.
# Relocatable device code is one linked module for every file: there EXPECT alone is checked.
cmake_minimum_required(VERSION 3.19)
# <out_var> = the images <list> (',' for ';') builds, in its order: sm_XX for SASS,
# compute_XX for PTX.
function(_cudaarch_verify_images out_var list)
  string(REPLACE "," ";" list "${list}")
  set(images "")
  foreach(entry IN LISTS list)
    string(REGEX MATCH "^([0-9]+[af]?)(-real|-virtual)?$" _ "${entry}")
    if(NOT CMAKE_MATCH_2 STREQUAL "-virtual")
      list(APPEND images "sm_${CMAKE_MATCH_1}")
    endif()
    if(NOT CMAKE_MATCH_2 STREQUAL "-real")
      list(APPEND images "compute_${CMAKE_MATCH_1}")
    endif()
  endforeach()
  if(images)
    list(REMOVE_DUPLICATES images)
  endif()
  set(${out_var} "${images}" PARENT_SCOPE)
endfunction()

# Module <i> of the first file of <json> (cudaarch inspect --json --modules): <out_images> its
# images, in natural order (to compare); <out_text> its images and kernels for a message, ""
# when it is known to have no kernel (nvcc's link-step module); <out_key> a hash of its kernel list, which
# ties it to the object holding the same kernels, "" when its kernels were not read.
function(_cudaarch_verify_module out_images out_text out_key json i)
  string(JSON list GET "${json}" files 0 modules ${i} images)
  string(JSON count LENGTH "${list}")
  set(images "")
  if(count GREATER 0)
    math(EXPR last "${count} - 1")
    foreach(j RANGE ${last})
      string(JSON image GET "${list}" ${j})
      list(APPEND images "${image}")
    endforeach()
  endif()
  list(JOIN images " " text)
  list(SORT images COMPARE NATURAL)
  string(JSON type TYPE "${json}" files 0 modules ${i} kernels)
  set(key "")
  if(type STREQUAL "NULL")
    string(APPEND text " (kernels not read: compressed code)")
  else()
    string(JSON kernels GET "${json}" files 0 modules ${i} kernels)
    string(JSON count LENGTH "${kernels}")
    if(count EQUAL 0)
      set(text "")
    else()
      string(SHA1 key "${kernels}")
      set(names "")
      set(names_separator "")
      math(EXPR last "${count} - 1")
      foreach(j RANGE ${last})
        string(JSON name GET "${kernels}" ${j})
        string(APPEND names "${names_separator}${name}")
        set(names_separator ", ")
      endforeach()
      string(APPEND text " (${names})")
    endif()
  endif()
  set(${out_images} "${images}" PARENT_SCOPE)
  set(${out_text} "${text}" PARENT_SCOPE)
  set(${out_key} "${key}" PARENT_SCOPE)
endfunction()

# <out_var> = the kernel hash (_cudaarch_verify_module) of the object of <objects> ('|'
# between them) that source file <name> compiles to, "" when there is not exactly one such
# object or its kernels were not read.
function(_cudaarch_verify_object_key out_var cudaarch objects name)
  set(${out_var} "" PARENT_SCOPE)
  string(REPLACE "|" ";" objects "${objects}")
  string(REGEX REPLACE "([][+.*()^$?|\\])" "\\\\\\1" pattern "${name}")
  list(FILTER objects INCLUDE REGEX "[/\\]${pattern}\\.(o|obj)$")
  list(LENGTH objects count)
  if(NOT count EQUAL 1)
    return()
  endif()
  execute_process(COMMAND "${cudaarch}" inspect --json --modules "${objects}"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE json ERROR_QUIET)
  if(NOT rc EQUAL 0)
    return()
  endif()
  string(JSON count LENGTH "${json}" files 0 modules)
  if(count EQUAL 1)
    _cudaarch_verify_module(images text key "${json}" 0)
    set(${out_var} "${key}" PARENT_SCOPE)
  endif()
endfunction()

# Which of <candidates> ("<i>|<kernel hash>|<images>" each, the images sorted, ' ' between)
# is the module of source <name>, built for <list> (',' for ';'): <out_found> its entry, ""
# when none; the one with the kernels of its object of <objects> where they are known, else
# one with exactly its images. <out_problem>: "" when that module holds exactly those images,
# else the start of the message (the caller names the module's contents).
function(_cudaarch_verify_source out_found out_problem cudaarch objects name list candidates)
  _cudaarch_verify_images(expected "${list}")
  list(JOIN expected " " expected_text)
  list(SORT expected COMPARE NATURAL)
  list(JOIN expected " " expected)
  string(REPLACE "," ";" list "${list}")
  set(problem "source ${name} must be one module of exactly ${expected_text} (its list '${list}')")
  _cudaarch_verify_object_key(key "${cudaarch}" "${objects}" "${name}")
  set(${out_problem} "" PARENT_SCOPE)
  if(NOT key STREQUAL "")
    foreach(candidate IN LISTS candidates)
      if(candidate MATCHES "^[0-9]+\\|${key}\\|(.*)$")
        set(${out_found} "${candidate}" PARENT_SCOPE)
        if(NOT CMAKE_MATCH_1 STREQUAL expected)
          set(${out_problem} "${problem}" PARENT_SCOPE)
        endif()
        return()
      endif()
    endforeach()
  endif()
  foreach(candidate IN LISTS candidates)
    string(REGEX REPLACE "^[0-9]+\\|[^|]*\\|" "" images "${candidate}")
    if(images STREQUAL expected)
      set(${out_found} "${candidate}" PARENT_SCOPE)
      return()
    endif()
  endforeach()
  set(${out_found} "" PARENT_SCOPE)
  set(${out_problem} "${problem}" PARENT_SCOPE)
endfunction()

# <out_allowed> = the image sets a module that is no source's may hold, each sorted with ' '
# between: <rest>'s (the target's list, ',' for ';'), then each of <linked>'s ('|' between
# them); <out_rest_text> = <rest>'s images in its order, for the message.
function(_cudaarch_verify_allowed out_allowed out_rest_text rest linked)
  set(allowed "")
  string(REPLACE "|" ";" linked "${linked}")
  _cudaarch_verify_images(images "${rest}")
  list(JOIN images " " rest_text)
  foreach(allowed_list IN LISTS rest linked)
    _cudaarch_verify_images(images "${allowed_list}")
    list(SORT images COMPARE NATURAL)
    list(JOIN images " " images)
    list(APPEND allowed "${images}")
  endforeach()
  set(${out_allowed} "${allowed}" PARENT_SCOPE)
  set(${out_rest_text} "${rest_text}" PARENT_SCOPE)
endfunction()

# <out_var> = what is wrong with the modules of <json> ("; " between problems, "" when
# nothing): each per-source entry of <sources> ('<list>=<source>|...') needs a module of
# exactly its images, tied by its object's kernels (<objects>) where they are known, else
# any one with those images; every other module with a kernel holds <rest> or a list of
# <linked>, or anything when <linked_any>.
function(_cudaarch_verify_modules out_var cudaarch json rest sources objects linked linked_any)
  string(JSON count LENGTH "${json}" files 0 modules)
  # The modules with a kernel, as _cudaarch_verify_source reads them; text_<i> for messages.
  set(candidates "")
  set(all "")
  set(all_separator "")
  if(count GREATER 0)
    math(EXPR last "${count} - 1")
    foreach(i RANGE ${last})
      _cudaarch_verify_module(images text_${i} key "${json}" ${i})
      if(NOT text_${i} STREQUAL "")
        list(JOIN images " " images)
        list(APPEND candidates "${i}|${key}|${images}")
        string(APPEND all "${all_separator}${text_${i}}")
        set(all_separator ", ")
      endif()
    endforeach()
  endif()
  set(problems "")
  set(separator "")
  string(REPLACE "|" ";" sources "${sources}")
  foreach(entry IN LISTS sources)
    string(REGEX MATCH "^([^=]*)=(.*)$" _ "${entry}")
    set(list "${CMAKE_MATCH_1}")
    get_filename_component(name "${CMAKE_MATCH_2}" NAME)
    if(list STREQUAL "")
      continue()  # left out of the build
    endif()
    _cudaarch_verify_source(found problem "${cudaarch}" "${objects}" "${name}" "${list}" "${candidates}")
    string(REGEX MATCH "^[0-9]+" i "${found}")
    if(found STREQUAL "")
      string(APPEND problems "${separator}${problem}, and no module is (modules: ${all})")
      set(separator "; ")
    else()
      if(NOT problem STREQUAL "")
        string(APPEND problems "${separator}${problem}, and its module holds ${text_${i}}")
        set(separator "; ")
      endif()
      list(REMOVE_ITEM candidates "${found}")
    endif()
  endforeach()
  _cudaarch_verify_allowed(allowed rest_text "${rest}" "${linked}")
  string(REPLACE "," ";" rest "${rest}")
  foreach(candidate IN LISTS candidates)
    string(REGEX MATCH "^[0-9]+" i "${candidate}")
    string(REGEX REPLACE "^[0-9]+\\|[^|]*\\|" "" images "${candidate}")
    if(NOT linked_any AND NOT images IN_LIST allowed)
      string(APPEND problems "${separator}a module holds ${text_${i}}, not the target's ${rest_text} ('${rest}')")
      set(separator "; ")
    endif()
  endforeach()
  set(${out_var} "${problems}" PARENT_SCOPE)
endfunction()

set(modules_option "")
if(DEFINED TARGET)
  set(modules_option --modules)  # the kernels of each module
endif()
execute_process(COMMAND "${CUDAARCH}" inspect --json ${modules_option} "${FILE}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE json ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${COMMAND}: VERIFY: cannot read ${FILE}: ${err}")
endif()
set(linked_sass "")
set(relocatable_sass "")
set(rdc FALSE)
set(ptx "")
string(JSON count LENGTH "${json}" files 0 images)
if(count GREATER 0)
  math(EXPR last "${count} - 1")
  foreach(i RANGE ${last})
    string(JSON image GET "${json}" files 0 images ${i})  # then the small object, not the document, thrice
    string(JSON kind GET "${image}" kind)
    string(JSON name GET "${image}" name)
    string(JSON relocatable GET "${image}" relocatable)
    string(JSON library GET "${image}" library)
    if(relocatable)
      set(rdc TRUE)
    endif()
    if(NOT library STREQUAL "")  # libcudadevrt's images never stand in for the program's
    elseif(kind STREQUAL "PTX")
      list(APPEND ptx "${name}")
    elseif(kind STREQUAL "SASS" AND relocatable)
      list(APPEND relocatable_sass "${name}")
    elseif(kind STREQUAL "SASS")
      list(APPEND linked_sass "${name}")
    endif()
  endforeach()
endif()

# A target with per-source architectures: its modules first, which name the source at fault.
if(DEFINED TARGET AND NOT rdc)
  _cudaarch_verify_modules(problems "${CUDAARCH}" "${json}" "${REST}" "${SOURCES}" "${OBJECTS}" "${LINKED}" "${LINKED_ANY}")
  if(NOT problems STREQUAL "")
    message(FATAL_ERROR "${COMMAND}: VERIFY: target ${TARGET} (${FILE}): ${problems}. Give a source its architectures "
                        "only with cudaarch_source_architectures: no -gencode, -arch or --generate-code in its "
                        "COMPILE_OPTIONS, the target's options or CMAKE_CUDA_FLAGS, and compile it on its own (not "
                        "#included into another source). See docs/troubleshooting.md.")
  endif()
endif()
set(missing "")
_cudaarch_verify_images(expected_images "${EXPECT}")
foreach(image IN LISTS expected_images)
  if(image MATCHES "^sm_" AND NOT image IN_LIST linked_sass OR image MATCHES "^compute_" AND NOT image IN_LIST ptx)
    list(APPEND missing "${image}")
  endif()
endforeach()
if(missing)
  list(REMOVE_DUPLICATES linked_sass)
  string(REPLACE ";" " " missing "${missing}")
  string(REPLACE ";" " " linked_sass "${linked_sass}")
  set(why "")
  if(relocatable_sass)
    set(why " Its relocatable images (separable compilation) cannot stand in: the device link must be given the same architectures as the compile.")
  endif()
  if(rdc AND DEFINED TARGET)
    string(APPEND why " Target ${TARGET} has per-source architectures, which separable compilation cannot keep: its "
                      "device link makes one module of every file. Give those sources a target of their own "
                      "(cudaarch_target_architectures).")
  endif()
  string(REPLACE "," ";" expect "${EXPECT}")
  message(FATAL_ERROR "${COMMAND}: VERIFY: ${FILE} lacks ${missing}, which its CUDA architectures '${expect}' promise "
                      "(linked SASS: ${linked_sass}).${why} See docs/troubleshooting.md.")
endif()
# Ninja makes an output's folder before the command runs; Make and the IDE generators do not.
get_filename_component(stamp_dir "${STAMP}" DIRECTORY)
file(MAKE_DIRECTORY "${stamp_dir}")
file(TOUCH "${STAMP}")
