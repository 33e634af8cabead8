// SPDX-License-Identifier: Apache-2.0
// Result type used across the library: a value or an error message, never an exception.
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace cudaarch {

struct Error {
    std::string message;
};

// A small stand-in for C++23 std::expected<T, Error>. [[nodiscard]] on the class, once: a
// Result that is dropped is an error that is not looked at, whichever function returned it.
template <class T>
class [[nodiscard]] Result {
public:
    Result(T value) : state_(std::move(value)) {}
    Result(Error error) : state_(std::move(error)) {}

    [[nodiscard]] bool ok() const { return state_.index() == 0; }
    explicit operator bool() const { return ok(); }

    [[nodiscard]] const T& value() const& { return std::get<0>(state_); }
    [[nodiscard]] T& value() & { return std::get<0>(state_); }
    [[nodiscard]] T&& value() && { return std::get<0>(std::move(state_)); }
    [[nodiscard]] const T& operator*() const& { return value(); }
    [[nodiscard]] const T* operator->() const { return &value(); }

    [[nodiscard]] const Error& error() const { return std::get<1>(state_); }

private:
    std::variant<T, Error> state_;
};

}  // namespace cudaarch
