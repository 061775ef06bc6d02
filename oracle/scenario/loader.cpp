// Reads scenario files (docs/scenarios.md) into Scenario values. Every
// problem becomes an InputError naming file, line, column and field; a
// scenario with an error is dropped and the rest of the file still loads.
#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <unordered_map>

#include "oracle/catalog/clause.hpp"
#include "oracle/core/files.hpp"
#include "oracle/engine/engine.hpp"
#include "oracle/notation/bpn.hpp"
#include "oracle/rules/ruleset.hpp"
#include "oracle/scenario/scenario.hpp"

namespace bao::scenario {

std::string to_string(const InputError& e) {
  if (e.at.line <= 0) return fmt::format("{}: {}: {}", e.file, e.field, e.message);
  return fmt::format("{}:{}:{}: {}: {}", e.file, e.at.line, e.at.column, e.field, e.message);
}

bool is_protocol_ruleset(std::string_view id) {
  // shared/spec/protocol.md, "Ruleset ids".
  static constexpr std::array<std::string_view, 11> kIds{
      "ap-zanzibar", "ap-malawi-setup", "ap-bawo",       "ap-kujifunza",
      "guide-v2",    "guide-r002",      "ludii",         "site-bank",
      "site-maasai", "site-long-game",  "site-kiswahili"};
  return std::find(kIds.begin(), kIds.end(), id) != kIds.end();
}

namespace {

// yaml-cpp marks are 0-based; reports are 1-based like editors.
SourceMark mark_of(const YAML::Node& n) {
  const YAML::Mark m = n.Mark();
  if (m.line < 0) return {};
  return {m.line + 1, m.column + 1};
}

std::string_view kind_name(const YAML::Node& n) {
  switch (n.Type()) {
    case YAML::NodeType::Sequence:
      return "a sequence";
    case YAML::NodeType::Map:
      return "a mapping";
    case YAML::NodeType::Null:
      return "nothing";
    case YAML::NodeType::Scalar:
      return "a scalar";
    default:
      return "an undefined value";
  }
}

// A mapping's entries by key, in file order, with their key nodes kept for
// error positions.
struct Entry {
  std::string key;
  YAML::Node key_node;
  YAML::Node value;
};

// The state of loading one file: where errors go.
class FileLoader {
 public:
  FileLoader(const std::string& file, std::string_view text) : file_(file) {
    std::istringstream in{std::string(text)};
    for (std::string l; std::getline(in, l);) lines_.push_back(l);
  }

  LoadResult load(std::string_view text);

 private:
  void error(SourceMark at, std::string field, std::string message) {
    errors_.push_back({file_, at, std::move(field), std::move(message)});
  }
  void error(const YAML::Node& n, std::string field, std::string message) {
    error(mark_of(n), std::move(field), std::move(message));
  }

  std::optional<std::vector<Entry>> entries(const YAML::Node& map, const std::string& field,
                                            std::span<const std::string_view> allowed);
  std::optional<std::string> scalar(const YAML::Node& n, const std::string& field);
  std::optional<std::vector<std::pair<std::string, SourceMark>>> words(const YAML::Node& n,
                                                                       const std::string& field);
  std::optional<std::vector<MoveText>> moves(const YAML::Node& n, const std::string& field,
                                             Side first_mover, bool alternate);
  std::optional<std::string> position(const YAML::Node& n, const std::string& field,
                                      const std::vector<std::string>& rulesets, Side& side);
  std::optional<std::string> bpn_value(const YAML::Node& n, const std::string& field);
  std::optional<std::string> status_value(const YAML::Node& n, const std::string& field);
  std::optional<std::vector<EventPattern>> events(const YAML::Node& n, const std::string& field);
  std::optional<Check> check(const YAML::Node& n, const std::string& field, Side mover);
  std::optional<std::vector<Check>> checks(const YAML::Node& n, const std::string& field,
                                           Side mover);
  std::optional<Scenario> scenario(const YAML::Node& n, const std::string& field);
  int last_line_before(int next_first_line) const;

