// The checker's side of the engine protocol (shared/spec/protocol.md; our
// account, with the client's rules, in docs/protocol.md): an external engine
// as a child process, driven over pipes, one request line in, one response
// line out.
//
// Everything an engine can do wrong is a value, never an exception or a hang:
// a crash, a hang past the timeout, a malformed or overlong line, output
// nobody asked for, the wrong protocol version, a refused ruleset, a command
// that cannot be started. Each becomes a `Fault` naming its kind, the request
// it happened on, the exit status or signal, and the tail of the engine's
// stderr. After a fatal fault the engine is stopped; the caller decides
// whether to restart() it.
//
// The client never uses a shell: the engine is started from an argv list
// (split_command() turns a command string into one). It keeps no zombie and
// no descriptor after stop() or destruction, and ignores SIGPIPE in this
// process (see EngineClient) so that writing to a dead engine is an EPIPE
// error, not the end of the checker. The engine cannot outlive us: it
// leads a process group of its own, stopped whole (a script's engine too);
// it gets SIGKILL when the thread that started it ends (Linux
// PR_SET_PDEATHSIG), and the process guard kills its group then
// (oracle/core/process.hpp). A descriptor given as EngineOptions::wake_fd
// (an interrupt's self-pipe) ends any wait at once.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "oracle/core/enum_names.hpp"
#include "oracle/core/expected.hpp"
#include "oracle/protocol/fault.hpp"

namespace bao::protocol {

class Transcript;  // oracle/protocol/transcript.hpp

// A value or the Fault that prevented it. error() converts a fault to the
// project's Error channel (oracle/core/expected.hpp).
template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::move(value)) {}      // NOLINT: implicit by design
  Result(Fault fault) : v_(std::move(fault)) {}  // NOLINT: implicit by design
  bool ok() const { return std::holds_alternative<T>(v_); }
  explicit operator bool() const { return ok(); }
  const T& value() const& { return std::get<T>(v_); }
  T& value() & { return std::get<T>(v_); }
  T&& value() && { return std::get<T>(std::move(v_)); }
  const T& operator*() const& { return value(); }
  T& operator*() & { return value(); }
  const T* operator->() const { return &value(); }
  T* operator->() { return &value(); }
  const Fault& fault() const { return std::get<Fault>(v_); }
  Error error() const { return Error{"engine fault: " + describe(fault())}; }

 private:
  std::variant<T, Fault> v_;
};

// Success with no value, or the Fault that prevented it (`return {};` on
// success).
template <>
class [[nodiscard]] Result<void> {
 public:
  Result() = default;
  Result(Fault fault) : fault_(std::move(fault)) {}  // NOLINT: implicit by design
  bool ok() const { return !fault_.has_value(); }
  explicit operator bool() const { return ok(); }
  const Fault& fault() const { return *fault_; }

 private:
  std::optional<Fault> fault_;
};

// ---- Starting engines -------------------------------------------------------

// Splits a command line into argv the way a POSIX shell splits words, but
// without any expansion: blanks separate words; '...' keeps everything
// literally; "..." keeps everything but lets \" \\ \$ \` escape; a backslash
// outside quotes escapes the next character. `python3 "my engine.py" --x`
// gives {python3, my engine.py, --x}. An unbalanced quote, a trailing
// backslash or an empty command is an Error.
Expected<std::vector<std::string>> split_command(std::string_view command);

struct EngineOptions {
  std::vector<std::string> argv;  // argv[0] is looked up in PATH when it has no '/'
  // Per request: each response must arrive within this time of the previous
  // one (of the start of the exchange for the first).
  std::chrono::milliseconds timeout{5000};
  // A response line longer than this (without its '\n') is Malformed; the
  // client never buffers more than this plus one read.
  std::size_t max_line_length = 64 * 1024;
  // How much of the engine's stderr is kept for reports.
  std::size_t stderr_tail_bytes = 4096;
  // stop(): how long an engine gets to exit after `quit`, and after SIGTERM,
  // before the next step (SIGTERM, then SIGKILL).
  std::chrono::milliseconds kill_grace{200};
  // A descriptor that becomes readable when the caller wants to stop (the
  // self-pipe of oracle/core/interrupt.hpp); -1 for none. While it is
  // readable nothing is started, every request fails with Interrupted, a
  // wait for a response ends at once, and the engine is stopped (SIGTERM,
  // then SIGKILL after kill_grace). A fault that happens once it is
  // readable (the engine got the same Ctrl-C and died) is Interrupted too.
  int wake_fd = -1;
  // Where the exchange is written down (`--log FILE`), or nothing: every
  // request, every line the engine writes to its stdout, each start and
  // restart, fault, signal sent and end (oracle/protocol/transcript.hpp).
  // Shared: one transcript follows the engines of a whole run.
  std::shared_ptr<Transcript> transcript = nullptr;
};

