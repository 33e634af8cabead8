# SPDX-License-Identifier: Apache-2.0
# Installs each component of a CudaArch build on its own and checks what it holds and what
# a downstream project then finds: cmake (the modules), runtime (the CLI), dev (the runtime guard).
#   cmake -DSOURCE_DIR=<repo> -DBUILD_DIR=<CudaArch build> -DCONFIG=<build type, lower case, or noconfig>
#         -DSTUB_LIBCUDA=<the stub driver> -DWORK_DIR=<dir> -P components.cmake
include("${CMAKE_CURRENT_LIST_DIR}/package_testing.cmake")
file(REMOVE_RECURSE "${WORK_DIR}")
package_module_files(modules "${SOURCE_DIR}")
set(expect_cmake ${modules})
set(licence share/doc/cudaarch/LICENSE share/doc/cudaarch/copyright share/doc/cudaarch/CHANGELOG.md)
set(expect_runtime bin/cudaarch libexec/cudaarch/cudaarch-driver-query lib/cmake/CudaArch/CudaArchToolTargets.cmake
  lib/cmake/CudaArch/CudaArchToolTargets-${CONFIG}.cmake share/bash-completion/completions/cudaarch
  share/zsh/site-functions/_cudaarch share/fish/vendor_completions.d/cudaarch.fish share/man/man1/cudaarch.1 ${licence})
set(expect_dev include/cudaarch/runtime.hpp lib/libcudaarch_runtime.a lib/libcudaarch_verdict.a lib/libcudaarch_binary.a
  lib/libcudaarch_model.a
  lib/cmake/CudaArch/CudaArchRuntimeTargets.cmake lib/cmake/CudaArch/CudaArchRuntimeTargets-${CONFIG}.cmake ${licence})

foreach(component IN ITEMS cmake runtime dev)
  package_run(out "install --component ${component}"
    COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --component ${component} --prefix "${WORK_DIR}/${component}")
  package_expect_files("${WORK_DIR}/${component}" ${expect_${component}})
endforeach()

# The CLI alone asks the driver through the helper installed with it.
package_expect_detect("${WORK_DIR}/runtime/bin/cudaarch" "${STUB_LIBCUDA}")

# The modules alone: the commands, and no imported targets.
package_run(out "configure with the cmake component"
  COMMAND "${CMAKE_COMMAND}" -S "${SOURCE_DIR}/tests/package/consumer" -B "${WORK_DIR}/consumer" -G Ninja
          -DCUDAARCH_HOW=package "-DCMAKE_PREFIX_PATH=${WORK_DIR}/cmake")
package_expect_lines("${out}" "-- consumer: TORCH 7.5 8.6+PTX" "-- consumer: CudaArch::cudaarch not found"
  "-- consumer: CudaArch::runtime not found")
# All three in one prefix: both targets.
foreach(component IN ITEMS cmake runtime dev)
  package_run(out "install --component ${component}"
    COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --component ${component} --prefix "${WORK_DIR}/all")
endforeach()
package_consumer("${SOURCE_DIR}" "${WORK_DIR}/consumer-all" "${WORK_DIR}/all")

# A whole install: the tool stripped (no symbol table, no debug sections), and no file
# listed twice in what it reports and in install_manifest.txt (issue 27).
package_run(out "install" COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${WORK_DIR}/whole")
string(REGEX MATCHALL "-- (Installing|Up-to-date): [^\n]*" installed "${out}")
string(REGEX REPLACE "-- (Installing|Up-to-date): " "" installed "${installed}")
file(STRINGS "${BUILD_DIR}/install_manifest.txt" manifest)
foreach(list IN ITEMS installed manifest)
  set(unique ${${list}})
  list(REMOVE_DUPLICATES unique)
  list(LENGTH ${list} count)
  list(LENGTH unique unique_count)
  if(NOT count EQUAL unique_count)
    message(FATAL_ERROR "a whole install lists files twice (${list}):\n${out}")
  endif()
endforeach()
find_program(READELF NAMES readelf)
if(READELF)
  package_run(sections "readelf -S" COMMAND "${READELF}" -S -W "${WORK_DIR}/whole/bin/cudaarch")
  if(sections MATCHES "\\.(symtab|debug_info)")
    message(FATAL_ERROR "the installed bin/cudaarch is not stripped:\n${sections}")
  endif()
endif()
