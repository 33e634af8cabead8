# SPDX-License-Identifier: Apache-2.0
# _cudaarch_test_venv(<python> <folder> <site_out>): a venv of <python> (without pip) made
# afresh in <folder>/venv, for the --python tests of check and size to install into by hand;
# its site-packages (platlib) in <site_out>.
function(_cudaarch_test_venv python work out)
  file(REMOVE_RECURSE "${work}")
  execute_process(COMMAND "${python}" -m venv --without-pip "${work}/venv" RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${python} -m venv failed: ${err}")
  endif()
  execute_process(COMMAND "${work}/venv/bin/python" -c "import sysconfig; print(sysconfig.get_path('platlib'), end='')"
                  OUTPUT_VARIABLE site)
  set(${out} "${site}" PARENT_SCOPE)
endfunction()
