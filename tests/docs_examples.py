#!/usr/bin/env python3
"""The documentation's examples are tests, and its links must resolve.

    docs_examples.py examples --source DIR --bin BAO_ORACLE [FILE[:LINE] ...]
    docs_examples.py links    --source DIR [FILE ...]
    docs_examples.py list     --source DIR [FILE ...]

`examples` runs every example of the Markdown pages (the conventions are in
docs/examples.md) and compares what it prints with what the page shows;
`links` checks that every relative link and anchor resolves; `list` prints
every code block and how it is treated. A FILE:LINE runs only the block
whose fence opens at that line. Exit status: 0 all passed, 1 a failure, 2
bad usage.

The pages are README.md files anywhere in the tree, Markdown files at the
top level and everything under docs/ (generated reports are none of these).
Standard library only (Python 3.8 or later).
"""

import argparse
import concurrent.futures
import dataclasses
import difflib
import os
import re
import selectors
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.parse

DEFAULT_TIMEOUT = 120.0  # seconds per command (an ASan build is slow)
OUTPUT_LIMIT = 4 << 20  # bytes kept per stream per command
SHELL_INFOS = {"sh", "bash", "shell", "console", "sh-session", "shell-session"}
SKIP_DIRS = {".git", "build", "node_modules", "__pycache__", "out"}


# --- Markdown ------------------------------------------------------------


@dataclasses.dataclass
class Marker:
    line: int
    abridged: bool = False
    abridged_reason: str = ""
    not_run: str = ""  # the reason; empty when the block runs
    session: bool = False
    engine: str = ""  # the command a `>`/`<` session is fed to
    requires: list = dataclasses.field(default_factory=list)
    timeout: float = 0.0


@dataclasses.dataclass
class Block:
    path: str  # relative to the source folder
    line: int  # 1-based line of the opening fence
    info: str  # the fence's info string
    lines: list  # [(line number, text)] of the content
    marker: Marker = None


@dataclasses.dataclass
class Page:
    path: str
    blocks: list
    headings: list  # [(line, text)]
    html_anchors: set
    links: list  # [(line, target)]
    code_paths: list  # [(line, text)]: code spans that look like a path in the repository
    errors: list  # [(line, message)]


MARKER_RE = re.compile(r"^\s*<!--\s*example\s*:(.*?)-->\s*$")
MARKER_LIKE_RE = re.compile(r"^\s*<!--\s*examples?\b", re.IGNORECASE)
FENCE_RE = re.compile(r"^(\s*)(`{3,}|~{3,})(.*)$")
HEADING_RE = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$")
LINK_RE = re.compile(r"(!?)\[((?:[^\[\]]|\[[^\[\]]*\])*)\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+(?:\"[^\"]*\"|'[^']*'))?\s*\)")
REFDEF_RE = re.compile(r"^ {0,3}\[([^\]]+)\]:\s*(\S+)")
CODE_SPAN_RE = re.compile(r"(`+)(.+?)\1", re.DOTALL)
HTML_ANCHOR_RE = re.compile(r"<a\s[^>]*(?:name|id)\s*=\s*[\"']([^\"']+)[\"']", re.IGNORECASE)


def parse_marker(line_no, body):
    """`<!-- example: OPTION; OPTION -->`: see docs/examples.md."""
    marker = Marker(line=line_no)
    errors = []
    text = body.strip()
    # `not run: REASON` takes the rest of the comment, whatever it holds.
    m = re.search(r"(?:^|;)\s*not run\s*:(.*)$", text, re.DOTALL)
    if m:
        marker.not_run = " ".join(m.group(1).split())
        if not marker.not_run:
            errors.append("`not run` needs a reason: `<!-- example: not run: REASON -->`")
        text = text[: m.start()]
    elif re.search(r"(?:^|;)\s*not run\s*(?:;|$)", text):
        errors.append("`not run` needs a reason: `<!-- example: not run: REASON -->`")
        text = ""
    for option in filter(None, (o.strip() for o in text.split(";"))):
        name, _, value = option.partition(":")
        name, value = name.strip(), " ".join(value.split())
        if name == "abridged":
            marker.abridged, marker.abridged_reason = True, value
        elif name == "session" and not value:
            marker.session = True
        elif name == "engine" and value:
            marker.engine = value
        elif name == "requires" and value:
            marker.requires += value.split()
        elif name == "timeout":
            try:
                marker.timeout = float(value)
                if marker.timeout <= 0:
                    raise ValueError
            except ValueError:
                errors.append(f"`timeout` needs a number of seconds, got {value!r}")
        else:
            errors.append(
                f"unknown example option {option!r} (known: abridged, abridged: REASON, "
                "not run: REASON, session, engine: CMD, requires: PROGRAM, timeout: SECONDS)")
    return marker, errors


