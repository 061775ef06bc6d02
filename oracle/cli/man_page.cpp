#include "oracle/cli/man_page.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <vector>

#include "oracle/core/data.hpp"

namespace bao::cli {
namespace {

// Text in a roff line: a backslash is the escape character, and a line that
// starts with `.` or `'` would be a request. Newlines become spaces, so a
// description stays one filled paragraph. A `code span` of a description
// is set in bold, when the backticks pair up.
std::string text(std::string_view s) {
  const bool spans = std::count(s.begin(), s.end(), '`') % 2 == 0;
  bool open = false;
  std::string out;
  for (const char c : s) {
    if (c == '\\')
      out += "\\e";
    else if (c == '\n')
      out += ' ';
    else if (c == '`' && spans)
      out += (open = !open) ? "\\fB" : "\\fR";
    else
      out += c;
  }
  if (!out.empty() && (out[0] == '.' || out[0] == '\'')) out.insert(0, "\\&");
  return out;
}

// A name typed as is (an option, a command): its hyphens are minus signs,
// so that the rendered page can be copied and searched.
std::string literal(std::string_view s) {
  std::string out;
  for (const char c : text(s)) out += c == '-' ? std::string("\\-") : std::string(1, c);
  return out;
}

// "\-h, \-\-help" for an option with the names -h and --help.
std::string option_names(const CLI::Option& o) {
  std::string out;
  for (const std::string& n : o.get_snames()) out += (out.empty() ? "" : ", ") + literal("-" + n);
  for (const std::string& n : o.get_lnames()) out += (out.empty() ? "" : ", ") + literal("--" + n);
  return out;
}

// As CLI11's own help decides it: a flag has no value, nor a type name.
bool takes_value(const CLI::Option& o) {
  return o.get_type_size() != 0 && !o.get_type_name().empty();
}
bool repeats(const CLI::Option& o) {
  return o.get_expected_max() > 1;
}

// The value's type as the parser names it, without the checks CLI11 appends
// after a colon ("UINT:INT in [1 - 256]": UINT).
std::string value_name(const CLI::Option& o) {
  const std::string type = o.get_type_name();
  return type.substr(0, type.find(':'));
}

// How the option is written: bold names, the value in italics.
std::string usage(const CLI::Option& o) {
  if (o.get_positional())
    return fmt::format("\\fI{}\\fR{}", literal(o.get_name(true)), repeats(o) ? "\\ ..." : "");
  std::string out = fmt::format("\\fB{}\\fR", option_names(o));
  if (takes_value(o)) out += fmt::format(" \\fI{}\\fR", literal(value_name(o)));
  return out;
}

// The short form for a synopsis: the long name only.
std::string synopsis_item(const CLI::Option& o) {
  std::string item;
  if (o.get_positional()) {
    item = usage(o);
  } else {
    const std::vector<std::string>& l = o.get_lnames();
    item = fmt::format("\\fB{}\\fR", literal(l.empty() ? "-" + o.get_snames()[0] : "--" + l[0]));
    if (takes_value(o)) item += fmt::format("\\ \\fI{}\\fR", literal(value_name(o)));
  }
  return o.get_required() ? item : "[" + item + "]";
}

// The description, then what the parser knows: required, its checks,
// default, which options it excludes.
std::string description(const CLI::Option& o) {
  std::string out = text(o.get_description());
  std::vector<std::string> notes;
  if (o.get_required()) notes.emplace_back("required");
  if (repeats(o) && !o.get_positional()) notes.emplace_back("may be repeated");
  const std::string type = o.get_type_name();
  if (const auto colon = type.find(':'); colon != std::string::npos)
    notes.push_back(text(type.substr(colon + 1)));
  // A default is typed as it is: \% keeps roff from hyphenating it.
  if (!o.get_default_str().empty())
    notes.push_back(fmt::format("default: \\%{}", literal(o.get_default_str())));
  for (const CLI::Option* e : o.get_excludes())
    notes.push_back(fmt::format("not with \\fB{}\\fR", literal(e->get_name())));
  if (!notes.empty()) {
    out += " (";
    for (std::size_t i = 0; i < notes.size(); ++i) out += (i ? "; " : "") + notes[i];
    out += ")";
  }
  return out;
}

// The options a page lists for `app`: not the help flag (named once), not
// the hidden group.
std::vector<const CLI::Option*> listed_options(const CLI::App& app) {
  return app.get_options([&](const CLI::Option* o) {
    return o != app.get_help_ptr() && o != app.get_help_all_ptr() && !o->get_group().empty();
  });
}

std::vector<const CLI::App*> subcommands(const CLI::App& app) {
  return app.get_subcommands([](const CLI::App* s) { return !s->get_name().empty(); });
}

// One subsection per subcommand, nested ones after their parent: its
// synopsis, its description, its options.
void append_subcommand(std::string& page, const CLI::App& sub, const std::string& prefix) {
  const std::string name = prefix + " " + sub.get_name();
  page += fmt::format(".SS \"{}\"\n", literal(name));
  std::string synopsis = fmt::format("\\fB{}\\fR", literal(name));
  const auto children = subcommands(sub);
  if (!children.empty()) synopsis += " \\fISUBCOMMAND\\fR";
  for (const CLI::Option* o : listed_options(sub)) synopsis += " " + synopsis_item(*o);
  // The synopsis neither justified nor hyphenated: its words are typed as they are.
  page +=
      fmt::format(".PP\n.na\n.nh\n{}\n.hy\n.ad\n.PP\n{}.\n", synopsis, text(sub.get_description()));
  for (const CLI::Option* o : listed_options(sub))
    page += fmt::format(".TP\n{}\n{}\n", usage(*o), description(*o));
  if (!children.empty()) {
    page += ".PP\nSubcommands:";
    for (std::size_t i = 0; i < children.size(); ++i)
      page += fmt::format("{} \\fB{}\\fR", i ? "," : "", literal(children[i]->get_name()));
    page += ".\n";
  }
  for (const CLI::App* c : children) append_subcommand(page, *c, name);
}

}  // namespace

std::string man_page(const CLI::App& app, std::string_view version) {
  const std::string name = app.get_name();
  std::string page;
  // No date: the page is the same whenever it is built.
  page += fmt::format(".TH {} 1 \"\" \"{} {}\" \"User Commands\"\n", literal("BAO-ORACLE"),
                      literal(name), text(version));
  page += fmt::format(
      ".SH NAME\n{} \\- rules-conformance oracle and engine checker for Bao, the East African "
      "four-row mancala\n",
      literal(name));
  page += fmt::format(
      ".SH SYNOPSIS\n\\fB{0}\\fR \\fISUBCOMMAND\\fR [\\fIOPTIONS\\fR]\n.br\n"
      "\\fB{0}\\fR \\fISUBCOMMAND\\fR \\fB\\-\\-help\\fR\n.br\n\\fB{0}\\fR "
      "[\\fB\\-\\-help\\fR | \\fB\\-\\-version\\fR]\n",
      literal(name));
  page += fmt::format(
      ".SH DESCRIPTION\n"
      "Every rule of four documented rule sources of Bao is a named clause with a citation. "
      "The oracle lists the clauses of each ruleset, plays and traces moves clause by clause, "
      "serves the engine line protocol, runs YAML scenarios against itself or an engine, "
      "fuzzes an external engine against a ruleset and names each deviation by the clause it "
      "breaks, and writes divergence reports between the rule sources.\n.PP\n"
      "Without a subcommand, \\fB{}\\fR prints its help and exits with status 0.\n",
      literal(name));
  page += ".SH OPTIONS\n";
  if (const CLI::Option* help = app.get_help_ptr())
    page += fmt::format(".TP\n{}\n{}; after a subcommand, that subcommand's options.\n",
                        usage(*help), text(help->get_description()));
  for (const CLI::Option* o : listed_options(app))
    page += fmt::format(".TP\n{}\n{}\n", usage(*o), description(*o));
  page += ".SH SUBCOMMANDS\n";
  for (const CLI::App* sub : subcommands(app)) append_subcommand(page, *sub, name);
  page +=
      ".SH EXIT STATUS\n"
      ".TP\n0\nSuccess.\n"
      ".TP\n1\nFindings: failed scenarios, or an engine that deviates (\\fBcheck\\fR, "
      "\\fBreport merge\\fR); or an internal error.\n"
      ".TP\n2\nBad input: an unknown ruleset, a malformed position or move, a bad option, a "
      "file that cannot be read or parsed, an engine that cannot be started. One line on "
      "standard error, starting with \\fBbao\\-oracle:\\fR, says what and where; nothing is "
      "printed on standard output.\n"
      ".TP\n128 + N\n\\fBcheck\\fR was interrupted by signal N (130 for SIGINT), after "
      "writing the report of what it had found.\n";
  page += fmt::format(
      ".SH ENVIRONMENT\n.TP\n.B {}\nA folder that holds \\fIscenarios/\\fR, used instead of "
      "the installed data by \\fBscenarios\\fR, \\fBcheck\\fR and \\fBdiverge\\fR when they are "
      "given no scenario paths. When it is set and \\fI$BAO_ORACLE_DATA/scenarios\\fR is no "
      "folder, they stop with status 2.\n",
      kDataEnvironment);
  page +=
      ".SH FILES\n"
      "With no scenario paths given, \\fBscenarios\\fR, \\fBcheck\\fR (its corpus) and "
      "\\fBdiverge\\fR (its corpus) take the first of these folders that exists; "
      "\\fIEXE\\fR is the folder of the running executable:\n"
      ".TP\n\\fI$BAO_ORACLE_DATA/scenarios\\fR\nwhen the variable is set.\n"
      ".TP\n\\fIEXE/../share/bao\\-oracle/scenarios\\fR\nthe installed scenarios; the tree "
      "may be moved to any prefix.\n"
      ".TP\n\\fIEXE/scenarios\\fR\nin a build tree, a link to the source tree's "
      "\\fIscenarios/\\fR.\n"
      ".PP\n\\fBscenarios\\fR names the folder it ran on its first line; \\fBcheck\\fR records "
      "its corpus in \\fIreport.md\\fR and \\fIreport.json\\fR (\\fBcorpus_paths\\fR). When no "
      "folder is found, \\fBscenarios\\fR and \\fBdiverge\\fR stop with status 2 and "
      "\\fBcheck\\fR runs without a corpus.\n"
      ".TP\n\\fIshare/doc/bao\\-oracle/\\fR\nunder the installation prefix: the documentation, "
      "\\fIinstall.md\\fR (where the data lives), \\fIcli.md\\fR (every subcommand with "
      "examples), \\fIchecker.md\\fR, \\fIprotocol.md\\fR, \\fIscenarios.md\\fR and the others.\n";
  page += ".SH SEE ALSO\n\\fIshare/doc/bao\\-oracle/cli.md\\fR under the installation prefix.\n";
  return page;
}

}  // namespace bao::cli
