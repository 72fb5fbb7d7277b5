// The bridge's own names: the protocol it speaks and its package version.
import { createRequire } from 'node:module';

export const PROTOCOL_NAME = 'branded-bridge/1';
export const BRIDGE_VERSION = createRequire(import.meta.url)('../package.json').version;
