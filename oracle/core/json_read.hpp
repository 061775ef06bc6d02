// Reading back the JSON reports the project writes (`report merge` reads
// check reports and divergence reports): numbers taken only as the writer
// wrote them, and the provenance object. Header-only, for the libraries
// that already use nlohmann-json.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "oracle/core/provenance.hpp"

namespace bao {

// The whole number `j[key]` as a T, refusing anything else (a
// std::runtime_error naming the key). get<T>() would convert any JSON number
// with a cast, and for a float out of T's range (`"seed": 1e300`) that cast
// is undefined behaviour: found by fuzz/targets/report_json under UBSan.
// Only integers within T's range are taken, so a report is read back exactly
// as it was written.
template <class T, class Json>
T whole(const Json& j, const char* key) {
  const Json& v = j.at(key);
  using Limits = std::numeric_limits<T>;
  if (v.is_number_unsigned()) {
    const auto u = v.template get<std::uint64_t>();
    if (u <= static_cast<std::uint64_t>(Limits::max())) return static_cast<T>(u);
  } else if (v.is_number_integer()) {
    const auto i = v.template get<std::int64_t>();  // negative: unsigned ones are above
    if (i >= static_cast<std::int64_t>(Limits::min())) return static_cast<T>(i);
  }
  throw std::runtime_error(fmt::format("'{}' must be a whole number from {} to {}, not {}", key,
                                       Limits::min(), Limits::max(), v.dump()));
}

// The `provenance` object of a report (docs/cli.md, "Provenance").
template <class Json>
Provenance provenance_from_json(const Json& p) {
  return Provenance{
      p.at("version").template get<std::string>(), p.at("commit").template get<std::string>(),
      p.at("catalogue").template get<std::string>(), p.at("corpus").template get<std::string>(),
      p.at("command").template get<std::string>()};
}

}  // namespace bao
