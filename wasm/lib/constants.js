// The contract's constants, read from core once at load (never typed here).
import { AT, answerText, readText, views, wasm } from './module.js';

const text = {};
for (let i = 0; wasm._branded_text_constant(i) === 0; i++) {
  const u32 = views().u32;
  text[answerText()] = readText(u32[AT.parts >> 2], u32[(AT.parts >> 2) + 1]);
}

export const EPOCH_MS = wasm._branded_epoch_ms();
export const HORIZON_MS = wasm._branded_horizon_ms();
export const {
  JOB_NAMESPACE,
  ENQUEUE_SCRIPT,
  ENQUEUE_SCRIPT_SHA1,
  KIND_REFUSAL,
  KIND_CLASS,
  KEY_CLASS,
  FENCE_CLASS,
  FENCE_KEY,
  FENCE_VALUE,
} = text;