def inline_text(text):
    """The rendered text of inline Markdown, enough for heading slugs."""
    out, pos = [], 0
    for m in CODE_SPAN_RE.finditer(text):
        out.append(_inline_markup(text[pos: m.start()]))
        out.append(m.group(2).strip() if m.group(2).strip() else m.group(2))
        pos = m.end()
    out.append(_inline_markup(text[pos:]))
    return "".join(out)


def _inline_markup(text):
    text = re.sub(r"!?\[((?:[^\[\]]|\[[^\[\]]*\])*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"<[^>]+>", "", text)
    return text.replace("\\", "")


def slug(text):
    """GitHub's anchor for a heading: lower case, punctuation dropped
    (except `-` and `_`), each space a `-`."""
    s = inline_text(text).strip().lower()
    s = re.sub(r"[^\w\- ]", "", s)
    return s.replace(" ", "-")


def page_anchors(page):
    anchors, seen = set(page.html_anchors), {}
    for _, text in page.headings:
        base = slug(text)
        n = seen.get(base, 0)
        anchors.add(base if n == 0 else f"{base}-{n}")
        seen[base] = n + 1
    return anchors


def scan(path, text):
    lines = text.split("\n")
    page = Page(path=path, blocks=[], headings=[], html_anchors=set(), links=[], code_paths=[], errors=[])
    pending = None  # the marker waiting for its block
    i = 0
    while i < len(lines):
        line = lines[i]
        fence = FENCE_RE.match(line)
        if fence and not (fence.group(2)[0] == "`" and "`" in fence.group(3)):
            indent, chars = len(fence.group(1).expandtabs()), fence.group(2)
            block = Block(path=path, line=i + 1, info=fence.group(3).strip(), lines=[], marker=pending)
            pending = None
            close = re.compile(r"^\s*" + re.escape(chars[0]) + "{" + str(len(chars)) + r",}\s*$")
            i += 1
            while i < len(lines) and not close.match(lines[i]):
                content = lines[i]
                strip = 0
                while strip < indent and strip < len(content) and content[strip] == " ":
                    strip += 1
                block.lines.append((i + 1, content[strip:]))
                i += 1
            if i == len(lines):
                page.errors.append((block.line, "code block not closed"))
            page.blocks.append(block)
            i += 1
            continue
        plain = CODE_SPAN_RE.sub(lambda m: "x" * len(m.group(0)), line)
        marker = MARKER_RE.match(line)
        if marker:
            if pending:
                page.errors.append((pending.line, "example marker not followed by a code block"))
            pending, errors = parse_marker(i + 1, marker.group(1))
            page.errors += [(i + 1, e) for e in errors]
        elif MARKER_LIKE_RE.search(line):
            page.errors.append((i + 1, "malformed example marker "
                                       "(write `<!-- example: OPTION -->` on a line of its own)"))
        elif line.strip() and pending:
            page.errors.append((pending.line, "example marker not followed by a code block"))
            pending = None
        heading = HEADING_RE.match(line)
        if heading:
            page.headings.append((i + 1, heading.group(2)))
        page.html_anchors.update(HTML_ANCHOR_RE.findall(plain))
        for m in LINK_RE.finditer(plain):
            page.links.append((i + 1, line[m.start(3): m.end(3)].strip("<>")))
        page.code_paths += [(i + 1, m.group(2)) for m in CODE_SPAN_RE.finditer(line)
                            if re.fullmatch(r"[\w.-]+/[\w./-]*", m.group(2))]
        ref = REFDEF_RE.match(plain)
        if ref:
            page.links.append((i + 1, ref.group(2).strip("<>")))
        i += 1
    if pending:
        page.errors.append((pending.line, "example marker not followed by a code block"))
    return page


def doc_files(source):
    found = []
    for top, dirs, files in os.walk(source):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and not d.startswith("."))
        rel = os.path.relpath(top, source)
        for f in sorted(files):
            if not f.endswith(".md"):
                continue
            path = os.path.normpath(os.path.join(rel, f))
            if f == "README.md" or rel == "." or path.startswith("docs" + os.sep):
                found.append(path)
    return found


