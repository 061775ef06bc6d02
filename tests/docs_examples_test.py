#!/usr/bin/env python3
"""Tests of the documentation's example runner (tests/docs_examples.py):
each kind of example passes when its output is right and fails, naming the
page and line with a diff, when it is not. The pages are written here, into
a temporary folder, with a stand-in `bao-oracle`; with BAO_ORACLE set, one
test also runs the real one.

    python3 -m unittest discover -s tests -p 'docs_examples_test.py'
"""

import os
import stat
import subprocess
import sys
import tempfile
import textwrap
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
RUNNER = os.path.join(HERE, "docs_examples.py")
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, HERE)
import docs_examples  # noqa: E402

# A stand-in for bao-oracle: `moves` prints a fixed line, `fail` an error on
# stderr (exit 2), `echo-engine` answers each request line with `= LINE`,
# `quit` with `=` and then exits.
FAKE_ORACLE = r"""#!/usr/bin/env bash
case $1 in
  moves) echo "A6L A6R A7L A7R" ;;
  both) echo out-1; echo err-1 >&2; echo out-2 ;;
  fail) echo "bao-oracle: --ruleset: unknown ruleset '$2'" >&2; exit 2 ;;
  engine)
    while IFS= read -r line; do
      if [ "$line" = quit ]; then echo "="; exit 0; fi
      if [ -z "$line" ]; then echo "? empty request"; else echo "= $line"; fi
    done ;;
  *) echo "unknown $1" >&2; exit 2 ;;
esac
"""


