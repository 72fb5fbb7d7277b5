// The wasm CLI's program (cli/: the same program as the native binary's) for its JavaScript driver (wasm/cli/):
// the driver starts a run, reads what it wants from one struct through the layout table, does it, and answers.
#include <emscripten/bind.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "bindings/shared.hpp"
#include "branded/cli/program.hpp"

using namespace branded::wasm;
using branded::cli::Program;
using branded::cli::Want;

namespace {

// What the run wants now, field by field (each as the Program says it).
struct Wanted {
  std::uint32_t want;
  std::uint32_t status;
  std::uint32_t fd;
  std::uint32_t call;
  Address bytes;  // write: bytes; read: room
  std::uint32_t size;
  Address path;
  std::uint32_t path_size;
  Address second_path;
  std::uint32_t second_path_size;
  Address text;
  std::uint32_t text_size;
  double number;  // file (alive): the pid; sleep: the ms; lease: the last millisecond minted
  // the lease held, for the driver's signal handlers (sizes 0: none)
  Address lock_path;
  std::uint32_t lock_path_size;
  Address last_path;
  std::uint32_t last_path_size;
  Address last_text;
  std::uint32_t last_text_size;
};
Wanted wanted;

constexpr Named WANTED_LAYOUT[] = {
    named("want", &wanted.want),
    named("status", &wanted.status),
    named("fd", &wanted.fd),
    named("call", &wanted.call),
    named("bytes", &wanted.bytes),
    named("size", &wanted.size),
    named("path", &wanted.path),
    named("pathSize", &wanted.path_size),
    named("secondPath", &wanted.second_path),
    named("secondPathSize", &wanted.second_path_size),
    named("text", &wanted.text),
    named("textSize", &wanted.text_size),
    named("number", &wanted.number),
    named("lockPath", &wanted.lock_path),
    named("lockPathSize", &wanted.lock_path_size),
    named("lastPath", &wanted.last_path),
    named("lastPathSize", &wanted.last_path_size),
    named("lastText", &wanted.last_text),
    named("lastTextSize", &wanted.last_text_size),
    {},
};

// The numbers of Want and FileCall by name, so the driver reads them rather than retyping them.
constexpr std::uint32_t number(auto value) { return static_cast<std::uint32_t>(value); }
constexpr std::uint32_t WANTS[] = {number(Want::exit),  number(Want::write), number(Want::read),
                                   number(Want::open),  number(Want::size),  number(Want::file),
                                   number(Want::sleep), number(Want::lease), number(Want::hand_off)};
using branded::cli::FileCall;
constexpr std::uint32_t CALLS[] = {number(FileCall::make_directory), number(FileCall::write),  number(FileCall::link),
                                   number(FileCall::read),           number(FileCall::rename), number(FileCall::remove),
                                   number(FileCall::alive)};
using branded::cli::LeaseCall;
constexpr std::uint32_t LEASE_CALLS[] = {number(LeaseCall::acquire), number(LeaseCall::check),
                                         number(LeaseCall::release)};
constexpr Named NUMBERS[] = {
    named("exit", &WANTS[0]),          named("write", &WANTS[1]),
    named("read", &WANTS[2]),          named("open", &WANTS[3]),
    named("size", &WANTS[4]),          named("file", &WANTS[5]),
    named("sleep", &WANTS[6]),         named("makeDirectory", &CALLS[0]),
    named("writeFile", &CALLS[1]),     named("link", &CALLS[2]),
    named("readFile", &CALLS[3]),      named("rename", &CALLS[4]),
    named("remove", &CALLS[5]),        named("alive", &CALLS[6]),
    named("lease", &WANTS[7]),         named("handOff", &WANTS[8]),
    named("acquire", &LEASE_CALLS[0]), named("check", &LEASE_CALLS[1]),
    named("release", &LEASE_CALLS[2]), {},
};

std::unique_ptr<Program> program;

void put(Address& at, std::uint32_t& size, std::string_view text) {
  at = address_of(text.data());
  size = static_cast<std::uint32_t>(text.size());
}

// Copies what the program wants into `wanted`.
void publish() {
  const Program& p = *program;
  wanted = {};
  wanted.want = static_cast<std::uint32_t>(p.want());
  switch (p.want()) {
    case Want::exit: wanted.status = static_cast<std::uint32_t>(p.status()); break;
    case Want::write:
      wanted.fd = static_cast<std::uint32_t>(p.fd());
      put(wanted.bytes, wanted.size, p.bytes());
      break;
    case Want::read:
      wanted.bytes = address_of(program->room());
      wanted.size = static_cast<std::uint32_t>(p.room_size());
      break;
    case Want::open:
    case Want::size: put(wanted.path, wanted.path_size, p.path()); break;
    case Want::file:
      wanted.call = static_cast<std::uint32_t>(p.file_call());
      put(wanted.path, wanted.path_size, p.path());
      put(wanted.second_path, wanted.second_path_size, p.second_path());
      put(wanted.text, wanted.text_size, p.text());
      wanted.number = static_cast<double>(p.pid());
      break;
    case Want::sleep: wanted.number = static_cast<double>(p.sleep_ms()); break;
    case Want::lease:
      wanted.call = static_cast<std::uint32_t>(p.lease_call());
      put(wanted.path, wanted.path_size, p.path());
      wanted.number = static_cast<double>(p.lease_ms());
      break;
    case Want::hand_off: break;
  }
  if (const auto* lease = p.held_lease()) {
    put(wanted.lock_path, wanted.lock_path_size, lease->lock_path);
    put(wanted.last_path, wanted.last_path_size, lease->last_path);
    put(wanted.last_text, wanted.last_text_size, lease->last_text);
  }
}

Address branded_cli_layout() { return address_of(WANTED_LAYOUT); }

// Where the numbers of Want and FileCall are, by name (their values are read from there).
Address branded_cli_numbers() { return address_of(NUMBERS); }

// Starts a run. `text`: the arguments, each ending in a NUL byte (`count` of them), then the lease directory.
// `flags`: 1 stdout is a terminal, 2 stderr is, 4 the progress line is drawn at every step, 8 the driver holds
// Valkey leases (mint --lease). `stdin_size`: -1 unless
// stdin is a regular file.
void branded_cli_start(Address text, std::uint32_t size, std::uint32_t count, int flags, double stdin_size,
                       double pid) {
  std::vector<std::string> args;
  std::string_view rest(pointer_at(text), size);
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::size_t end = rest.find('\0');
    args.emplace_back(rest.substr(0, end));
    rest.remove_prefix(end + 1);
  }
  branded::cli::Environment env;
  env.stdout_terminal = (flags & 1) != 0;
  env.stderr_terminal = (flags & 2) != 0;
  env.progress_every_step = (flags & 4) != 0;
  env.valkey_client = (flags & 8) != 0;
  env.stdin_size = static_cast<std::int64_t>(stdin_size);
  env.node_directory = rest;
  env.pid = static_cast<std::int64_t>(pid);
  program = std::make_unique<Program>(std::move(args), std::move(env));
  publish();
}

