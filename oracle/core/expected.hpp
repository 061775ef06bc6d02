// The external-input error channel: a value that is either a result or an
// Error naming what is wrong and where. Internal invariants use assert().
#pragma once

#include <cassert>
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace bao {

struct Error {
  explicit Error(std::string message_) : message(std::move(message_)) {}
  Error(std::string message_, std::string field_, std::optional<std::size_t> offset_ = {})
      : message(std::move(message_)), field(std::move(field_)), offset(offset_) {}

  std::string message;  // one line for people: what is wrong, and where
  // The same where as data, where the input has it (empty and unset
  // otherwise): the field at fault ("south rows", "house", "move"), and the
  // byte offset of the fault in a one-line text such as a BPN string or a move.
  std::string field;
  std::optional<std::size_t> offset;
};

template <class T>
class [[nodiscard]] Expected {
 public:
  Expected(T value) : v_(std::move(value)) {}      // NOLINT: implicit by design
  Expected(Error error) : v_(std::move(error)) {}  // NOLINT: implicit by design
  bool ok() const { return std::holds_alternative<T>(v_); }
  explicit operator bool() const { return ok(); }
  const T& value() const& {
    assert(ok());
    return std::get<T>(v_);
  }
  T& value() & {
    assert(ok());
    return std::get<T>(v_);
  }
  T&& value() && {
    assert(ok());
    return std::get<T>(std::move(v_));
  }
  const T& operator*() const& { return value(); }
  const T* operator->() const { return &value(); }
  const Error& error() const {
    assert(!ok());
    return std::get<Error>(v_);
  }

 private:
  std::variant<T, Error> v_;
};

// Success with no value, or an Error: for steps that only check or write
// (`return {};` on success).
template <>
class [[nodiscard]] Expected<void> {
 public:
  Expected() = default;
  Expected(Error error) : error_(std::move(error)) {}  // NOLINT: implicit by design
  bool ok() const { return !error_.has_value(); }
  explicit operator bool() const { return ok(); }
  const Error& error() const {
    assert(!ok());
    return *error_;
  }

 private:
  std::optional<Error> error_;
};

}  // namespace bao