# --- Examples --------------------------------------------------------------


@dataclasses.dataclass
class Command:
    line: int
    text: str
    expected: list  # [(line, text)]


@dataclasses.dataclass
class Example:
    block: Block
    kind: str  # "shell", "session" ($ CMD then requests and answers), "protocol" (> and <)
    commands: list = None  # shell: [Command]
    command: str = ""  # session, protocol: the program the requests are fed to
    transcript: list = None  # session, protocol: [(line, "req"|"ans"|"any", text)]


HEREDOC_RE = re.compile(r"(?<!<)<<(?!<)(-?)\s*(['\"]?)([A-Za-z_][A-Za-z0-9_]*)\2")


def is_wildcard(text):
    return text.strip() == "..."


def classify(block):
    """An Example, None (not an example), or an error message."""
    lines = list(block.lines)
    while lines and not lines[-1][1].strip():
        lines.pop()
    marker = block.marker or Marker(line=0)
    first = next((t for _, t in lines if t.strip()), "")
    prompt = first.startswith("$ ")
    protocol = lines and all(t.startswith((">", "<")) for _, t in lines if t.strip()) \
        and any(t.startswith(">") for _, t in lines) and any(t.startswith("<") for _, t in lines)
    if marker.session:
        if not prompt:
            return "a `session` example starts with `$ COMMAND`, the program the requests go to"
        command, transcript = first[2:].strip(), []
        for n, t in lines[1:]:
            if is_wildcard(t):
                transcript.append((n, "any", t))
            elif re.match(r"^[=?]( |$)", t):
                transcript.append((n, "ans", t))
            elif t.startswith("$ "):
                return f"line {n}: a `session` example has one command"
            else:
                transcript.append((n, "req", t))
        return Example(block, "session", command=command, transcript=transcript)
    if protocol:
        transcript = []
        for n, t in lines:
            if is_wildcard(t):
                transcript.append((n, "any", t))
            elif t.startswith(">"):
                transcript.append((n, "req", t[2:] if t.startswith("> ") else t[1:]))
            elif t.startswith("<"):
                transcript.append((n, "ans", t[2:] if t.startswith("< ") else t[1:]))
            elif t.strip():
                return f"line {n}: a session line starts with `> ` (request) or `< ` (answer)"
        return Example(block, "protocol", command=marker.engine or "bao-oracle engine", transcript=transcript)
    if not any(t.startswith("$ ") for _, t in lines):
        if block.info.split(" ")[0].lower() in SHELL_INFOS and not marker.not_run:
            return ("a shell block shows commands: write them as `$ COMMAND` followed by their output, "
                    "or mark the block `<!-- example: not run: REASON -->`")
        return None
    if not prompt:
        return "output before the first `$ ` command"
    commands, k = [], 0
    while k < len(lines):
        n, t = lines[k]
        if t.startswith("$ "):
            text = t[2:]
            while text.endswith("\\") and k + 1 < len(lines):
                k += 1
                text += "\n" + lines[k][1]
            # A here-document's lines are the command's, up to its delimiter.
            for dash, _, word in HEREDOC_RE.findall(text):
                while k + 1 < len(lines):
                    k += 1
                    text += "\n" + lines[k][1]
                    if (lines[k][1].lstrip("\t") if dash else lines[k][1]) == word:
                        break
                else:
                    return f"line {n}: here-document not ended by a line `{word}`"
            commands.append(Command(line=n, text=text, expected=[]))
        else:
            commands[-1].expected.append((n, t))
        k += 1
    return Example(block, "shell", commands=commands)


