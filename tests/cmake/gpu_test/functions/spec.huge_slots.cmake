# SPDX-License-Identifier: Apache-2.0
include("${CUDAARCH_MODULE}")
cudaarch_write_resource_spec(x.json SLOTS_PER_GPU 99999999999999999999999)

