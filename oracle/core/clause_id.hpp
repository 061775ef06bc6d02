// A clause's id, as core values hold it. Core stores, copies and compares
// ids but names none: the catalog (oracle/catalog/clause.hpp) gives the
// enumerators, one per clause of every source, from the sources' data files
// (oracle/rules/<source>/clauses.def). A value-initialised id, ClauseId{},
// is the catalog's ClauseId::None.
#pragma once

#include <cstdint>

namespace bao {

enum class ClauseId : std::uint16_t;

}  // namespace bao
