# SPDX-License-Identifier: Apache-2.0
# The probe's runtime is newer than the driver: nvidia-smi still knows the GPUs.
fake_probe("${WORK}/probe" "cudaarch-probe|1" "versions|12080|13000|75"
  "status|insufficient-driver|the driver is older than the toolkit's CUDA runtime")
write_program("${WORK}/bin/nvidia-smi" [=[
case "$*" in
  *--query-gpu=index,uuid,pci.bus_id,compute_cap,name*--format=csv,noheader*) ;;
  *) echo "unexpected arguments: $*" >&2; exit 2 ;;
esac
printf '%s\n' '0, GPU-aaaa1111, 00000000:3B:00.0, 9.0, NVIDIA H200'
printf '%s\n' '1, GPU-bbbb2222, 00000000:5E:00.0, 8.6, NVIDIA RTX A6000'
printf '%s\n' '2, GPU-cccc3333, 00000000:86:00.0, 7.5, Tesla T4']=])
configure(smi BUILD b1 PATH "${WORK}/bin" ARGS "${probe_hook}")
expect_lines(smi "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - found by nvidia-smi: 75;86;90 (3 devices; insufficient driver: the driver supports CUDA 12.8, older than the toolkit's CUDA runtime 13.0)
-- RESULT gpus=[75;86;90]
-- RESULT devices=[0|9.0|NVIDIA H200|-|-|00000000:3B:00.0|-;1|8.6|NVIDIA RTX A6000|-|-|00000000:5E:00.0|-;2|7.5|Tesla T4|-|-|00000000:86:00.0|-]
-- RESULT reason=[]")
# CUDA_VISIBLE_DEVICES applies to nvidia-smi's list: indices and UUID prefixes, in
# that order, up to the first invalid entry.
configure(visible BUILD b2 PATH "${WORK}/bin" ENV "CUDA_VISIBLE_DEVICES=2,GPU-aaaa,7,1" ARGS "${probe_hook}")
expect_lines(visible "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - found by nvidia-smi: 75;90 (2 devices; insufficient driver: the driver supports CUDA 12.8, older than the toolkit's CUDA runtime 13.0)
-- RESULT gpus=[75;90]
-- RESULT devices=[0|7.5|Tesla T4|-|-|00000000:86:00.0|-;1|9.0|NVIDIA H200|-|-|00000000:3B:00.0|-]
-- RESULT reason=[]")
# No nvcc anywhere: CUDACXX names a missing one, which decides, as in CMake's compiler search.
configure(hidden BUILD b3 PATH "${WORK}/bin" ENV "CUDA_VISIBLE_DEVICES=-1" "CUDACXX=${WORK}/no-toolkit/bin/nvcc"
          ARGS "${probe_hook}")
expect_lines(hidden "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - none: insufficient driver: the driver supports CUDA 12.8, older than the toolkit's CUDA runtime 13.0; nvidia-smi: every device is hidden by CUDA_VISIBLE_DEVICES='-1'; __nvcc_device_query: not next to ${WORK}/no-toolkit/bin/nvcc
-- RESULT gpus=[]
-- RESULT devices=[]
-- RESULT reason=[insufficient driver: the driver supports CUDA 12.8, older than the toolkit's CUDA runtime 13.0; nvidia-smi: every device is hidden by CUDA_VISIBLE_DEVICES='-1'; __nvcc_device_query: not next to ${WORK}/no-toolkit/bin/nvcc]")
