// The registry: the one place that knows every source. It lists the ruleset
// records each source's folder defines (all_rulesets() and find_ruleset(),
// declared with the record in ruleset.hpp) and hashes the whole catalogue,
// clauses and records, for a report's provenance. Nothing below this file
// in docs/architecture.md's layers names a source.
#pragma once

#include <string>

#include "oracle/core/provenance.hpp"

namespace bao {

// The hash of the clause catalogue (every clause's id, kind, source file,
// section and paraphrase) and of every ruleset record (its id, title, start
// position, thresholds, variation points and clause list): two builds with
// the same catalogue hash decide every rule alike.
std::string catalogue_hash();

// This build's version, commit and catalogue hash, with the given corpus
// hash and command line.
Provenance this_build(std::string corpus, std::string command);

}  // namespace bao
