// SPDX-License-Identifier: Apache-2.0
// Compares device results with a CPU reference and describes the outcome in one line.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdio>
#include <string>

namespace cudaarch::kernels {

struct Comparison {
    bool ok = true;
    double max_abs_err = 0.0;
    std::size_t worst = 0;  // index of the largest error
    double got = 0.0;       // the values at `worst`
    double want = 0.0;
};

template <class Got, class Want>
Comparison compare(const Got* got, const Want* want, std::size_t n, double tol) {
    Comparison c;
    for (std::size_t i = 0; i < n; ++i) {
        const double g = static_cast<double>(got[i]);
        const double w = static_cast<double>(want[i]);
        const double err = std::fabs(g - w);
        if (std::isnan(err)) {
            return {false, err, i, g, w};  // a NaN never matches
        }
        if (i == 0 || err > c.max_abs_err) {
            c = {false, err, i, g, w};
        }
    }
    c.ok = c.max_abs_err <= tol;
    return c;
}

// "max_abs_err=0, tol=0", plus the worst element when the comparison failed.
inline std::string describe(const Comparison& c, double tol, const char* err_name = "max_abs_err") {
    char line[256];
    int len = std::snprintf(line, sizeof line, "%s=%.3g, tol=%.3g", err_name, c.max_abs_err, tol);
    if (!c.ok) {
        std::snprintf(line + len, sizeof line - static_cast<std::size_t>(len),
                      ", worst at %zu: got %.9g, want %.9g", c.worst, c.got, c.want);
    }
    return line;
}

}  // namespace cudaarch::kernels
