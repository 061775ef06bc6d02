// The engine client: one child process, three pipes, one poll loop. See
// engine_client.hpp for the contract and docs/protocol.md ("Driving an
// engine") for the rules it applies to what an engine sends.
#include "oracle/protocol/engine_client.hpp"
#include "oracle/core/process.hpp"
#include "oracle/core/text.hpp"
#include "oracle/protocol/transcript.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cassert>
#include <cerrno>
#include <climits>
#include <cstring>
#include <mutex>

namespace bao::protocol {
namespace {

using Clock = std::chrono::steady_clock;

// How much one read() takes from a pipe.
constexpr std::size_t kReadChunk = 64 * 1024;
// Stderr reads per poll wake-up: an engine that never stops writing to
// stderr must not keep us from its stdout (or from the deadline).
constexpr int kStderrReadsPerWake = 16;
// How much of a bad line a fault message quotes.

// Writing to an engine that has died must be an EPIPE error, not a SIGPIPE
// that ends the checker. Only the default disposition is changed: a handler
// the program installed stays.
void ignore_sigpipe() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction old {};
    if (::sigaction(SIGPIPE, nullptr, &old) != 0) return;
    if ((old.sa_flags & SA_SIGINFO) != 0 || old.sa_handler != SIG_DFL) return;
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    ::sigaction(SIGPIPE, &ignore, nullptr);
  });
}

int ms_until(Clock::time_point deadline) {
  const auto left = deadline - Clock::now();
  if (left <= Clock::duration::zero()) return 0;
  const auto ms = std::chrono::ceil<std::chrono::milliseconds>(left).count();
  return static_cast<int>(std::min<std::chrono::milliseconds::rep>(ms, INT_MAX));
}

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

// A descriptor above 0..2, so that the dup2() onto the child's stdio never
// meets itself (dup2(fd, fd) would keep FD_CLOEXEC).
int above_stdio(int fd) {
  if (fd > 2) return fd;
  const int moved = ::fcntl(fd, F_DUPFD_CLOEXEC, 3);
  ::close(fd);
  return moved;
}

struct Pipe {
  int read = -1;
  int write = -1;
  void close_both() {
    close_fd(read);
    close_fd(write);
  }
};

bool make_pipe(Pipe& p) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return false;
  p.read = above_stdio(fds[0]);
  p.write = above_stdio(fds[1]);
  return p.read >= 0 && p.write >= 0;
}

bool set_nonblocking(int fd) {
  const int flags = ::fcntl(fd, F_GETFL);
  return flags >= 0 && ::fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0;
}

ExitStatus exit_status_of(int status) {
  ExitStatus out;
  if (WIFEXITED(status)) out.code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) out.signal = WTERMSIG(status);
  return out;
}

// `=`, `= payload`, `?` or `? message` (shared/spec/protocol.md, Transport).
std::optional<Response> parse_response(std::string_view line) {
  if (line.empty() || (line[0] != '=' && line[0] != '?')) return std::nullopt;
  Response r;
  r.ok = line[0] == '=';
  if (line.size() == 1) return r;
  if (line[1] != ' ') return std::nullopt;
  r.text.assign(line.substr(2));
  return r;
}

// Whether a success payload has the shape the protocol gives the request
// (shared/spec/protocol.md, Commands): empty for `ruleset`, `position` and
// `quit`; `ongoing`, `win S|N REASON` or `draw REASON` for `status`. An
// answer of the wrong shape is often an extra line that shifted every later
// answer by one, which must be a protocol fault, not a rules finding. Other
// requests' payloads are checked by whoever reads them.
std::optional<std::string> payload_problem(std::string_view request, const Response& r) {
  if (!r.ok) return std::nullopt;
  const std::string_view verb = request.substr(0, request.find(' '));
  if (verb == "ruleset" || verb == "position" || verb == "quit") {
    if (r.text.empty()) return std::nullopt;
    return fmt::format("its success payload is empty, not '{}'", shown(r.text));
  }
  if (verb == "status") {
    const std::vector<std::string> w = split_words(r.text);
    const bool ok = (w.size() == 1 && w[0] == "ongoing") ||
                    (w.size() == 3 && w[0] == "win" && (w[1] == "S" || w[1] == "N")) ||
                    (w.size() == 2 && w[0] == "draw");
    if (ok) return std::nullopt;
    return fmt::format("'{}' is not 'ongoing', 'win S|N REASON' or 'draw REASON'", shown(r.text));
  }
  return std::nullopt;
}

