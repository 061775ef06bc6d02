#!/usr/bin/env python3
"""The fault table: bao-oracle against hostile input, case by case.

    tests/faults/run.py --bin BAO_ORACLE [--jobs N] [--time-limit S]
                        [--filter REGEX] [--list] [--keep]

Each case gives one command of the program something hostile (an engine
that names itself or answers with every odd character, hangs, ignores
SIGTERM or is started through a shell script; a signal at a chosen moment;
an output path that is a FIFO, a device, a link or on a full file system;
a malformed accept, scenario or report file; garbage for `bao-oracle
engine`; several runs at once) and checks what the project promises
(docs/limits.md): the exit status, one `bao-oracle:` line on stderr for bad
input, every file written valid for a strict reader of its format (PyYAML,
a YAML 1.1 reader, for YAML; html5lib, strict, for HTML; expat for XML and
SVG; Python's json), nothing on the terminal but printable text, what was
there before left alone, and no process of the run left behind.

Every case runs in a folder of its own under a temporary folder, with a
marker in its environment that every process it starts inherits; what
carries the marker once the case is over is a process left behind (killed,
and the case fails). Cases run `--jobs` at a time (default 2). The whole
table is bounded: a case has 60 s, and cases not started within
`--time-limit` seconds (default 240) fail as not run.

Exit status: 0 every case passed, 1 a case failed, 2 bad usage, 77 skipped
(PyYAML or html5lib missing: Debian's python3-yaml and python3-html5lib).
"""

import argparse
import concurrent.futures
import json
import os
import re
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time
import xml.parsers.expat

try:
    import html5lib
    import yaml
except ImportError as missing:  # pragma: no cover - depends on the machine
    print(f"faults: skipped: {missing.name} is not installed for {sys.executable} "
          "(Debian: apt-get install python3-yaml python3-html5lib)")
    sys.exit(77)

HERE = os.path.dirname(os.path.abspath(__file__))
ENGINE_PY = os.path.join(HERE, "engine.py")
CASE_TIMEOUT = 60.0
MARK_VARIABLE = "BAO_FAULT_MARK"


class Failure(Exception):
    pass


def expect(condition, message):
    if not condition:
        raise Failure(message)


# --- what a strict reader accepts -------------------------------------------

# Characters no output but JSON may hold raw: C0 controls but tab and line
# feed, DEL, C1 controls, the line and paragraph separators, the byte order
# mark, bidirectional overrides and isolates, and noncharacters.
ODD = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff\u202a-\u202e\u2066-\u2069"
                 "\ufdd0-\ufdef]")


def odd_character(text):
    m = ODD.search(text)
    if m:
        return f"U+{ord(m.group()):04X} at character {m.start()}"
    for i, c in enumerate(text):
        if ord(c) & 0xFFFE == 0xFFFE:
            return f"the noncharacter U+{ord(c):04X} at character {i}"
    return None


def decoded(data, what):
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise Failure(f"{what}: not UTF-8: {e}")


def printable_text(data, what):
    text = decoded(data, what)
    odd = odd_character(text)
    expect(odd is None, f"{what}: holds {odd}: {text[:300]!r}")
    return text


def check_yaml(path, forbidden_key):
    data = open(path, "rb").read()
    printable_text(data, path)
    try:
        doc = yaml.safe_load(data)
    except yaml.YAMLError as e:
        raise Failure(f"{path}: PyYAML: {e}")

    def keys(node):
        if isinstance(node, dict):
            for k, v in node.items():
                yield k
                yield from keys(v)
        elif isinstance(node, list):
            for v in node:
                yield from keys(v)

    if forbidden_key:
        bad = [k for k in keys(doc) if forbidden_key in str(k)]
        expect(not bad, f"{path}: PyYAML reads a key the engine chose: {bad}")
    return doc


def check_html(path):
    data = open(path, "rb").read()
    printable_text(data, path)
    parser = html5lib.HTMLParser(strict=True)
    try:
        parser.parse(data, likely_encoding="utf-8")
    except Exception as e:  # html5lib raises ParseError, with the place
        raise Failure(f"{path}: html5lib (strict): {e}")


def check_xml(path):
    data = open(path, "rb").read()
    printable_text(data, path)
    p = xml.parsers.expat.ParserCreate()
    try:
        p.Parse(data, True)
    except xml.parsers.expat.ExpatError as e:
        raise Failure(f"{path}: expat: {e}")


def check_json(path):
    data = open(path, "rb").read()
    try:
        return json.loads(decoded(data, path))
    except ValueError as e:
        raise Failure(f"{path}: JSON: {e}")


