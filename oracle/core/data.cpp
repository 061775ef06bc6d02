#include "oracle/core/data.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <system_error>

namespace bao {
namespace {

namespace fs = std::filesystem;

// Relative to the executable's folder, in search order (data.hpp).
constexpr const char* kInstalled = "../share/bao-oracle/scenarios";
constexpr const char* kBesideExecutable = "scenarios";

std::optional<std::string> data_variable() {
  const char* value = std::getenv(kDataEnvironment);
  if (value == nullptr || *value == '\0') return std::nullopt;
  return std::string(value);
}

// The folder of the running program; empty when /proc is not there.
fs::path exe_folder() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::path() : exe.parent_path();
}

std::optional<fs::path> folder(const fs::path& p) {
  std::error_code ec;
  if (!fs::is_directory(p, ec)) return std::nullopt;
  const fs::path canonical = fs::canonical(p, ec);
  return ec ? p.lexically_normal() : canonical;
}

}  // namespace

Expected<std::optional<fs::path>> find_scenario_folder(const std::optional<std::string>& variable,
                                                       const fs::path& exe) {
  if (variable) {
    const fs::path asked = fs::path(*variable) / "scenarios";
    if (auto found = folder(asked)) return std::optional<fs::path>(*found);
    return Error{
        fmt::format("{}={}: {} is not a folder (it names the folder that holds scenarios/)",
                    kDataEnvironment, *variable, asked.string())};
  }
  if (exe.empty()) return std::optional<fs::path>();
  for (const char* relative : {kInstalled, kBesideExecutable})
    if (auto found = folder(exe / relative)) return std::optional<fs::path>(*found);
  return std::optional<fs::path>();
}

Expected<std::optional<fs::path>> default_scenario_folder() {
  return find_scenario_folder(data_variable(), exe_folder());
}

std::string scenario_search_text() {
  const fs::path exe = exe_folder();
  const std::string where =
      exe.empty() ? "<the executable's folder: /proc/self/exe unreadable>" : exe.string();
  return fmt::format("{} not set, {}/{}, {}/{}", kDataEnvironment, where, kInstalled, where,
                     kBesideExecutable);
}

}  // namespace bao
