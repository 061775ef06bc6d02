// Where bao-oracle finds its data, the scenario corpus, when no path is
// given: relative to the running executable, so that an installed tree, a
// moved one and the build tree each find their own, and no path of the
// machine that built the program is compiled into it (docs/install.md).
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "oracle/core/expected.hpp"

namespace bao {

// Names a data folder, the one that holds `scenarios/`
// (`<prefix>/share/bao-oracle` in an installed tree).
inline constexpr const char* kDataEnvironment = "BAO_ORACLE_DATA";

// The default scenario folder, the first of:
//  1. `$BAO_ORACLE_DATA/scenarios`, when BAO_ORACLE_DATA is set and not
//     empty; an Error, naming the variable and the path, when that is no
//     folder (the user asked for it, so nothing else is tried);
//  2. `<exe>/../share/bao-oracle/scenarios`: the installed layout, whatever
//     the prefix and wherever the tree was moved;
//  3. `<exe>/scenarios`: the build tree, where configuring puts a relative
//     link to the source tree's `scenarios/` beside each executable.
// `<exe>` is the folder of the running program (/proc/self/exe, links
// resolved). The path is canonical; nullopt when none of them is a folder.
Expected<std::optional<std::filesystem::path>> default_scenario_folder();

// The same search with its inputs given: the value of BAO_ORACLE_DATA
// (nullopt: not set) and the folder of the executable.
Expected<std::optional<std::filesystem::path>> find_scenario_folder(
    const std::optional<std::string>& data_variable, const std::filesystem::path& exe_folder);

// The places default_scenario_folder() looks, in order, for a message that
// says none holds scenarios: "BAO_ORACLE_DATA not set, /x/../share/...".
std::string scenario_search_text();

}  // namespace bao