// What the handshake learnt.
struct EngineInfo {
  std::string name;                   // the `name` payload
  std::vector<std::string> rulesets;  // the `rulesets` payload, split
};

// One response line.
struct Response {
  bool ok = false;   // true for `=` (success), false for `?` (the engine refused)
  std::string text;  // the payload or the message, without the marker and its space
};

// ---- Reading responses --------------------------------------------------------

// What is wrong with an engine's output, found while reading it: the kind
// (Malformed or ExtraOutput), a one-line message for people, and the index in
// the batch of the request it concerns.
struct ReplyProblem {
  FaultKind kind = FaultKind::Malformed;
  std::string message;
  std::size_t index = 0;
};

// The responses to one batch, read out of the bytes an engine writes to its
// stdout in whatever pieces they arrive. It knows no process and no clock:
// EngineClient's poll loop feeds it what it reads, and the fuzz target
// fuzz/targets/engine_replies.cpp feeds it arbitrary bytes. Lines end in
// '\n' (a '\r' before it is dropped); each must be `=`, `= payload`, `?` or
// `? message`, no longer than `max_line_length`, with a payload of the shape
// its request expects (see payload_problem in engine_client.cpp), and no move
// listed twice in an answer to `moves` (repeated_move there).
class ResponseReader {
 public:
  ResponseReader(std::span<const std::string> lines, std::size_t max_line_length);
  // Takes `bytes` and every response line they complete. A problem ends the
  // batch; nothing may be fed after one.
  std::optional<ReplyProblem> feed(std::string_view bytes);
  // True once every request has its response.
  bool complete() const { return responses_.size() == lines_.size(); }
  // How many requests have their response so far.
  std::size_t answered() const { return responses_.size(); }
  // The output ended before complete(): a problem when it ended inside a
  // line; nothing when it ended between lines (the caller reports a crash).
  std::optional<ReplyProblem> at_end() const;
  // Once complete(): output beyond the last response is a problem.
  std::optional<ReplyProblem> leftover() const;
  std::vector<Response>& responses() { return responses_; }

 private:
  std::span<const std::string> lines_;
  std::size_t max_;
  std::vector<Response> responses_;
  std::string buf_;        // bytes read and not yet dropped
  std::size_t start_ = 0;  // the first byte of buf_ not yet consumed
  std::size_t scan_ = 0;   // where to look for the next '\n'
};

// ---- The client ---------------------------------------------------------------

// One engine process and the conversation with it. Not copyable or movable
// (it owns a process); not thread-safe.
//
// Constructing the client starts nothing; start() spawns the engine and does
// the handshake (`protocol`, which must answer `= 1`, then `name` and
// `rulesets`). Requests are then sent one at a time with request() or
// pipelined with batch(): all lines are written (as fast as the engine reads
// them) while the responses are read, and stderr is drained in the same poll
// loop, so an engine that floods stderr or reads slowly cannot deadlock us.
//
// The first client constructed sets SIGPIPE to SIG_IGN in this process if it
// was SIG_DFL (a handler the program installed is left alone); engines are
// started (fork and exec, oracle/core/process.hpp) with SIGPIPE back at its
// default, the signals we catch at theirs, an empty signal mask, and SIGKILL
// as their parent-death signal, each in a process group of its own (a
// Ctrl-C reaches the checker, which stops them).
class EngineClient {
 public:
  explicit EngineClient(EngineOptions options);
  ~EngineClient();  // stop()
  EngineClient(const EngineClient&) = delete;
  EngineClient& operator=(const EngineClient&) = delete;