// A move listed twice in a success answer to `moves`: the protocol asks for
// the legal moves, each once, and a checker that compared move sets only
// would let a doubled list pass. An extra line cannot cause this, so it is
// Malformed outright.
std::optional<std::string> repeated_move(std::string_view request, const Response& r) {
  if (!r.ok || request != "moves") return std::nullopt;
  std::vector<std::string> moves = split_words(r.text);
  std::sort(moves.begin(), moves.end());
  const auto twice = std::adjacent_find(moves.begin(), moves.end());
  if (twice == moves.end()) return std::nullopt;
  return fmt::format("the move '{}' is listed more than once in '{}'", shown(*twice),
                     shown(r.text));
}

// " (request 3 of 5)" inside a batch, nothing for a single request.
std::string batch_place(std::optional<std::size_t> index, std::size_t count) {
  if (!index || count <= 1) return {};
  return fmt::format(" (request {} of {})", *index + 1, count);
}

}  // namespace

// ---- Faults -----------------------------------------------------------------

std::string to_string(const ExitStatus& status) {
  if (status.code) return fmt::format("exit status {}", *status.code);
  if (status.signal) {
    const char* name = sigabbrev_np(*status.signal);
    return name != nullptr ? fmt::format("signal {} (SIG{})", *status.signal, name)
                           : fmt::format("signal {}", *status.signal);
  }
  return "still running";
}

// ---- EngineClient ---------------------------------------------------------------

EngineClient::EngineClient(EngineOptions options)
    : options_(std::move(options)), chunk_(kReadChunk) {
  ignore_sigpipe();
}

EngineClient::~EngineClient() {
  stop();
}

bool EngineClient::lists_ruleset(std::string_view id) const {
  return std::find(info_.rulesets.begin(), info_.rulesets.end(), id) != info_.rulesets.end();
}

std::string EngineClient::stderr_tail() const {
  const std::size_t keep = options_.stderr_tail_bytes;
  return err_buf_.size() <= keep ? err_buf_ : err_buf_.substr(err_buf_.size() - keep);
}

bool EngineClient::woken() const {
  if (options_.wake_fd < 0) return false;
  pollfd p{options_.wake_fd, POLLIN, 0};
  int ready;
  do ready = ::poll(&p, 1, 0);
  while (ready < 0 && errno == EINTR);
  return ready > 0 && (p.revents & POLLIN) != 0;
}

Result<EngineInfo> EngineClient::start() {
  stop();
  exit_ = {};
  err_buf_.clear();
  // What the transcript says from here on is of the engine about to start.
  log_pid_ = -1;
  log_engine_ = 0;
  if (woken())
    return fail(FaultKind::Interrupted, "interrupted before the engine was started", {}, {});
  if (auto r = spawn(); !r) return r.fault();
  return handshake();
}

std::optional<ExitStatus> EngineClient::stop() {
  if (pid_ <= 0 && in_ < 0 && out_ < 0 && err_ < 0) return std::nullopt;
  return terminate(StopMode::Polite);
}