class Repo:
    """A temporary folder holding pages, and the runner run on it."""

    def __init__(self, test):
        self.tmp = tempfile.TemporaryDirectory(prefix="docs-runner-test-")
        test.addCleanup(self.tmp.cleanup)
        self.root = os.path.join(self.tmp.name, "repo")
        os.mkdir(self.root)
        self.oracle = os.path.join(self.tmp.name, "bin", "bao-oracle")
        os.mkdir(os.path.dirname(self.oracle))
        with open(self.oracle, "w") as f:
            f.write(FAKE_ORACLE)
        os.chmod(self.oracle, os.stat(self.oracle).st_mode | stat.S_IXUSR)

    def write(self, path, text):
        full = os.path.join(self.root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as f:
            f.write(textwrap.dedent(text))

    def run(self, mode="examples", *files, oracle=None):
        args = [sys.executable, RUNNER, mode, "--source", self.root]
        if mode == "examples":
            args += ["--bin", oracle or self.oracle]
        result = subprocess.run(args + list(files), capture_output=True, text=True, timeout=300)
        return result.returncode, result.stdout + result.stderr


def page(body):
    return "# A page\n\n" + textwrap.dedent(body)


class Matching(unittest.TestCase):
    def test_dots_in_a_line_stand_for_any_text(self):
        self.assertTrue(docs_examples.line_matches("perft: 4 paths in ... s", "perft: 4 paths in 0.001 s"))
        self.assertTrue(docs_examples.line_matches("a ... b ... c", "a x b y c"))
        self.assertFalse(docs_examples.line_matches("a ... b", "a x c"))
        self.assertFalse(docs_examples.line_matches("once ...", "once, more"))

    def test_dots_on_a_line_stand_for_any_number_of_lines(self):
        m = docs_examples.matches
        self.assertTrue(m(["a", "...", "d"], ["a", "b", "c", "d"]))
        self.assertTrue(m(["a", "...", "b"], ["a", "b"]))
        self.assertTrue(m(["  ..."], []))
        self.assertFalse(m(["a", "...", "d"], ["a", "b", "c"]))
        self.assertFalse(m(["a", "b"], ["a", "b", "c"]))
        self.assertFalse(m(["a", "b", "c"], ["a", "b"]))

    def test_the_diff_shows_only_what_differs(self):
        # `...` covers b, c and y; x is what is missing; t 1 matches.
        shown = docs_examples.render_expected(["a", "...", "x", "t ..."], ["a", "b", "c", "y", "t 1"])
        self.assertEqual(shown, ["a", "b", "c", "y", "x", "t 1"])
        shown = docs_examples.render_expected(["a", "...", "d"], ["a", "b", "d", "e"])
        self.assertEqual(shown, ["a", "b", "d"])


class Examples(unittest.TestCase):
    def test_a_right_example_passes_and_a_changed_one_fails_with_a_diff(self):
        repo = Repo(self)
        repo.write("docs/a.md", page("""\
            ```
            $ bao-oracle moves
            A6L A6R A7L A7R
            ```
            """))
        code, out = repo.run()
        self.assertEqual(code, 0, out)
        self.assertIn("docs/a.md: 1 / 0 / 0 (1)", out)
        repo.write("docs/a.md", page("""\
            ```
            $ bao-oracle moves
            A6L A6R A7L
            ```
            """))
        code, out = repo.run()
        self.assertEqual(code, 1, out)
        self.assertIn("FAILED docs/a.md:4: the output differs", out)
        self.assertIn("--- expected (docs/a.md:5)", out)
        self.assertIn("-A6L A6R A7L\n+A6L A6R A7L A7R", out)

    def test_stdout_and_stderr_are_one_stream_in_the_order_written(self):
        repo = Repo(self)
        repo.write("README.md", page("""\
            ```
            $ bao-oracle both
            out-1
            err-1
            out-2
            $ bao-oracle fail nope
            bao-oracle: --ruleset: unknown ruleset 'nope'
            ```
            """))
        code, out = repo.run()
        self.assertEqual(code, 0, out)

    def test_a_block_is_one_shell_so_status_cd_and_variables_carry_over(self):
        repo = Repo(self)
        repo.write("sub/data.txt", "x\n")
        repo.write("docs/a.md", page("""\
            ```
            $ bao-oracle fail x > /dev/null 2>&1
            $ echo $?
            2
            $ cd sub && word=kept
            $ ls; echo $word
            data.txt
            kept
            ```

            ```
            $ pwd | sed 's|.*/||'
            repo
            ```
            """))
        code, out = repo.run()
        self.assertEqual(code, 0, out)

    def test_continuation_lines_and_here_documents_belong_to_the_command(self):
        repo = Repo(self)
        repo.write("docs/a.md", page("""\
            ```
            $ echo one \\
                two
            one two
            $ cat <<'EOF' | wc -l
            $ still the here-document
            EOF
            1
            ```
            """))
        code, out = repo.run()
        self.assertEqual(code, 0, out)

    def test_an_example_cannot_change_the_checkout(self):
        repo = Repo(self)
        repo.write("docs/a.md", page("""\
            ```
            $ echo changed > docs/a.md && mkdir -p out && touch out/new && cat docs/a.md
            changed
            ```

            ```
            $ ls out
            new
            ```
            """))
        with open(os.path.join(repo.root, "docs/a.md")) as f:
            before = f.read()
        code, out = repo.run()
        self.assertEqual(code, 0, out)
        with open(os.path.join(repo.root, "docs/a.md")) as f:
            self.assertEqual(f.read(), before)
        self.assertFalse(os.path.exists(os.path.join(repo.root, "out")))

    def test_the_release_path_is_the_binary_under_test(self):
        repo = Repo(self)
        repo.write("docs/a.md", page("""\
            ```
            $ build/release/bao-oracle moves
            A6L A6R A7L A7R
            ```
            """))
        code, out = repo.run()
        self.assertEqual(code, 0, out)

    def test_a_command_that_hangs_fails_after_its_timeout(self):
        repo = Repo(self)
        repo.write("docs/a.md", page("""\
            <!-- example: timeout: 1 -->
            ```
            $ echo before
            before
            $ sleep 30
            $ echo after
            after
            ```
            """))
        code, out = repo.run()
        self.assertEqual(code, 1, out)
        self.assertIn("FAILED docs/a.md:7: the command timed out after 1 s", out)
        self.assertIn("FAILED docs/a.md:8: not run, since an earlier command did not finish", out)

    def test_abridged_output_may_leave_lines_out_but_not_reorder_them(self):
        repo = Repo(self)
        text = page("""\
            <!-- example: abridged: the middle of a long list -->
            ```
            $ printf '%s\\n' 1 2 3 4 5
            2
            4
            ```
            """)
        repo.write("docs/a.md", text)
        code, out = repo.run()
        self.assertEqual(code, 0, out)
        self.assertIn("docs/a.md: 0 / 1 / 0 (1)", out)
        self.assertIn("docs/a.md:4: abridged: the middle of a long list", out)
        repo.write("docs/a.md", text.replace("2\n4\n", "4\n2\n"))
        code, out = repo.run()
        self.assertEqual(code, 1, out)


class Sessions(unittest.TestCase):
    def test_a_protocol_session_is_fed_to_the_engine(self):
        repo = Repo(self)
        text = page("""\
            ```
            > protocol
            < = protocol
            >
            < ? empty request
            > moves
            < = moves
            > quit
            < =
            ```
            """)
        repo.write("docs/p.md", text)
        code, out = repo.run()
        self.assertEqual(code, 0, out)
        repo.write("docs/p.md", text.replace("< = moves", "< = A6L"))
        code, out = repo.run()
        self.assertEqual(code, 1, out)
        self.assertIn("FAILED docs/p.md:3: the session differs", out)
        self.assertIn("-< = A6L\n+< = moves", out)

    def test_a_typed_session_separates_requests_from_answers(self):
        repo = Repo(self)
        text = page("""\
            <!-- example: session -->
            ```
            $ bao-oracle engine
            name
            = name
            play A6L
            = play ...
            quit
            =
            ```
            """)
        repo.write("docs/p.md", text)
        code, out = repo.run()
        self.assertEqual(code, 0, out)
        repo.write("docs/p.md", text.replace("= name", "= other"))
        code, out = repo.run()
        self.assertEqual(code, 1, out)
        self.assertIn("-= other\n+= name", out)

    def test_an_engine_marker_names_the_program(self):
        repo = Repo(self)
        repo.write("docs/p.md", page("""\
            <!-- example: engine: sed -u 's/^/= /' -->
            ```
            > hello
            < = hello
            ```
            """))
        code, out = repo.run()
        self.assertEqual(code, 0, out)


class Markers(unittest.TestCase):
    def test_a_block_not_run_says_why(self):
        repo = Repo(self)
        repo.write("docs/a.md", page("""\
            <!-- example: not run: needs a machine we do not have -->
            ```sh
            ./setup.sh
            ```
            """))
        code, out = repo.run()
        self.assertEqual(code, 0, out)
        self.assertIn("docs/a.md:4: not run: needs a machine we do not have", out)
        self.assertIn("docs/a.md: 0 / 0 / 1 (0)", out)

    def test_a_missing_program_is_a_reason_not_a_pass(self):
        repo = Repo(self)
        repo.write("docs/a.md", page("""\
            <!-- example: requires: no-such-program-anywhere -->
            ```
            $ no-such-program-anywhere
            whatever
            ```
            """))
        code, out = repo.run()
        self.assertEqual(code, 0, out)
        self.assertIn("not run: needs `no-such-program-anywhere`, which is not on PATH", out)

    def test_mistakes_in_pages_fail(self):
        cases = {
            "a shell block without prompts": "```sh\n./setup.sh\n```\n",
            "a reason left out": "<!-- example: not run -->\n```\n$ true\n```\n",
            "an empty reason": "<!-- example: not run:   -->\n```\n$ true\n```\n",
            "an unknown option": "<!-- example: abrigded -->\n```\n$ true\n```\n",
            "a marker without a block": "<!-- example: abridged -->\n\nSome text.\n",
            "a malformed marker": "<!-- examples: abridged -->\n```\n$ true\n```\n",
            "a marker on a block that is no example": "<!-- example: abridged -->\n```\nplain text\n```\n",
            "output before the first command": "```\nout\n$ true\n```\n",
            "an unclosed block": "```\n$ true\n",
        }
        for what, body in cases.items():
            with self.subTest(what):
                repo = Repo(self)
                repo.write("docs/a.md", page(body))
                code, out = repo.run()
                self.assertEqual(code, 1, out)
                self.assertIn("docs/a.md:", out)

    def test_plain_blocks_are_not_examples(self):
        repo = Repo(self)
        repo.write("docs/a.md", page("""\
            ```
            bao-oracle check --engine 'CMD ARGS' --ruleset R [--seed S]
            ```

            ```yaml
            accept: []
            ```
            """))
        code, out = repo.run()
        self.assertEqual(code, 0, out)
        code, out = repo.run("list")
        self.assertIn("docs/a.md:3: not an example", out)
        self.assertIn("docs/a.md:7: not an example (yaml)", out)


class Links(unittest.TestCase):
    def test_links_and_anchors_resolve(self):
        repo = Repo(self)
        repo.write("docs/b.md", "# B\n\n## `sources [--json]`\n\n## Twice\n\n## Twice\n")
        repo.write("src/x.cpp", "\n")
        repo.write("docs/a.md", page("""\
            ## Here it is

            [b](b.md), [s](b.md#sources---json), [t](b.md#twice-1), [here](#here-it-is),
            [folder](../src/), [code](../src/x.cpp#L1), [web](https://example.org/x),
            `src/x.cpp`, `x.cpp`, `src/<name>.cpp`, `[not](a link.md)`.
            """))
        code, out = repo.run("links")
        self.assertEqual(code, 0, out)

    def test_broken_links_fail(self):
        cases = {
            "a missing file": ("[x](nope.md)", "no file docs/nope.md"),
            "a missing anchor": ("[x](b.md#nope)", "no heading #nope in docs/b.md"),
            "a missing anchor here": ("[x](#nope)", "no heading #nope in docs/a.md"),
            "a path out of the repository": ("[x](../../x.md)", "leaves the repository"),
            "a path in a code span": ("`src/gone.cpp`", "`src/gone.cpp`: no such file"),
        }
        for what, (text, message) in cases.items():
            with self.subTest(what):
                repo = Repo(self)
                repo.write("docs/b.md", "# B\n")
                repo.write("src/x.cpp", "\n")
                repo.write("docs/a.md", page(text + "\n"))
                code, out = repo.run("links")
                self.assertEqual(code, 1, out)
                self.assertIn("FAILED docs/a.md:3: ", out)
                self.assertIn(message, out)


@unittest.skipUnless(os.environ.get("BAO_ORACLE"), "BAO_ORACLE (the bao-oracle to run) not set")
class RealOracle(unittest.TestCase):
    def test_the_real_binary_passes_a_true_example_and_fails_a_false_one(self):
        repo = Repo(self)
        text = page("""\
            ```
            $ bao-oracle moves --ruleset ap-zanzibar --position start
            A6L A6R A7L A7R
            $ bao-oracle perft --ruleset ap-zanzibar --position start --depth 2
            14
            perft: 14 paths in ... s (... paths/s)
            ```
            """)
        repo.write("docs/a.md", text)
        code, out = repo.run(oracle=os.environ["BAO_ORACLE"])
        self.assertEqual(code, 0, out)
        repo.write("docs/a.md", text.replace("\n14\n", "\n15\n"))
        code, out = repo.run(oracle=os.environ["BAO_ORACLE"])
        self.assertEqual(code, 1, out)
        self.assertIn("-15\n+14", out)


if __name__ == "__main__":
    unittest.main()