def check_tree(folder, forbidden_key=None):
    """Every file under `folder` read by a strict reader of its format."""
    count = 0
    for root, _, files in os.walk(folder):
        for name in files:
            path = os.path.join(root, name)
            count += 1
            expect(".tmp." not in name, f"a temporary file is left: {path}")
            if name.endswith(".yaml"):
                check_yaml(path, forbidden_key)
            elif name.endswith(".html"):
                check_html(path)
            elif name.endswith((".xml", ".svg")):
                check_xml(path)
            elif name.endswith(".json"):
                check_json(path)
            else:
                printable_text(open(path, "rb").read(), path)
    return count


# --- processes --------------------------------------------------------------


def marked(mark):
    """The processes whose environment holds the case's marker."""
    needle = f"{MARK_VARIABLE}={mark}".encode()
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/environ", "rb") as f:
                env = f.read().split(b"\0")
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                cmd = f.read().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if needle in env:
            found.append((int(pid), cmd))
    return found


def leftovers(mark, grace=10.0):
    deadline = time.monotonic() + grace
    left = marked(mark)
    while left and time.monotonic() < deadline:
        time.sleep(0.05)
        left = marked(mark)
    for pid, _ in left:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    return left


def handlers_installed(pid, signum):
    """Whether process `pid` catches `signum` (its SigCgt mask)."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("SigCgt:"):
                    return bool(int(line.split()[1], 16) >> (signum - 1) & 1)
    except OSError:
        pass
    return False


class Result:
    def __init__(self, status, out, err):
        self.status, self.out, self.err = status, out, err

    def __str__(self):
        return (f"exit {self.status}\nstdout: {self.out[-2000:]!r}\n"
                f"stderr: {self.err[-2000:]!r}")


class Case:
    def __init__(self, runner, name, work):
        self.runner = runner
        self.name = name
        self.work = work
        self.mark = f"{os.getpid()}-{name}"
        self.env = dict(os.environ, **{MARK_VARIABLE: self.mark})
        self.env.pop("BAO_TEST_DIE_AFTER", None)

    def path(self, *parts):
        return os.path.join(self.work, *parts)

    def bin(self):
        return self.runner.bin

    def popen(self, args, stdin=subprocess.DEVNULL, **kw):
        return subprocess.Popen([self.runner.bin] + args, cwd=self.work, env=self.env,
                                stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                start_new_session=True, **kw)

    def run(self, args, timeout=CASE_TIMEOUT, stdin=None):
        p = self.popen(args, stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL)
        try:
            out, err = p.communicate(stdin, timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.communicate()
            raise Failure(f"{' '.join(args)}: no exit within {timeout} s")
        return Result(p.returncode, out, err)

    def engine(self, *options):
        """The command of a hostile engine (engine.py) with `options`."""
        return " ".join([sys.executable, ENGINE_PY, self.runner.bin] + list(options))

    def expect_bad_input(self, r, *words):
        """Exit 2, one `bao-oracle:` line on stderr naming `words`, nothing on stdout."""
        expect(r.status == 2, f"expected exit 2\n{r}")
        err = printable_text(r.err, "stderr")
        expect(err.count("\n") == 1 and err.startswith("bao-oracle: "),
               f"expected one 'bao-oracle:' line on stderr\n{r}")
        expect(r.out == b"", f"expected nothing on stdout\n{r}")
        for w in words:
            expect(w in err, f"stderr does not name {w!r}\n{r}")
        return err

    def expect_no_leftovers(self):
        left = leftovers(self.mark)
        expect(not left, "processes left behind: " + "; ".join(f"{p}: {c}" for p, c in left))


CASES = []


def case(name):
    def register(f):
        CASES.append((name, f))
        return f
    return register


def hexed(text):
    return text.encode("utf-8", "surrogatepass").hex() if isinstance(text, str) else text.hex()


# --- 1. engine text: every odd character, in every format --------------------

ODD_TEXTS = {
    "nel": b"\xc2\x85",
    "line-separator": "\u2028".encode(),
    "paragraph-separator": "\u2029".encode(),
    "bom": "\ufeff".encode(),
    "c1-csi": b"\xc2\x9b31m",
    "c1-first": b"\xc2\x80",
    "c1-last": b"\xc2\x9f",
    "noncharacter-fffe": "\ufffe".encode(),
    "noncharacter-fdd0": "\ufdd0".encode(),
    "noncharacter-plane1": "\U0001fffe".encode(),
    "bidi-override": "\u202e".encode(),
    "bidi-isolate": "\u2066".encode(),
    "escape": b"\x1b[2J",
    "carriage-return": b"\r",
    "nul": b"\x00",
    "bell-and-backspace": b"\x07\x08",
    "delete": b"\x7f",
    "invalid-utf8": b"\xff\xfe",
    "lone-surrogate": b"\xed\xa0\x80",
    "overlong": b"\xc0\xaf",
    "cut-sequence": b"\xe2\x82",
    "markup": b"<script>alert(1)</script>]]>&amp;<!--",
    "markdown": b"*x* `y` ``` [z](u) | \\ _w_",
    "yaml-syntax": b"' \" # {a: b} [c] &d *e !f %g @h",
}


def odd_text_case(label, raw, where):
    key = "fault-key"
    text = b"fake " + raw + key.encode() + b": 1 " + raw + b" engine"

    def run(c):
        options = ["--name-hex", text.hex()]
        if where == "answers":
            options += ["--answer-from", "12", "--answer-hex", (b"A6L " + raw + key.encode() +
                                                               b": 2").hex()]
        r = c.run(["check", "--engine", c.engine(*options), "--ruleset", "ap-zanzibar",
                   "--games", "2", "--report", "report", "--json-out", "shard.json"])
        expect(r.status in (0, 1), f"expected exit 0 or 1\n{r}")
        printable_text(r.out, "stdout")
        printable_text(r.err, "stderr")
        expect(check_tree(c.path("report"), key) >= 4, "report files missing")
        check_json(c.path("shard.json"))
        m = c.run(["report", "merge", "shard.json", "--report", "merged"])
        expect(m.status == r.status, f"the merge exits otherwise than the run\n{m}")
        printable_text(m.out, "merge stdout")
        check_tree(c.path("merged"), key)
        c.expect_no_leftovers()
    return run


for _label, _raw in ODD_TEXTS.items():
    case(f"engine-text/name/{_label}")(odd_text_case(_label, _raw, "name"))
for _label in ("nel", "line-separator", "bom", "c1-csi", "noncharacter-fffe", "escape",
               "invalid-utf8", "markup"):
    case(f"engine-text/answers/{_label}")(odd_text_case(_label, ODD_TEXTS[_label], "answers"))


@case("engine-text/early-fault/rulesets-answer")
def _(c):
    # Request 3 (`rulesets`) answered with odd text: the handshake fails.
    r = c.run(["check", "--engine", c.engine("--answer-from", "3", "--answer-hex",
                                             hexed("\u2028x\x85: 1")),
               "--ruleset", "ap-zanzibar", "--games", "2", "--report", "report"])
    c.expect_bad_input(r, "could not be checked")
    check_tree(c.path("report"), "x")
    c.expect_no_leftovers()


@case("engine-text/ruleset-all")
def _(c):
    r = c.run(["check", "--engine", c.engine("--name-hex", hexed("n\u2028fault-key: 1\x85")),
               "--ruleset", "all", "--games", "1", "--report", "report"], timeout=120)
    expect(r.status in (0, 1), f"expected exit 0 or 1\n{r}")
    printable_text(r.out, "stdout")
    check_tree(c.path("report"), "fault-key")
    c.expect_no_leftovers()


@case("engine-text/scenarios-engine")
def _(c):
    r = c.run(["scenarios", os.path.join(c.runner.source, "scenarios", "abstract_play"),
               "--engine", c.engine("--name-hex", hexed("n\u2028\x85\ufeff"), "--answer-from",
                                    "40", "--answer-hex", hexed("\u2029<x>\x9b")),
               "--junit", "junit.xml", "--json", "results.json"], timeout=120)
    expect(r.status == 1, f"expected exit 1\n{r}")
    printable_text(r.out, "stdout")
    printable_text(r.err, "stderr")
    check_xml(c.path("junit.xml"))
    check_json(c.path("results.json"))
    c.expect_no_leftovers()


# --- 2. output paths that are not regular files ------------------------------


def make_target(c, kind):
    """An existing output path of `kind` in the case folder; its description."""
    p = c.path("target")
    if kind == "fifo":
        os.mkfifo(p)
    elif kind == "link-to-dev-null":
        os.symlink("/dev/null", p)
    elif kind == "link-to-stdout":
        os.symlink("/proc/self/fd/1", p)
    elif kind == "link-to-file":
        open(c.path("real.json"), "w").write("kept\n")
        os.symlink("real.json", p)
    elif kind == "dangling-link":
        os.symlink("nowhere", p)
    elif kind == "device":
        os.mknod(p, 0o600 | stat.S_IFCHR, os.makedev(1, 3))  # as /dev/null
    elif kind == "folder":
        os.mkdir(p)
    elif kind == "socket":
        import socket
        s = socket.socket(socket.AF_UNIX)
        s.bind(p)
        s.close()
    return p


def snapshot(p):
    st = os.lstat(p)
    link = os.readlink(p) if stat.S_ISLNK(st.st_mode) else None
    return (stat.S_IFMT(st.st_mode), st.st_ino, st.st_rdev, link)


TARGET_KINDS = ["fifo", "link-to-dev-null", "link-to-stdout", "link-to-file", "dangling-link",
                "device", "folder", "socket"]
FILE_OUTPUTS = {
    "check-json-out": lambda c: ["check", "--engine", f"{c.bin()} engine", "--ruleset",
                                 "ap-zanzibar", "--games", "1", "--no-corpus", "--json-out",
                                 "target"],
    "scenarios-junit": lambda c: ["scenarios", os.path.join(c.runner.source, "scenarios",
                                                            "ludii"), "--junit", "target"],
    "scenarios-json": lambda c: ["scenarios", os.path.join(c.runner.source, "scenarios",
                                                           "ludii"), "--json", "target"],
}


def output_path_case(output, kind):
    def run(c):
        if kind == "device" and os.geteuid() != 0:
            return "skipped: making a device node needs root"
        target = make_target(c, kind)
        before = snapshot(target)
        r = c.run(FILE_OUTPUTS[output](c))
        c.expect_bad_input(r, "target")
        expect(snapshot(target) == before, f"the {kind} was replaced")
        if kind == "link-to-file":
            expect(open(c.path("real.json")).read() == "kept\n", "the link's file was changed")
        c.expect_no_leftovers()
    return run


for _output in FILE_OUTPUTS:
    for _kind in TARGET_KINDS:
        case(f"output-path/{_output}/{_kind}")(output_path_case(_output, _kind))

FOLDER_OUTPUTS = {
    "check-report": lambda c: ["check", "--engine", f"{c.bin()} engine", "--ruleset",
                               "ap-zanzibar", "--games", "1", "--no-corpus", "--report",
                               "target"],
    "diverge-out": lambda c: ["diverge", "--rulesets", "ap-zanzibar,guide-v2", "--positions",
                              "50", "--jobs", "1", "--out", "target"],
}
for _output, _make in FOLDER_OUTPUTS.items():
    for _kind in ("fifo", "link-to-dev-null", "dangling-link", "socket"):
        def _folder_case(c, make=_make, kind=_kind):
            target = make_target(c, kind)
            before = snapshot(target)
            r = c.run(make(c))
            c.expect_bad_input(r, "target")
            expect(snapshot(target) == before, f"the {kind} was replaced")
        case(f"output-path/{_output}/{_kind}")(_folder_case)


@case("output-path/check-report/fifo-inside")
def _(c):
    os.mkdir(c.path("target"))
    os.mkfifo(c.path("target", "report.md"))
    before = snapshot(c.path("target", "report.md"))
    r = c.run(FOLDER_OUTPUTS["check-report"](c))
    c.expect_bad_input(r, "report.md")
    expect(snapshot(c.path("target", "report.md")) == before, "the FIFO was replaced")


@case("output-path/check-json-out/full-file-system")
def _(c):
    if os.geteuid() != 0:
        return "skipped: mounting a small file system needs root"
    os.mkdir(c.path("full"))
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16k", "tmpfs", c.path("full")],
                      capture_output=True).returncode != 0:
        return "skipped: cannot mount a tmpfs here"
    try:
        with open(c.path("full", "filler"), "wb", buffering=0) as f:
            try:
                while True:
                    f.write(b"x" * 1024)
            except OSError:  # full
                pass
        r = c.run(["check", "--engine", f"{c.bin()} engine", "--ruleset", "ap-zanzibar",
                   "--games", "3", "--no-corpus", "--json-out", "full/report.json"])
        c.expect_bad_input(r, "full/report.json")
        left = sorted(os.listdir(c.path("full")))
        expect(left == ["filler"], f"left on the full file system: {left}")
    finally:
        subprocess.run(["umount", "-l", c.path("full")], capture_output=True)


@case("output-path/check-report/read-only-folder")
def _(c):
    if os.geteuid() == 0:
        return "skipped: root writes into a read-only folder"
    os.mkdir(c.path("ro"))
    os.chmod(c.path("ro"), 0o555)
    r = c.run(FOLDER_OUTPUTS["check-report"](c)[:-1] + ["ro/report"])
    c.expect_bad_input(r, "ro")


# --- 3. signals at chosen moments --------------------------------------------


def signal_case(signum, jobs, delay, to_group=False):
    def run(c):
        p = c.popen(["check", "--engine", f"{c.bin()} engine --mutant capture-needs-three",
                     "--ruleset", "ap-zanzibar", "--games", "100000", "--jobs", str(jobs),
                     "--no-corpus", "--report", "report", "--json-out", "run.json"])
        # The moment counts from when the program catches the signal: what
        # comes before main() is the loader's, and no program can handle it.
        deadline = time.monotonic() + 20
        while not handlers_installed(p.pid, signum) and p.poll() is None:
            expect(time.monotonic() < deadline, "the handlers were never installed")
            time.sleep(0.0005)
        time.sleep(delay)
        os.killpg(p.pid, signum) if to_group else p.send_signal(signum)
        try:
            out, err = p.communicate(timeout=CASE_TIMEOUT)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.communicate()
            raise Failure("no exit within the case's time")
        r = Result(p.returncode, out, err)
        expect(r.status == 128 + signum, f"expected exit {128 + signum}\n{r}")
        report = check_json(c.path("run.json"))
        name = signal.Signals(signum).name
        expect(report["stats"]["interrupted"] is True and report["stats"]["signal"] == name,
               f"the report is not marked as interrupted by {name}: {report['stats']}")
        check_tree(c.path("report"))
        printable_text(r.out, "stdout")
        c.expect_no_leftovers()
    return run


for _jobs in (1, 2):
    for _delay in (0, 0.002, 0.01, 0.03, 0.1, 0.3):
        case(f"signal/sigterm-jobs-{_jobs}-after-{int(_delay * 1000)}ms")(
            signal_case(signal.SIGTERM, _jobs, _delay))
for _jobs in (1, 2):
    for _delay in (0.005, 0.1):
        case(f"signal/sigint-to-the-group-jobs-{_jobs}-after-{int(_delay * 1000)}ms")(
            signal_case(signal.SIGINT, _jobs, _delay, to_group=True))
        case(f"signal/sighup-jobs-{_jobs}-after-{int(_delay * 1000)}ms")(
            signal_case(signal.SIGHUP, _jobs, _delay))


# --- 4. engines started through a wrapper ------------------------------------


def wrapper(c, *options, background=False):
    """A shell script that starts the engine without exec (and, with
    `background`, a sleeper of its own holding the engine's stdout)."""
    path = c.path("engine.sh")
    with open(path, "w") as f:
        f.write("#!/bin/sh\n")
        if background:
            f.write("sleep 300 &\n")
        f.write(c.engine(*options) + "\n")
    os.chmod(path, 0o755)
    return path


@case("wrapper/hangs-and-timeouts")
def _(c):
    r = c.run(["check", "--engine", wrapper(c, "--hang-at", "30"), "--ruleset", "ap-zanzibar",
               "--games", "3", "--no-corpus", "--timeout-ms", "500"])
    expect(r.status == 1, f"expected exit 1 (a timeout fault)\n{r}")
    c.expect_no_leftovers()


@case("wrapper/hang-ignoring-sigterm")
def _(c):
    r = c.run(["check", "--engine", wrapper(c, "--hang-at", "30", "--ignore-term"),
               "--ruleset", "ap-zanzibar", "--games", "3", "--no-corpus", "--timeout-ms", "500"])
    expect(r.status == 1, f"expected exit 1 (a timeout fault)\n{r}")
    c.expect_no_leftovers()


@case("wrapper/background-child-holding-stdout")
def _(c):
    r = c.run(["check", "--engine", wrapper(c, background=True), "--ruleset", "ap-zanzibar",
               "--games", "2", "--no-corpus"])
    expect(r.status == 0, f"expected exit 0\n{r}")
    c.expect_no_leftovers()


@case("wrapper/scenarios-engine-hang")
def _(c):
    r = c.run(["scenarios", os.path.join(c.runner.source, "scenarios", "ludii"), "--engine",
               wrapper(c, "--hang-at", "20", "--ignore-term"), "--timeout-ms", "500"])
    expect(r.status in (1, 2), f"expected the hang as failures\n{r}")
    c.expect_no_leftovers()


def killed_case(jobs):
    def run(c):
        p = c.popen(["check", "--engine", wrapper(c, "--hang-at", "40", "--ignore-term"),
                     "--ruleset", "ap-zanzibar", "--games", "100000", "--jobs", str(jobs),
                     "--no-corpus", "--timeout-ms", "3600000"])
        # Every engine started (the engine.py of each wrapper has its oracle).
        deadline = time.monotonic() + 30
        while sum("engine.py" in cmd for _, cmd in marked(c.mark)) < jobs:
            expect(time.monotonic() < deadline and p.poll() is None,
                   "the engines did not start")
            time.sleep(0.05)
        time.sleep(0.5)
        p.kill()
        p.communicate()
        c.expect_no_leftovers()
    return run


case("wrapper/check-killed-jobs-1")(killed_case(1))
case("wrapper/check-killed-jobs-2")(killed_case(2))


# --- 5, 6. report merge: counts and values out of range ----------------------


SHARDS_LOCK = threading.Lock()


def shard_report(c):
    """The two shards of one run (s0.json, s1.json) in the case's folder,
    made once for the table; the first, to spoil."""
    with SHARDS_LOCK:
        made = os.path.join(c.runner.root, "shards")
        if not os.path.isdir(made):
            os.mkdir(made)
            for i in (0, 1):
                r = c.run(["check", "--engine", f"{c.bin()} engine", "--ruleset", "ap-zanzibar",
                           "--games", "2", "--no-corpus", "--shard", f"{i}/2", "--json-out",
                           os.path.join(made, f"s{i}.json")])
                expect(r.status == 0, f"{r}")
    for i in (0, 1):
        shutil.copy(os.path.join(made, f"s{i}.json"), c.path(f"s{i}.json"))
    return json.load(open(c.path("s0.json")))


U64_MAX = 2 ** 64 - 1
for _field in ("games", "positions", "skipped", "moves", "requests", "failing_games",
               "followup_requests", "probe_rounds", "probe_games"):
    def _overflow(c, field=_field):
        report = shard_report(c)
        report["stats"][field] = U64_MAX
        json.dump(report, open(c.path("s0.json"), "w"))
        other = json.load(open(c.path("s1.json")))
        other["stats"][field] = max(other["stats"][field], 1)
        json.dump(other, open(c.path("s1.json"), "w"))
        r = c.run(["report", "merge", "s0.json", "s1.json"])
        c.expect_bad_input(r, f"stats.{field}")
    case(f"report-merge/overflow/{_field}")(_overflow)

for _field in ("settled_deviations", "settled_findings"):
    def _int_overflow(c, field=_field):
        report = shard_report(c)
        report["stats"][field] = 2 ** 31 - 1
        json.dump(report, open(c.path("s0.json"), "w"))
        other = json.load(open(c.path("s1.json")))
        other["stats"][field] = 1
        json.dump(other, open(c.path("s1.json"), "w"))
        r = c.run(["report", "merge", "s0.json", "s1.json"])
        c.expect_bad_input(r, f"stats.{field}")
    case(f"report-merge/overflow/{_field}")(_int_overflow)

for _label, _value in {"unknown": "SIGFOO", "empty": "", "not-caught": "SIGKILL",
                       "number": 15, "lowercase": "sigint"}.items():
    def _signal(c, value=_value):
        report = shard_report(c)
        report["stats"]["interrupted"] = True
        report["stats"]["signal"] = value
        json.dump(report, open(c.path("s0.json"), "w"))
        r = c.run(["report", "merge", "s0.json", "s1.json"])
        c.expect_bad_input(r, "signal", "s0.json")
    case(f"report-merge/signal/{_label}")(_signal)

for _label, _text in {
        "not-json": b"not json at all",
        "truncated": b'{"format": "bao-oracle-check-3", "engine": "x',
        "invalid-utf8": b'{"format": "bao-oracle-check-3", "engine": "\xff"}',
        "nul": b'{"format": "bao-oracle-check-3",\x00 "engine": "x"}',
        "deep-nesting": b"[" * 200000 + b"]" * 200000,
        "huge-number": b'{"format": "bao-oracle-check-3", "seed": 1e400}',
        "empty": b"",
}.items():
    def _malformed(c, text=_text):
        shard_report(c)
        open(c.path("s0.json"), "wb").write(text)
        r = c.run(["report", "merge", "s0.json", "s1.json"])
        c.expect_bad_input(r, "s0.json")
    case(f"report-merge/malformed/{_label}")(_malformed)


@case("report-merge/negative-count")
def _(c):
    report = shard_report(c)
    report["stats"]["games"] = -1
    json.dump(report, open(c.path("s0.json"), "w"))
    c.expect_bad_input(c.run(["report", "merge", "s0.json", "s1.json"]), "games", "s0.json")


# --- 7. the engine server: garbage in, its reader gone -----------------------


@case("engine-server/reader-gone")
def _(c):
    # stdout is a pipe whose reader has gone: exit 3, as documented, not
    # death by SIGPIPE; SIGPIPE at its default, as a shell leaves it.
    read_end, write_end = os.pipe()
    os.close(read_end)
    # (Popen's restore_signals puts SIGPIPE back at its default.)
    p = subprocess.Popen([c.bin(), "engine"], stdin=subprocess.PIPE, stdout=write_end,
                         stderr=subprocess.PIPE, env=c.env)
    os.close(write_end)
    _, err = p.communicate(b"protocol\nname\nmoves\n" * 100, timeout=CASE_TIMEOUT)
    expect(p.returncode == 3, f"expected exit 3, got {p.returncode}: {err!r}")


for _label, _garbage in {
        "nul-bytes": b"\x00\x00\x00\n" * 10,
        "invalid-utf8": b"\xff\xfe\xfd\n" * 10,
        "c1-and-separators": "\x85\u2028\u2029\ufeff\n".encode() * 10,
        "carriage-returns": b"moves\r\r\rshow\r\n" * 10,
        "long-line": b"x" * 300000 + b"\n",
        "no-final-newline": b"protocol\nmoves",
        "escape-sequences": b"\x1b[2J\x1b]0;title\x07\n" * 10,
        "only-blanks": b"   \t \n\n\n",
        "binary": bytes(range(256)) * 8 + b"\n",
}.items():
    def _garbage_case(c, garbage=_garbage):
        r = c.run(["engine"], stdin=garbage)
        expect(r.status == 0, f"expected exit 0 at the end of input\n{r}")
        requests = garbage.count(b"\n") + (0 if garbage.endswith(b"\n") else 1)
        lines = r.out.split(b"\n")
        expect(lines[-1] == b"", "the last answer has no line end")
        expect(len(lines) - 1 == requests,
               f"{requests} requests, {len(lines) - 1} answers: {r.out[:300]!r}")
        for line in lines[:-1]:
            expect(line[:1] in (b"=", b"?"), f"not an answer: {line[:100]!r}")
            printable_text(line, "an answer")
    case(f"engine-server/garbage/{_label}")(_garbage_case)


# --- 8. accept and scenario files that are not text --------------------------

BAD_TEXT = {
    "invalid-utf8": b"\xff",
    "nul": b"\x00",
    "c1-control": b"\xc2\x85",
    "lone-surrogate": b"\xed\xa0\x80",
    "overlong": b"\xc0\xaf",
    "cut-at-the-end": b"\xe2\x82",
    "escape": b"\x1b",
}
for _label, _bad in BAD_TEXT.items():
    def _accept(c, bad=_bad):
        open(c.path("accept.yaml"), "wb").write(
            b"accept:\n  - switch: capture-needs-three\n    reason: known " + bad + b" bug\n")
        r = c.run(["check", "--engine", f"{c.bin()} engine", "--ruleset", "ap-zanzibar",
                   "--games", "1", "--no-corpus", "--accept", "accept.yaml"])
        c.expect_bad_input(r, "accept.yaml:3:")
    case(f"input-file/accept/{_label}")(_accept)

    def _scenario(c, bad=_bad):
        os.mkdir(c.path("s"))
        open(c.path("s", "bad.yaml"), "wb").write(
            b"scenarios:\n  - id: one\n    note: a note " + bad + b" here\n"
            b"    rulesets: [ap-zanzibar]\n    position: start\n    checks:\n"
            b"      - legal: [A6L, A6R, A7L, A7R]\n")
        r = c.run(["scenarios", "s"])
        expect(r.status == 2, f"expected exit 2\n{r}")
        out = printable_text(r.out, "stdout") + printable_text(r.err, "stderr")
        expect("bad.yaml:3:" in out, f"the error does not name file, line and column\n{r}")
    case(f"input-file/scenario/{_label}")(_scenario)


@case("input-file/accept/bom-at-the-start")
def _(c):
    open(c.path("accept.yaml"), "wb").write(
        "\ufeffaccept:\n  - switch: capture-needs-three\n    reason: known\n".encode())
    r = c.run(["check", "--engine", f"{c.bin()} engine --mutant capture-needs-three",
               "--ruleset", "ap-zanzibar", "--games", "2", "--no-corpus", "--accept",
               "accept.yaml"])
    expect(r.status == 0, f"a byte order mark before the text is allowed\n{r}")


@case("input-file/accept/alias-bomb")
def _(c):
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 12):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]")
    open(c.path("accept.yaml"), "w").write("\n".join(lines) + "\naccept: *a11\n")
    r = c.run(["check", "--engine", f"{c.bin()} engine", "--ruleset", "ap-zanzibar",
               "--games", "1", "--no-corpus", "--accept", "accept.yaml"], timeout=30)
    c.expect_bad_input(r, "accept.yaml")


