# SPDX-License-Identifier: Apache-2.0
# An executable nvcc stand-in that replays one recorded or constructed fixture
# (fixtures/<fixture>, through fake-nvcc.sh), for CMakeLists and cmake -P scripts alike.
include_guard(GLOBAL)

# Writes it under <dir>/<fixture> and sets <out_var> to its path.
function(cudaarch_fixture_nvcc out_var fixture dir)
  set(here "${CMAKE_CURRENT_FUNCTION_LIST_DIR}")
  set(dir "${dir}/${fixture}")
  file(WRITE "${dir}/nvcc.in" "#!/bin/sh\nexec \"${here}/fake-nvcc.sh\" \"${here}/fixtures/${fixture}\" \"$@\"\n")
  file(COPY "${dir}/nvcc.in" DESTINATION "${dir}/bin"
    FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
  set(${out_var} "${dir}/bin/nvcc.in" PARENT_SCOPE)
endfunction()
