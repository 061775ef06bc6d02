// The parts of the divergence report's HTML pages that its source files
// share (docs/divergence.md, "The HTML pages"): the compact witness
// pictures the pages hold (svg.cpp), and what each other ruleset of the
// report answers at a witness, for the adjudication cards (adjudicate.cpp).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "oracle/core/position.hpp"
#include "oracle/diverge/diverge.hpp"

namespace bao::diverge {

// ---- Pictures in a page (svg.cpp) ------------------------------------------------

// The id of the empty board that page_board_defs() defines once per page.
inline constexpr std::string_view kPageBoard = "bd";

// The classes of the witness pictures (frames, titles, paths), for a
// page's <style> beside svg::pit_css().
std::string_view witness_css();

// A hidden <svg> holding the empty board (frame, pits, names) that every
// picture of the page places with <use>: once per page, before them.
std::string page_board_defs();

// witness_svg() for a page that holds page_board_defs() and the CSS: no
// <style>, no legend, no defs of its own. `id_prefix` must be unique in the
// page.
std::string page_witness_svg(const Witness& w, std::string_view id_prefix);

// One board with the position only, titled `caption`, for the
// adjudication cards; `id` must be unique in the page.
std::string page_position_svg(const Position& pos, std::string_view id, std::string_view caption);

// ---- Adjudication (adjudicate.cpp) -----------------------------------------------

// Which side of a group a ruleset of the report takes at its witness.
enum class Stance {
  WithA,       // answers as the pair's first ruleset
  WithB,       // answers as the second
  Neither,     // answers otherwise
  CannotHold,  // cannot represent the witness position, or blocks it otherwise
};

struct Verdict {
  std::string ruleset;
  Stance stance = Stance::Neither;
  std::string answer;  // what it does at the witness, e.g. "A6L -> <BPN> (ongoing)"
};

// Plays the witness of `group` (a group of `pair`) under every ruleset of
// `report`, in report order, and says which side each takes: the same
// legality of the disputed move, then the same position after it (house
// use aside where one of the two does not record it) and the same status;
// for a witness without a move, the same status.
std::vector<Verdict> adjudicate(const Report& report, const PairReport& pair, const Group& group);

// Whether a group sets two sources' clauses against each other: each side
// cites a clause, and the two come from different source documents.
bool source_conflict(const Group& group);

// What a kind of disagreement means, for the reader (report.cpp).
std::string_view kind_text(Kind k);

// How a witness position was reached, in words (report.cpp).
std::string provenance(const Witness& w);

}  // namespace bao::diverge
