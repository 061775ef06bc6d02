// The manual page of bao-oracle (roff with the man(7) macros), generated
// from the command line's own definition, so that it lists every
// subcommand and option the parser accepts, with the parser's own
// descriptions, types and defaults. The build writes it with
// `bao-oracle --man-page` (oracle/cli/CMakeLists.txt).
#pragma once

#include <string>
#include <string_view>

namespace CLI {
class App;
}

namespace bao::cli {

// The page for `app` (the top-level command) and its subcommands, nested
// ones too. Options of the hidden group ("") are left out; each
// subcommand's --help is named once, under OPTIONS. `version` goes in the
// page's footer.
std::string man_page(const CLI::App& app, std::string_view version);

}  // namespace bao::cli
