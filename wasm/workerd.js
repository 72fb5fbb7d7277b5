// @echomq/branded for Cloudflare workerd (the `workerd` export condition): workerd refuses to compile wasm
// from bytes, so the wasm arrives as a module the platform compiled, and is instantiated synchronously.
import compiled from './dist/branded.wasm';
import { instantiate } from './lib/module.js';

export * from './lib/facade.js';

instantiate(compiled);
