// An interrupted `bao-oracle check` (SIGINT, SIGTERM, SIGHUP) as a user
// meets it: the real binary, a slow or hanging engine that deviates
// (tests/fakes/fake_engine.cpp with BAO_FAKE_SWITCHES), interrupted once
// findings exist. It must exit 128 + the signal, write the report of what it
// found so far marked as interrupted, and leave no process behind: no
// worker of --jobs, no engine. Every process of a run carries a marker in
// its environment (inherited by the workers and the engines), so what is
// left is found by scanning /proc after the check has exited.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

extern char** environ;  // NOLINT: POSIX declares it nowhere else

namespace bao {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

constexpr const char* kMarkVariable = "BAO_INTERRUPT_TEST_MARK";

std::string read_whole(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

// The processes whose environment holds `kMarkVariable=mark`, each as
// "PID: cmdline". Zombies have no environment left and are not listed.
std::vector<std::string> marked_processes(const std::string& mark) {
  const std::string needle = std::string(kMarkVariable) + "=" + mark;
  std::vector<std::string> found;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator("/proc", ec)) {
    const std::string pid = e.path().filename().string();
    if (pid.empty() || pid.find_first_not_of("0123456789") != std::string::npos) continue;
    const std::string env = read_whole(e.path() / "environ");
    bool marked = false;
    for (std::size_t at = 0; at < env.size();) {
      const std::size_t end = std::min(env.find('\0', at), env.size());
      if (env.compare(at, end - at, needle) == 0) marked = true;
      at = end + 1;
    }
    if (!marked) continue;
    std::string cmdline = read_whole(e.path() / "cmdline");
    std::replace(cmdline.begin(), cmdline.end(), '\0', ' ');
    found.push_back(pid + ": " + cmdline);
  }
  return found;
}

// Waits up to `grace` for every marked process to be gone; what is left
// is killed (so that a failing test leaves nothing running) and returned.
std::vector<std::string> leftovers(const std::string& mark, std::chrono::seconds grace) {
  const auto deadline = Clock::now() + grace;
  std::vector<std::string> left = marked_processes(mark);
  while (!left.empty() && Clock::now() < deadline) {
    std::this_thread::sleep_for(50ms);
    left = marked_processes(mark);
  }
  for (const std::string& p : left) ::kill(static_cast<pid_t>(std::stol(p)), SIGKILL);
  return left;
}

// `bao-oracle check ...` in its own process group, with the marker and
// `env` in its environment, stdout and stderr read as they come.
class CheckProcess {
 public:
  // `pending`: a signal blocked and raised in the child before exec, so
  // that it is pending when the program starts (as the workers of --jobs
  // are started, their signals blocked until their handlers are in).
  CheckProcess(const std::vector<std::string>& args, const std::string& mark,
               const std::vector<std::string>& env, int pending = 0) {
    int out[2], err[2];
    if (::pipe2(out, O_CLOEXEC) != 0 || ::pipe2(err, O_CLOEXEC) != 0) return;
    std::vector<std::string> vars{std::string(kMarkVariable) + "=" + mark};
    vars.insert(vars.end(), env.begin(), env.end());
    std::vector<const char*> envp;
    for (char** e = environ; *e != nullptr; ++e) envp.push_back(*e);
    for (const std::string& v : vars) envp.push_back(v.c_str());
    envp.push_back(nullptr);
    std::vector<const char*> argv{BAO_ORACLE_BIN};
    for (const auto& a : args) argv.push_back(a.c_str());
    argv.push_back(nullptr);
    pid_ = ::fork();
    if (pid_ == 0) {
      ::setpgid(0, 0);
      const int null = ::open("/dev/null", O_RDONLY);
      if (null >= 0) ::dup2(null, 0);
      ::dup2(out[1], 1);
      ::dup2(err[1], 2);
      ::signal(SIGPIPE, SIG_DFL);  // the engine client ignores it in this process
      for (const int s : {SIGINT, SIGTERM, SIGHUP}) ::signal(s, SIG_DFL);
      sigset_t none;
      sigemptyset(&none);
      if (pending != 0) sigaddset(&none, pending);
      ::sigprocmask(SIG_SETMASK, &none, nullptr);
      if (pending != 0) ::raise(pending);
      ::execve(argv[0], const_cast<char* const*>(argv.data()),
               const_cast<char* const*>(envp.data()));
      ::_exit(127);
    }
    ::setpgid(pid_, pid_);  // either side may get there first
    ::close(out[1]);
    ::close(err[1]);
    fds_[0] = out[0];
    fds_[1] = err[0];
  }
  ~CheckProcess() {
    if (pid_ > 0) ::kill(-pid_, SIGKILL);  // whatever of its group is left
    if (pid_ > 0 && !reaped_) ::waitpid(pid_, nullptr, 0);
    for (int fd : fds_)
      if (fd >= 0) ::close(fd);
  }
  CheckProcess(const CheckProcess&) = delete;
  CheckProcess& operator=(const CheckProcess&) = delete;

