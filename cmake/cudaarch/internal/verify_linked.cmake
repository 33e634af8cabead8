# SPDX-License-Identifier: Apache-2.0
# The build step of cudaarch_set_architectures(VERIFY) (COMMAND: that command's name, which
# its messages start with): fails when FILE lacks an image EXPECT promises, or when a module
# of it, as the loader registers them (a linked library's too), does not run on each GPU of
# the list, as `cudaarch check` judges it. SASS must be in the linked .nv_fatbin (with
# separable compilation the relocatable copies in __nv_relfatbin cost a link at every process
# start); PTX may be anywhere, since the loader JIT-compiles relocatable PTX too. Extra images
# are not an error; a linked library's module with more images than the list gets a note.
#   cmake -DCOMMAND=<command> -DCUDAARCH=<cudaarch> -DFILE=<file> -DEXPECT=<list, ',' for ';'> -DSTAMP=<file>
#         -DNAME=<target> -DOBJECTS=<object>|... -DLIBRARIES=<what>=<file>,...|... -DDRIVER=<CUDA release>
#         [-DTARGET=<target> -DREST=<list> -DSOURCES=<list>=<source>|...
#          -DLINKED=<list>|... -DLINKED_ANY=<bool>] [-DFLAGS=<text> -DFLAG_LIST=<list> -DFIX=<text>]
#         [-DMODE=test] -P verify_linked.cmake
# NAME, OBJECTS, LIBRARIES and DRIVER: _cudaarch_verify_origin_arguments (verify.cmake); FLAGS,
# FLAG_LIST and FIX: _cudaarch_verify_flag_arguments, the architecture flags beside the list,
# whose images in FILE get a warning (_cudaarch_verify_flag_warning).
# With MODE=test, the verify test of cudaarch_add_verify_test (no STAMP; EXPECT may have ' '
# between items): the module check, then `cudaarch verify`'s exact comparison, where images
# that only linked libraries' modules hold are not extra (_cudaarch_verify_test).
# With TARGET (a target with per-source architectures, cudaarch_source_architectures), a
# whole-program file must also hold, as the loader registers them, one module per source of
# SOURCES with exactly the images of its list, and every other module of its own objects must
# hold exactly REST (the target's list) or one of LINKED (the static libraries it links);
# another file's modules are judged as above, on the GPUs of REST. A source's module is the
# one with its object's kernels, else one with exactly its images.
# Relocatable device code is one linked module for every file: there EXPECT alone is checked.
cmake_minimum_required(VERSION 3.19)
if(POLICY CMP0174)  # (3.31) an empty value of _cudaarch_verify_test's keywords is a value, not a warning
  cmake_policy(SET CMP0174 NEW)
endif()
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
function(_cudaarch_verify_modules out_var out_sources cudaarch json rest sources objects linked linked_any libraries)
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
  set(source_modules "")
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
      list(APPEND source_modules "${i}")
    endif()
  endforeach()
  _cudaarch_verify_allowed(allowed rest_text "${rest}" "${linked}")
  string(REPLACE "," ";" rest "${rest}")
  foreach(candidate IN LISTS candidates)
    string(REGEX MATCH "^[0-9]+" i "${candidate}")
    string(REGEX MATCH "^[0-9]+\\|([^|]*)\\|(.*)$" _ "${candidate}")
    set(key "${CMAKE_MATCH_1}")
    set(images "${CMAKE_MATCH_2}")
    # A module another file brought (a linked library's) is judged as check judges it
    # (_cudaarch_verify_runs); one of this target's own objects, or one whose kernels are not
    # known, holds the target's list.
    if(linked_any OR images IN_LIST allowed)
      continue()
    endif()
    if(NOT key STREQUAL "" AND NOT DEFINED origins)
      _cudaarch_verify_origins(origins "${cudaarch}" "${objects}" "${libraries}")
    endif()
    _cudaarch_verify_origin(origin "${key}" "${origins}")
    if(key STREQUAL "" OR origin STREQUAL "own")
      string(APPEND problems "${separator}a module holds ${text_${i}}, not the target's ${rest_text} ('${rest}')")
      set(separator "; ")
    endif()
  endforeach()
  set(${out_var} "${problems}" PARENT_SCOPE)
  set(${out_sources} "${source_modules}" PARENT_SCOPE)
