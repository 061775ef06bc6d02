#!/usr/bin/env python3
"""An example Bao engine for the ruleset `site-maasai`, speaking the Bao
engine protocol on standard input and output.

    python3 maasai_engine.py

See README.md: bao_oracle.protocol is the protocol side, site_maasai.py the
rules; an engine of your own replaces the second and keeps the first.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
# In the source tree the kit is bindings/python/bao_oracle/protocol.py;
# elsewhere, the installed package's (pip install bao-oracle).
SOURCE_KIT = os.path.join(HERE, "..", "..", "bindings", "python")
if os.path.isfile(os.path.join(SOURCE_KIT, "bao_oracle", "protocol.py")):
    sys.path.insert(0, SOURCE_KIT)

from bao_oracle.protocol import serve  # noqa: E402
from site_maasai import Maasai  # noqa: E402

if __name__ == "__main__":
    sys.exit(serve(Maasai()))
