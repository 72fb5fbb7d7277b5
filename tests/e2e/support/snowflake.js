// The tests' own composition of a Snowflake (contract.md §2), independent of the page and the package.
const EPOCH_MS = 1704067200000n;

export const compose = (ms, node, seq) => ((BigInt(ms) - EPOCH_MS) << 22n) | (BigInt(node) << 12n) | BigInt(seq);
