// Getting an instance from a module's wasm, shared by the package's module (lib/module.js) and the ./explain
// subpath's (explain.js): the bytes of the embedded base64, and a synchronous instantiation where allowed.

/** The bytes of base64 text (the wasm the default entries embed). */
export function base64Bytes(text) {
  if (typeof Uint8Array.fromBase64 === 'function') return Uint8Array.fromBase64(text);
  // Node's atob is far slower than its Buffer (read off globalThis, so no bundler polyfills it).
  const NodeBuffer = globalThis.Buffer;
  if (typeof NodeBuffer?.from === 'function') return NodeBuffer.from(text, 'base64');
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** The instance's one memory (the link minifies export names). */
export function memoryOf(instance) {
  return Object.values(instance.exports).find((value) => value instanceof WebAssembly.Memory);
}

/**
 * An instance made now, or null where the platform will not compile synchronously: Chromium's main thread
 * compiles only small modules so (8 MB; older versions 4 KB) and some embedders refuse it.
 */
export function instantiateNow(source, imports) {
  let module;
  try {
    module = source instanceof WebAssembly.Module ? source : new WebAssembly.Module(source);
  } catch (refusal) {
    if (refusal instanceof RangeError || refusal instanceof WebAssembly.CompileError) return null;
    throw refusal;
  }
  return new WebAssembly.Instance(module, imports);
}
