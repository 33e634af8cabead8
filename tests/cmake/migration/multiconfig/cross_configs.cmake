# SPDX-License-Identifier: Apache-2.0
# Both configurations in one build (Ninja Multi-Config's cross-configuration mode): each
# configuration's file is checked once it is linked, so the step runs twice.
include("${CMAKE_CURRENT_LIST_DIR}/../../migration_prelude.cmake")
migration_case(CROSS_CONFIGS ARGS -DRECIPE=before_project)