endfunction()

# <out_var> = the GPUs <list> (CMAKE format; ',', ';' or ' ' between items) is for, each
# capability once: 8.0 for 80-real, 9.0 for 90a, 10.0 for 100f-real.
function(_cudaarch_verify_gpus out_var list)
  string(REGEX REPLACE "[, ]+" ";" list "${list}")
  set(gpus "")
  foreach(entry IN LISTS list)
    if(entry MATCHES "^([0-9]+)([0-9])[af]?(-real|-virtual)?$")
      list(APPEND gpus "${CMAKE_MATCH_1}.${CMAKE_MATCH_2}")
    endif()
  endforeach()
  list(REMOVE_DUPLICATES gpus)
  set(${out_var} "${gpus}" PARENT_SCOPE)
endfunction()

# <out_var> = where each module with read kernels of <objects> ('|' between them, this
# target's own object files) and <libraries> ("<what>=<file>,<file>|...", what: "static
# library <name>" or "object library <name>") comes from, one "<kernel hash>=<origin>" each
# (_cudaarch_verify_module's hash): origin "own" for this target's objects, else <what>, with
# the file for a static library. The first file that holds a kernel list names it.
function(_cudaarch_verify_origins out_var cudaarch objects libraries)
  set(files "")
  set(origins "")
  string(REPLACE "|" ";" objects "${objects}")
  foreach(object IN LISTS objects)
    list(APPEND files "${object}")
    list(APPEND origins "own")
  endforeach()
  string(REPLACE "|" ";" libraries "${libraries}")
  foreach(library IN LISTS libraries)
    string(REGEX MATCH "^([^=]*)=(.*)$" _ "${library}")
    set(what "${CMAKE_MATCH_1}")
    string(REPLACE "," ";" library_files "${CMAKE_MATCH_2}")
    foreach(file IN LISTS library_files)
      list(APPEND files "${file}")
      if(what MATCHES "^static")
        list(APPEND origins "${what} (${file})")
      else()
        list(APPEND origins "${what}")
      endif()
    endforeach()
  endforeach()
  set(found "")
  if(files)
    execute_process(COMMAND "${cudaarch}" inspect --json --modules ${files}
                    RESULT_VARIABLE rc OUTPUT_VARIABLE json ERROR_QUIET)
    list(LENGTH files count)
    math(EXPR last "${count} - 1")
    foreach(f RANGE ${last})
      list(GET origins ${f} origin)
      string(JSON modules ERROR_VARIABLE error GET "${json}" files ${f} modules)
      if(error)
        continue()  # unreadable: its modules stay of unknown origin
      endif()
      string(JSON modules_count LENGTH "${modules}")
      if(modules_count EQUAL 0)
        continue()
      endif()
      math(EXPR last_module "${modules_count} - 1")
      foreach(m RANGE ${last_module})
        string(JSON type TYPE "${modules}" ${m} kernels)
        if(type STREQUAL "ARRAY")
          string(JSON kernels GET "${modules}" ${m} kernels)
          string(SHA1 key "${kernels}")
          list(APPEND found "${key}=${origin}")
        endif()
      endforeach()
    endforeach()
  endif()
  set(${out_var} "${found}" PARENT_SCOPE)
endfunction()

# <out_var> = the origin of the module with kernel hash <key> in <origins>
# (_cudaarch_verify_origins), "" when unknown.
function(_cudaarch_verify_origin out_var key origins)
  set(${out_var} "" PARENT_SCOPE)
  if(NOT key STREQUAL "")
    foreach(entry IN LISTS origins)
      if(entry MATCHES "^${key}=(.*)$")
        set(${out_var} "${CMAKE_MATCH_1}" PARENT_SCOPE)
        return()
      endif()
    endforeach()
  endif()
endfunction()

