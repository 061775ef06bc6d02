// A variation point's values from one list (oracle/rules/variation_points.def),
// so that a value's enumerator, its word, the clauses it stands for and its
// meaning cannot drift apart:
//
//   BAO_CHOICE_ENUM(FrontEmptyCheck, BAO_FRONT_EMPTY_CHECK_VALUES)
//
// declares the enum as BAO_NAMED_ENUM does (`to_string(value)` is the
// value's word, `enum_from_name<E>` reads it back) and `choice_text(value)`,
// the value's clauses and meaning.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "oracle/catalog/clause.hpp"
#include "oracle/core/enum_names.hpp"

namespace bao {

// A value's clauses in the order a ruleset's is looked for; the unused
// slots are ClauseId::None.
using ChoiceClauses = std::array<ClauseId, 4>;

// What a value of a variation point stands for.
struct ChoiceText {
  ChoiceClauses own;         // the clauses that state it
  ChoiceClauses overrides;   // where a ruleset has none of those: what it overrides
  std::string_view meaning;  // what a ruleset plays like with it, one line
};

}  // namespace bao

#define BAO_CHOICE_CLAUSES(...) __VA_ARGS__
// One line of a list as a ChoiceText; its clause lists are in parentheses.
#define BAO_CHOICE_TEXT(value, word, own, overrides, meaning) \
  ChoiceText{{BAO_CHOICE_CLAUSES own}, {BAO_CHOICE_CLAUSES overrides}, meaning},

// The lists name clauses by their bare identifiers, hence `using enum`.
#define BAO_CHOICE_ENUM(Type, LIST)                     \
  BAO_NAMED_ENUM(Type, std::uint8_t, LIST)              \
  inline constexpr auto k##Type##Texts = [] {           \
    using enum ClauseId;                                \
    return std::array{LIST(BAO_CHOICE_TEXT)};           \
  }();                                                  \
  constexpr const ChoiceText& choice_text(Type v) {     \
    return k##Type##Texts[static_cast<std::size_t>(v)]; \
  }
