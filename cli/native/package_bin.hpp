// The native binary as @echomq/branded's own bin: npm's install copies it over the package's bin/branded.cjs
// (wasm/bin/install.cjs, as esbuild does), so `branded` starts without Node. There it still honours BRANDED_CLI.
#pragma once
#include <string>

namespace branded::cli {

// Where this binary is the package's bin and BRANDED_CLI asks for the WebAssembly CLI (or is not native or wasm),
// runs that or refuses as the package's JavaScript bin would, and never returns; everywhere else returns.
void act_as_package_bin(int argc, char** argv);

// Runs the WebAssembly CLI on this run's arguments in this binary's place (for what this build cannot do: mint
// --lease): the one beside it when it is the package's bin, else $BRANDED_WASM_CLI (set by the package's
// JavaScript bin when it starts this binary). Never returns, unless it cannot: then answers why not.
std::string run_wasm_cli(int argc, char** argv);

}  // namespace branded::cli
