// SPDX-License-Identifier: Apache-2.0
int k() { return 0; }