Result<void> EngineClient::spawn() {
  const std::string command = fmt::format("'{}'", shown(join(options_.argv)));
  if (options_.argv.empty()) return fail(FaultKind::SpawnFailed, "empty command", {}, {});
  Pipe in, out, err;
  if (!make_pipe(in) || !make_pipe(out) || !make_pipe(err)) {
    const int e = errno;
    for (Pipe* p : {&in, &out, &err}) p->close_both();
    return fail(FaultKind::SpawnFailed,
                fmt::format("cannot start {}: pipe: {}", command, std::strerror(e)), {}, {});
  }
  // Fork and exec rather than posix_spawn, which cannot give the engine a
  // parent-death signal: an engine must not outlive a checker that was
  // killed. Every other descriptor of ours has FD_CLOEXEC; the engine gets
  // SIGPIPE back at its default (we may have ignored it), the signals we
  // catch at theirs, and an empty signal mask.
  ChildSpec child;
  child.argv = options_.argv;
  child.in = in.read;
  child.out = out.write;
  child.err = err.write;
  child.death_signal = SIGKILL;
  // A group of its own: an engine started by a script that does not exec it
  // is stopped with the script (and by the guard, if we are killed).
  child.own_group = true;
  const auto started = start_child(child);
  close_fd(in.read);
  close_fd(out.write);
  close_fd(err.write);
  if (!started) {
    for (Pipe* p : {&in, &out, &err}) p->close_both();
    return fail(FaultKind::SpawnFailed,
                fmt::format("cannot start {}: {}", command, started.error().message), {}, {});
  }
  const pid_t pid = *started;
  pid_ = pid;
  in_ = in.write;
  out_ = out.read;
  err_ = err.read;
  ++starts_;
  log_pid_ = pid;
  log_next_ = 0;
  log_partial_.clear();
  if (options_.transcript)
    log_engine_ = options_.transcript->started(pid, starts_ - 1, join(options_.argv));
  if (!set_nonblocking(in_) || !set_nonblocking(out_) || !set_nonblocking(err_))
    return fail(FaultKind::SpawnFailed,
                fmt::format("cannot start {}: fcntl: {}", command, std::strerror(errno)), {}, {});
  return {};
}

Result<EngineInfo> EngineClient::handshake() {
  // `protocol` goes first and alone: an engine of another version may not
  // understand what would follow.
  auto version = request("protocol");
  if (!version) return version.fault();
  if (!version->ok || version->text != "1")
    return fail(FaultKind::WrongVersion,
                fmt::format("'protocol' was answered '{} {}', expected '= 1'",
                            version->ok ? '=' : '?', shown(version->text)),
                "protocol", {});
  const std::vector<std::string> lines{"name", "rulesets"};
  auto answers = batch(lines);
  if (!answers) return answers.fault();
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const Response& r = (*answers)[i];
    if (!r.ok)
      return fail(FaultKind::WrongVersion,
                  fmt::format("'{}' was refused ('? {}'), but version 1 requires it", lines[i],
                              shown(r.text)),
                  lines[i], i);
  }
  info_.name = (*answers)[0].text;
  info_.rulesets = split_words((*answers)[1].text);
  return info_;
}

Fault EngineClient::fail(FaultKind kind, std::string message, std::string_view request,
                         std::optional<std::size_t> index) {
  Fault f;
  f.kind = kind;
  f.message = std::move(message);
  f.request = std::string(request);
  f.batch_index = index;
  // The engine got the same Ctrl-C as we did and died of it, or broke off
  // while we were being interrupted: that is no fault of the engine's.
  if (is_fatal(kind) && kind != FaultKind::NotRunning && kind != FaultKind::Interrupted &&
      woken()) {
    f.kind = kind = FaultKind::Interrupted;
    f.message = "interrupted (then: " + f.message + ")";
  }
  log_unended();
  log_next_ = 0;
  log_event(fmt::format("fault {}: {}", to_string(kind), f.message));
  // A fatal fault leaves the engine in an unknown state: stop it now rather
  // than let it run on, so that the caller only has to decide on a restart.
  if (is_fatal(kind) && kind != FaultKind::NotRunning) f.exit = terminate(StopMode::Forceful);
  f.stderr_tail = stderr_tail();
  if (kind != FaultKind::NotRunning && !f.stderr_tail.empty()) {
    // Its last line on stderr, which usually says why.
    std::string_view tail = f.stderr_tail;
    while (!tail.empty() && (tail.back() == '\n' || tail.back() == '\r')) tail.remove_suffix(1);
    if (const auto nl = tail.rfind('\n'); nl != std::string_view::npos) tail.remove_prefix(nl + 1);
    if (!tail.empty()) log_event(fmt::format("stderr, its last line: {}", tail));
  }
  if (kind != FaultKind::NotRunning) last_fault_ = f;
  return f;
}

Result<Response> EngineClient::request(std::string_view line) {
  const std::string one(line);
  auto r = batch(std::span<const std::string>(&one, 1));
  if (!r) {
    Fault f = r.fault();
    f.batch_index.reset();
    return f;
  }
  return std::move(r->front());
}