def line_matches(pattern, actual):
    pattern, actual = pattern.rstrip(), actual.rstrip()
    if "..." not in pattern:
        return pattern == actual
    regex = ".*".join(re.escape(p) for p in pattern.split("..."))
    return re.fullmatch(regex, actual, re.DOTALL) is not None


def matches(expected, actual):
    """Whether the actual lines fit the expected ones, where a `...` line
    stands for any number of lines and `...` in a line for any text."""
    n, m = len(expected), len(actual)
    # ok[i][j]: expected[i:] fits actual[j:]
    ok = [[False] * (m + 1) for _ in range(n + 1)]
    ok[n][m] = True
    for i in range(n - 1, -1, -1):
        wild = is_wildcard(expected[i])
        for j in range(m, -1, -1):
            if wild:
                ok[i][j] = ok[i + 1][j] or (j < m and ok[i][j + 1])
            else:
                ok[i][j] = j < m and line_matches(expected[i], actual[j]) and ok[i + 1][j + 1]
    return ok[0][0]


def render_expected(expected, actual):
    """The expected lines with every line that matches shown as the actual
    one (and each `...` as the lines it stands for), so that a diff against
    the actual output shows only what really differs."""
    n, m = len(expected), len(actual)
    # best[i][j]: how well expected[i:] fits actual[j:]: the most lines
    # matched, then the most lines a `...` stands for (a line matched
    # outweighs any number covered)
    hit = m + 1
    best = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        wild = is_wildcard(expected[i])
        for j in range(m - 1, -1, -1):
            b = max(best[i + 1][j], best[i][j + 1])
            if wild:
                b = max(b, best[i][j + 1] + 1)
            elif line_matches(expected[i], actual[j]):
                b = max(b, best[i + 1][j + 1] + hit)
            best[i][j] = b
    out, i, j = [], 0, 0
    while i < n:
        wild = is_wildcard(expected[i])
        if j < m and wild and best[i][j] == best[i][j + 1] + 1:
            out.append(actual[j])
            j += 1
        elif j < m and not wild and line_matches(expected[i], actual[j]) \
                and best[i][j] == best[i + 1][j + 1] + hit:
            out.append(actual[j])
            i, j = i + 1, j + 1
        elif j == m or best[i][j] == best[i + 1][j]:
            if not wild:
                out.append(expected[i])
            i += 1
        else:
            j += 1
    return out


def abridge(expected):
    """An abridged block: any output may be left out around and between its lines."""
    out = ["..."]
    for line in expected:
        out += [line, "..."]
    return out