  pid_t pid() const { return pid_; }
  const std::string& out() const { return out_; }
  const std::string& err() const { return err_; }

  // Reads until `done(stderr so far)` holds or the deadline passes, or
  // both outputs are closed; whether it held.
  bool read_until(const std::function<bool(const std::string&)>& done, std::chrono::seconds limit) {
    const auto deadline = Clock::now() + limit;
    while (!done(err_)) {
      if (Clock::now() >= deadline || !read_some(deadline)) return done(err_);
    }
    return true;
  }

  // Waits for the process to exit and reaps it, then reads what is left of
  // its outputs (for a short while: a process of the run left behind may
  // hold them open). Its exit status, or -1 when it was killed by a signal
  // (`killed_by()` says which) or did not exit within `limit` (it is then
  // killed, and what it left behind is left for leftovers() to find).
  int finish(std::chrono::seconds limit) {
    const auto deadline = Clock::now() + limit;
    int status = 0;
    bool exited = false;
    while (!exited) {
      const pid_t r = ::waitpid(pid_, &status, WNOHANG);
      if (r == pid_) {
        exited = true;
      } else if (Clock::now() >= deadline) {
        break;
      } else if (!read_some(std::min(deadline, Clock::now() + 100ms))) {
        std::this_thread::sleep_for(20ms);
      }
    }
    if (!exited) {
      ::kill(pid_, SIGKILL);
      while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
      }
      timed_out_ = true;
    }
    reaped_ = true;
    const auto drain = Clock::now() + 2s;
    while (read_some(drain)) {
    }
    if (WIFSIGNALED(status)) signal_ = WTERMSIG(status);
    return WIFEXITED(status) && !timed_out_ ? WEXITSTATUS(status) : -1;
  }
  bool timed_out() const { return timed_out_; }
  int killed_by() const { return signal_; }

 private:
  // One poll and read; false once both outputs are closed or time is up.
  bool read_some(Clock::time_point deadline) {
    pollfd p[2];
    nfds_t n = 0;
    std::string* sinks[2];
    for (int i = 0; i < 2; ++i)
      if (fds_[i] >= 0) {
        sinks[n] = i == 0 ? &out_ : &err_;
        p[n++] = {fds_[i], POLLIN, 0};
      }
    if (n == 0) return false;
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0) return false;
    if (::poll(p, n, static_cast<int>(std::min<long>(left.count(), 1000))) < 0 && errno != EINTR)
      return false;
    for (nfds_t i = 0; i < n; ++i) {
      if (p[i].revents == 0) continue;
      char chunk[4096];
      const ssize_t got = ::read(p[i].fd, chunk, sizeof chunk);
      if (got > 0) {
        sinks[i]->append(chunk, static_cast<std::size_t>(got));
      } else if (got == 0 || errno != EINTR) {
        for (int& fd : fds_)
          if (fd == p[i].fd) {
            ::close(fd);
            fd = -1;
          }
      }
    }
    return true;
  }

  pid_t pid_ = -1;
  int fds_[2] = {-1, -1};
  std::string out_, err_;
  bool reaped_ = false;
  bool timed_out_ = false;
  int signal_ = 0;
};

