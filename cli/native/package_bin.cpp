#include "package_bin.hpp"

#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "arguments.hpp"

namespace branded::cli {
namespace {

// The WebAssembly CLI beside this binary when it is the package's bin (<package>/bin/), else empty.
std::string sibling_wasm_cli() {
  char self[PATH_MAX];
  const ssize_t length = readlink("/proc/self/exe", self, sizeof self - 1);
  if (length <= 0) return {};
  std::string path(self, static_cast<std::size_t>(length));
  const auto slash = path.rfind('/');
  if (slash == std::string::npos) return {};
  path.resize(slash);
  if (!path.ends_with("/bin")) return {};
  path.resize(path.size() - 4);
  path += "/dist/cli.cjs";
  return access(path.c_str(), R_OK) == 0 ? path : std::string{};
}

[[noreturn]] void refuse(const std::string& message) {
  const std::string line = "branded: " + message + "\n";
  [[maybe_unused]] const ssize_t wrote = write(2, line.data(), line.size());
  std::exit(2);
}

// Replaces this process with node running `wasm_cli` on the arguments; answers only when node did not start.
std::string exec_node(const std::string& wasm_cli, int argc, char** argv) {
  std::vector<char*> args{const_cast<char*>("node"), const_cast<char*>(wasm_cli.c_str())};
  args.insert(args.end(), argv + 1, argv + argc);
  args.push_back(nullptr);
  execvp("node", args.data());
  return std::strerror(errno);
}

}  // namespace

std::string run_wasm_cli(int argc, char** argv) {
  const char* variable = std::getenv("BRANDED_CLI");
  if (variable != nullptr && std::string_view(variable) == "native") return "BRANDED_CLI=native asks for it";
  std::string wasm_cli = sibling_wasm_cli();
  if (const char* given = std::getenv("BRANDED_WASM_CLI"); wasm_cli.empty() && given != nullptr && *given != '\0')
    wasm_cli = given;
  if (wasm_cli.empty()) return "no WebAssembly CLI is installed beside it";
  return "node did not start (" + exec_node(wasm_cli, argc, argv) + ")";
}

void act_as_package_bin(int argc, char** argv) {
  const char* variable = std::getenv("BRANDED_CLI");
  const std::string_view choice = variable != nullptr ? variable : "";
  if (choice.empty() || choice == "native") return;
  const std::string wasm_cli = sibling_wasm_cli();
  if (wasm_cli.empty()) return;  // run from its platform package or a build: BRANDED_CLI is the package bin's to read
  if (choice != "wasm")
    refuse("BRANDED_CLI must be native or wasm (or unset: native where installed), not " + quote(choice));
  refuse("BRANDED_CLI=wasm, but node did not start: " + exec_node(wasm_cli, argc, argv));
}

}  // namespace branded::cli