def trim(lines):
    lines = [l.rstrip() for l in lines]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def decode(data):
    text = data.decode("utf-8", errors="backslashreplace")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def kill_group(process):
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def run_shell(commands, cwd, env, timeout):
    """Runs the commands in one bash session, stdout and stderr in one pipe
    (in the order they are written, as on a terminal); returns the output
    of each command (bytes), stopping at the first that does not finish
    within `timeout` seconds. Returns ([output], error or ""): with an error,
    the last item is the output of the command that failed (or of the shell
    after the last command)."""
    script = ["__bao_example_mark() { local s=$?; printf '\\036%s\\036\\n' \"$1\"; return $s; }"]
    for k, c in enumerate(commands):
        script += [c.text, f"__bao_example_mark {k}"]
    fd, script_path = tempfile.mkstemp(prefix="example-", suffix=".sh", dir=env["TMPDIR"])
    with os.fdopen(fd, "w") as f:
        f.write("\n".join(script) + "\n")
    process = subprocess.Popen(["bash", "--noprofile", "--norc", script_path], cwd=cwd, env=env,
                               stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               start_new_session=True)
    buf, results, error = bytearray(), [], ""
    deadline = time.monotonic() + timeout
    try:
        with selectors.DefaultSelector() as sel:
            sel.register(process.stdout, selectors.EVENT_READ)
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    if len(results) < len(commands):
                        error = f"timed out after {timeout:g} s"
                    else:
                        error = "left a process running that holds its output open"
                    break
                if not sel.select(timeout=left):
                    continue
                data = os.read(process.stdout.fileno(), 65536)
                if not data:
                    break
                buf += data
                if len(buf) > 2 * OUTPUT_LIMIT:  # keep the head, and the end for the marker
                    tail = bytes(buf[-64:])
                    del buf[OUTPUT_LIMIT:]
                    buf += b"\n[... output cut by the example runner ...]\n" + tail
                while len(results) < len(commands):
                    mark = b"\x1e%d\x1e\n" % len(results)
                    at = buf.find(mark)
                    if at < 0:
                        break
                    results.append(bytes(buf[:at]))
                    del buf[: at + len(mark)]
                    deadline = time.monotonic() + timeout
                    if len(results) == len(commands):  # the shell ends now
                        deadline = min(deadline, time.monotonic() + 10)
    finally:
        kill_group(process)
        process.wait()
        process.stdout.close()
        os.unlink(script_path)
    if not error and len(results) < len(commands):
        error = f"did not finish: the shell ended (exit status {process.returncode}) in it"
    if error:
        results.append(bytes(buf))
    return results, error


def run_session(command, requests, cwd, env, timeout):
    process = subprocess.Popen(["bash", "--noprofile", "--norc", "-c", command], cwd=cwd, env=env,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               start_new_session=True)
    error = ""
    try:
        out, err = process.communicate("".join(r + "\n" for r in requests).encode(), timeout=timeout)
    except subprocess.TimeoutExpired:
        kill_group(process)
        out, err = process.communicate()
        error = f"timed out after {timeout:g} s"
    finally:
        kill_group(process)
    return out, err, error


def quote_command(text):
    return "$ " + text.replace("\n", "\n  ")


def where(path, line):
    return f"{path}:{line}"


DIFF_LINES = 80  # the most lines of a diff shown


def diff(path, line, expected, actual):
    shown = render_expected(expected, actual)
    lines = list(difflib.unified_diff(shown, actual, f"expected ({where(path, line)})", "actual",
                                      lineterm="", n=3))
    if len(lines) > DIFF_LINES:
        lines = lines[:DIFF_LINES] + [f"[... {len(lines) - DIFF_LINES} more lines of the diff]"]
    return "\n".join(lines)


class Outcome:
    def __init__(self, block, status, reason="", commands=0):
        self.block, self.status, self.reason, self.commands = block, status, reason, commands
        self.failures = []  # (text)


def make_env(bindir, tmp):
    env = dict(os.environ)
    env["PATH"] = bindir + os.pathsep + env.get("PATH", "/usr/bin:/bin")
    env["LC_ALL"] = "C"
    env["TMPDIR"] = tmp
    env.pop("LANGUAGE", None)
    # A CI runner's environment need not name a login shell: the examples
    # run without one everywhere, so that one that needs it fails here too.
    env.pop("SHELL", None)
    return env