@case("input-file/scenario-corpus-for-diverge")
def _(c):
    os.mkdir(c.path("s"))
    open(c.path("s", "bad.yaml"), "wb").write(b"scenarios: []\n# \xff\n")
    r = c.run(["diverge", "--rulesets", "ap-zanzibar,guide-v2", "--positions", "20",
               "--jobs", "1", "--scenarios", "s", "--out", "out"])
    c.expect_bad_input(r, "bad.yaml:2:")
    expect(not os.path.exists(c.path("out")), "a report was written")


# --- 9. every HTML page, by a strict HTML5 parser ----------------------------


@case("html/diverge-pages")
def _(c):
    r = c.run(["diverge", "--rulesets", "ap-zanzibar,guide-v2,ludii", "--positions", "600",
               "--jobs", "2", "--out", "out"], timeout=120)
    expect(r.status == 0, f"{r}")
    pages = [n for n in os.listdir(c.path("out", "pairs")) if n.endswith(".html")]
    expect(len(pages) == 3, f"expected 3 pair pages: {pages}")
    check_tree(c.path("out"))


@case("html/check-report-with-findings")
def _(c):
    r = c.run(["check", "--engine", f"{c.bin()} engine --mutant capture-needs-three,"
               "front-empty=immediate", "--ruleset", "ap-zanzibar", "--budget", "4000",
               "--report", "report"], timeout=120)
    expect(r.status == 1, f"{r}")
    check_tree(c.path("report"))


