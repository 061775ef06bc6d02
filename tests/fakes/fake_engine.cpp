// A hostile engine for the engine client's tests (tests/engine_client_test.cpp).
// It answers like `bao-oracle engine` (the real EngineServer behind it) until
// its mode makes it misbehave, usually at the K-th request (1-based; the
// client's handshake is requests 1 to 3: protocol, name, rulesets).
//
//   bao_fake_engine MODE [K] [MS]
//
//   good                 behave
//   crash K              abort() at request K
//   exit3 K              exit(3) at request K
//   hang K               stop answering at request K (sleeps; SIGTERM ends it)
//   hang-stubborn K      the same, but ignoring SIGTERM (only SIGKILL ends it)
//   garbage K            answer request K with a line that is not a response
//   chatty K             write an `info` line before the answer to request K
//   no-newline K         answer request K without '\n', then exit(0)
//   huge-line K          answer request K with a 10 MB line
//   huge-unended K       answer request K with 1 MiB and no line end, then hang
//   stderr-flood         write 50 MB to stderr before the first answer, then
//                        1 KiB before every answer, answering correctly
//   exit-at-start        exit(1) before reading anything
//   slow K MS            from request K on, answer each request after MS ms
//   version              answer `protocol` with `= 2`
//   refuse-ruleset       list only ap-zanzibar and guide-v2, refuse guide-v2
//   extra K              write a second `=` line after the answer to request K
//   bad-name             answer `name` with bytes that are not UTF-8 and a
//                        control byte, answering everything else correctly
//   hostile K            name itself with HTML, Markdown and a terminal escape
//                        sequence, and answer every request from K on with such text
//   odd-text K           name itself with characters that are valid UTF-8 but
//                        line ends or controls to some reader (U+0085 NEL,
//                        U+2028, U+2029, U+FEFF, a C1 control, a
//                        noncharacter), each followed by text a YAML reader
//                        would take for a key; play capture-needs-three, and
//                        answer every request from K on (K > 0) with such
//                        text
//   lists IDS            answer `rulesets` with IDS (comma-separated: ids of this
//                        oracle or not), answering everything else correctly
//   odd-bytes K          answer every request from K on (but `quit`) with a
//                        success line holding a NUL, bytes that are not UTF-8,
//                        control bytes, a lone '\r', U+2028 and U+0085
//   dup-moves            answer `moves` with every legal move listed twice
//                        (A6L A6R A6L A6R), answering everything else correctly
//   mutant-in R S        list every ruleset, and play the switches S (comma-
//                        separated) under ruleset R only: a deviation in one
//                        ruleset of an engine that plays the others right
//
// Two environment variables, for the interruption tests
// (tests/interrupt_test.cpp):
//
//   BAO_FAKE_SWITCHES=a,b   play these switches (as `bao-oracle engine
//                           --mutant a,b` does), so that a slow or hanging
//                           engine has deviations to find
//   BAO_FAKE_HANG_FILE=F    create the file F when a hang mode starts hanging
#include <signal.h>
#include <unistd.h>

#include <fcntl.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "oracle/protocol/engine_server.hpp"
#include "oracle/rules/ruleset.hpp"

namespace {

void write_all(int fd, const std::string& data) {
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n <= 0) std::_Exit(4);  // the client went away: nothing left to do
    done += static_cast<std::size_t>(n);
  }
}

void say(const std::string& line) {
  write_all(1, line + "\n");
}

void log(const std::string& text) {
  write_all(2, "fake_engine: " + text + "\n");
}

