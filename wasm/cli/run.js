// The `branded` command as a process: runs main on the arguments and exits with its status. The entry of the
// CommonJS bundle dist/cli.cjs (wasm/tools/bundle.js), which bin/branded.cjs loads.
import { main } from './main.js';

main(process.argv.slice(2)).then((status) => {
  process.exitCode = status;
});
