// The contract's constants, read from core once at load (never typed here).
import { wasm } from './module.js';

const c = wasm.constants();

export const EPOCH_MS = c.EPOCH_MS;
export const HORIZON_MS = c.HORIZON_MS;
export const JOB_NAMESPACE = c.JOB_NAMESPACE;
export const ENQUEUE_SCRIPT = c.ENQUEUE_SCRIPT;
export const ENQUEUE_SCRIPT_SHA1 = c.ENQUEUE_SCRIPT_SHA1;
export const KIND_REFUSAL = c.KIND_REFUSAL;
export const KIND_CLASS = c.KIND_CLASS;
export const KEY_CLASS = c.KEY_CLASS;
export const FENCE_CLASS = c.FENCE_CLASS;
export const FENCE_KEY = c.FENCE_KEY;
export const FENCE_VALUE = c.FENCE_VALUE;