def run_example(example, workdir, env, scale):
    block, marker = example.block, example.block.marker or Marker(line=0)
    path = block.path
    for program in marker.requires:
        if not shutil.which(program, path=env["PATH"]):
            return Outcome(block, "not run", f"needs `{program}`, which is not on PATH")
    timeout = (marker.timeout or DEFAULT_TIMEOUT) * scale
    status = "abridged" if marker.abridged else "compared"
    if example.kind == "shell":
        outcome = Outcome(block, status, marker.abridged_reason, len(example.commands))
        results, error = run_shell(example.commands, workdir, env, timeout)
        failed_at = len(results) - 1 if error else None
        for k, c in enumerate(example.commands):
            if failed_at is not None and k > failed_at:
                outcome.failures.append(f"{where(path, c.line)}: not run, since an earlier command did not "
                                        f"finish\n{quote_command(c.text)}")
                continue
            actual = trim(decode(results[k]))
            expected = trim(t for _, t in c.expected)
            if marker.abridged:
                expected = abridge(expected)
            if k == failed_at or not matches(expected, actual):
                what = "the command " + error if k == failed_at else "the output differs"
                text = f"{where(path, c.line)}: {what}\n"
                text += quote_command(c.text) + "\n"
                first = c.expected[0][0] if c.expected else c.line + 1
                text += diff(path, first, expected, actual)
                outcome.failures.append(text)
        if failed_at == len(example.commands):  # a process left behind by the last command
            outcome.failures.append(f"{where(path, block.line)}: {error} (a process left running?)")
        return outcome
    outcome = Outcome(block, status, marker.abridged_reason, 1)
    requests = [t for _, kind, t in example.transcript if kind == "req"]
    out, err, error = run_session(example.command, requests, workdir, env, timeout)
    answers = decode(out)
    if example.kind == "protocol":
        show = {"req": "> {}", "ans": "< {}"}
    else:
        show = {"req": "{}", "ans": "{}"}
    def fmt(kind, text):
        return show[kind].format(text).rstrip()
    expected = [t if kind == "any" else fmt(kind, t) for _, kind, t in example.transcript]
    actual, a = [], 0
    for r in requests:
        actual.append(fmt("req", r))
        if a < len(answers):
            actual.append(fmt("ans", answers[a]))
            a += 1
    actual += [fmt("ans", x) for x in answers[a:]]
    if marker.abridged:
        expected = abridge(expected)
    if error or not matches(expected, actual):
        first = example.transcript[0][0] if example.transcript else block.line + 1
        text = f"{where(path, block.line)}: {'the session ' + error if error else 'the session differs'}\n"
        text += f"requests fed to: {example.command}\n"
        text += diff(path, first, expected, actual)
        if err.strip():
            text += "\nits stderr:\n" + "\n".join(decode(err)[-20:])
        outcome.failures.append(text)
    return outcome


def repository_files(source):
    """The files of the checkout (git's view when there is one), as relative paths."""
    try:
        top = subprocess.run(["git", "-C", source, "rev-parse", "--show-toplevel"],
                             capture_output=True, check=True, text=True).stdout.strip()
        if os.path.realpath(top) != os.path.realpath(source):
            raise OSError("not the top of a git checkout")
        listed = subprocess.run(["git", "-C", source, "ls-files", "-z", "--cached", "--others",
                                 "--exclude-standard"], capture_output=True, check=True).stdout
        files = [f for f in listed.decode().split("\0") if f]
        return [f for f in files if os.path.lexists(os.path.join(source, f))]
    except (OSError, subprocess.CalledProcessError):
        files = []
        for top, dirs, names in os.walk(source):
            dirs[:] = [d for d in dirs if d not in SKIP_DIRS and not d.startswith(".")]
            files += [os.path.relpath(os.path.join(top, n), source) for n in names]
        return files


def copy_tree(source, files, dest):
    for f in files:
        src, dst = os.path.join(source, f), os.path.join(dest, f)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        if os.path.islink(src):
            os.symlink(os.readlink(src), dst)
        elif os.path.isfile(src):
            shutil.copy2(src, dst)


# Where the README's release build puts the binary; in the copy it is the
# binary under test, so that examples can name it as a reader types it.
RELEASE_BINARY = "build/release/bao-oracle"


