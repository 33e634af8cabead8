# SPDX-License-Identifier: Apache-2.0
# The request's source names a preset (presets schema 6, CMake 3.25+: CMakeLists.txt
# registers the feature from there).
include("${CMAKE_CURRENT_LIST_DIR}/../configure.cmake")
get_filename_component(source_dir "${CMAKE_CURRENT_LIST_DIR}/../../../.." ABSOLUTE)
set(dir "${CMAKE_CURRENT_BINARY_DIR}/source")
file(REMOVE_RECURSE "${dir}")
file(COPY "${source_dir}/tests/cmake/set_architectures/project/" DESTINATION "${dir}")
file(WRITE "${dir}/CMakePresets.json" "{\"version\": 6,
  \"include\": [\"${source_dir}/presets/CudaArchPresets.json\"],
  \"configurePresets\": [{\"name\": \"fleet\", \"inherits\": [\"cudaarch-all-major\"]}]}\n")
set_architectures_case(PROJECT "${dir}" ARGS --preset fleet)