[[noreturn]] void hang() {
  for (;;) ::pause();
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "good";
  const long k = argc > 2 ? std::atol(argv[2]) : 0;
  const std::string word = argc > 2 ? argv[2] : "";
  const long ms = argc > 3 ? std::atol(argv[3]) : 0;
  if (mode == "exit-at-start") {
    log("exiting at start");
    return 1;
  }
  if (mode == "hang-stubborn") ::signal(SIGTERM, SIG_IGN);
  if (mode == "stderr-flood") {
    const std::string block(64 * 1024, 'e');
    for (int i = 0; i < 800; ++i) write_all(2, block);  // 50 MiB
  }

  std::vector<std::string> switches;
  if (const char* list = std::getenv("BAO_FAKE_SWITCHES")) {
    std::string item;
    for (const char* c = list;; ++c) {
      if (*c == ',' || *c == '\0') {
        if (!item.empty()) switches.push_back(item);
        item.clear();
        if (*c == '\0') break;
      } else {
        item += *c;
      }
    }
  }
  auto comma_list = [](const std::string& list) {
    std::vector<std::string> items;
    std::string item;
    for (char c : list + ",") {
      if (c != ',') {
        item += c;
      } else if (!item.empty()) {
        items.push_back(item);
        item.clear();
      }
    }
    return items;
  };
  if (mode == "odd-text") switches.emplace_back("capture-needs-three");
  bao::protocol::EngineServer plain(bao::protocol::default_ruleset(), switches);
  // mutant-in: the switched server, made when its ruleset is selected.
  std::optional<bao::protocol::EngineServer> switched;
  bool in_switched = false;
  std::string line;
  for (long n = 1; std::getline(std::cin, line); ++n) {
    const bool now = n == k;
    if (mode == "crash" && now) {
      log("aborting at request " + std::to_string(n));
      std::abort();
    }
    if (mode == "exit3" && now) {
      log("exiting with 3 at request " + std::to_string(n));
      std::exit(3);
    }
    if ((mode == "hang" || mode == "hang-stubborn") && now) {
      log("hanging at request " + std::to_string(n));
      if (const char* file = std::getenv("BAO_FAKE_HANG_FILE")) {
        const int fd = ::open(file, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
        if (fd >= 0) ::close(fd);
      }
      hang();
    }
    if (mode == "slow" && n >= k) std::this_thread::sleep_for(std::chrono::milliseconds(ms));
    if (mode == "stderr-flood") write_all(2, std::string(1023, 'f') + "\n");

    if (mode == "mutant-in" && line.rfind("ruleset ", 0) == 0) {
      in_switched = line == "ruleset " + word;
      if (in_switched && !switched)
        switched.emplace(*bao::find_ruleset(word), comma_list(argc > 3 ? argv[3] : ""));
    }
    bao::protocol::EngineServer& answering = in_switched ? *switched : plain;
    std::string answer = answering.handle(line);
    if (mode == "mutant-in" && line == "name")
      answer = "= fake (" + std::string(argc > 3 ? argv[3] : "") + " under " + word + ")";
    if (mode == "lists" && line == "rulesets") {
      answer = "=";
      for (const std::string& id : comma_list(word)) answer += " " + id;
    }
    if (mode == "version" && line == "protocol") answer = "= 2";
    if (mode == "dup-moves" && line == "moves" && answer.rfind("= ", 0) == 0)
      answer += answer.substr(1);
    if (mode == "bad-name" && line == "name") answer = "= fake \xff\xfe engine \x01 1.0";
    if (mode == "hostile" && line == "name")
      answer = "= <script>alert(1)</script> *bold* `tick` \x1b[2J\r engine";
    if (mode == "hostile" && n >= k && line != "quit")
      answer = "= <img src=x onerror=alert(2)> ``` ]]> \x1b[31m\x07 \xc3\x28";
    // NEL, LS, PS, BOM, CSI (a C1 control), U+FFFE (a noncharacter).
    if (mode == "odd-text" && line == "name")
      answer =
          "= fake\xC2\x85injected: 1\xE2\x80\xA8"
          "also: 2\xE2\x80\xA9more: 3 "
          "\xEF\xBB\xBF\xC2\x9B"
          "31m \xEF\xBF\xBE engine";
    if (mode == "odd-text" && k > 0 && n >= k && line != "quit")
      answer = "= A6L\xC2\x85key: 4\xE2\x80\xA8<b>x</b>\xE2\x80\xA9\xEF\xBB\xBF\xC2\x9F";
    if (mode == "refuse-ruleset") {
      if (line == "rulesets") answer = "= ap-zanzibar guide-v2";
      if (line == "ruleset guide-v2") answer = "? guide-v2 is not supported after all";
    }
    if (mode == "odd-bytes" && n >= k && line != "quit")
      answer = std::string("= nul\0here \xff\xfe bad \x01\x1b[2J ctrl \r mid ", 35) +
               "\xE2\x80\xA8 ls \xC2\x85 nel";
    if (mode == "garbage" && now) answer = "garbage \x01\x02 here";
    if (mode == "chatty" && now) say("info thinking hard");
    if (mode == "no-newline" && now) {
      write_all(1, answer);
      return 0;
    }
    if (mode == "huge-line" && now) answer = "= " + std::string(10 * 1024 * 1024, 'x');
    if (mode == "huge-unended" && now) {
      write_all(1, "= " + std::string(1024 * 1024, 'x'));
      hang();
    }
    if (mode == "extra" && now) answer += "\n= unsolicited";
    say(answer);
    if (answering.quit_requested()) return 0;
  }
  return 0;
}
