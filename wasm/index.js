// @echomq/branded: the EchoMQ branded-id contract, from one C++ core compiled to WebAssembly.
// No top-level await: the embedded wasm is instantiated (and self-checked) while this module evaluates,
// synchronously wherever the platform compiles synchronously, so importing is enough and every function is
// synchronous. Where it does not, calls wait for `ready` (see README: "Loading").
import binary from './dist/branded-wasm-binary.js';
import { base64Bytes, instantiate } from './lib/module.js';

export * from './lib/facade.js';

instantiate(base64Bytes(binary));
