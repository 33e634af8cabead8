# SPDX-License-Identifier: Apache-2.0
# The PCI tier: without a driver (none, or the toolkit's stub) the GPUs of a fake sysfs tree
# answer, named as such, before anything the caller falls back to; CUDAARCH_DETECT_PCI=OFF
# (variable or environment) turns it off; a driver that answers is never second-guessed.
set(sysfs "${ROOT}/tests/cli/detect/sysfs")
set(no_driver "no NVIDIA driver (the probe cannot load libcuda.so.1)")
fake_probe("${WORK}/probe" "cudaarch-probe|1" "versions|0|13000|75" "status|no-driver|${no_driver}")
configure(pci BUILD b1 ENV "CUDAARCH_SYSFS_ROOT=${sysfs}/several" ARGS "${probe_hook}")
expect_lines(pci "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - found by PCI IDs: 75;86;90 (3 devices; from PCI IDs, not probed: no driver; unknown NVIDIA GPU (10de:2bff))
-- RESULT gpus=[75;86;90]
-- RESULT devices=[0|9.0|GH100 (10de:2335)|-|-|0000:3b:00.0|pci;1|8.6|GA102 (10de:2230)|-|-|0000:5e:00.0|pci;2|7.5|TU104 (10de:1eb8)|-|-|0000:86:00.0|pci]
-- RESULT reason=[]")
set(none "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - none: ${no_driver}\n-- RESULT gpus=[]\n-- RESULT devices=[]\n-- RESULT reason=[${no_driver}]")
configure(off BUILD b2 ENV "CUDAARCH_SYSFS_ROOT=${sysfs}/several" ARGS "${probe_hook}" -DCUDAARCH_DETECT_PCI=OFF)
expect_lines(off "${none}")
configure(off_env BUILD b3 ENV "CUDAARCH_SYSFS_ROOT=${sysfs}/several" CUDAARCH_DETECT_PCI=0 ARGS "${probe_hook}")
expect_lines(off_env "${none}")
configure(vendors BUILD b4 ENV "CUDAARCH_SYSFS_ROOT=${sysfs}/other_vendors" ARGS "${probe_hook}")
expect_lines(vendors "${none}")
configure(unknown BUILD b5 ENV "CUDAARCH_SYSFS_ROOT=${sysfs}/unknown_only" ARGS "${probe_hook}")
set(why "${no_driver}; PCI IDs: unknown NVIDIA GPU (10de:2bff)")
expect_lines(unknown "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - none: ${why}\n-- RESULT gpus=[]\n-- RESULT devices=[]\n-- RESULT reason=[${why}]")
# A device the table does not name, placed by the chip a pci.ids gives it (made-up lines).
configure(pci_ids BUILD b8 ENV "CUDAARCH_SYSFS_ROOT=${sysfs}/pci_ids"
  "CUDAARCH_PCI_IDS=${ROOT}/tests/cli/detect/pci_ids/pci.ids" ARGS "${probe_hook}")
expect_lines(pci_ids "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - found by PCI IDs: 120 (1 device; from PCI IDs, not probed: no driver; unknown NVIDIA GPU (10de:2bfd); unknown NVIDIA GPU (10de:2bff); unknown NVIDIA GPU (10de:2bfc))
-- RESULT gpus=[120]
-- RESULT devices=[0|12.0|GB203 (10de:2bfe)|-|-|0000:02:00.0|pci]
-- RESULT reason=[]")
fake_probe("${WORK}/probe" "cudaarch-probe|1" "versions|13000|13000|75"
  "status|stub-driver|libcuda.so.1 is the CUDA toolkit's stub library, not a driver (34:CUDA_ERROR_STUB_LIBRARY)")
configure(stub BUILD b6 ENV "CUDAARCH_SYSFS_ROOT=${sysfs}/unreadable" ARGS "${probe_hook}")
expect_lines(stub "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - found by PCI IDs: 80 (1 device; from PCI IDs, not probed: no driver)
-- RESULT gpus=[80]
-- RESULT devices=[0|8.0|GA100 (10de:20b2)|-|-|0000:17:00.0|pci]
-- RESULT reason=[]")
fake_probe("${WORK}/probe" "cudaarch-probe|1" "versions|13000|13000|75"
  "status|no-device|no CUDA device is visible (100:CUDA_ERROR_NO_DEVICE)")
configure(driver BUILD b7 ENV "CUDAARCH_SYSFS_ROOT=${sysfs}/several" ARGS "${probe_hook}")
expect_lines(driver "-- CudaArch: detecting GPUs\n-- CudaArch: detecting GPUs - none: the NVIDIA driver found no CUDA device
-- RESULT gpus=[]
-- RESULT devices=[]
-- RESULT reason=[the NVIDIA driver found no CUDA device]")