def run_page(source, files, page, only_lines, binary, scale):
    """Runs a page's examples in a fresh copy of the checkout."""
    outcomes, examples = [], []
    for block in page.blocks:
        if only_lines and block.line not in only_lines:
            continue
        example = classify(block)
        marker = block.marker
        if isinstance(example, str):
            o = Outcome(block, "error")
            o.failures.append(f"{where(page.path, block.line)}: {example}")
            outcomes.append(o)
        elif marker and marker.not_run:
            outcomes.append(Outcome(block, "not run", marker.not_run))
        elif example is None:
            if marker:
                o = Outcome(block, "error")
                o.failures.append(f"{where(page.path, block.line)}: an example marker on a block that is "
                                  "no example (no `$ ` command, no `>`/`<` session)")
                outcomes.append(o)
        else:
            examples.append(example)
    if examples:
        with tempfile.TemporaryDirectory(prefix="bao-docs-") as tmp:
            workdir = os.path.join(tmp, "repo")
            copy_tree(source, files, workdir)
            if not os.path.lexists(os.path.join(workdir, RELEASE_BINARY)):
                os.makedirs(os.path.dirname(os.path.join(workdir, RELEASE_BINARY)), exist_ok=True)
                os.symlink(binary, os.path.join(workdir, RELEASE_BINARY))
            scratch = os.path.join(tmp, "tmp")
            os.mkdir(scratch)
            # PATH leads to the binary's own folder, so that it runs from where
            # it was built; a link when it has another name.
            bindir = os.path.dirname(binary)
            if os.path.basename(binary) != "bao-oracle":
                bindir = os.path.join(tmp, "bin")
                os.mkdir(bindir)
                os.symlink(binary, os.path.join(bindir, "bao-oracle"))
            env = make_env(bindir, scratch)
            for example in examples:
                outcomes.append(run_example(example, workdir, env, scale))
    outcomes.sort(key=lambda o: o.block.line)
    return outcomes


def load_pages(source, requested):
    pages, only = [], {}
    for item in requested or doc_files(source):
        path, line = item, ""
        m = re.fullmatch(r"(.*):(\d+)", item)
        if m:
            path, line = m.group(1), m.group(2)
        if os.path.isabs(path) or not os.path.exists(os.path.join(source, path)):
            path = os.path.relpath(os.path.abspath(path), source)
        path = os.path.normpath(path)
        if line:
            only.setdefault(path, set()).add(int(line))
        if path in (p.path for p in pages):
            continue
        with open(os.path.join(source, path), encoding="utf-8") as f:
            pages.append(scan(path, f.read()))
    return pages, only


def cmd_examples(args):
    source = os.path.abspath(args.source)
    binary = os.path.abspath(args.bin)
    if not os.access(binary, os.X_OK):
        print(f"docs_examples: {binary} is not an executable", file=sys.stderr)
        return 2
    pages, only = load_pages(source, args.files)
    files = repository_files(source)
    start = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(run_page, source, files, p, only.get(p.path), binary, args.timeout_scale)
                   for p in pages]
        results = [f.result() for f in futures]
    print("examples per page: compared / abridged / not run (commands run)")
    totals = {"compared": 0, "abridged": 0, "not run": 0, "commands": 0}
    notes, failures = [], []
    for page, outcomes in zip(pages, results):
        failures += [f"{where(page.path, line)}: {message}" for line, message in page.errors]
        counts = {k: sum(1 for o in outcomes if o.status == k) for k in ("compared", "abridged", "not run")}
        commands = sum(o.commands for o in outcomes)
        for k in counts:
            totals[k] += counts[k]
        totals["commands"] += commands
        if any(counts.values()):
            print(f"  {page.path}: {counts['compared']} / {counts['abridged']} / {counts['not run']} ({commands})")
        for o in outcomes:
            if o.status == "not run":
                notes.append(f"{where(page.path, o.block.line)}: not run: {o.reason}")
            elif o.status == "abridged" and o.reason:
                notes.append(f"{where(page.path, o.block.line)}: abridged: {o.reason}")
    print(f"  all: {totals['compared']} / {totals['abridged']} / {totals['not run']} ({totals['commands']}),"
          f" in {time.monotonic() - start:.1f} s")
    for note in notes:
        print(note)
    failures += [f for outcomes in results for o in outcomes for f in o.failures]
    for f in failures:
        print()
        print("FAILED " + f)
    if failures:
        print(f"\n{len(failures)} failure{'s' if len(failures) != 1 else ''}"
              " (docs/examples.md: how examples are written and run)")
    return 1 if failures else 0


