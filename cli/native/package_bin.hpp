// The native binary as @echomq/branded's own bin: npm's install copies it over the package's bin/branded.cjs
// (wasm/bin/install.cjs, as esbuild does), so `branded` starts without Node. There it still honours BRANDED_CLI.
#pragma once

namespace branded::cli {

// Where this binary is the package's bin and BRANDED_CLI asks for the WebAssembly CLI (or is not native or wasm),
// runs that or refuses as the package's JavaScript bin would, and never returns; everywhere else returns.
void act_as_package_bin(int argc, char** argv);

}  // namespace branded::cli
