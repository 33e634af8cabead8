// SPDX-License-Identifier: Apache-2.0
int vendored();
int main() { return vendored(); }
