// SPDX-License-Identifier: Apache-2.0
// A shared library without device code, like libcudart.so: nothing in it can fail to load.
int host_library_answer() { return 7; }