@case("html/check-all-index")
def _(c):
    r = c.run(["check", "--engine", f"{c.bin()} engine --mutant capture-needs-three",
               "--ruleset", "all", "--games", "3", "--stop-after", "1", "--report", "report"],
              timeout=120)
    expect(r.status == 1, f"{r}")
    check_tree(c.path("report"))


# --- parallel load ----------------------------------------------------------


@case("parallel/three-checks-one-report")
def _(c):
    ps = [c.popen(["check", "--engine", f"{c.bin()} engine", "--ruleset", "ap-zanzibar",
                   "--games", "4", "--seed", str(s), "--no-corpus", "--jobs", "2",
                   "--report", "report", "--json-out", "run.json"]) for s in (1, 2, 3)]
    results = [Result(p.wait(timeout=CASE_TIMEOUT), p.stdout.read(), p.stderr.read())
               for p in ps]
    for r in results:
        expect(r.status == 0, f"{r}")
    check_tree(c.path("report"))
    seed = check_json(c.path("run.json"))["seed"]
    expect(seed in (1, 2, 3), f"run.json is no run's: seed {seed}")
    left = [n for n in os.listdir(c.work) if ".tmp." in n or ".old." in n]
    expect(not left, f"temporaries left: {left}")
    c.expect_no_leftovers()


