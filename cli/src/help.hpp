// The help texts: the tool's (branded --help) and each command's (branded <command> --help). The docs site's CLI
// reference is generated from them.
#pragma once
#include <string_view>

namespace branded::cli {

extern const std::string_view TOOL_HELP;
// The help of `command`, or empty when there is no such command.
std::string_view command_help(std::string_view command);

}  // namespace branded::cli