# What `cudaarch check` says of each module of <file> on <gpus> (natively, or by JIT-compiling
# its PTX, with a driver of <driver>, the toolkit's CUDA release; none: the installed driver's),
# the modules of <skip> (a per-source target's sources, checked by their lists) left out:
# <out_json> its document; <out_failing> "<i>=<gpu> (<error>)" for each module <i> that does
# not run on a GPU; <out_wide> the modules that run but hold images beyond <expected>.
# <head> starts the error when it cannot judge.
function(_cudaarch_verify_judge out_json out_failing out_wide head cudaarch file gpus driver expected skip)
  set(arguments check --no-deps --json)
  if(NOT driver STREQUAL "")
    list(APPEND arguments --driver "${driver}")
  endif()
  foreach(gpu IN LISTS gpus)
    list(APPEND arguments --gpu "${gpu}")
  endforeach()
  execute_process(COMMAND "${cudaarch}" ${arguments} "${file}" RESULT_VARIABLE rc OUTPUT_VARIABLE json ERROR_VARIABLE err)
  if(NOT rc MATCHES "^[01]$")
    message(FATAL_ERROR "${head}cannot judge ${file}: ${err}")
  endif()
  set(failing "")
  string(JSON verdicts GET "${json}" files 0 verdicts)
  string(JSON count LENGTH "${verdicts}")
  foreach(g RANGE ${count})
    if(g EQUAL count)
      break()
    endif()
    string(JSON gpu GET "${verdicts}" ${g} gpu)
    string(JSON modules GET "${verdicts}" ${g} failing_modules)
    string(JSON modules_count LENGTH "${modules}")
    foreach(m RANGE ${modules_count})
      if(m LESS modules_count)
        string(JSON i GET "${modules}" ${m})
        string(JSON error GET "${verdicts}" ${g} module_errors ${i})
        if(error EQUAL 209)
          set(error "no kernel image, error 209")
        else()
          set(error "error ${error}")
        endif()
        if(NOT i IN_LIST skip)
          list(APPEND failing "${i}=${gpu} (${error})")
        endif()
      endif()
    endforeach()
  endforeach()
  set(wide "")
  string(JSON count LENGTH "${json}" files 0 modules)
  foreach(i RANGE ${count})
    if(i EQUAL count OR i IN_LIST skip OR "${failing}" MATCHES "(^|;)${i}=")
      continue()
    endif()
    string(JSON images GET "${json}" files 0 modules ${i} images)
    string(REGEX MATCHALL "[a-z]+_[0-9]+[af]?" images "${images}")
    list(REMOVE_ITEM images ${expected})
    if(images)
      list(APPEND wide ${i})
    endif()
  endforeach()
  set(${out_json} "${json}" PARENT_SCOPE)
  set(${out_failing} "${failing}" PARENT_SCOPE)
  set(${out_wide} "${wide}" PARENT_SCOPE)
endfunction()

# <out_var> = what is wrong with module <i> of <json> (_cudaarch_verify_judge), which does not
# run on <failing> ("<gpu> (<error>)" each): its images and kernels, where it came from
# (<origin>, _cudaarch_verify_origin; target <name>'s own objects: "own") and how to fix that.
function(_cudaarch_verify_problem out_var name json i origin failing)
  _cudaarch_verify_module(images text key "${json}" ${i})
  string(REGEX REPLACE " \\([^)]*\\)" "" on "${failing}")
  list(JOIN on " and " on)
  list(JOIN failing ", " errors)
  if(origin STREQUAL "own")
    string(CONCAT problem "a module of target ${name}'s own sources holds ${text} and does not run on ${errors}: "
                          "compile them with the target's list only (no -gencode, -arch or --generate-code in their "
                          "options or CMAKE_CUDA_FLAGS)")
  elseif(origin MATCHES "^static library ([^ ]+)")
    string(CONCAT problem "the ${origin} brings a module of ${text}, which does not run on ${errors}: rebuild "
                          "${CMAKE_MATCH_1} for ${on} as well (its own architectures), or link one built for ${on}")
  elseif(origin MATCHES "^object library ([^ ]+)")
    string(CONCAT problem "the ${origin} brings a module of ${text}, which does not run on ${errors}: build "
                          "${CMAKE_MATCH_1} for ${on} as well (its CUDA_ARCHITECTURES, or cudaarch_target_architectures)")
  elseif(key STREQUAL "")
    string(CONCAT problem "a module of ${text}, whose kernels cannot be read to tell where it came from, does not run "
                          "on ${errors}: rebuild the library or sources that hold it for ${on} as well")
  else()
    string(CONCAT problem "a module of ${text}, from a library linked by path or by a flag (not this target's objects, "
                          "nor a static or object library target it links), does not run on ${errors}: rebuild the "
                          "library that holds those kernels for ${on} as well")
  endif()
  set(${out_var} "${problem}" PARENT_SCOPE)
