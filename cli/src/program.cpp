// The run: picks the command, parses its arguments, runs it; and the Program its driver steps.
#include "branded/cli/program.hpp"

#include "commands.hpp"
#include "help.hpp"
#include "run.hpp"

#ifndef BRANDED_VERSION
#error "BRANDED_VERSION: the package's version, from wasm/package.json (cli/CMakeLists.txt)"
#endif

namespace branded::cli {
namespace {

using Runner = Task<int> (*)(Run&, const Arguments&);

struct Command {
  std::string_view name;
  std::vector<OptionSpec> options;
  Runner run;
};

const std::vector<Command>& commands() {
  const OptionSpec json{Option::json, "json", false}, help{Option::help, "help", false};
  const OptionSpec header{Option::header, "header", false}, no_header{Option::no_header, "no-header", false};
  const OptionSpec line_buffered{Option::line_buffered, "line-buffered", false};
  const OptionSpec check{Option::check, "check", false};
  static const std::vector<Command> table = {
      {"decode", {json, help, {Option::ns, "ns", true}, header, no_header, line_buffered, check}, decode_command},
      {"scan",
       {json, help, {Option::valid_only, "valid-only", false}, header, no_header, line_buffered, check},
       scan_command},
      {"encode", {json, help}, encode_command},
      {"mint",
       {json,
        help,
        {Option::node, "node", true},
        {Option::count, "count", true},
        {Option::at, "at", true},
        {Option::lease, "lease", true}},
       mint_command},
      {"gate", {json, help}, gate_command},
      {"window", {json, help}, window_command},
      {"min-for", {json, help}, min_for_command},
      {"range", {json, help}, range_command},
      {"slot", {json, help}, slot_command},
  };
  return table;
}

Task<int> command_line(Run& run) {
  const std::vector<std::string_view> argv(run.args.begin(), run.args.end());
  if (argv.empty()) co_return usage(run, {"no command given", {}});
  const std::string_view name = argv[0];
  const std::vector<std::string_view> rest(argv.begin() + 1, argv.end());
  if (name == "--version" || name == "-V") {
    put(run, BRANDED_VERSION "\n");
    co_return 0;
  }
  if (name == "--help" || name == "-h" || name == "help") {
    const std::string_view help = rest.empty() ? std::string_view{} : command_help(rest[0]);
    put(run, help.empty() ? TOOL_HELP : help);
    co_return 0;
  }
  for (const Command& command : commands()) {
    if (command.name != name) continue;
    Arguments args;
    if (auto error = parse_arguments(rest, command.options, command.name, args)) co_return usage(run, *error);
    if (args.flag(Option::help)) {
      put(run, command_help(command.name));
      co_return 0;
    }
    if (args.flag(Option::header) && args.flag(Option::no_header))
      co_return usage(run, {"--header and --no-header ask for opposite things; give one", command.name});
    co_return co_await command.run(run, args);
  }
  co_return usage(run, {"unknown command " + quote(name), {}});
}

// The whole run: the command, then stdout's last rows and the progress line taken off. A run whose stdout's
// reader went away (EPIPE) stops quietly, with status 0.
Task<int> whole_run(Run& run) {
  const int status = co_await command_line(run);
  co_await run.flush();
  if (!run.last_words.empty() && !run.stdout_gone) {
    const std::string words = std::move(run.last_words);
    co_await run.say(words);
  }
  co_await run.clear_progress();
  co_return run.stdout_gone ? 0 : status;
}

}  // namespace

struct Program::State : Run {
  State(std::vector<std::string> arguments, Environment environment)
      : Run(std::move(arguments), std::move(environment)), root(whole_run(*this)) {}
  Task<int> root;

  // Runs to the next request, or to the end.
  void step(coro::coroutine_handle<> handle) {
    handle.resume();
    if (root.done()) {
      want = Want::exit;
      status = root.result();
    }
  }
  void resume() {
    const coro::coroutine_handle<> handle = waiting;
    waiting = {};
    step(handle);
  }
};

Program::Program(std::vector<std::string> args, Environment environment)
    : state_(std::make_unique<State>(std::move(args), std::move(environment))) {
  if (state_->root.done()) state_->status = state_->root.result();
}

Program::~Program() = default;

Want Program::want() const { return state_->root.done() ? Want::exit : state_->want; }
int Program::status() const { return state_->status; }
int Program::fd() const { return state_->fd; }
std::string_view Program::bytes() const { return state_->bytes; }
char* Program::room() { return state_->room; }
std::size_t Program::room_size() const { return state_->room_size; }
bool Program::lendable() const { return state_->lendable; }
std::string_view Program::path() const { return state_->path; }
std::string_view Program::second_path() const { return state_->second_path; }
std::string_view Program::text() const { return state_->text; }
FileCall Program::file_call() const { return state_->file_call; }
std::int64_t Program::pid() const { return state_->pid; }
std::int64_t Program::sleep_ms() const { return state_->sleep_ms; }
LeaseCall Program::lease_call() const { return state_->lease_call; }
std::int64_t Program::lease_ms() const { return state_->lease_ms; }
const HeldLease* Program::held_lease() const { return state_->lease ? &*state_->lease : nullptr; }

void Program::done() { state_->resume(); }

void Program::done(std::string_view text) {
  state_->answer.text = text;
  state_->resume();
}

void Program::read(std::size_t bytes) {
  state_->answer.size = static_cast<std::int64_t>(bytes);
  state_->resume();
}

void Program::lend(std::string_view bytes) {
  state_->answer.size = static_cast<std::int64_t>(bytes.size());
  state_->answer.lent = bytes.data();
  state_->resume();
}

void Program::opened(std::int64_t size) {
  state_->answer.size = size;
  state_->resume();
}

void Program::failed(std::string_view code) {
  state_->answer.ok = false;
  state_->answer.text = code;
  state_->resume();
}

void Program::leased(const ValkeyLease& lease) {
  state_->answer.lease = lease;
  state_->resume();
}

void Program::pipe_closed() {
  state_->stdout_gone = true;
  state_->resume();
}

}  // namespace branded::cli
