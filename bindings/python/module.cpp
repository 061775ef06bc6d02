// bao_oracle._native: the oracle's facade (bindings/core/oracle_api.hpp) as a
// Python extension module. It answers in plain tuples and lists; the package
// bao_oracle (bindings/python/bao_oracle/__init__.py) checks the arguments'
// types, builds its value classes from these tuples and documents the API.
// Bad input (api::InputError) is raised as the package's error class of its
// kind (bao_oracle._errors), with the argument, field and offset at fault.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>

#include "bindings/core/oracle_api.hpp"
#include "oracle/rules/registry.hpp"

namespace py = pybind11;
using namespace bao::api;

namespace {

py::tuple event_tuple(const TraceEvent& e) {
  return py::make_tuple(e.kind, e.pit, e.count, e.reason, e.clause, e.text);
}

py::tuple play_tuple(const PlayResult& p) {
  py::list trace;
  for (const TraceEvent& e : p.trace) trace.append(event_tuple(e));
  return py::make_tuple(p.bpn, p.status, trace, p.trace_text);
}

// plays: (move, bpn or None, status or None) for each move the engine played.
py::object compare_answers(
    const std::string& ruleset, const std::string& bpn, const std::vector<std::string>& moves,
    const std::optional<std::string>& status,
    const std::vector<
        std::tuple<std::string, std::optional<std::string>, std::optional<std::string>>>& plays) {
  EngineAnswers engine;
  engine.moves = moves;
  engine.status = status;
  for (const auto& [move, after, after_status] : plays)
    engine.plays.push_back({move, after, after_status});
  const std::optional<Disagreement> d = compare(ruleset, bpn, engine);
  if (!d) return py::none();
  return py::make_tuple(d->kind, d->move, d->expected, d->actual, d->notation, d->clause,
                        d->departure);
}

// An InputError as the package's exception of its kind.
void raise_input_error(const InputError& e) {
  const py::object errors = py::module_::import("bao_oracle._errors");
  const py::object cls = errors.attr("error_class")(std::string(to_string(e.kind)));
  const py::object offset = e.offset ? py::object(py::int_(*e.offset)) : py::none();
  const py::object error = cls(e.what(), e.argument, e.field, offset);
  PyErr_SetObject(cls.ptr(), error.ptr());
}

}  // namespace

PYBIND11_MODULE(_native, m) {
  m.doc() = "The bao-oracle facade; use the package bao_oracle, which wraps it";
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const InputError& e) {
      raise_input_error(e);
    }
  });
  m.attr("VERSION") = bao::this_build("", "").version;
  m.attr("MAX_PERFT_DEPTH") = kMaxPerftDepth;

  m.def("rulesets", [] {
    py::list out;
    for (const RulesetInfo& r : rulesets())
      out.append(py::make_tuple(r.id, r.title, r.source, r.start));
    return out;
  });
  m.def("clauses", [](const std::string& ruleset) {
    py::list out;
    for (const ClauseInfo& c : clauses(ruleset))
      out.append(py::make_tuple(c.id, c.kind, c.source, c.section, c.paraphrase));
    return out;
  });
  m.def("legal_moves", [](const std::string& ruleset, const std::string& bpn) {
    return legal_moves(ruleset, bpn);
  });
  m.def("play", [](const std::string& ruleset, const std::string& bpn, const std::string& move) {
    return play_tuple(play(ruleset, bpn, move));
  });
  m.def("status",
        [](const std::string& ruleset, const std::string& bpn) { return status(ruleset, bpn); });
  m.def("perft", [](const std::string& ruleset, const std::string& bpn, int depth) {
    return perft(ruleset, bpn, depth);
  });
  m.def("compare", &compare_answers);
}
