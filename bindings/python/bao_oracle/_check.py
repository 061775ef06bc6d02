"""bao_oracle.check: `bao-oracle check` against an engine object of the test
process. The program runs the checker (the same games, requests and
diagnosis as for an engine process); its engine is a small relay
(_relay.py) that connects back to this process, where the kit
(bao_oracle.protocol) serves the engine object on a Unix socket, one
session per connection (the checker restarts its engine after a fault).

The checker is not linked into the compiled module: it generates and
shrinks games with RapidCheck, whose Debian library is not position
independent and cannot go into a shared object.
"""

import json
import os
import shlex
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
from typing import Any, List, Optional, Tuple

from ._errors import InvalidArgument
from .protocol import serve


def find_oracle(given: Optional[str]) -> str:
    """The bao-oracle program: `given`, else $BAO_ORACLE, else bao-oracle on PATH."""
    program = given or os.environ.get("BAO_ORACLE") or shutil.which("bao-oracle")
    if not program:
        raise FileNotFoundError("oracle: bao_oracle.check runs the bao-oracle program, and none was found: "
                                "install it (docs/install.md), set BAO_ORACLE or pass oracle=PATH")
    if not (os.path.isfile(program) and os.access(program, os.X_OK)):
        raise FileNotFoundError("oracle: %s is not an executable file" % program)
    return program


class _Served:
    """The engine object served on a Unix socket, one session per connection."""

    def __init__(self, engine: Any, folder: str) -> None:
        self.engine = engine
        self.path = os.path.join(folder, "engine.sock")
        self.listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.listener.bind(self.path)
        self.listener.listen(4)
        self.thread = threading.Thread(target=self._run, name="bao_oracle.check engine", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while True:
            try:
                conn, _ = self.listener.accept()
            except OSError:  # closed: the check is over
                return
            with conn, conn.makefile("rb") as reader, conn.makefile("wb") as writer:
                serve(self.engine, reader, writer)

    def close(self) -> None:
        self.listener.close()


def run(engine: Any, ruleset: str, games: int, seed: int, corpus: List[str], budget: int, args: List[str],
        oracle: Optional[str], report: Optional[str]) -> Tuple[int, str, str]:
    """(exit status, the summary, report.json) of the check."""
    program = find_oracle(oracle)
    with tempfile.TemporaryDirectory(prefix="bao-oracle-check-") as folder:
        served = _Served(engine, folder)
        try:
            relay = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_relay.py")
            command = " ".join(shlex.quote(word) for word in (sys.executable, relay, served.path))
            out = report if report is not None else os.path.join(folder, "report")
            argv = [program, "check", "--engine", command, "--ruleset", ruleset, "--games", str(games),
                    "--seed", str(seed), "--report", out]
            argv += ["--no-corpus"] if not corpus else [a for path in corpus for a in ("--corpus", path)]
            if budget:
                argv += ["--budget", str(budget)]
            done = subprocess.run(argv + args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        finally:
            served.close()
        text = done.stdout.decode("utf-8", "replace")
        report_file = os.path.join(out, "report.json")
        if done.returncode == 2:  # bad input, or an engine that could not be checked at all
            raise InvalidArgument("bao-oracle check: " + text.strip(), "args")
        if done.returncode not in (0, 1) or not os.path.exists(report_file):
            raise RuntimeError("bao-oracle check exited %d: %s" % (done.returncode, text.strip()))
        with open(report_file, encoding="utf-8") as f:
            report_json = f.read()
        json.loads(report_json)
        return done.returncode, text, report_json
