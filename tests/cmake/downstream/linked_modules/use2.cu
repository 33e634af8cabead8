// SPDX-License-Identifier: Apache-2.0
// Links lib2.cu's object out of the archive (two_modules).
void launch_pre2(int* p);
void use_pre2() { launch_pre2(nullptr); }
