// SPDX-License-Identifier: Apache-2.0
int a() { return 0; }
