#!/usr/bin/env python3
"""An example Bao engine for the ruleset `site-maasai`, speaking the Bao
engine protocol on standard input and output.

    python3 maasai_engine.py

See README.md: bao_protocol.py is the protocol side, site_maasai.py the
rules; an engine of your own replaces the second and keeps the first.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bao_protocol import serve  # noqa: E402
from site_maasai import MaasaiRules  # noqa: E402

if __name__ == "__main__":
    sys.exit(serve(MaasaiRules()))
