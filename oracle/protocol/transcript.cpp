// The transcript of an engine exchange (transcript.hpp; the format in
// docs/cli.md, "Transcripts").
#include "oracle/protocol/transcript.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "oracle/core/files.hpp"

namespace bao::protocol {
namespace {

// Room kept for the note that says the transcript was cut: it always fits.
constexpr std::uint64_t kCutRoom = 256;
// Pending entries beyond this are written at once (a long batch).
constexpr std::size_t kWriteAt = 64 * 1024;

}  // namespace

Expected<std::shared_ptr<Transcript>> Transcript::open(const std::string& path, std::uint64_t limit,
                                                       Clock::time_point epoch) {
  if (auto ok = check_output_file(path); !ok) return ok.error();
  namespace fs = std::filesystem;
  const fs::path target(path);
  std::error_code ec;
  if (target.has_parent_path()) {
    fs::create_directories(target.parent_path(), ec);
    if (ec)
      return Error{fmt::format("cannot create directory {}: {}", target.parent_path().string(),
                               ec.message())};
  }
  // O_NOFOLLOW: a link put there since the check is refused, not followed.
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0644);
  if (fd < 0) return Error{fmt::format("cannot write {}: {}", path, std::strerror(errno))};
  return std::shared_ptr<Transcript>(
      new Transcript(path, fd, std::max(limit, kMinLimit), epoch));  // NOLINT: private constructor
}

Transcript::Transcript(std::string path, int fd, std::uint64_t limit, Clock::time_point epoch)
    : path_(std::move(path)), fd_(fd), limit_(limit), epoch_(epoch) {}

Transcript::~Transcript() {
  flush();
  if (fd_ >= 0) ::close(fd_);
}

void Transcript::add(std::string_view fields, std::string_view text) {
  if (cut_ || broken_) return;
  const double seconds = std::chrono::duration<double>(Clock::now() - epoch_).count();
  std::string entry = fmt::format("{:.3f} {}{}\n", seconds, fields, printable(text));
  if (size_ + entry.size() + kCutRoom > limit_) {
    cut_ = true;
    entry = fmt::format(
        "{:.3f} - - # transcript cut: the next entry would take it past its limit of {} bytes "
        "(--log-limit); nothing more is written, the run went on\n",
        seconds, limit_);
  }
  size_ += entry.size();
  pending_ += entry;
  if (pending_.size() >= kWriteAt || cut_) write_out();
}

void Transcript::write_out() {
  std::size_t done = 0;
  while (done < pending_.size() && !broken_) {
    const ssize_t n = ::write(fd_, pending_.data() + done, pending_.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      broken_ = true;  // a full disk, say: the run goes on without its transcript
      break;
    }
    done += static_cast<std::size_t>(n);
  }
  pending_.clear();
}

int Transcript::started(pid_t pid, int restart, std::string_view command) {
  const std::lock_guard lock(mutex_);
  const int engine = ++engines_;
  add(fmt::format("e{} {} * ", engine, pid), restart == 0
                                                 ? fmt::format("start: {}", command)
                                                 : fmt::format("restart {}: {}", restart, command));
  write_out();
  return engine;
}

std::uint64_t Transcript::sent(int engine, pid_t pid, std::span<const std::string> lines) {
  const std::lock_guard lock(mutex_);
  const std::uint64_t first = requests_ + 1;
  for (const std::string& line : lines)
    add(fmt::format("e{} {} > {} ", engine, pid, ++requests_), line);
  write_out();
  return first;
}

void Transcript::received(int engine, pid_t pid, std::uint64_t number, std::string_view line) {
  const std::lock_guard lock(mutex_);
  if (number == 0)
    add(fmt::format("e{} {} < - ", engine, pid), line);
  else
    add(fmt::format("e{} {} < {} ", engine, pid, number), line);
}

void Transcript::event(int engine, pid_t pid, std::string_view text) {
  const std::lock_guard lock(mutex_);
  if (engine == 0)
    add("- - * ", text);
  else
    add(fmt::format("e{} {} * ", engine, pid), text);
  write_out();
}

void Transcript::note(std::string_view text) {
  const std::lock_guard lock(mutex_);
  add("- - # ", text);
  write_out();
}

void Transcript::flush() {
  const std::lock_guard lock(mutex_);
  write_out();
}

}  // namespace bao::protocol