@case("parallel/diverge-and-merge-at-once")
def _(c):
    shards = [c.popen(["diverge", "--rulesets", "ap-zanzibar,guide-v2", "--positions", "200",
                       "--jobs", "1", "--shard", f"{i}/3", "--out", f"s{i}"])
              for i in range(3)]
    for p in shards:
        expect(p.wait(timeout=CASE_TIMEOUT) == 0, p.stderr.read().decode(errors="replace"))
    r = c.run(["report", "merge", "s0/report.json", "s1/report.json", "s2/report.json",
               "--report", "merged"])
    expect(r.status == 0, f"{r}")
    check_tree(c.path("merged"))


# --- the runner -------------------------------------------------------------


class Runner:
    def __init__(self, args):
        self.bin = os.path.abspath(args.bin)
        self.source = os.path.abspath(args.source)
        self.root = tempfile.mkdtemp(prefix="bao-faults-")
        self.keep = args.keep

    def run_case(self, index, name, f):
        work = os.path.join(self.root, f"{index:03d}")
        os.mkdir(work)
        c = Case(self, name, work)
        start = time.monotonic()
        try:
            outcome = f(c) or "ok"
        except Failure as e:
            outcome = f"FAIL: {e}"
        except Exception as e:  # a bug of the case itself is a failure too
            outcome = f"FAIL: {type(e).__name__}: {e}"
        finally:
            left = leftovers(c.mark, grace=0)
            if left and not outcome.startswith("FAIL"):
                outcome = "FAIL: processes left behind: " + "; ".join(
                    f"{p}: {cmd}" for p, cmd in left)
        return outcome, time.monotonic() - start


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bin", required=True, help="the bao-oracle program")
    p.add_argument("--source", default=os.path.dirname(os.path.dirname(HERE)),
                   help="the source tree (its scenarios/)")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--time-limit", type=float, default=240.0)
    p.add_argument("--filter", default="", help="run only the cases this regex finds")
    p.add_argument("--list", action="store_true", help="list the cases and exit")
    p.add_argument("--keep", action="store_true", help="keep the cases' folders")
    args = p.parse_args()
    chosen = [(n, f) for n, f in CASES if re.search(args.filter, n)]
    if args.list:
        for n, _ in chosen:
            print(n)
        return 0
    if not os.access(args.bin, os.X_OK):
        print(f"faults: {args.bin} is not a program", file=sys.stderr)
        return 2
    runner = Runner(args)
    start = time.monotonic()
    failed = skipped = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        def timed(i, n, f):
            if time.monotonic() - start > args.time_limit:
                return f"FAIL: not run: the table's {args.time_limit:.0f} s were spent", 0.0
            return runner.run_case(i, n, f)
        futures = [(n, pool.submit(timed, i, n, f)) for i, (n, f) in enumerate(chosen)]
        for n, fut in futures:
            outcome, seconds = fut.result()
            if outcome.startswith("FAIL"):
                failed += 1
            elif outcome.startswith("skipped"):
                skipped += 1
            print(f"{'ok  ' if outcome == 'ok' else ''}{n} ({seconds:.1f} s)"
                  + ("" if outcome == "ok" else f": {outcome}"), flush=True)
    took = time.monotonic() - start
    print(f"faults: {len(chosen)} cases: {len(chosen) - failed - skipped} passed, {failed} "
          f"failed, {skipped} skipped in {took:.0f} s")
    if not args.keep:
        shutil.rmtree(runner.root, ignore_errors=True)
    else:
        print(f"faults: the cases' folders are in {runner.root}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
