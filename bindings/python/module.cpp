// bao_oracle: the oracle's facade (bindings/core/oracle_api.hpp) as a Python
// module. Structs become read-only classes; bad input (InputError) becomes
// ValueError with the facade's message. docs/bindings.md shows it in use.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>

#include "bindings/core/oracle_api.hpp"

namespace py = pybind11;
using namespace bao::api;

namespace {

// The plays given to compare(): a dict {move: (bpn, status)} is the short
// form; bpn None means the engine refused the move, status None that its
// status is not compared.
std::vector<PlayAnswer> plays_of(const py::dict& plays) {
  std::vector<PlayAnswer> out;
  for (const auto& [key, value] : plays) {
    PlayAnswer p;
    p.move = py::cast<std::string>(key);
    const auto pair =
        py::cast<std::pair<std::optional<std::string>, std::optional<std::string>>>(value);
    p.bpn = pair.first;
    p.status = pair.second;
    out.push_back(std::move(p));
  }
  return out;
}

std::optional<Disagreement> compare_answers(const std::string& ruleset, const std::string& bpn,
                                            const std::vector<std::string>& moves,
                                            const std::optional<std::string>& status,
                                            const py::dict& plays) {
  EngineAnswers engine;
  engine.moves = moves;
  engine.status = status;
  engine.plays = plays_of(plays);
  return compare(ruleset, bpn, engine);
}

}  // namespace

PYBIND11_MODULE(bao_oracle, m) {
  m.doc() = "The bao-oracle rules oracle for Bao: legal moves, play with trace, status, perft";
  py::register_exception<InputError>(m, "InputError", PyExc_ValueError);
  m.attr("MAX_PERFT_DEPTH") = kMaxPerftDepth;

  py::class_<RulesetInfo>(m, "Ruleset")
      .def_readonly("id", &RulesetInfo::id)
      .def_readonly("title", &RulesetInfo::title)
      .def_readonly("source", &RulesetInfo::source)
      .def_readonly("start", &RulesetInfo::start)
      .def("__repr__", [](const RulesetInfo& r) { return "Ruleset('" + r.id + "')"; });
  py::class_<ClauseInfo>(m, "Clause")
      .def_readonly("id", &ClauseInfo::id)
      .def_readonly("kind", &ClauseInfo::kind)
      .def_readonly("source", &ClauseInfo::source)
      .def_readonly("section", &ClauseInfo::section)
      .def_readonly("paraphrase", &ClauseInfo::paraphrase)
      .def("__repr__", [](const ClauseInfo& c) { return "Clause('" + c.id + "')"; });
  py::class_<TraceEvent>(m, "TraceEvent")
      .def_readonly("kind", &TraceEvent::kind)
      .def_readonly("pit", &TraceEvent::pit)
      .def_readonly("count", &TraceEvent::count)
      .def_readonly("reason", &TraceEvent::reason)
      .def_readonly("clause", &TraceEvent::clause)
      .def_readonly("text", &TraceEvent::text)
      .def("__repr__",
           [](const TraceEvent& e) { return "TraceEvent('" + e.text + "', " + e.clause + ")"; });
  py::class_<PlayResult>(m, "PlayResult")
      .def_readonly("bpn", &PlayResult::bpn)
      .def_readonly("status", &PlayResult::status)
      .def_readonly("trace", &PlayResult::trace)
      .def_readonly("trace_text", &PlayResult::trace_text)
      .def("__repr__",
           [](const PlayResult& p) { return "PlayResult('" + p.bpn + "', '" + p.status + "')"; });
  py::class_<Disagreement>(m, "Disagreement")
      .def_readonly("kind", &Disagreement::kind)
      .def_readonly("move", &Disagreement::move)
      .def_readonly("expected", &Disagreement::expected)
      .def_readonly("actual", &Disagreement::actual)
      .def_readonly("notation", &Disagreement::notation)
      .def_readonly("clause", &Disagreement::clause)
      .def_readonly("departure", &Disagreement::departure)
      .def("__repr__", [](const Disagreement& d) {
        return "Disagreement(" + d.kind + " " + d.move + ", expected '" + d.expected +
               "', actual '" + d.actual + "', clause " + d.clause + ")";
      });

  m.def("rulesets", &rulesets, "Every ruleset, in the order of `bao-oracle rulesets`");
  m.def("clauses", &clauses, py::arg("ruleset"), "The clauses that govern a ruleset");
  m.def("legal_moves", &legal_moves, py::arg("ruleset"), py::arg("bpn"),
        "The legal moves at a position (BPN or 'start'), canonical protocol text");
  m.def("play", &play, py::arg("ruleset"), py::arg("bpn"), py::arg("move"),
        "Plays a move: the resulting BPN, its status and the trace of the move");
  m.def("status", &status, py::arg("ruleset"), py::arg("bpn"),
        "The status of a position: 'ongoing', 'win S front-empty', ...");
  m.def("perft", &perft, py::arg("ruleset"), py::arg("bpn"), py::arg("depth"),
        "The number of move paths of length `depth`");
  m.def("compare", &compare_answers, py::arg("ruleset"), py::arg("bpn"), py::arg("moves"),
        py::arg("status") = py::none(), py::arg("plays") = py::dict(),
        "The first disagreement between an engine's answers and the oracle's, or None. "
        "plays maps a move to (bpn, status): bpn None for a move the engine refused, "
        "status None when it is not compared.");
}
