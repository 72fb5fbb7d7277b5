// The contract's constants, read from core once the module is ready (never typed here).
import { AT, answerText, onReady, readText, views, wasm } from './module.js';

export let EPOCH_MS, HORIZON_MS, ID_LENGTH, MAX_SNOWFLAKE, MAX_NODE;
export let ENQUEUE_COMMAND,
  NODE_FENCE_COMMAND,
  JOB_NAMESPACE,
  ENQUEUE_SCRIPT,
  ENQUEUE_SCRIPT_SHA1,
  KIND_REFUSAL,
  KIND_CLASS,
  KEY_CLASS,
  FENCE_CLASS;
export let FENCE_KEY, FENCE_VALUE;

onReady(() => {
  const text = {};
  for (let i = 0; wasm.text_constant(i) === 0; i++) {
    const u32 = views().u32;
    text[answerText()] = readText(u32[AT.parts >> 2], u32[(AT.parts >> 2) + 1]);
  }
  EPOCH_MS = wasm.epoch_ms();
  HORIZON_MS = wasm.horizon_ms();
  ID_LENGTH = wasm.id_length();
  MAX_SNOWFLAKE = BigInt(text.MAX_SNOWFLAKE);
  MAX_NODE = Number(text.MAX_NODE);
  ({ JOB_NAMESPACE, ENQUEUE_SCRIPT, ENQUEUE_SCRIPT_SHA1, KIND_REFUSAL, KIND_CLASS, KEY_CLASS, FENCE_CLASS } = text);
  ({ ENQUEUE_COMMAND, NODE_FENCE_COMMAND, FENCE_KEY, FENCE_VALUE } = text);
});
