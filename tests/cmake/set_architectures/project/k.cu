// SPDX-License-Identifier: Apache-2.0
// Listed as a CUDA source of a target whose job pool the "pools" case checks; never compiled.