endfunction()

# Every module of <file> (target <name>'s) must run on each of <gpus>, as `cudaarch check`
# judges it (_cudaarch_verify_judge, with <head>, <driver>, <expected> and <skip>): <out_problems>
# what does not ("; " between, _cudaarch_verify_problem), <out_notes> the modules of
# libraries that run but hold images beyond <expected>, one each. Where the modules come from:
# <objects> and <libraries> (_cudaarch_verify_origins), read only when there is something to say.
function(_cudaarch_verify_runs out_problems out_notes head name cudaarch file gpus driver expected skip objects libraries)
  _cudaarch_verify_judge(json failing wide "${head}" "${cudaarch}" "${file}" "${gpus}" "${driver}" "${expected}" "${skip}")
  set(problems "")
  set(notes "")
  if(NOT failing STREQUAL "" OR NOT wide STREQUAL "")  # (module 0 is a false constant)
    _cudaarch_verify_origins(origins "${cudaarch}" "${objects}" "${libraries}")
  endif()
  # <failing> holds <module>=<what> entries; each module once, with what it fails on.
  set(modules "")
  foreach(entry IN LISTS failing)
    string(REGEX MATCH "^[0-9]+" i "${entry}")
    list(APPEND modules "${i}")
  endforeach()
  if(modules)
    list(REMOVE_DUPLICATES modules)
  endif()
  foreach(i IN LISTS modules)
    set(on "")
    foreach(entry IN LISTS failing)
      if(entry MATCHES "^${i}=(.*)$")
        list(APPEND on "${CMAKE_MATCH_1}")
      endif()
    endforeach()
    _cudaarch_verify_module(images text key "${json}" ${i})
    _cudaarch_verify_origin(origin "${key}" "${origins}")
    _cudaarch_verify_problem(problem "${name}" "${json}" ${i} "${origin}" "${on}")
    list(APPEND problems "${problem}")
  endforeach()
  foreach(i IN LISTS wide)
    _cudaarch_verify_module(images text key "${json}" ${i})
    _cudaarch_verify_origin(origin "${key}" "${origins}")
    if(origin STREQUAL "")
      set(origin "a library linked by path or by a flag")
    endif()
    if(NOT key STREQUAL "" AND NOT origin STREQUAL "own")  # (unread kernels: maybe the target's own)
      list(APPEND notes "${origin}: its module of ${text} holds more images than the list asks, and runs on each GPU of the list: passes")
    endif()
  endforeach()
  list(JOIN problems "; " problems)
  set(${out_problems} "${problems}" PARENT_SCOPE)
  set(${out_notes} "${notes}" PARENT_SCOPE)
endfunction()

# Warns where architecture flags beside the list added images to <file> (<flags>, the flags
# and their places in words, which select <flag_list>, ',' for ';'; _cudaarch_verify_flag_arguments
# in verify.cmake): those of <beyond>, the file's images that <list> does not name, which the
# flags select, and how to build the list alone (<fix>) or keep them. Nothing without <flags>.
function(_cudaarch_verify_flag_warning head file beyond list flags flag_list fix)
  if(flags STREQUAL "")
    return()
  endif()
  _cudaarch_verify_images(selected "${flag_list}")
  set(added "")
  foreach(image IN LISTS beyond)
    if(image IN_LIST selected AND NOT image IN_LIST added)
      list(APPEND added "${image}")
    endif()
  endforeach()
  if(added)
    list(JOIN added " " added)
    string(REPLACE "," ";" list "${list}")
    string(REPLACE "," ";" flag_list "${flag_list}")
    message(WARNING "${head}${file} holds ${added} beside its list '${list}': they come from ${flags}, which nvcc "
                    "builds beside the list. To build the list alone, ${fix}; to keep them, put ${flag_list} in the list.")
  endif()
endfunction()

