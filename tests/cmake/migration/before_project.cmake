# SPDX-License-Identifier: Apache-2.0
# The recipe's call before project(): it configures, builds, and the build's VERIFY step
# checks the linked images.
include("${CMAKE_CURRENT_LIST_DIR}/../migration_prelude.cmake")
migration_case(ARGS -DRECIPE=before_project)
