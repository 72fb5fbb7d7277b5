// The bridge suites' shared fixture: a real valkey-server, a bridge on it, and the clients a suite asks for,
// started in the calling describe's before hook and stopped in its after hook.
import { after, before } from 'node:test';

import { Valkey } from 'iovalkey';

import { startServer } from '../../scripts/valkey.js';
import { open, startBridge } from './support.js';

/**
 * Registers the hooks and returns the stack, whose fields are set by the time the suite's tests run:
 * `valkey` (startServer(server)), `direct` (an iovalkey client on it, with `direct: true`), `bridge`
 * (startBridge with `--valkey <valkeyUrl(valkey)>` then `args`, or `args(stack)` for arguments known only
 * once the server runs; `options` as startBridge's) and `client` (a protocol client, open, with
 * `client: true`). `prepare(stack)` runs after the server and `direct`, before the bridge starts.
 */
export function useBridgeStack({
  server = {},
  args = [],
  options = {},
  direct = false,
  client = false,
  valkeyUrl = (valkey) => valkey.url,
  prepare = async () => {},
} = {}) {
  const stack = { valkey: null, direct: null, bridge: null, client: null };
  before(async () => {
    stack.valkey = await startServer(server);
    if (direct) {
      stack.direct = new Valkey({ host: stack.valkey.host, port: stack.valkey.port, lazyConnect: true });
      await stack.direct.connect();
    }
    await prepare(stack);
    const rest = typeof args === 'function' ? args(stack) : args;
    stack.bridge = await startBridge(['--valkey', valkeyUrl(stack.valkey), ...rest], options);
    if (client) stack.client = await open(stack.bridge.ws, { origin: stack.bridge.origin });
  });
  after(async () => {
    await stack.client?.close();
    await stack.bridge?.stop();
    stack.direct?.disconnect();
    await stack.valkey?.stop();
  });
  return stack;
}
