// What the bridge learns of a Valkey server at every (re)connect: its version, whether the module's command
// is there, and the state of the Functions library the connector calls.
import { ENQUEUE_COMMAND } from '@echomq/branded';
import { LIBRARY_FUNCTIONS, LIBRARY_VERSION } from '@echomq/branded/valkey';

/** What to do when the library is missing or outdated. */
export const LIBRARY_LOAD_HINT =
  'an administrator loads them: branded-bridge --print-functions | valkey-cli -x FUNCTION LOAD REPLACE';

/**
 * {version, native}: the server's version (INFO server) and whether EMQ.ENQUEUE runs: on a standalone node when
 * the module is loaded; on a cluster when every primary answered the connector's node fence claim.
 */
export async function serverFacts(conn) {
  const info = await conn.client.info('server');
  const version = /^valkey_version:(\S+)/m.exec(info)?.[1] ?? /^redis_version:(\S+)/m.exec(info)?.[1] ?? null;
  if (conn.cluster) {
    const fences = conn.nodeFences ?? [];
    return { version, native: fences.length > 0 && fences.every((fence) => fence.found !== null) };
  }
  const [native] = await conn.client.command('INFO', ENQUEUE_COMMAND);
  return { version, native: native !== null && native !== undefined };
}

/** The library's state: 'ok', 'outdated' (another version) or 'missing'. */
export async function libraryState(client) {
  try {
    return (await client.fcall(LIBRARY_FUNCTIONS.version, 0)) === LIBRARY_VERSION ? 'ok' : 'outdated';
  } catch (error) {
    if (/Function not found/.test(error.message)) return 'missing';
    throw error;
  }
}
