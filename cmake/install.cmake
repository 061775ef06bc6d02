# Installing bao-oracle and packaging it as a .deb (docs/install.md).
#
# The installed tree is relocatable: the program finds its scenarios at
# <exe>/../share/bao-oracle/scenarios (oracle/core/data.hpp), so these
# destinations are fixed relative paths, and no path is compiled in.
install(TARGETS bao-oracle RUNTIME DESTINATION bin)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/scenarios/ DESTINATION share/bao-oracle/scenarios)
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION share/doc/bao-oracle)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION share/doc/bao-oracle)
# The examples: the adapter kits' example engines (node, python, rust, java, php)
# and the campaign recipes; without what building them in the tree leaves.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/examples/ DESTINATION share/doc/bao-oracle/examples
        PATTERN target EXCLUDE PATTERN __pycache__ EXCLUDE PATTERN Cargo.lock EXCLUDE)
# The JavaScript and Python kits themselves, where the examples look for them
# (examples/node/kit.js, examples/python/maasai_engine.py): the installed
# examples run as they do in the source tree.
install(FILES ${PROJECT_SOURCE_DIR}/bindings/js/protocol.js DESTINATION share/doc/bao-oracle/bindings/js)
# The Python kit alone: bao_oracle is then a namespace package there, whose
# protocol module needs nothing else.
install(FILES ${PROJECT_SOURCE_DIR}/bindings/python/bao_oracle/protocol.py
        DESTINATION share/doc/bao-oracle/bindings/python/bao_oracle)
# The licence, as Debian's machine-readable copyright file
# (/usr/share/doc/bao-oracle/copyright): LICENSE's text, each line indented
# by one space and a blank line written " .".
file(READ ${PROJECT_SOURCE_DIR}/LICENSE bao_license)
string(REGEX MATCH "Copyright \\(c\\) ([^\n]*)" bao_license_holder "${bao_license}")
set(bao_license_holder "${CMAKE_MATCH_1}")
string(REGEX REPLACE "\n$" "" bao_license "${bao_license}")
string(REGEX REPLACE "\n\n" "\n.\n" bao_license "${bao_license}")
string(REGEX REPLACE "\n" "\n " bao_license "${bao_license}")
file(WRITE ${PROJECT_BINARY_DIR}/copyright
     "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"
     "Upstream-Name: bao-oracle\n\n"
     "Files: *\n"
     "Copyright: ${bao_license_holder}\n"
     "License: MIT\n ${bao_license}\n")
install(FILES ${PROJECT_BINARY_DIR}/copyright DESTINATION share/doc/bao-oracle)
install(FILES ${PROJECT_BINARY_DIR}/bao-oracle.1.gz DESTINATION share/man/man1)  # oracle/cli/

# The Debian package: `cmake --workflow --preset package` writes
# build/package/bao-oracle_<version>_amd64.deb (`cpack --preset release`,
# the same into build/release/). Its Depends come from the
# shared libraries the program links, through dpkg-shlibdeps (dpkg-dev);
# cmake/cpack_checks.cmake refuses to write a package without it.
set(BAO_PACKAGE_MAINTAINER
    "Seed 428c1e5a maintainers <maintainers@users.noreply.a-seed-428c1e5a.example>"
    CACHE STRING "Maintainer field of the .deb")
set(BAO_HOMEPAGE_URL "" CACHE STRING "Homepage field of the .deb (none when empty)")
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME bao-oracle)
set(CPACK_PACKAGE_VENDOR "bao-oracle")
set(CPACK_PACKAGE_CONTACT "${BAO_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "rules-conformance oracle and engine checker for Bao (four-row mancala)")
# The control file's Description: the summary, then this.
set(CPACK_PACKAGE_DESCRIPTION
    "bao-oracle is a deliberately literal reference implementation of four
documented rule sources of Bao, the East African four-row mancala, in which
every rule is a named clause with a citation. It lists the clauses of each
ruleset, plays and traces moves clause by clause, serves an engine line
protocol, runs YAML scenarios (installed with it) against itself or an
engine, fuzzes an external engine against a ruleset and names each
deviation by the clause it breaks, and writes divergence reports between
the rule sources.")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${BAO_PACKAGE_MAINTAINER}")
if(BAO_HOMEPAGE_URL)
  set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${BAO_HOMEPAGE_URL}")
endif()
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_PROJECT_CONFIG_FILE ${PROJECT_SOURCE_DIR}/cmake/cpack_checks.cmake)
include(CPack)