# Stops with <problems> (_cudaarch_verify_runs), the modules of <file> that do not run on
# <gpus>, the GPUs of <list>, the message started by <head>; else prints <notes>, one line each.
function(_cudaarch_verify_fail_or_note head file problems notes list gpus)
  string(REPLACE "," ";" list "${list}")
  list(JOIN gpus ", " gpus)
  if(NOT problems STREQUAL "")
    message(FATAL_ERROR "${head}${file}: every module must run on each GPU of '${list}' (${gpus}), as "
                        "`cudaarch check` judges it: ${problems}. See docs/troubleshooting.md.")
  endif()
  foreach(note IN LISTS notes)
    message(STATUS "${head}note: ${file}: ${note}")
  endforeach()
endfunction()

# <out_var> = those of <extra> (images) that a module of <file> holds which is not known to
# be a linked library's (_cudaarch_verify_origins of <objects> and <libraries>); nvcc's
# link-step module, which has no kernel, left out.
function(_cudaarch_verify_own_extra out_var cudaarch file extra objects libraries)
  execute_process(COMMAND "${cudaarch}" inspect --json --modules "${file}" OUTPUT_VARIABLE json ERROR_QUIET)
  _cudaarch_verify_origins(origins "${cudaarch}" "${objects}" "${libraries}")
  set(own_images "")
  string(JSON count LENGTH "${json}" files 0 modules)
  foreach(i RANGE ${count})
    if(i LESS count)
      _cudaarch_verify_module(images text key "${json}" ${i})
      _cudaarch_verify_origin(origin "${key}" "${origins}")
      if(NOT text STREQUAL "" AND (origin STREQUAL "" OR origin STREQUAL "own"))
        list(APPEND own_images ${images})
      endif()
    endif()
  endforeach()
  set(own_extra "")
  foreach(image IN LISTS extra)
    if(image IN_LIST own_images)
      list(APPEND own_extra "${image}")
    endif()
  endforeach()
  set(${out_var} "${own_extra}" PARENT_SCOPE)
endfunction()

# The verify test (cudaarch_add_verify_test, <head> "cudaarch_add_verify_test: ") of <file>,
# a linked file, <expected> EXPECT's images (sm_XX, compute_XX), the keywords the script's
# -D values of the same names: each module runs on each GPU of EXPECT (of REST, for a
# per-source target, whose sources' modules are left out), and the file holds exactly
# EXPECT's images (`cudaarch verify`, whose lines it prints), but for images only linked
# libraries' modules hold.
function(_cudaarch_verify_test head cudaarch file expected)
  cmake_parse_arguments(PARSE_ARGV 4 a ""
    "EXPECT;REST;SOURCES;OBJECTS;LINKED;LINKED_ANY;LIBRARIES;DRIVER;NAME;TARGET;FLAGS;FLAG_LIST;FIX" "")
  set(gpus_list "${a_EXPECT}")
  set(source_modules "")
  if(NOT "${a_TARGET}" STREQUAL "")  # (a_TARGET is not defined when empty before CMake 3.31)
    set(gpus_list "${a_REST}")
    execute_process(COMMAND "${cudaarch}" inspect --json --modules "${file}" OUTPUT_VARIABLE json ERROR_QUIET)
    _cudaarch_verify_modules(problems source_modules "${cudaarch}" "${json}" "${a_REST}" "${a_SOURCES}" "${a_OBJECTS}"
                             "${a_LINKED}" "${a_LINKED_ANY}" "${a_LIBRARIES}")
  endif()
  _cudaarch_verify_gpus(gpus "${gpus_list}")
  _cudaarch_verify_runs(problems notes "${head}" "${a_NAME}" "${cudaarch}" "${file}" "${gpus}" "${a_DRIVER}"
                        "${expected}" "${source_modules}" "${a_OBJECTS}" "${a_LIBRARIES}")
  string(REPLACE "," " " spec "${a_EXPECT}")
  execute_process(COMMAND "${cudaarch}" verify --expect "${spec}" --json "${file}" RESULT_VARIABLE rc OUTPUT_VARIABLE json)
  set(extra "")  # the images beyond EXPECT, when none is missing
  if(rc EQUAL 1)
    string(JSON missing GET "${json}" files 0 missing)
    string(JSON extra GET "${json}" files 0 extra)
    string(REGEX MATCHALL "[a-z]+_[0-9]+[af]?" extra "${extra}")
    _cudaarch_verify_flag_warning("${head}" "${file}" "${extra}" "${a_EXPECT}" "${a_FLAGS}" "${a_FLAG_LIST}" "${a_FIX}")
    if(NOT missing STREQUAL "[]")
      set(extra "")
    endif()
  endif()
  if(extra)
    _cudaarch_verify_own_extra(own_extra "${cudaarch}" "${file}" "${extra}" "${a_OBJECTS}" "${a_LIBRARIES}")
    if(NOT own_extra)
      set(rc 0)
      list(JOIN expected " " expected_text)
      execute_process(COMMAND "${CMAKE_COMMAND}" -E echo "${file}: matches ${expected_text}, and linked libraries hold more")
    endif()
  endif()
  if(NOT rc EQUAL 0 OR NOT extra)
    execute_process(COMMAND "${cudaarch}" verify --expect "${spec}" "${file}")
  endif()
  _cudaarch_verify_fail_or_note("${head}" "${file}" "${problems}" "${notes}" "${gpus_list}" "${gpus}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${head}${file} does not hold exactly the images of '${spec}'")
  endif()