Result<std::vector<Response>> EngineClient::batch(std::span<const std::string> lines) {
  if (woken())
    return fail(
        FaultKind::Interrupted,
        fmt::format("interrupted before '{}' was sent", lines.empty() ? "" : shown(lines.front())),
        lines.empty() ? "" : lines.front(), {});
  if (!running()) {
    std::string why = "no engine is running";
    if (last_fault_) why += fmt::format(" (the last fault: {})", describe(*last_fault_));
    return fail(FaultKind::NotRunning, why, lines.empty() ? "" : lines.front(), {});
  }
  std::vector<Response> responses;
  if (lines.empty()) return responses;
  if (auto r = check_idle(lines.front()); !r) return r.fault();
  if (auto r = exchange(lines, responses); !r) return r.fault();
  return responses;
}

Result<Response> EngineClient::select_ruleset(std::string_view id) {
  const std::string request = fmt::format("ruleset {}", id);
  if (running() && !lists_ruleset(id))
    return fail(FaultKind::UnsupportedRuleset,
                fmt::format("the engine does not list ruleset '{}' (it lists: {})", shown(id),
                            shown(join(info_.rulesets))),
                request, {});
  auto r = this->request(request);
  if (r && !r->ok)
    return fail(FaultKind::UnsupportedRuleset,
                fmt::format("the engine refused ruleset '{}': {}", shown(id), shown(r->text)),
                request, {});
  return r;
}

Result<void> EngineClient::check_idle(std::string_view next) {
  read_stderr();
  char chunk[4096];
  bool closed = false;
  for (;;) {
    const ssize_t n = ::read(out_, chunk, sizeof chunk);
    if (n > 0) {
      out_buf_.append(chunk, static_cast<std::size_t>(n));
      if (out_buf_.size() > options_.max_line_length) break;
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    closed = n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK);
    break;
  }
  if (!out_buf_.empty()) {
    log_output(out_buf_);
    const std::string_view extra(out_buf_.data(), std::min(out_buf_.find('\n'), out_buf_.size()));
    return fail(FaultKind::ExtraOutput,
                fmt::format("output that no request asked for, before '{}' was sent: '{}'",
                            shown(next), shown(extra)),
                next, 0);
  }
  if (closed) return crashed(next, 0, fmt::format("before '{}' was sent", shown(next)));
  return {};
}

// ---- Reading responses --------------------------------------------------------

ResponseReader::ResponseReader(std::span<const std::string> lines, std::size_t max_line_length)
    : lines_(lines), max_(max_line_length) {
  responses_.reserve(lines.size());
}

std::optional<ReplyProblem> ResponseReader::feed(std::string_view bytes) {
  buf_.append(bytes);
  const auto problem = [&](FaultKind kind, std::string message) {
    return ReplyProblem{kind, std::move(message), responses_.size()};
  };
  const auto request = [&] { return std::string_view(lines_[responses_.size()]); };
  const auto place = [&] { return batch_place(responses_.size(), lines_.size()); };
  // Take every complete line read so far.
  while (!complete()) {
    const std::size_t nl = buf_.find('\n', scan_);
    if (nl == std::string::npos) {
      scan_ = buf_.size();
      break;
    }
    std::string_view line(buf_.data() + start_, nl - start_);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.size() > max_)
      return problem(FaultKind::Malformed,
                     fmt::format("a response line of {} bytes (the limit is {}) to '{}'{}",
                                 line.size(), max_, shown(request()), place()));
    auto parsed = parse_response(line);
    if (!parsed)
      return problem(
          FaultKind::Malformed,
          fmt::format("response '{}' to '{}'{} is not '=', '= payload', '?' or '? message'",
                      shown(line), shown(request()), place()));
    if (auto bad = payload_problem(request(), *parsed)) {
      // An extra line, when the next line already read is a fitting answer.
      const std::size_t next_nl = buf_.find('\n', nl + 1);
      if (next_nl != std::string::npos) {
        const auto next = parse_response(std::string_view(buf_.data() + nl + 1, next_nl - nl - 1));
        if (next && !payload_problem(request(), *next))
          return problem(FaultKind::ExtraOutput,
                         fmt::format("an extra line '{}' before the response to '{}'{}",
                                     shown(line), shown(request()), place()));
      }
      return problem(FaultKind::Malformed,
                     fmt::format("response to '{}'{}: {}", shown(request()), place(), *bad));
    }
    if (auto twice = repeated_move(request(), *parsed))
      return problem(FaultKind::Malformed,
                     fmt::format("response to '{}'{}: {}", shown(request()), place(), *twice));
    responses_.push_back(std::move(*parsed));
    start_ = scan_ = nl + 1;
  }
  if (complete()) return std::nullopt;
  // A line whose '\n' has not arrived yet is too long once it holds more
  // than max_ bytes besides a last '\r', which may be the '\r' of a CRLF end
  // and is then not part of the line. (Found by fuzz/targets/engine_replies:
  // a line of exactly max_ bytes ending in CRLF was refused when the '\n'
  // came in a later read, and accepted when it came in the same one.)
  std::size_t pending = buf_.size() - start_;
  if (pending > max_ && buf_.back() == '\r') --pending;
  if (pending > max_)
    return problem(FaultKind::Malformed,
                   fmt::format("a response line longer than {} bytes to '{}'{}", max_,
                               shown(request()), place()));
  // Drop what has been consumed now and then, so the buffer stays small.
  if (start_ > 0 && start_ == buf_.size()) {
    buf_.clear();
    start_ = scan_ = 0;
  } else if (start_ >= kReadChunk) {
    buf_.erase(0, start_);
    scan_ -= start_;
    start_ = 0;
  }
  return std::nullopt;
}