void branded_cli_done() {
  program->done();
  publish();
}

void branded_cli_done_text(Address text, std::uint32_t size) {
  program->done(std::string_view(pointer_at(text), size));
  publish();
}

void branded_cli_read(std::uint32_t bytes) {
  program->read(bytes);
  publish();
}

void branded_cli_opened(double size) {
  program->opened(static_cast<std::int64_t>(size));
  publish();
}

void branded_cli_failed(Address code, std::uint32_t size) {
  program->failed(std::string_view(pointer_at(code), size));
  publish();
}

void branded_cli_leased(double node, double floor_ms, double ceiling_ms, double ms_left) {
  program->leased({static_cast<std::int64_t>(node), static_cast<std::int64_t>(floor_ms),
                   static_cast<std::int64_t>(ceiling_ms), static_cast<std::int64_t>(ms_left)});
  publish();
}

void branded_cli_pipe_closed() {
  program->pipe_closed();
  publish();
}

}  // namespace

EMSCRIPTEN_BINDINGS(cli) {
  emscripten::function("cli_layout", &branded_cli_layout);
  emscripten::function("cli_numbers", &branded_cli_numbers);
  emscripten::function("cli_start", &branded_cli_start);
  emscripten::function("cli_done", &branded_cli_done);
  emscripten::function("cli_done_text", &branded_cli_done_text);
  emscripten::function("cli_read", &branded_cli_read);
  emscripten::function("cli_opened", &branded_cli_opened);
  emscripten::function("cli_failed", &branded_cli_failed);
  emscripten::function("cli_pipe_closed", &branded_cli_pipe_closed);
  emscripten::function("cli_leased", &branded_cli_leased);
}