// The groups (deviations and other findings) the latest progress line on
// stderr shows.
int groups_shown(const std::string& err) {
  static const std::regex groups(R"(\((\d+) groups?\))");
  int last = 0;
  for (auto it = std::sregex_iterator(err.begin(), err.end(), groups); it != std::sregex_iterator();
       ++it)
    last = std::stoi((*it)[1]);
  return last;
}

nlohmann::json read_json(const fs::path& p) {
  return nlohmann::json::parse(read_whole(p));
}

std::string mark_for(const std::string& name) {
  return fmt::format("{}-{}-{}", name, ::getpid(), Clock::now().time_since_epoch().count());
}

struct Case {
  std::string name;
  int signal;
  const char* signal_name;
  int jobs;
  bool to_group;  // the whole process group, as Ctrl-C on a terminal does
};

std::ostream& operator<<(std::ostream& os, const Case& c) {
  return os << c.name;
}

class InterruptedCheck : public ::testing::TestWithParam<Case> {};

// A slow engine that deviates (capture-needs-three), a run far too long to
// finish, interrupted once the progress line shows a finding.
TEST_P(InterruptedCheck, WritesWhatItFoundAndLeavesNoProcess) {
  const Case& c = GetParam();
  const std::string mark = mark_for(c.name);
  const fs::path dir =
      fs::temp_directory_path() / fmt::format("bao-interrupt-test-{}-{}", c.name, ::getpid());
  fs::remove_all(dir);
  CheckProcess check({"check", "--engine", fmt::format("{} slow 1 1 {}", BAO_FAKE_ENGINE, mark),
                      "--ruleset", "ap-zanzibar", "--games", "1000000", "--jobs",
                      std::to_string(c.jobs), "--report", dir.string(), "--progress"},
                     mark, {"BAO_FAKE_SWITCHES=capture-needs-three"});
  ASSERT_GT(check.pid(), 0);
  const bool found =
      check.read_until([](const std::string& err) { return groups_shown(err) >= 1; }, 300s);
  ASSERT_TRUE(found) << "no finding shown on the progress line: " << check.out() << check.err();
  ASSERT_EQ(::kill(c.to_group ? -check.pid() : check.pid(), c.signal), 0);
  const auto sent = Clock::now();
  const int status = check.finish(120s);
  const double seconds = std::chrono::duration<double>(Clock::now() - sent).count();
  RecordProperty("seconds_from_signal_to_exit", fmt::format("{:.2f}", seconds));
  std::cerr << fmt::format("[{}] exit {} {:.2f} s after {}\n", c.name, status, seconds,
                           c.signal_name);
  EXPECT_EQ(status, 128 + c.signal) << (check.timed_out() ? "did not exit in time; " : "")
                                    << "killed by signal " << check.killed_by() << "\n"
                                    << check.out() << check.err();
  EXPECT_EQ(leftovers(mark, 10s), std::vector<std::string>{}) << "processes of the run remain";

  // The report of what was found so far, marked as interrupted.
  ASSERT_TRUE(fs::exists(dir / "report.json")) << check.out() << check.err();
  const nlohmann::json report = read_json(dir / "report.json");
  const nlohmann::json& stats = report.at("stats");
  EXPECT_EQ(stats.at("interrupted"), true) << stats.dump();
  EXPECT_EQ(stats.at("signal"), c.signal_name) << stats.dump();
  ASSERT_GE(report.at("deviations").size(), 1u) << report.dump(2);
  EXPECT_EQ(report.at("deviations")[0].at("switch"), "capture-needs-three");
  // The interruption is no fault of the engine.
  for (const auto& f : report.at("unexplained"))
    EXPECT_NE(f.at("kind"), "protocol-fault") << f.dump(2);
  const std::string md = read_whole(dir / "report.md");
  EXPECT_NE(md.find(fmt::format("interrupted by {}", c.signal_name)), std::string::npos) << md;
  EXPECT_LT(md.find("interrupted"), md.find("plays ap-zanzibar")) << md;
  const std::string junit = read_whole(dir / "junit.xml");
  EXPECT_NE(junit.find(fmt::format("run interrupted by {}", c.signal_name)), std::string::npos)
      << junit;
  EXPECT_NE(junit.find("<failure message=\"ap.capture.condition"), std::string::npos) << junit;
  EXPECT_NE(check.out().find(fmt::format("interrupted by {}", c.signal_name)), std::string::npos)
      << check.out();
  // Nothing half-written is left next to the report.
  for (const auto& e : fs::recursive_directory_iterator(dir))
    EXPECT_EQ(e.path().string().find(".tmp."), std::string::npos) << e.path();
  fs::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(
    Check, InterruptedCheck,
    ::testing::Values(Case{"SigintOneJob", SIGINT, "SIGINT", 1, false},
                      Case{"SigintTwoJobs", SIGINT, "SIGINT", 2, false},
                      Case{"SigintToTheGroupTwoJobs", SIGINT, "SIGINT", 2, true},
                      Case{"SigtermToTheGroupOneJob", SIGTERM, "SIGTERM", 1, true},
                      Case{"SighupTwoJobs", SIGHUP, "SIGHUP", 2, false}),
    [](const ::testing::TestParamInfo<Case>& i) { return i.param.name; });

// An engine that has stopped answering (and, stubborn, ignores SIGTERM),
// with a response timeout far longer than the test: the interruption must
// not wait for it.
class HungEngine : public ::testing::TestWithParam<Case> {};

TEST_P(HungEngine, DoesNotPreventInterruption) {
  const Case& c = GetParam();
  const std::string mark = mark_for(c.name);
  const fs::path dir =
      fs::temp_directory_path() / fmt::format("bao-interrupt-test-{}-{}", c.name, ::getpid());
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path hung = dir / "hanging";
  CheckProcess check(
      {"check", "--engine", fmt::format("{} hang-stubborn 300 {}", BAO_FAKE_ENGINE, mark),
       "--ruleset", "ap-zanzibar", "--games", "1000000", "--jobs", std::to_string(c.jobs),
       "--timeout-ms", "3600000", "--report", (dir / "report").string()},
      mark, {"BAO_FAKE_SWITCHES=capture-needs-three", "BAO_FAKE_HANG_FILE=" + hung.string()});
  ASSERT_GT(check.pid(), 0);
  check.read_until([&](const std::string&) { return fs::exists(hung); }, 300s);
  ASSERT_TRUE(fs::exists(hung)) << "the engine never reached its hang: " << check.out()
                                << check.err();
  ASSERT_EQ(::kill(c.to_group ? -check.pid() : check.pid(), c.signal), 0);
  const auto sent = Clock::now();
  const int status = check.finish(120s);
  const double seconds = std::chrono::duration<double>(Clock::now() - sent).count();
  std::cerr << fmt::format("[{}] exit {} {:.2f} s after {}\n", c.name, status, seconds,
                           c.signal_name);
  EXPECT_EQ(status, 128 + c.signal) << (check.timed_out() ? "did not exit in time; " : "")
                                    << "killed by signal " << check.killed_by() << "\n"
                                    << check.out() << check.err();
  EXPECT_EQ(leftovers(mark, 10s), std::vector<std::string>{}) << "processes of the run remain";
  ASSERT_TRUE(fs::exists(dir / "report" / "report.json")) << check.out() << check.err();
  const nlohmann::json report = read_json(dir / "report" / "report.json");
  EXPECT_EQ(report.at("stats").at("interrupted"), true);
  EXPECT_EQ(report.at("stats").at("signal"), c.signal_name);
  for (const auto& f : report.at("unexplained"))
    EXPECT_NE(f.at("kind"), "protocol-fault") << f.dump(2);
  fs::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(Check, HungEngine,
                         ::testing::Values(Case{"SigintOneJob", SIGINT, "SIGINT", 1, false},
                                           Case{"SigtermTwoJobs", SIGTERM, "SIGTERM", 2, false}),
                         [](const ::testing::TestParamInfo<Case>& i) { return i.param.name; });

// `scenarios --engine` interrupted while its engine hangs (ignoring SIGTERM,
// with a response timeout far longer than the test): it stops at once,
// prints the summary of the cases that ran, marked as interrupted, writes
// its JSON, exits 130 and leaves no engine behind.
TEST(InterruptedScenarios, ReportWhatRanAndLeaveNoEngine) {
  const std::string mark = mark_for("scenarios");
  const fs::path dir =
      fs::temp_directory_path() / fmt::format("bao-interrupt-test-scenarios-{}", ::getpid());
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path hung = dir / "hanging";
  const fs::path json = dir / "results.json";
  CheckProcess run({"scenarios", BAO_SOURCE_DIR "/scenarios", "--engine",
                    fmt::format("{} hang-stubborn 400 {}", BAO_FAKE_ENGINE, mark), "--timeout-ms",
                    "3600000", "--json", json.string()},
                   mark, {"BAO_FAKE_HANG_FILE=" + hung.string()});
  ASSERT_GT(run.pid(), 0);
  run.read_until([&](const std::string&) { return fs::exists(hung); }, 300s);
  ASSERT_TRUE(fs::exists(hung)) << "the engine never reached its hang: " << run.out() << run.err();
  ASSERT_EQ(::kill(run.pid(), SIGINT), 0);
  const int status = run.finish(60s);
  EXPECT_EQ(status, 128 + SIGINT) << run.out() << run.err();
  EXPECT_EQ(leftovers(mark, 10s), std::vector<std::string>{}) << "processes of the run remain";
  // 400 requests answered: some cases ran, and not all of them.
  EXPECT_NE(run.out().find(" passed, "), std::string::npos) << run.out();
  EXPECT_NE(run.out().find("(interrupted by SIGINT: the cases after these were not run)"),
            std::string::npos)
      << run.out();
  ASSERT_TRUE(fs::exists(json)) << run.err();
  const nlohmann::json written = read_json(json);
  EXPECT_EQ(written.at("summary").at("interrupted"), "SIGINT");
  EXPECT_GT(written.at("summary").at("passed").get<int>(), 0);
  EXPECT_EQ(written.at("cases").size(), written.at("summary").at("passed").get<std::size_t>() +
                                            written.at("summary").at("failed").get<std::size_t>() +
                                            written.at("summary").at("skipped").get<std::size_t>());
  fs::remove_all(dir);
}

// Killed outright, so that no handler of its runs: its workers (blocked
// on engines that hang and ignore SIGTERM) and their engines die with it.
TEST(KilledCheck, LeavesNoWorkerOrEngine) {
  const std::string mark = mark_for("Sigkill");
  CheckProcess check(
      {"check", "--engine", fmt::format("{} hang-stubborn 300 {}", BAO_FAKE_ENGINE, mark),
       "--ruleset", "ap-zanzibar", "--games", "1000000", "--jobs", "2", "--timeout-ms", "3600000"},
      mark, {"BAO_FAKE_SWITCHES=capture-needs-three"});
  ASSERT_GT(check.pid(), 0);
  // The check, two workers and two engines.
  const bool all_up = check.read_until(
      [&](const std::string&) { return marked_processes(mark).size() >= 5; }, 300s);
  ASSERT_TRUE(all_up) << fmt::format("{}", fmt::join(marked_processes(mark), "\n"));
  ASSERT_EQ(::kill(check.pid(), SIGKILL), 0);
  check.finish(120s);
  EXPECT_EQ(check.killed_by(), SIGKILL);
  EXPECT_EQ(leftovers(mark, 10s), std::vector<std::string>{}) << "processes of the run remain";
  // Its workers' folder stays (no handler ran), until the next run with
  // --jobs sees that its process is gone and removes it.
  const fs::path left = fs::temp_directory_path() / fmt::format("bao-check-{}", check.pid());
  EXPECT_TRUE(fs::is_directory(left)) << left;
  CheckProcess next({"check", "--engine", fmt::format("{} engine", BAO_ORACLE_BIN), "--ruleset",
                     "ap-zanzibar", "--games", "2", "--jobs", "2"},
                    mark_for("Sigkill-next"), {});
  next.finish(120s);
  EXPECT_FALSE(fs::exists(left)) << left << " is still there after the next run";
}

// A fresh folder of this test process for the test `name`.
fs::path fresh_dir(const std::string& name) {
  const fs::path dir =
      fs::temp_directory_path() / fmt::format("bao-interrupt-test-{}-{}", name, ::getpid());
  fs::remove_all(dir);
  return dir;
}

// A shell script in `dir` that runs `command` without exec (and so stays
// the engine's parent), as engines are often started.
std::string wrapper_script(const fs::path& dir, const std::string& command) {
  fs::create_directories(dir);
  const fs::path script = dir / "engine.sh";
  std::ofstream(script) << "#!/bin/sh\n" << command << "\necho the engine ended >&2\n";
  fs::permissions(script, fs::perms::owner_all);
  return script.string();
}

// The end of a run interrupted by SIGTERM: exit 128 + SIGTERM, no process
// of the run left, and its JSON report, `json`, marked so (returned).
nlohmann::json expect_ended_by_sigterm(CheckProcess& check, const std::string& mark,
                                       const fs::path& json) {
  EXPECT_EQ(check.finish(120s), 128 + SIGTERM) << check.out() << check.err();
  EXPECT_EQ(leftovers(mark, 10s), std::vector<std::string>{}) << "processes of the run remain";
  if (!fs::exists(json)) {
    ADD_FAILURE() << "no report: " << check.err();
    return {};
  }
  const nlohmann::json report = read_json(json);
  EXPECT_EQ(report.at("stats").at("interrupted"), true);
  EXPECT_EQ(report.at("stats").value("signal", ""), "SIGTERM");
  return report;
}

// A signal that arrives before the program has started (here, pending from
// its start) is handled as one that arrives during the run: the handlers go
// in before anything else, the run stops at once and its report says so.
TEST(EarlySignal, APendingSignalIsHandledOnceTheProgramRuns) {
  const std::string mark = mark_for("pending");
  const fs::path dir = fresh_dir("pending");
  CheckProcess check(
      {"check", "--engine", fmt::format("{} engine", BAO_ORACLE_BIN), "--ruleset", "ap-zanzibar",
       "--games", "3", "--no-corpus", "--json-out", (dir / "run.json").string()},
      mark, {}, SIGTERM);
  ASSERT_GT(check.pid(), 0);
  const nlohmann::json report = expect_ended_by_sigterm(check, mark, dir / "run.json");
  EXPECT_EQ(report.value("stats", nlohmann::json::object()).value("games", -1), 0);
  fs::remove_all(dir);
}

// --jobs 2, interrupted while one worker plays and the other's engine has
// not answered its handshake yet (its wrapper waits): the worker that knows
// nothing of the engine is no shard to compare with, and the run reports
// what the other found, exit 128 + the signal.
TEST(EarlySignal, AWorkerInterruptedBeforeItsEngineAnsweredDoesNotLoseTheReport) {
  const std::string mark = mark_for("early-jobs");
  const fs::path dir = fresh_dir("early-jobs");
  // The first engine to start plays at once; the other waits a minute first.
  const std::string engine =
      wrapper_script(dir, fmt::format("mkdir {0}/first 2>/dev/null || sleep 60\n{1} slow 1 1 {2}",
                                      dir.string(), BAO_FAKE_ENGINE, mark));
  CheckProcess check(
      {"check", "--engine", engine, "--ruleset", "ap-zanzibar", "--games", "1000000", "--jobs", "2",
       "--no-corpus", "--progress", "--json-out", (dir / "run.json").string()},
      mark, {"BAO_FAKE_SWITCHES=capture-needs-three"});
  ASSERT_GT(check.pid(), 0);
  const bool found =
      check.read_until([](const std::string& err) { return groups_shown(err) >= 1; }, 300s);
  ASSERT_TRUE(found) << "no finding shown on the progress line: " << check.out() << check.err();
  ASSERT_EQ(::kill(check.pid(), SIGTERM), 0);
  const nlohmann::json report = expect_ended_by_sigterm(check, mark, dir / "run.json");
  EXPECT_GE(report.value("deviations", nlohmann::json::array()).size(), 1u) << report.dump(2);
  fs::remove_all(dir);
}

// With --jobs 2, one worker's engine answers nothing at start (its
// handshake times out, as on a loaded machine) while the other's plays: the
// run still reports, the start fault one finding among the other worker's
// games (it was "not shards of one run: they differ in engine", exit 2 and
// no report).
TEST(Jobs, AWorkerWhoseEngineFailsAtStartIsOneFindingOfTheRun) {
  const std::string mark = mark_for("start-fault-jobs");
  const fs::path dir = fresh_dir("start-fault-jobs");
  const std::string engine =
      wrapper_script(dir, fmt::format("mkdir {0}/first 2>/dev/null || sleep 60\n{1} slow 1 1 {2}",
                                      dir.string(), BAO_FAKE_ENGINE, mark));
  CheckProcess check(
      {"check", "--engine", engine, "--ruleset", "ap-zanzibar", "--games", "6", "--jobs", "2",
       "--no-corpus", "--timeout-ms", "1000", "--json-out", (dir / "run.json").string()},
      mark, {"BAO_FAKE_SWITCHES=capture-needs-three"});
  ASSERT_GT(check.pid(), 0);
  EXPECT_EQ(check.finish(300s), 1) << check.out() << check.err();
  EXPECT_EQ(leftovers(mark, 10s), std::vector<std::string>{}) << "processes of the run remain";
  ASSERT_TRUE(fs::exists(dir / "run.json")) << check.err();
  const nlohmann::json report = read_json(dir / "run.json");
  EXPECT_EQ(report.at("stats").at("games"), 3) << report.dump(2);
  const nlohmann::json& found = report.at("unexplained");
  EXPECT_TRUE(std::any_of(found.begin(), found.end(), [](const nlohmann::json& f) {
    return f.at("kind") == "protocol-fault" && f.at("position") == "";
  })) << report.dump(2);
  EXPECT_NE(report.at("engine").get<std::string>(), engine);  // the name the engine gave
  fs::remove_all(dir);
}

// An engine started through a shell script that does not exec it: the
// checker stops the script's whole process group, so the engine goes with
// it, after a run with hangs and timeouts, and when the checker is killed
// outright (the engine ignores SIGTERM; with --jobs, too).
TEST(WrappedEngine, IsStoppedWithItsWrapperAfterTimeouts) {
  const std::string mark = mark_for("wrapped-timeouts");
  const fs::path dir = fresh_dir("wrapped");
  const std::string engine =
      wrapper_script(dir, fmt::format("{} hang-stubborn 40 {}", BAO_FAKE_ENGINE, mark));
  CheckProcess check({"check", "--engine", engine, "--ruleset", "ap-zanzibar", "--games", "3",
                      "--no-corpus", "--timeout-ms", "300"},
                     mark, {});
  ASSERT_GT(check.pid(), 0);
  EXPECT_EQ(check.finish(300s), 1) << check.out() << check.err();  // timeouts are findings
  EXPECT_EQ(leftovers(mark, 10s), std::vector<std::string>{}) << "processes of the run remain";
  fs::remove_all(dir);
}

class KilledWithWrappedEngines : public ::testing::TestWithParam<int> {};

TEST_P(KilledWithWrappedEngines, LeaveNothing) {
  const int jobs = GetParam();
  const std::string mark = mark_for(fmt::format("killed-wrapped-{}", jobs));
  const fs::path dir = fresh_dir(fmt::format("killed-wrapped-{}", jobs));
  const fs::path hung = dir / "hanging";
  const std::string engine =
      wrapper_script(dir, fmt::format("{} hang-stubborn 40 {}", BAO_FAKE_ENGINE, mark));
  CheckProcess check({"check", "--engine", engine, "--ruleset", "ap-zanzibar", "--games", "1000000",
                      "--jobs", std::to_string(jobs), "--no-corpus", "--timeout-ms", "3600000"},
                     mark, {"BAO_FAKE_HANG_FILE=" + hung.string()});
  ASSERT_GT(check.pid(), 0);
  check.read_until([&](const std::string&) { return fs::exists(hung); }, 300s);
  ASSERT_TRUE(fs::exists(hung)) << "the engine never reached its hang: " << check.err();
  ASSERT_EQ(::kill(check.pid(), SIGKILL), 0);
  check.finish(120s);
  EXPECT_EQ(leftovers(mark, 10s), std::vector<std::string>{}) << "processes of the run remain";
  fs::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(Check, KilledWithWrappedEngines, ::testing::Values(1, 2),
                         [](const ::testing::TestParamInfo<int>& i) {
                           return fmt::format("Jobs{}", i.param);
                         });

// `check --log`, interrupted while its engine hangs (ignoring SIGTERM, a
// response timeout far longer than the test): every file of the transcript
// is whole, ends with the line that says the run was interrupted, and the
// hung engine's part shows the request left unanswered, the interruption
// and how the engine was stopped (docs/cli.md, "Transcripts").
class InterruptedCheckLog : public ::testing::TestWithParam<int> {};

TEST_P(InterruptedCheckLog, IsCompleteUpToTheInterruption) {
  const int jobs = GetParam();
  const std::string mark = mark_for(fmt::format("log-{}", jobs));
  const fs::path dir =
      fs::temp_directory_path() / fmt::format("bao-interrupt-test-log-{}-{}", jobs, ::getpid());
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path hung = dir / "hanging";
  const fs::path run_log = dir / "run.log";
  CheckProcess check(
      {"check", "--engine", fmt::format("{} hang-stubborn 300 {}", BAO_FAKE_ENGINE, mark),
       "--ruleset", "ap-zanzibar", "--games", "1000000", "--jobs", std::to_string(jobs),
       "--timeout-ms", "3600000", "--log", run_log.string()},
      mark, {"BAO_FAKE_SWITCHES=capture-needs-three", "BAO_FAKE_HANG_FILE=" + hung.string()});
  ASSERT_GT(check.pid(), 0);
  check.read_until([&](const std::string&) { return fs::exists(hung); }, 300s);
  ASSERT_TRUE(fs::exists(hung)) << "the engine never reached its hang: " << check.out()
                                << check.err();
  ASSERT_EQ(::kill(check.pid(), SIGINT), 0);
  const int status = check.finish(120s);
  EXPECT_EQ(status, 128 + SIGINT) << check.out() << check.err();
  EXPECT_EQ(leftovers(mark, 10s), std::vector<std::string>{}) << "processes of the run remain";

  std::vector<fs::path> files{run_log};
  for (int j = 0; jobs > 1 && j < jobs; ++j)
    files.push_back(fmt::format("{}.worker{}", run_log.string(), j));
  static const std::regex entry(R"(^\d+\.\d{3} (e\d+ \d+|- -) ([<>*#]) (.*)$)");
  bool hang_shown = false;
  for (const fs::path& file : files) {
    ASSERT_TRUE(fs::exists(file)) << file;
    const std::string text = read_whole(file);
    ASSERT_FALSE(text.empty()) << file;
    EXPECT_EQ(text.back(), '\n') << file << ": the last entry is cut short";
    std::istringstream lines(text);
    std::vector<std::string> kept;
    for (std::string line; std::getline(lines, line);) kept.push_back(line);
    std::string last_request;  // its number
    bool answered = true;
    bool interrupted_after = false;
    for (const std::string& line : kept) {
      std::smatch m;
      ASSERT_TRUE(std::regex_match(line, m, entry)) << file << ": " << line;
      const std::string kind = m[2];
      const std::string rest = m[3];
      const std::string number = rest.substr(0, rest.find(' '));
      if (kind == ">") {
        last_request = number;
        answered = false;
        interrupted_after = false;
      }
      if (kind == "<" && number == last_request) answered = true;
      if (kind == "*" && rest.starts_with("fault interrupted: ")) interrupted_after = true;
    }
    if (!answered && interrupted_after) hang_shown = true;
    EXPECT_EQ(kept.back().substr(kept.back().find(" # ") + 3),
              "end: interrupted by SIGINT, exit status 130")
        << file;
  }
  EXPECT_TRUE(hang_shown) << "no file shows the request left unanswered and the interruption";
  fs::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(Check, InterruptedCheckLog, ::testing::Values(1, 2),
                         [](const ::testing::TestParamInfo<int>& i) {
                           return fmt::format("Jobs{}", i.param);
                         });

}  // namespace
}  // namespace bao