std::optional<ReplyProblem> ResponseReader::at_end() const {
  assert(!complete());
  if (buf_.size() == start_) return std::nullopt;
  const std::size_t i = responses_.size();
  return ReplyProblem{
      FaultKind::Malformed,
      fmt::format("the last line '{}' has no '\\n': output ended inside the response to '{}'{}",
                  shown(std::string_view(buf_).substr(start_)), shown(lines_[i]),
                  batch_place(i, lines_.size())),
      i};
}

std::optional<ReplyProblem> ResponseReader::leftover() const {
  assert(complete());
  if (buf_.size() == start_) return std::nullopt;
  const std::string_view rest = std::string_view(buf_).substr(start_);
  const std::string_view extra = rest.substr(0, std::min(rest.find('\n'), rest.size()));
  const std::size_t last = lines_.size() - 1;
  return ReplyProblem{FaultKind::ExtraOutput,
                      fmt::format("output after the response to '{}'{}: '{}'", shown(lines_.back()),
                                  batch_place(last, lines_.size()), shown(extra)),
                      last};
}

// ---- The exchange ---------------------------------------------------------------

Result<void> EngineClient::exchange(std::span<const std::string> lines,
                                    std::vector<Response>& responses) {
  pending_.clear();
  for (const std::string& line : lines) {
    assert(line.find('\n') == std::string::npos && "a request is one line");
    pending_ += line;
    pending_ += '\n';
  }
  if (options_.transcript) {
    log_next_ = options_.transcript->sent(log_engine_, pid_, lines);
    log_last_ = log_next_ + lines.size() - 1;
    log_partial_.clear();
  }
  ResponseReader reader(lines, options_.max_line_length);
  std::size_t written = 0;
  Clock::time_point deadline = Clock::now() + options_.timeout;
  const auto index = [&] { return std::optional<std::size_t>(reader.answered()); };
  const auto request = [&] { return std::string_view(lines[reader.answered()]); };
  const auto place = [&] { return batch_place(index(), lines.size()); };
  const auto fault = [&](const ReplyProblem& p) {
    return fail(p.kind, p.message, lines[p.index], p.index);
  };

  while (!reader.complete()) {
    pollfd fds[4];
    nfds_t count = 0;
    int in_slot = -1;
    int err_slot = -1;
    int wake_slot = -1;
    const int out_slot = static_cast<int>(count);
    fds[count++] = {out_, POLLIN, 0};
    if (options_.wake_fd >= 0) {
      wake_slot = static_cast<int>(count);
      fds[count++] = {options_.wake_fd, POLLIN, 0};
    }
    if (written < pending_.size() && in_ >= 0) {
      in_slot = static_cast<int>(count);
      fds[count++] = {in_, POLLOUT, 0};
    }
    if (err_ >= 0) {
      err_slot = static_cast<int>(count);
      fds[count++] = {err_, POLLIN, 0};
    }
    const int wait = ms_until(deadline);
    const int ready = wait == 0 ? 0 : ::poll(fds, count, wait);
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0)
      return fail(FaultKind::Crash, fmt::format("poll: {}", std::strerror(errno)), request(),
                  index());
    if (ready == 0) {
      if (Clock::now() < deadline) continue;
      return fail(FaultKind::Timeout,
                  fmt::format("no response within {} ms to '{}'{}", options_.timeout.count(),
                              shown(request()), place()),
                  request(), index());
    }
    if (wake_slot >= 0 && fds[wake_slot].revents != 0)
      return fail(FaultKind::Interrupted,
                  fmt::format("interrupted while waiting for the response to '{}'{}",
                              shown(request()), place()),
                  request(), index());
    if (err_slot >= 0 && fds[err_slot].revents != 0) read_stderr();
    if (in_slot >= 0 && fds[in_slot].revents != 0) {
      const ssize_t n = ::write(in_, pending_.data() + written, pending_.size() - written);
      if (n > 0) {
        written += static_cast<std::size_t>(n);
      } else if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
        // EPIPE: it stopped reading. What it already answered is still in
        // its stdout, so read on: the crash is reported at the first request
        // left without a response.
        close_fd(in_);
      }
    }
    if (fds[out_slot].revents != 0) {
      const ssize_t n = ::read(out_, chunk_.data(), chunk_.size());
      if (n > 0) {
        log_output(std::string_view(chunk_.data(), static_cast<std::size_t>(n)));
        const std::size_t before = reader.answered();
        if (auto p = reader.feed(std::string_view(chunk_.data(), static_cast<std::size_t>(n))))
          return fault(*p);
        // Each response must come within the timeout of the one before.
        if (reader.answered() > before) deadline = Clock::now() + options_.timeout;
      }
      if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) {
        if (auto p = reader.at_end()) return fault(*p);
        return crashed(request(), index(),
                       fmt::format("while answering '{}'{}", shown(request()), place()));
      }
    }
  }
  if (auto p = reader.leftover()) return fault(*p);
  responses = std::move(reader.responses());
  log_next_ = 0;
  if (options_.transcript) options_.transcript->flush();
  return {};
}

