# SPDX-License-Identifier: Apache-2.0
# With CUDAARCH_STATIC_CLI the linked cudaarch is a static executable (no program interpreter,
# no dynamic section), and what it is linked from calls none of the C library functions that
# load shared objects at run time in a static program (dlopen, NSS, iconv, locales): the
# driver is asked by cudaarch-driver-query. Prints SKIP: where the option is off.
#   cmake -DEXE=<cudaarch> -DSTATIC=<ON|OFF|""> -DNM=<nm> "-DINPUTS=<objects and archives>" -P static_executable.cmake
if(NOT STATIC)
  message("SKIP: cudaarch is not linked statically here (CUDAARCH_STATIC_CLI off, a sanitizer, or no -static)")
  return()
endif()

# The ELF program headers (ELF64, little-endian) hold no PT_INTERP (3) and no PT_DYNAMIC (2).
file(READ "${EXE}" head LIMIT 4096 HEX)
function(_le_number out offset size)
  math(EXPR at "${offset} * 2")
  math(EXPR length "${size} * 2")
  string(SUBSTRING "${head}" ${at} ${length} bytes)
  set(value "")
  while(bytes)
    string(SUBSTRING "${bytes}" 0 2 byte)
    string(SUBSTRING "${bytes}" 2 -1 bytes)
    set(value "${byte}${value}")
  endwhile()
  math(EXPR value "0x${value}")
  set(${out} ${value} PARENT_SCOPE)
endfunction()
string(SUBSTRING "${head}" 0 12 ident)
if(NOT ident STREQUAL "7f454c460201")
  message(FATAL_ERROR "${EXE} is not a little-endian ELF64 file (starts ${ident})")
endif()
_le_number(phoff 32 8)
_le_number(phentsize 54 2)
_le_number(phnum 56 2)
foreach(k RANGE 1 ${phnum})
  math(EXPR at "${phoff} + (${k} - 1) * ${phentsize}")
  _le_number(type ${at} 4)
  if(type EQUAL 2 OR type EQUAL 3)
    message(FATAL_ERROR "${EXE} is dynamically linked (program header ${k} has type ${type})")
  endif()
endforeach()

execute_process(COMMAND "${NM}" -u ${INPUTS} RESULT_VARIABLE rc OUTPUT_VARIABLE undefined ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${NM} -u failed (${rc}): ${err}")
endif()
set(unsafe dlopen dlmopen dlsym dlvsym dladdr getpwnam getpwnam_r getpwuid getpwuid_r getgrnam getgrgid
  getgrouplist initgroups getaddrinfo gethostbyname gethostbyname_r gethostbyaddr getservbyname getlogin
  iconv_open setlocale newlocale nl_langinfo)
foreach(name IN LISTS unsafe)
  if(undefined MATCHES "(^|\n) *U ${name}(@[^\n]*)?\n")
    message(FATAL_ERROR "the static cudaarch calls ${name}, which loads shared objects at run time in a static program")
  endif()
endforeach()
message(STATUS "${EXE}: static, none of ${unsafe}")
