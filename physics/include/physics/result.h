#pragma once
/// @file result.h
/// Error values returned at the API boundary: invalid input never reaches the solver.

#include <string>
#include <utility>
#include <variant>

namespace phys {

/// What is wrong with an input, and where. `index` is the offending element (a vertex, a shape...) or -1.
struct Error {
    std::string message;
    int index = -1;
};

/// Either a value or an Error. A tiny stand-in for C++23 std::expected.
template <class T> class Result {
public:
    Result(T value) : m_data(std::move(value)) {}
    Result(Error error) : m_data(std::move(error)) {}

    bool ok() const { return m_data.index() == 0; }
    explicit operator bool() const { return ok(); }
    const T& value() const& { return std::get<0>(m_data); }
    T& value() & { return std::get<0>(m_data); }
    T&& value() && { return std::get<0>(std::move(m_data)); }
    const T& operator*() const& { return value(); }
    const T* operator->() const { return &value(); }
    const Error& error() const { return std::get<1>(m_data); }

private:
    std::variant<T, Error> m_data;
};

} // namespace phys