Fault EngineClient::crashed(std::string_view request, std::optional<std::size_t> index,
                            std::string_view what) {
  // Stdout closed: it is exiting, most likely. Wait a little for the status.
  close_fd(in_);
  if (wait_exit(options_.kill_grace)) {
    const std::string how = exit_.signal ? fmt::format("was killed by {}", to_string(exit_))
                                         : fmt::format("exited with {}", to_string(exit_));
    return fail(FaultKind::Crash, fmt::format("the engine {} {}", how, what), request, index);
  }
  return fail(FaultKind::Crash,
              fmt::format("the engine closed its standard output {} (and was stopped)", what),
              request, index);
}

bool EngineClient::read_stderr() {
  for (int i = 0; i < kStderrReadsPerWake && err_ >= 0; ++i) {
    const ssize_t n = ::read(err_, chunk_.data(), chunk_.size());
    if (n > 0) {
      keep_stderr(chunk_.data(), static_cast<std::size_t>(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return true;
    close_fd(err_);  // end of stderr (or an error): nothing more to drain
  }
  return err_ >= 0;
}

void EngineClient::keep_stderr(const char* data, std::size_t size) {
  const std::size_t keep = options_.stderr_tail_bytes;
  if (size >= keep) {
    err_buf_.assign(data + (size - keep), keep);
    return;
  }
  err_buf_.append(data, size);
  if (err_buf_.size() > 2 * keep) err_buf_.erase(0, err_buf_.size() - keep);
}

bool EngineClient::wait_exit(std::chrono::milliseconds grace) {
  const Clock::time_point deadline = Clock::now() + grace;
  int nap_ms = 1;
  for (;;) {
    if (pid_ <= 0) return true;
    // Once it has exited, what is left of its group is killed and it is
    // reaped (-1: reaped elsewhere, SIGCHLD set to SIG_IGN, say).
    if (const std::optional<int> status = reap_child(pid_, Wait::No)) {
      if (*status >= 0) exit_ = exit_status_of(*status);
      pid_ = -1;
      reaped();
      return true;
    }
    const int left = ms_until(deadline);
    if (left == 0) return false;
    // Drain while waiting, so that an engine blocked on a full pipe can get
    // to its exit; stdout is of no use any more.
    pollfd fds[2];
    nfds_t count = 0;
    if (out_ >= 0) fds[count++] = {out_, POLLIN, 0};
    if (err_ >= 0) fds[count++] = {err_, POLLIN, 0};
    if (::poll(fds, count, std::min(left, nap_ms)) > 0) {
      for (nfds_t i = 0; i < count; ++i) {
        if (fds[i].revents == 0) continue;
        if (fds[i].fd == err_) {
          read_stderr();
        } else {
          const ssize_t n = ::read(out_, chunk_.data(), chunk_.size());
          if (n > 0) log_output(std::string_view(chunk_.data(), static_cast<std::size_t>(n)));
          if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) close_fd(out_);
        }
      }
    }
    nap_ms = std::min(nap_ms * 2, 10);
  }
}

ExitStatus EngineClient::terminate(StopMode mode) {
  if (pid_ > 0) {
    if (mode == StopMode::Polite && in_ >= 0) {
      // Best effort: a full pipe or a closed one just skips the courtesy.
      [[maybe_unused]] const ssize_t n = ::write(in_, "quit\n", 5);
      log_event("stop: 'quit' sent and its input closed");
    }
    close_fd(in_);  // end of input too
    bool gone = mode == StopMode::Polite && wait_exit(options_.kill_grace);
    // Signals go to its whole process group: a script's engine too.
    if (!gone) {
      signal_child(pid_, SIGTERM);
      log_event("stop: SIGTERM sent to its process group");
      gone = wait_exit(options_.kill_grace);
    }
    if (!gone) {
      signal_child(pid_, SIGKILL);
      log_event("stop: SIGKILL sent to its process group");
      if (const std::optional<int> status = reap_child(pid_, Wait::Yes); status && *status >= 0)
        exit_ = exit_status_of(*status);
      pid_ = -1;
      reaped();
    }
  }
  // Its last words, if any are left.
  if (err_ >= 0) read_stderr();
  close_fds();
  out_buf_.clear();
  pending_.clear();
  return exit_;
}

// ---- The transcript ------------------------------------------------------------

void EngineClient::log_output(std::string_view bytes) {
  if (!options_.transcript) return;
  std::size_t start = 0;
  for (std::size_t nl = bytes.find('\n'); nl != std::string_view::npos;
       nl = bytes.find('\n', start)) {
    log_partial_.append(bytes.substr(start, nl - start));
    const std::uint64_t number = log_next_ != 0 && log_next_ <= log_last_ ? log_next_++ : 0;
    options_.transcript->received(log_engine_, log_pid_, number, log_partial_);
    log_partial_.clear();
    start = nl + 1;
  }
  // A line too long for the client is a fault anyway: its head is enough.
  const std::size_t room =
      options_.max_line_length + 1 - std::min(log_partial_.size(), options_.max_line_length + 1);
  log_partial_.append(bytes.substr(start, std::min(room, bytes.size() - start)));
}

void EngineClient::log_unended() {
  if (!options_.transcript || log_partial_.empty()) return;
  const std::uint64_t number = log_next_ != 0 && log_next_ <= log_last_ ? log_next_ : 0;
  options_.transcript->received(log_engine_, log_pid_, number, log_partial_);
  log_partial_.clear();
}

void EngineClient::log_event(std::string_view text) {
  if (!options_.transcript) return;
  if (log_pid_ > 0)
    options_.transcript->event(log_engine_, log_pid_, text);
  else
    options_.transcript->event(0, -1, text);
}

void EngineClient::reaped() {
  log_unended();
  if (exit_.code || exit_.signal)
    log_event(fmt::format("ended: {}", to_string(exit_)));
  else
    log_event("ended (its status was collected elsewhere)");
}

void EngineClient::close_fds() {
  close_fd(in_);
  close_fd(out_);
  close_fd(err_);
}

}  // namespace bao::protocol
