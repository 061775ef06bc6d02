#!/usr/bin/env python3
"""Reads HTML pages as a browser does, strictly: html5lib's parser with
every parse error an error.

    html5_check.py PATH...

A PATH is a page or a folder, whose `*.html` files are read (at any depth).
Prints one line per page that does not parse (path, line, column and the
error), and exits 0 when every page parses, 1 otherwise, 2 when a path
holds no page, and 77 when html5lib is missing (Debian: python3-html5lib).
"""

import os
import sys

try:
    import html5lib
except ImportError:
    print(f"html5_check: skipped: html5lib is not installed for {sys.executable} "
          "(Debian: apt-get install python3-html5lib)")
    sys.exit(77)


def error(path):
    """The first parse error of the page at `path`, or None."""
    parser = html5lib.HTMLParser(strict=True)
    with open(path, "rb") as f:
        data = f.read()
    try:
        parser.parse(data, likely_encoding="utf-8")
    except Exception as e:  # ParseError; its place is the last error recorded
        if parser.errors:
            (line, column), code, values = parser.errors[-1]
            return f"{line}:{column}: {code} {values or ''}".rstrip()
        return str(e)
    return None


def pages(path):
    if not os.path.isdir(path):
        return [path]
    found = []
    for root, _, files in os.walk(path):
        found += [os.path.join(root, n) for n in files if n.endswith(".html")]
    return sorted(found)


def main(paths):
    if not paths:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    status = 0
    for path in paths:
        found = pages(path)
        if not found:
            print(f"html5_check: {path}: no page", file=sys.stderr)
            status = max(status, 2)
        for page in found:
            why = error(page)
            if why:
                print(f"{page}:{why}")
                status = max(status, 1)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
