// A transcript of the exchange with engines (`check --log FILE`, `scenarios
// --engine CMD --log FILE`): every request sent, every answer line received,
// and what happened to the engine processes (started, restarted, a fault,
// how they ended), one entry a line, with notes from whoever drives the
// engine (`# game 17`). The format is in docs/cli.md, "Transcripts":
//
//   TIME ENGINE PID KIND [N] TEXT
//   12.345 e2 4242 > 118 moves
//   12.346 e2 4242 < 118 = A6L A6R
//   12.346 e2 4242 * fault timeout: no response within 300 ms to 'moves'
//   12.400 - - # game 17
//
// TIME is monotonic seconds since the run started; ENGINE is `eK`, the K-th
// engine process this transcript saw started (a restart is a new one); PID
// its process id; KIND `>` a request, `<` an answer line, `*` an event of
// the engine, `#` a note; N numbers the requests, and an answer line carries
// the number of the request it answers (`-` for a line no request asked for).
// Every text is made printable (oracle/core/files.hpp), so whatever bytes an
// engine writes, an entry is one line of valid UTF-8.
//
// The file is bounded: once the next entry would take it past its limit, one
// last note says it was cut and why, and nothing more is written (the run
// goes on). Entries are written to the file (write(2), no buffer kept in
// between) when each exchange has been sent and when it has ended, and at
// every event and note, so the file is whole up to the last exchange however
// the run ends, and whole when it is interrupted (SIGINT, SIGTERM, SIGHUP:
// the run stops its engines and the faults and ends are written).
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <string_view>

#include "oracle/core/expected.hpp"

namespace bao::protocol {

class Transcript {
 public:
  using Clock = std::chrono::steady_clock;
  // --log-limit's default and its least value.
  static constexpr std::uint64_t kDefaultLimit = std::uint64_t{64} << 20;
  static constexpr std::uint64_t kMinLimit = 1024;

  // Creates (or truncates) `path`, which must be missing or a regular file
  // (check_output_file: a FIFO, a device, a folder or a symbolic link is
  // refused and left as it is); missing folders on the way are made. Times
  // count from `epoch` (the start of the run; with --jobs the parent's, so
  // that every part of a transcript has the same clock). The error names
  // the path and the reason.
  static Expected<std::shared_ptr<Transcript>> open(const std::string& path, std::uint64_t limit,
                                                    Clock::time_point epoch = Clock::now());
  ~Transcript();  // flush() and close
  Transcript(const Transcript&) = delete;
  Transcript& operator=(const Transcript&) = delete;

  // An engine process started: its number `eK` (for the entries after), and
  // an event `start: COMMAND` (`restart N: COMMAND` for the client's N-th
  // restart).
  int started(pid_t pid, int restart, std::string_view command);
  // Requests about to be sent to engine `engine`: numbered in order; the
  // number of the first.
  std::uint64_t sent(int engine, pid_t pid, std::span<const std::string> lines);
  // One line the engine wrote (without its '\n'), answering request
  // `number`, or 0: asked by none.
  void received(int engine, pid_t pid, std::uint64_t number, std::string_view line);
  // An event of the engine: a fault, a signal sent, how it ended. `engine`
  // 0 when no engine process is concerned (one that could not be started).
  void event(int engine, pid_t pid, std::string_view text);
  // A note of whoever drives the engine: `game 17`, `finding 1: ...`.
  void note(std::string_view text);
  // Writes what is held to the file.
  void flush();

  const std::string& path() const { return path_; }
  // Whether the limit was reached (the file then ends with the cut note).
  bool cut() const { return cut_; }

 private:
  Transcript(std::string path, int fd, std::uint64_t limit, Clock::time_point epoch);
  // Adds one entry: the time, then `fields` and the printable `text`.
  void add(std::string_view fields, std::string_view text);
  void write_out();

  std::string path_;
  int fd_ = -1;
  std::uint64_t limit_;
  Clock::time_point epoch_;
  std::mutex mutex_;
  std::string pending_;     // entries not yet written
  std::uint64_t size_ = 0;  // bytes of the file, pending ones included
  std::uint64_t requests_ = 0;
  int engines_ = 0;
  bool cut_ = false;
  bool broken_ = false;  // a write failed: nothing more is written
};

}  // namespace bao::protocol