def cmd_links(args):
    source = os.path.abspath(args.source)
    pages, _ = load_pages(source, args.files)
    files = set(repository_files(source))
    dirs = {os.path.dirname(f) for f in files}
    for d in list(dirs):
        while d:
            d = os.path.dirname(d)
            dirs.add(d)
    anchors_of = {}

    def anchors(path):
        if path not in anchors_of:
            with open(os.path.join(source, path), encoding="utf-8") as f:
                anchors_of[path] = page_anchors(scan(path, f.read()))
        return anchors_of[path]

    problems, checked = [], 0
    for page in pages:
        for line, target in page.links:
            if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target) or target.startswith("//"):
                continue  # a URL: not checked here
            checked += 1
            path, _, anchor = target.partition("#")
            path = urllib.parse.unquote(path)
            if path.startswith("/"):
                resolved = os.path.normpath(path.lstrip("/"))
            elif path:
                resolved = os.path.normpath(os.path.join(os.path.dirname(page.path), path))
            else:
                resolved = page.path
            if resolved.startswith(".."):
                problems.append(f"{where(page.path, line)}: link {target!r} leaves the repository")
                continue
            if resolved not in files and resolved.rstrip("/") not in dirs:
                problems.append(f"{where(page.path, line)}: link {target!r}: no file {resolved} in the repository")
                continue
            if anchor and resolved.endswith(".md") and resolved in files:
                if urllib.parse.unquote(anchor) not in anchors(resolved):
                    near = difflib.get_close_matches(anchor, sorted(anchors(resolved)), n=1, cutoff=0.3)
                    hint = f" (nearest: #{near[0]})" if near else ""
                    problems.append(f"{where(page.path, line)}: link {target!r}: no heading "
                                    f"#{anchor} in {resolved}{hint}")
    # A code span naming a path under one of the repository's top folders
    # (`examples/python/maasai_engine.py`) must name one that exists.
    tops = {f.split("/")[0] for f in files if "/" in f}
    paths = 0
    for page in pages:
        for line, text in page.code_paths:
            if text.split("/")[0] not in tops:
                continue
            paths += 1
            if text.rstrip("/") not in files and text.rstrip("/") not in dirs:
                problems.append(f"{where(page.path, line)}: `{text}`: no such file or folder in the repository")
    for p in problems:
        print("FAILED " + p)
    print(f"{checked} relative links and {paths} paths in code spans, in {len(pages)} pages: "
          f"{len(problems)} broken")
    return 1 if problems else 0


def cmd_list(args):
    source = os.path.abspath(args.source)
    pages, only = load_pages(source, args.files)
    for page in pages:
        for line, message in page.errors:
            print(f"{where(page.path, line)}: error: {message}")
        for block in page.blocks:
            if only.get(page.path) and block.line not in only[page.path]:
                continue
            example = classify(block)
            marker = block.marker
            if isinstance(example, str):
                what = "error: " + example
            elif marker and marker.not_run:
                what = "not run: " + marker.not_run
            elif example is None:
                what = "not an example" + (f" ({block.info})" if block.info else "")
            else:
                n = len(example.commands) if example.kind == "shell" else 1
                what = f"{example.kind}{', abridged' if marker and marker.abridged else ''}, {n} command(s)"
            print(f"{where(page.path, block.line)}: {what}")
    return 0


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="mode", required=True)
    for mode in ("examples", "links", "list"):
        p = sub.add_parser(mode)
        p.add_argument("--source", required=True, help="the repository's top folder")
        p.add_argument("files", nargs="*", help="pages (FILE or FILE:LINE), relative to --source")
        if mode == "examples":
            p.add_argument("--bin", required=True, help="the bao-oracle to run")
            p.add_argument("--jobs", type=int, default=2, help="pages run in parallel (default 2)")
            p.add_argument("--timeout-scale", type=float, default=1.0,
                           help="multiply every command's time limit (a sanitizer build is slower)")
    args = parser.parse_args(argv)
    return {"examples": cmd_examples, "links": cmd_links, "list": cmd_list}[args.mode](args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
