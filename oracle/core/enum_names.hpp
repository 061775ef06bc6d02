// An enum and the words that name its values, from one list, so that the
// two cannot drift apart and no enum needs a switch to name its values or
// a loop of its own to read them back (X-macros, as LLVM's .def files).
//
//   #define BAO_OUTCOMES(X) X(Pass, "pass") X(Fail, "fail") X(Skip, "skip")
//   BAO_NAMED_ENUM(Outcome, std::uint8_t, BAO_OUTCOMES)
//
// declares `enum class Outcome : std::uint8_t { Pass, Fail, Skip }`,
// `to_string(Outcome)` ("pass", ...) and `enum_names(Outcome{})`, which
// enum_from_name<Outcome>("fail") reads back. The values are numbered from
// 0 in the list's order, as the enum's own values would be. A list may
// carry more columns after the word, for its other readers
// (oracle/rules/choice.hpp); BAO_NAMED_ENUM reads the first two.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string_view>

#define BAO_ENUM_VALUE(id, name, ...) id,
#define BAO_ENUM_NAME(id, name, ...) std::string_view{name},

#define BAO_NAMED_ENUM(Type, Base, LIST)                           \
  enum class Type : Base { LIST(BAO_ENUM_VALUE) };                 \
  inline constexpr std::array k##Type##Names{LIST(BAO_ENUM_NAME)}; \
  constexpr std::span<const std::string_view> enum_names(Type) {   \
    return k##Type##Names;                                         \
  }                                                                \
  constexpr std::string_view to_string(Type v) {                   \
    return k##Type##Names[static_cast<std::size_t>(v)];            \
  }

namespace bao {

// The value of E named `name`, or nothing when none is.
template <class E>
constexpr std::optional<E> enum_from_name(std::string_view name) {
  const std::span<const std::string_view> names = enum_names(E{});
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return static_cast<E>(i);
  return std::nullopt;
}

// How many values E has.
template <class E>
constexpr std::size_t enum_count() {
  return enum_names(E{}).size();
}

}  // namespace bao
