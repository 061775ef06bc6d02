// `diverge` replaces its report set in one step (issue 14, item 6; docs/cli.md,
// `diverge`): a run killed at any point leaves the old set or the new one,
// never a mix; what dead runs left behind is cleared by the next run; files
// it does not own are kept; a folder it does not own is refused. The runs are
// the real binary in a child process, stopped by the BAO_TEST_DIE_AFTER hook
// (oracle/core/files.hpp), which kills it with SIGKILL after N written files.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "oracle/core/files.hpp"
#include "subprocess_support.hpp"

namespace bao {
namespace {

namespace fs = std::filesystem;

using Snapshot = std::map<std::string, std::string>;

// Every regular file under `root`, by relative path, with its content.
Snapshot snapshot(const fs::path& root) {
  Snapshot out;
  if (!fs::exists(root)) return out;
  for (const auto& e : fs::recursive_directory_iterator(root))
    if (e.is_regular_file())
      out[fs::relative(e.path(), root).string()] = read_file(e.path().string()).value();
  return out;
}

// A small report between two rulesets; `seed` picks the set.
std::vector<std::string> diverge_args(const fs::path& out, int seed) {
  return {"diverge", "--rulesets", "ap-zanzibar,guide-v2", "--positions", "200",       "--jobs",
          "1",       "--seed",     std::to_string(seed),   "--out",       out.string()};
}

// Runs with BAO_TEST_DIE_AFTER=n in the child's environment (0: not set).
RunResult run_dying(const std::vector<std::string>& args, int n) {
  if (n > 0) ::setenv("BAO_TEST_DIE_AFTER", std::to_string(n).c_str(), 1);
  RunResult r = run_oracle(args);
  ::unsetenv("BAO_TEST_DIE_AFTER");
  return r;
}

// A pid no process has: a child that has exited and been reaped.
pid_t dead_pid() {
  const pid_t pid = ::fork();
  if (pid == 0) ::_exit(0);
  int status = 0;
  ::waitpid(pid, &status, 0);
  return pid;
}

// Names in `parent` that start with `prefix`.
std::vector<std::string> names_starting(const fs::path& parent, const std::string& prefix) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(parent))
    if (e.path().filename().string().starts_with(prefix)) out.push_back(e.path().filename());
  return out;
}

class DivergeReplace : public ::testing::Test {
 protected:
  void SetUp() override {
    base = fs::temp_directory_path() / ("bao-diverge-replace-" + std::to_string(::getpid()));
    fs::remove_all(base);
    fs::create_directories(base);
    dir = base / "report";
  }
  void TearDown() override { fs::remove_all(base); }
  fs::path base, dir;
};

TEST_F(DivergeReplace, AKillAtAnyPointLeavesTheOldSetOrTheNewOneWhole) {
  // The old set, with two files diverge does not own.
  ASSERT_EQ(run_oracle(diverge_args(dir, 1)).status, 0);
  std::ofstream(dir / "README.md") << "kept by hand\n";
  std::ofstream(dir / "witnesses" / "notes.txt") << "mine\n";
  const Snapshot old = snapshot(dir);
  // The new set, written elsewhere to know what it is.
  const fs::path elsewhere = base / "fresh";
  ASSERT_EQ(run_oracle(diverge_args(elsewhere, 2)).status, 0);
  Snapshot fresh = snapshot(elsewhere);
  const int files = static_cast<int>(fresh.size());
  ASSERT_GT(files, 4);
  fresh["README.md"] = "kept by hand\n";
  fresh["witnesses/notes.txt"] = "mine\n";
  ASSERT_NE(fresh, old);

  // Killed after 1, 2, half and all of its files: the old set, intact.
  for (int n : {1, 2, files / 2, files}) {
    const RunResult r = run_dying(diverge_args(dir, 2), n);
    EXPECT_EQ(r.status, -1) << "not killed after " << n << " files: " << r.err;
    EXPECT_EQ(snapshot(dir), old) << "killed after " << n << " of " << files << " files";
  }
  // Killed after the swap, before the old set is removed: the new set.
  EXPECT_EQ(run_dying(diverge_args(dir, 2), files + 1).status, -1);
  EXPECT_EQ(snapshot(dir), fresh);
  EXPECT_FALSE(names_starting(base, "report.tmp.").empty());  // the old set, left aside

  // The next run clears what the killed runs left beside the folder.
  const RunResult r = run_oracle(diverge_args(dir, 2));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(snapshot(dir), fresh);
  EXPECT_TRUE(names_starting(base, "report.tmp.").empty());
  EXPECT_TRUE(names_starting(base, "report.old.").empty());
}

TEST_F(DivergeReplace, TemporariesOfDeadProcessesAreRemovedAndOthersKept) {
  const pid_t gone = dead_pid();
  const std::string g = std::to_string(gone), me = std::to_string(::getpid());
  fs::create_directories(base / ("report.tmp." + g));
  std::ofstream(base / ("report.tmp." + g) / "report.md") << "half a run\n";
  fs::create_directories(base / ("report.tmp." + me));  // a live process's
  fs::create_directories(dir / "witnesses");
  std::ofstream(dir / "witnesses" / ("x--y--01.yaml.tmp." + g)) << "half a file\n";
  std::ofstream(dir / ("report.md.tmp." + g)) << "half a file\n";

  const RunResult r = run_oracle(diverge_args(dir, 1));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_FALSE(fs::exists(base / ("report.tmp." + g)));
  EXPECT_TRUE(fs::exists(base / ("report.tmp." + me)));
  EXPECT_FALSE(fs::exists(dir / "witnesses" / ("x--y--01.yaml.tmp." + g)));
  EXPECT_FALSE(fs::exists(dir / ("report.md.tmp." + g)));
  EXPECT_TRUE(fs::exists(dir / "report.md"));
}

TEST_F(DivergeReplace, AnOldSetMovedAsideIsPutBackWhenTheFolderIsMissing) {
  // A run stopped between the two renames of the fallback swap: no folder,
  // the old set under report.old.<pid>.
  const std::string g = std::to_string(dead_pid());
  fs::create_directories(base / ("report.old." + g) / "witnesses");
  std::ofstream(base / ("report.old." + g) / "README.md") << "from the old set\n";
  FileSet set;
  set.files = {{"report.md", "new\n"}};
  set.owns = [](const fs::path& rel, bool) { return rel == "report.md" || rel == "witnesses"; };
  auto ok = replace_folder(dir.string(), set);
  ASSERT_TRUE(ok.ok()) << ok.error().message;
  EXPECT_EQ(snapshot(dir), (Snapshot{{"README.md", "from the old set\n"}, {"report.md", "new\n"}}));
  EXPECT_FALSE(fs::exists(base / ("report.old." + g)));
}

TEST_F(DivergeReplace, AFolderItDoesNotOwnIsRefusedBeforeAnythingIsWritten) {
  fs::create_directories(dir / "drafts");
  std::ofstream(dir / "drafts" / "a.txt") << "x\n";
  const RunResult r = run_oracle(diverge_args(dir, 1));
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_TRUE(r.err.starts_with("bao-oracle: --out: ")) << r.err;
  EXPECT_NE(r.err.find((dir / "drafts").string()), std::string::npos) << r.err;
  EXPECT_EQ(snapshot(dir), (Snapshot{{"drafts/a.txt", "x\n"}}));
  EXPECT_TRUE(names_starting(base, "report.tmp.").empty());
}

}  // namespace
}  // namespace bao