  std::string file_;
  std::vector<std::string> lines_;
  std::vector<InputError> errors_;
};

constexpr std::array<std::string_view, 1> kFileKeys{"scenarios"};
constexpr std::array<std::string_view, 9> kScenarioKeys{
    "id", "rulesets", "source", "clauses", "note", "position", "moves", "checks", "expect"};
constexpr std::array<std::string_view, 11> kCheckKeys{
    "legal",  "includes", "excludes",     "play", "result", "status",
    "events", "game",     "final_status", "note", "why"};

// Reads a mapping, rejecting keys that are not allowed (typos) and keys
// given twice, each at the key's own position.
std::optional<std::vector<Entry>> FileLoader::entries(const YAML::Node& map,
                                                      const std::string& field,
                                                      std::span<const std::string_view> allowed) {
  if (!map.IsMap()) {
    error(map, field, fmt::format("expected a mapping, got {}", kind_name(map)));
    return std::nullopt;
  }
  std::vector<Entry> out;
  bool ok = true;
  for (auto it = map.begin(); it != map.end(); ++it) {
    const YAML::Node key = it->first;
    const std::string name = key.IsScalar() ? key.Scalar() : std::string("?");
    const std::string where = field.empty() ? name : fmt::format("{}.{}", field, name);
    if (std::find(allowed.begin(), allowed.end(), name) == allowed.end()) {
      error(key, where,
            fmt::format("unknown key '{}' (allowed: {})", name, fmt::join(allowed, ", ")));
      ok = false;
      continue;
    }
    auto dup = std::find_if(out.begin(), out.end(), [&](const Entry& e) { return e.key == name; });
    if (dup != out.end()) {
      const SourceMark first = mark_of(dup->key_node);
      error(key, where, fmt::format("key '{}' given twice (first at line {})", name, first.line));
      ok = false;
      continue;
    }
    out.push_back({name, key, it->second});
  }
  if (!ok) return std::nullopt;
  return out;
}

const Entry* find(const std::vector<Entry>& es, std::string_view key) {
  auto it = std::find_if(es.begin(), es.end(), [&](const Entry& e) { return e.key == key; });
  return it == es.end() ? nullptr : &*it;
}

std::optional<std::string> FileLoader::scalar(const YAML::Node& n, const std::string& field) {
  if (!n.IsScalar()) {
    error(n, field, fmt::format("expected a string, got {}", kind_name(n)));
    return std::nullopt;
  }
  return n.Scalar();
}

// The column where the text of a plain or quoted scalar starts.
SourceMark text_start(const std::vector<std::string>& lines, const YAML::Node& n) {
  SourceMark at = mark_of(n);
  if (at.line >= 1 && at.line <= static_cast<int>(lines.size())) {
    const std::string& l = lines[static_cast<std::size_t>(at.line - 1)];
    const auto c = static_cast<std::size_t>(at.column - 1);
    if (c < l.size() && (l[c] == '"' || l[c] == '\'')) ++at.column;
  }
  return at;
}

// A list of words: a YAML sequence of scalars, or one string of words
// separated by spaces ("A6L A6R"). Each word keeps its own position.
std::optional<std::vector<std::pair<std::string, SourceMark>>> FileLoader::words(
    const YAML::Node& n, const std::string& field) {
  std::vector<std::pair<std::string, SourceMark>> out;
  if (n.IsSequence()) {
    bool ok = true;
    for (std::size_t i = 0; i < n.size(); ++i) {
      auto s = scalar(n[i], fmt::format("{}[{}]", field, i + 1));
      if (s) out.emplace_back(*s, mark_of(n[i]));
      ok = ok && s;
    }
    if (!ok) return std::nullopt;
    return out;
  }
  if (n.IsNull()) return out;
  if (!n.IsScalar()) {
    error(n, field, fmt::format("expected a list, got {}", kind_name(n)));
    return std::nullopt;
  }
  const std::string& s = n.Scalar();
  const SourceMark start = text_start(lines_, n);
  for (std::size_t i = 0; i < s.size();) {
    if (s[i] == ' ' || s[i] == '\t') {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < s.size() && s[j] != ' ' && s[j] != '\t') ++j;
    out.emplace_back(s.substr(i, j - i),
                     SourceMark{start.line, start.column + static_cast<int>(i)});
    i = j;
  }
  return out;
}

Side side_after(Side first, std::size_t plies) {
  return plies % 2 == 0 ? first : opponent(first);
}

// Move text, checked with the protocol parser for the side that plays it.
std::optional<std::vector<MoveText>> FileLoader::moves(const YAML::Node& n,
                                                       const std::string& field, Side first_mover,
                                                       bool alternate) {
  auto ws = words(n, field);
  if (!ws) return std::nullopt;
  std::vector<MoveText> out;
  bool ok = true;
  for (std::size_t i = 0; i < ws->size(); ++i) {
    const auto& [text, at] = (*ws)[i];
    const Side mover = alternate ? side_after(first_mover, i) : first_mover;
    auto m = parse_move(text, mover);
    if (!m) {
      error(at, fmt::format("{}[{}]", field, i + 1), m.error().message);
      ok = false;
      continue;
    }
    out.push_back({move_to_string(*m, mover), at});
  }
  if (!ok) return std::nullopt;
  return out;
}

std::optional<std::string> FileLoader::bpn_value(const YAML::Node& n, const std::string& field) {
  auto s = scalar(n, field);
  if (!s) return std::nullopt;
  auto pos = parse_bpn(*s);
  if (!pos) {
    error(text_start(lines_, n), field, pos.error().message);
    return std::nullopt;
  }
  return to_bpn(*pos);
}

// `start` or a BPN that each implemented ruleset of the scenario can hold.
std::optional<std::string> FileLoader::position(const YAML::Node& n, const std::string& field,
                                                const std::vector<std::string>& rulesets,
                                                Side& side) {
  auto s = scalar(n, field);
  if (!s) return std::nullopt;
  if (*s == "start") {
    side = Side::South;  // protocol: South moves first in every ruleset
    return *s;
  }
  auto bpn = bpn_value(n, field);
  if (!bpn) return std::nullopt;
  const Position pos = parse_bpn(*bpn).value();
  side = pos.to_move;
  bool ok = true;
  for (const auto& id : rulesets) {
    const Ruleset* rules = find_ruleset(id);
    if (!rules) continue;
    if (auto v = validate_for_ruleset(*rules, pos); !v) {
      error(text_start(lines_, n), field,
            fmt::format("not a position of {}: {}", id, v.error().message));
      ok = false;
    }
  }
  if (!ok) return std::nullopt;
  return bpn;
}

// "ongoing", "win S <reason>", "win N <reason>", "draw <reason>".
std::optional<std::string> FileLoader::status_value(const YAML::Node& n, const std::string& field) {
  auto s = scalar(n, field);
  if (!s) return std::nullopt;
  std::istringstream in(*s);
  std::vector<std::string> w;
  for (std::string t; in >> t;) w.push_back(t);
  const auto reason_ok = [](const std::string& r) {
    const std::optional<Reason> reason = enum_from_name<Reason>(r);
    return reason && *reason != Reason::None;  // "none" is no protocol reason word
  };
  const bool ok =
      (w.size() == 1 && w[0] == "ongoing") ||
      (w.size() == 3 && w[0] == "win" && (w[1] == "S" || w[1] == "N") && reason_ok(w[2])) ||
      (w.size() == 2 && w[0] == "draw" && reason_ok(w[1]));
  if (!ok) {
    error(text_start(lines_, n), field,
          fmt::format("status '{}' is not 'ongoing', 'win S|N <reason>' or 'draw <reason>' "
                      "with a protocol reason word",
                      *s));
    return std::nullopt;
  }
  return fmt::format("{}", fmt::join(w, " "));
}

// The trace event words of the protocol's `trace` answer.
// The event words the oracle's traces use (trace.hpp), so a new event kind
// is accepted here without a second list to keep in step.
bool is_event_word(std::string_view w) {
  return enum_from_name<EventKind>(w).has_value();
}

// "capture a5 4" or "capture a5 4 [ap.capture.condition]".
std::optional<std::vector<EventPattern>> FileLoader::events(const YAML::Node& n,
                                                            const std::string& field) {
  if (!n.IsSequence()) {
    error(n, field, fmt::format("expected a list of trace items, got {}", kind_name(n)));
    return std::nullopt;
  }
  std::vector<EventPattern> out;
  bool ok = true;
  for (std::size_t i = 0; i < n.size(); ++i) {
    const std::string f = fmt::format("{}[{}]", field, i + 1);
    auto s = scalar(n[i], f);
    if (!s) {
      ok = false;
      continue;
    }
    EventPattern e{{}, {}, text_start(lines_, n[i])};
    std::string body = *s;
    if (auto open = body.find('['); open != std::string::npos) {
      const auto close = body.find(']', open);
      if (close == std::string::npos ||
          body.find_first_not_of(' ', close + 1) != std::string::npos) {
        error(
            e.at, f,
            fmt::format("trace item '{}': a clause suffix is written [clause.id] at the end", *s));
        ok = false;
        continue;
      }
      e.clause = body.substr(open + 1, close - open - 1);
      body.erase(open);
      if (find_clause(e.clause) == ClauseId::None) {
        error(e.at, f, fmt::format("unknown clause id '{}'", e.clause));
        ok = false;
        continue;
      }
    }
    std::istringstream in(body);
    std::vector<std::string> w;
    for (std::string t; in >> t;) w.push_back(t);
    std::string problem;
    if (w.empty() || !is_event_word(w[0])) {
      problem = fmt::format("trace item '{}': unknown event word '{}'", *s, w.empty() ? "" : w[0]);
    } else if (w[0] != "end" && w.size() >= 2) {
      if (auto p = parse_pit(w[1]); !p) problem = p.error().message;
    }
    if (problem.empty() && w.size() >= 3 &&
        w[2].find_first_not_of("0123456789") != std::string::npos)
      problem = fmt::format("trace item '{}': count '{}' is not a number", *s, w[2]);
    if (problem.empty() && w.size() > 3)
      problem = fmt::format("trace item '{}': too many words", *s);
    if (!problem.empty()) {
      error(e.at, f, problem);
      ok = false;
      continue;
    }
    e.text = fmt::format("{}", fmt::join(w, " "));
    out.push_back(std::move(e));
  }
  if (!ok) return std::nullopt;
  return out;
}

// One check: exactly one of legal / includes / excludes / play / status /
// game, with the keys that go with it.
std::optional<Check> FileLoader::check(const YAML::Node& n, const std::string& field, Side mover) {
  auto es = entries(n, field, kCheckKeys);
  if (!es) return std::nullopt;
  Check c;
  c.at = mark_of(n);
  std::vector<std::string> heads;
  for (std::string_view k : {"legal", "includes", "excludes", "play", "game"})
    if (find(*es, k)) heads.emplace_back(k);
  if (heads.empty() && find(*es, "status")) heads.emplace_back("status");
  if (heads.size() != 1) {
    error(n, field,
          heads.empty()
              ? std::string("a check needs one of legal, includes, excludes, play, status, game")
              : fmt::format("a check has exactly one of legal, includes, excludes, "
                            "play, status, game; got {}",
                            fmt::join(heads, ", ")));
    return std::nullopt;
  }
  const std::string head = heads[0];
  // Keys that only go with some heads.
  const auto allowed_with = [&](std::string_view key,
                                std::initializer_list<std::string_view> heads_ok) {
    const Entry* e = find(*es, key);
    if (!e || std::find(heads_ok.begin(), heads_ok.end(), head) != heads_ok.end()) return true;
    error(e->key_node, fmt::format("{}.{}", field, key),
          fmt::format("'{}' does not go with '{}'", key, head));
    return false;
  };
  bool ok = allowed_with("result", {"play", "game"});
  ok = allowed_with("events", {"play"}) && ok;
  ok = allowed_with("final_status", {"game"}) && ok;
  ok = allowed_with("status", {"play", "status"}) && ok;
  if (!ok) return std::nullopt;

  const Entry& h = *find(*es, head);
  const std::string hf = fmt::format("{}.{}", field, head);
  if (head == "legal" || head == "includes" || head == "excludes") {
    c.kind = head == "legal"      ? CheckKind::Legal
             : head == "includes" ? CheckKind::Includes
                                  : CheckKind::Excludes;
    auto ms = moves(h.value, hf, mover, false);
    if (!ms) return std::nullopt;
    c.moves = std::move(*ms);
  } else if (head == "play") {
    c.kind = CheckKind::Play;
    auto ms = moves(h.value, hf, mover, false);
    if (!ms) return std::nullopt;
    if (ms->size() != 1) {
      error(h.value, hf, fmt::format("play takes one move, got {}", ms->size()));
      return std::nullopt;
    }
    c.move = (*ms)[0];
  } else if (head == "game") {
    c.kind = CheckKind::Game;
    auto ms = moves(h.value, hf, mover, true);
    if (!ms) return std::nullopt;
    c.moves = std::move(*ms);
  } else {
    c.kind = CheckKind::Status;
  }
  if (const Entry* e = find(*es, "result")) {
    c.result_bpn = bpn_value(e->value, fmt::format("{}.result", field));
    ok = c.result_bpn.has_value();
  }
  for (std::string_view k : {"status", "final_status"}) {
    if (const Entry* e = find(*es, k)) {
      c.status = status_value(e->value, fmt::format("{}.{}", field, k));
      ok = c.status.has_value() && ok;
    }
  }
  if (const Entry* e = find(*es, "events")) {
    auto ev = events(e->value, fmt::format("{}.events", field));
    if (ev) c.events = std::move(*ev);
    ok = ev.has_value() && ok;
  }
  if (const Entry* e = find(*es, "note"))
    ok = scalar(e->value, fmt::format("{}.note", field)) && ok;
  if (const Entry* e = find(*es, "why")) ok = scalar(e->value, fmt::format("{}.why", field)) && ok;
  if (!ok) return std::nullopt;
  return c;
}

std::optional<std::vector<Check>> FileLoader::checks(const YAML::Node& n, const std::string& field,
                                                     Side mover) {
  if (!n.IsSequence() || n.size() == 0) {
    error(n, field, fmt::format("expected a non-empty list of checks, got {}", kind_name(n)));
    return std::nullopt;
  }
  std::vector<Check> out;
  bool ok = true;
  for (std::size_t i = 0; i < n.size(); ++i) {
    auto c = check(n[i], fmt::format("{}[{}]", field, i + 1), mover);
    if (c) out.push_back(std::move(*c));
    ok = ok && c;
  }
  if (!ok) return std::nullopt;
  return out;
}

std::optional<Scenario> FileLoader::scenario(const YAML::Node& n, const std::string& field) {
  const std::size_t errors_before = errors_.size();
  auto es = entries(n, field, kScenarioKeys);
  if (!es) return std::nullopt;
  Scenario s;
  s.file = file_;
  s.first_line = mark_of(n).line;
  const auto required = [&](std::string_view key) -> const Entry* {
    const Entry* e = find(*es, key);
    if (!e)
      error(n, fmt::format("{}.{}", field, key), fmt::format("missing required field '{}'", key));
    return e;
  };
  // id
  if (const Entry* e = required("id")) {
    if (auto id = scalar(e->value, fmt::format("{}.id", field))) {
      // An empty id (`id: ""`, or a bare tag such as `id: !x`) names
      // nothing a report or `--only` could point at.
      if (id->empty())
        error(e->value, fmt::format("{}.id", field), "the id is empty: a scenario needs a name");
      s.id = *id;
    }
    s.id_at = mark_of(e->value);
  }
  const std::string where = s.id.empty() ? field : s.id;
  // rulesets
  if (const Entry* e = required("rulesets")) {
    if (auto ws = words(e->value, fmt::format("{}.rulesets", where))) {
      for (const auto& [id, at] : *ws) {
        if (!is_protocol_ruleset(id))
          error(at, fmt::format("{}.rulesets", where), fmt::format("unknown ruleset id '{}'", id));
        else
          s.rulesets.push_back(id);
      }
      if (ws->empty()) error(e->value, fmt::format("{}.rulesets", where), "no ruleset given");
    }
  }
  if (const Entry* e = required("source")) {
    if (auto v = scalar(e->value, fmt::format("{}.source", where))) s.source = *v;
  }
  if (const Entry* e = required("clauses")) {
    if (auto ws = words(e->value, fmt::format("{}.clauses", where))) {
      for (const auto& [id, at] : *ws) {
        if (find_clause(id) == ClauseId::None)
          error(at, fmt::format("{}.clauses", where), fmt::format("unknown clause id '{}'", id));
        else
          s.clauses.push_back(id);
      }
    }
  }
  if (const Entry* e = find(*es, "note")) {
    if (auto v = scalar(e->value, fmt::format("{}.note", where))) s.note = *v;
  }
  Side side = Side::South;
  if (const Entry* e = required("position")) {
    if (auto p = position(e->value, fmt::format("{}.position", where), s.rulesets, side))
      s.position = *p;
  }
  if (const Entry* e = find(*es, "moves")) {
    if (auto ms = moves(e->value, fmt::format("{}.moves", where), side, true)) s.moves = *ms;
  }
  const Side mover = side_after(side, s.moves.size());
  // checks, or expect: {ruleset: checks}
  const Entry* plain = find(*es, "checks");
  const Entry* per = find(*es, "expect");
  if ((plain == nullptr) == (per == nullptr)) {
    error(n, where, "a scenario has either 'checks' or 'expect' (checks per ruleset), not both");
  } else if (plain) {
    if (auto cs = checks(plain->value, fmt::format("{}.checks", where), mover))
      for (const auto& r : s.rulesets) s.expectations.push_back({r, *cs});
  } else if (auto rs =
                 entries(per->value, fmt::format("{}.expect", where),
                         std::vector<std::string_view>(s.rulesets.begin(), s.rulesets.end()))) {
    for (const auto& r : *rs) {
      if (auto cs = checks(r.value, fmt::format("{}.expect.{}", where, r.key), mover))
        s.expectations.push_back({r.key, *cs});
    }
    for (const auto& r : s.rulesets)
      if (!find(*rs, r))
        error(per->key_node, fmt::format("{}.expect", where),
              fmt::format("ruleset '{}' is listed in rulesets but has no expectations", r));
  }
  if (errors_.size() != errors_before) return std::nullopt;
  return s;
}

// The last line of a scenario that ends before `next_first_line`: trailing
// blank lines and comments belong to whatever follows.
int FileLoader::last_line_before(int next_first_line) const {
  int l = std::min(next_first_line - 1, static_cast<int>(lines_.size()));
  while (l > 1) {
    const std::string& t = lines_[static_cast<std::size_t>(l - 1)];
    const auto first = t.find_first_not_of(" \t\r");
    if (first != std::string::npos && t[first] != '#') break;
    --l;
  }
  return l;
}

LoadResult FileLoader::load(std::string_view text) {
  LoadResult r;
  r.files = 1;
  // Text only: yaml-cpp would read a byte that is not UTF-8 as U+FFFD.
  if (const auto bad = text_fault(text)) {
    error(SourceMark{bad->line, bad->column}, "text",
          fmt::format("{}: a scenario file is UTF-8 text without control characters", bad->what));
    r.errors = std::move(errors_);
    return r;
  }
  YAML::Node root;
  try {
    root = YAML::Load(std::string(text));
  } catch (const YAML::Exception& e) {
    error(SourceMark{e.mark.line + 1, e.mark.column + 1}, "yaml", e.msg);
    r.errors = std::move(errors_);
    return r;
  }
  auto top = entries(root, "", kFileKeys);
  const Entry* list = top ? find(*top, "scenarios") : nullptr;
  if (top && !list) error(root, "scenarios", "missing required field 'scenarios'");
  if (list && !list->value.IsSequence())
    error(list->value, "scenarios",
          fmt::format("expected a list of scenarios, got {}", kind_name(list->value)));
  if (list && list->value.IsSequence()) {
    const YAML::Node& seq = list->value;
    for (std::size_t i = 0; i < seq.size(); ++i) {
      auto s = scenario(seq[i], fmt::format("scenarios[{}]", i + 1));
      if (!s) continue;
      const int next =
          i + 1 < seq.size() ? mark_of(seq[i + 1]).line : static_cast<int>(lines_.size()) + 1;
      s->last_line = std::max(s->first_line, last_line_before(next));
      r.scenarios.push_back(std::move(*s));
    }
  }
  r.errors = std::move(errors_);
  return r;
}

}  // namespace

LoadResult load_string(std::string_view text, const std::string& file) {
  return FileLoader(file, text).load(text);
}

LoadResult load_file(const std::string& path) {
  namespace fs = std::filesystem;
  LoadResult r;
  r.files = 1;
  auto fail = [&](std::string message) {
    r.errors.push_back({path, {0, 0}, "file", std::move(message)});
    return r;
  };
  // Only regular files: a FIFO or a device (/dev/zero) would never end.
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  if (ec) return fail("cannot be read: " + ec.message());
  if (!fs::is_regular_file(st)) return fail("is not a regular file");
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail("cannot be read");
  // Read at most one byte more than the limit, so a file that grows while
  // it is read is caught too.
  std::string text;
  char chunk[1 << 16];
  while (text.size() <= kMaxScenarioFileBytes && in.read(chunk, sizeof chunk).gcount() > 0)
    text.append(chunk, static_cast<std::size_t>(in.gcount()));
  if (in.bad()) return fail("cannot be read to the end");
  if (text.size() > kMaxScenarioFileBytes)
    return fail(
        fmt::format("is larger than {} bytes, the limit for a scenario file (split it "
                    "into several files)",
                    kMaxScenarioFileBytes));
  return load_string(text, path);
}

LoadResult load_files(const std::vector<std::string>& paths) {
  LoadResult all;
  for (const auto& path : paths) {
    LoadResult one = load_file(path);
    all.files += one.files;
    for (auto& e : one.errors) all.errors.push_back(std::move(e));
    for (auto& s : one.scenarios) all.scenarios.push_back(std::move(s));
  }
  // Ids are unique across all files: the first keeps it, later ones are errors.
  std::vector<Scenario> unique;
  std::unordered_map<std::string, std::size_t> first;  // id -> index in `unique`
  for (auto& s : all.scenarios) {
    const auto [it, fresh] = first.try_emplace(s.id, unique.size());
    if (!fresh) {
      const Scenario& u = unique[it->second];
      all.errors.push_back({s.file, s.id_at, "id",
                            fmt::format("duplicate scenario id '{}' (first defined at {}:{}:{})",
                                        s.id, u.file, u.id_at.line, u.id_at.column)});
      continue;
    }
    unique.push_back(std::move(s));
  }
  all.scenarios = std::move(unique);
  return all;
}

namespace {

// Walks `dir` for *.yaml files without following links to folders (as
// before), and without letting one bad entry end the walk: a folder that
// cannot be read, or a link that cannot be resolved (a loop, a dangling
// link), is one input error naming it, and the rest is still collected.
void walk_scenario_folder(const std::filesystem::path& dir, std::vector<std::string>& found,
                          std::vector<InputError>& errors, int depth) {
  namespace fs = std::filesystem;
  constexpr int kMaxDepth = 64;  // deeper than any real tree; stops pathological nesting
  if (depth > kMaxDepth) {
    errors.push_back({dir.string(),
                      {0, 0},
                      "path",
                      fmt::format("folders nested deeper than {} levels: not read", kMaxDepth)});
    return;
  }
  std::error_code ec;
  fs::directory_iterator it(dir, ec);
  if (ec) {
    errors.push_back({dir.string(), {0, 0}, "path", "cannot read folder: " + ec.message()});
    return;
  }
  for (const fs::directory_iterator end; it != end;) {
    const fs::path entry = it->path();
    std::error_code lec, sec;
    const fs::file_status link = it->symlink_status(lec);
    if (!lec && fs::is_directory(link)) {
      walk_scenario_folder(entry, found, errors, depth + 1);
    } else {
      const fs::file_status target = fs::status(entry, sec);
      if (lec || sec) {
        errors.push_back(
            {entry.string(), {0, 0}, "path", "cannot read: " + (lec ? lec : sec).message()});
      } else if (fs::is_regular_file(target) && entry.extension() == ".yaml") {
        found.push_back(entry.string());
      } else if (entry.extension() == ".yaml" && !fs::is_directory(target)) {
        // A FIFO, socket or device named as a scenario file: reading it
        // could wait for ever, and leaving it out unsaid would hide it.
        errors.push_back({entry.string(), {0, 0}, "path", "is not a regular file: not read"});
      }
    }
    it.increment(ec);
    if (ec) {
      errors.push_back(
          {dir.string(), {0, 0}, "path", "cannot read folder to the end: " + ec.message()});
      return;
    }
  }
}

}  // namespace

std::vector<std::string> collect_scenario_files(const std::vector<std::string>& paths,
                                                std::vector<InputError>& errors) {
  namespace fs = std::filesystem;
  std::vector<std::string> out;
  for (const auto& p : paths) {
    std::error_code ec;
    const fs::file_status st = fs::status(p, ec);
    if (fs::is_directory(st)) {
      // The files and the errors of a folder, each in sorted order: the
      // walk meets entries in the file system's order, which differs from
      // one file system to another.
      std::vector<std::string> found;
      std::vector<InputError> walk_errors;
      walk_scenario_folder(p, found, walk_errors, 0);
      std::sort(found.begin(), found.end());
      std::stable_sort(walk_errors.begin(), walk_errors.end(),
                       [](const InputError& a, const InputError& b) { return a.file < b.file; });
      out.insert(out.end(), found.begin(), found.end());
      errors.insert(errors.end(), walk_errors.begin(), walk_errors.end());
    } else if (fs::exists(st)) {
      out.push_back(p);
    } else if (ec && ec != std::errc::no_such_file_or_directory) {
      errors.push_back({p, {0, 0}, "path", "cannot read: " + ec.message()});
    } else {
      errors.push_back({p, {0, 0}, "path", "no such file or directory"});
    }
  }
  return out;
}

LoadResult load_paths(const std::vector<std::string>& paths) {
  std::vector<InputError> missing;
  LoadResult loaded = load_files(collect_scenario_files(paths, missing));
  loaded.errors.insert(loaded.errors.begin(), missing.begin(), missing.end());
  return loaded;
}

}  // namespace bao::scenario