endfunction()

string(REGEX REPLACE "[ ;]+" "," EXPECT "${EXPECT}")  # the verify test's spec has ' ' between items
_cudaarch_verify_images(expected_images "${EXPECT}")
if(MODE STREQUAL "test")
  _cudaarch_verify_test("${COMMAND}: " "${CUDAARCH}" "${FILE}" "${expected_images}" EXPECT "${EXPECT}" REST "${REST}"
                        SOURCES "${SOURCES}" OBJECTS "${OBJECTS}" LINKED "${LINKED}" LINKED_ANY "${LINKED_ANY}"
                        LIBRARIES "${LIBRARIES}" DRIVER "${DRIVER}" NAME "${NAME}" TARGET "${TARGET}"
                        FLAGS "${FLAGS}" FLAG_LIST "${FLAG_LIST}" FIX "${FIX}")
  return()
endif()
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

set(beyond ${linked_sass} ${relocatable_sass} ${ptx})
if(beyond)
  list(REMOVE_ITEM beyond ${expected_images})
endif()
_cudaarch_verify_flag_warning("${COMMAND}: VERIFY: " "${FILE}" "${beyond}" "${EXPECT}" "${FLAGS}" "${FLAG_LIST}" "${FIX}")

# A target with per-source architectures: its modules first, which name the source at fault.
if(DEFINED TARGET AND NOT rdc)
  _cudaarch_verify_modules(problems source_modules "${CUDAARCH}" "${json}" "${REST}" "${SOURCES}" "${OBJECTS}" "${LINKED}"
                           "${LINKED_ANY}" "${LIBRARIES}")
  if(NOT problems STREQUAL "")
    message(FATAL_ERROR "${COMMAND}: VERIFY: target ${TARGET} (${FILE}): ${problems}. Give a source its architectures "
                        "only with cudaarch_source_architectures: no -gencode, -arch or --generate-code in its "
                        "COMPILE_OPTIONS, the target's options or CMAKE_CUDA_FLAGS, and compile it on its own (not "
                        "#included into another source). See docs/troubleshooting.md.")
  endif()
endif()
set(missing "")
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
# Then each module, as the loader registers them: a linked library's too. A per-source target's
# other modules run on the GPUs of its own list (REST); its sources' modules were checked above.
set(gpus_list "${EXPECT}")
if(DEFINED TARGET AND NOT rdc)
  set(gpus_list "${REST}")
else()
  set(source_modules "")
endif()
_cudaarch_verify_gpus(gpus "${gpus_list}")
_cudaarch_verify_runs(problems notes "${COMMAND}: VERIFY: " "${NAME}" "${CUDAARCH}" "${FILE}" "${gpus}" "${DRIVER}"
                      "${expected_images}" "${source_modules}" "${OBJECTS}" "${LIBRARIES}")
_cudaarch_verify_fail_or_note("${COMMAND}: VERIFY: " "${FILE}" "${problems}" "${notes}" "${gpus_list}" "${gpus}")
# Ninja makes an output's folder before the command runs; Make and the IDE generators do not.
get_filename_component(stamp_dir "${STAMP}" DIRECTORY)
file(MAKE_DIRECTORY "${stamp_dir}")
file(TOUCH "${STAMP}")