  // Spawns the engine and does the handshake. A running engine is stopped
  // first. On a fault the engine is stopped again (a wrong version too: it
  // speaks another protocol).
  Result<EngineInfo> start();
  // The same as start(), named for its use after a fault.
  Result<EngineInfo> restart() { return start(); }
  // Ends the engine: `quit` and end of input, SIGTERM after options.kill_grace,
  // SIGKILL after another; then reaps it and closes every descriptor.
  // Returns how it ended (nothing when no engine was running).
  std::optional<ExitStatus> stop();

  bool running() const { return pid_ > 0; }
  pid_t pid() const { return pid_; }
  // From the last successful handshake.
  const EngineInfo& info() const { return info_; }
  bool lists_ruleset(std::string_view id) const;
  const EngineOptions& options() const { return options_; }
  // The most recent fault, fatal or not (not-running ones are not recorded).
  const std::optional<Fault>& last_fault() const { return last_fault_; }
  // The tail of the current (or last) engine's stderr.
  std::string stderr_tail() const;

  // One request line (no '\n' in it). A `?` answer is a Response, not a
  // fault.
  Result<Response> request(std::string_view line);
  // Several requests, written before their responses are read. Either every
  // response, in order, or the first fault (with batch_index set).
  Result<std::vector<Response>> batch(std::span<const std::string> lines);
  // `ruleset <id>`: UnsupportedRuleset (not fatal) when the engine does not
  // list `id` (nothing is sent) or answers `?`.
  Result<Response> select_ruleset(std::string_view id);

 private:
  enum class StopMode : std::uint8_t { Polite, Forceful };

  Result<EngineInfo> handshake();
  // Whether options_.wake_fd is readable.
  bool woken() const;
  Result<void> spawn();
  Fault fail(FaultKind kind, std::string message, std::string_view request,
             std::optional<std::size_t> index);
  // Reads whatever stdout and stderr hold without waiting, before `next` is
  // sent; a Fault when stdout had something (nobody asked) or was closed.
  Result<void> check_idle(std::string_view next);
  // The poll loop of batch(): writes `pending_`, reads `count` responses.
  Result<void> exchange(std::span<const std::string> lines, std::vector<Response>& responses);
  // Stdout ended or stdin broke: waits briefly for the exit, for the status.
  Fault crashed(std::string_view request, std::optional<std::size_t> index, std::string_view what);
  bool read_stderr();
  void keep_stderr(const char* data, std::size_t size);
  // Waits up to `grace` for the engine to exit while draining its output;
  // true once it has been reaped.
  bool wait_exit(std::chrono::milliseconds grace);
  ExitStatus terminate(StopMode mode);
  void close_fds();
  // The transcript's side (nothing without options_.transcript): stdout
  // bytes as lines, each numbered with the request it answers while an
  // exchange expects answers (log_next_ to log_last_), 0 otherwise; the
  // line left without its '\n'; an event of the engine.
  void log_output(std::string_view bytes);
  void log_unended();
  void log_event(std::string_view text);
  void reaped();

  EngineOptions options_;
  pid_t pid_ = -1;
  int in_ = -1;   // the engine's stdin (write end)
  int out_ = -1;  // the engine's stdout (read end)
  int err_ = -1;  // the engine's stderr (read end)
  ExitStatus exit_;
  std::string out_buf_;      // stdout bytes found waiting before a request (check_idle)
  std::string err_buf_;      // stderr tail, trimmed to stderr_tail_bytes now and then
  std::string pending_;      // requests not yet written
  std::vector<char> chunk_;  // read() buffer
  EngineInfo info_;
  std::optional<Fault> last_fault_;
  int starts_ = 0;      // engines this client started
  int log_engine_ = 0;  // the running engine's number in the transcript
  pid_t log_pid_ = -1;  // and its pid, kept after it has been reaped
  std::uint64_t log_next_ = 0;
  std::uint64_t log_last_ = 0;
  std::string log_partial_;  // stdout bytes after the last '\n', for the transcript
};

}  // namespace bao::protocol
