// What the link says in the log: one line per change of each subject (the fence, the library, the version's
// advisories, a refused login or fence claim), never one per retry.
import { LIBRARY_VERSION } from '@echomq/branded/valkey';

import { advisories } from './advisories.js';
import { LIBRARY_LOAD_HINT } from './server-facts.js';

/** The connector's fence states as the bridge names them. */
export const FENCE_STATES = Object.freeze({ ok: 'ok', fenced: 'foreign', unverified: 'unknown' });
/** A login Valkey refused. */
export const AUTH_FAILED = /WRONGPASS|NOAUTH|invalid username-password/i;
// The connector's claim of an absent fence (SET NX), refused to a user without SET.
const UNCLAIMED = /NOPERM.*'set'/i;

/** The link's log: each method writes a line only when its subject's value changed since the last one. */
export class LinkNotes {
  #logger;
  #last = {}; // subject → the value last logged

  constructor(logger) {
    this.#logger = logger;
  }

  /** Runs `log` when `subject` takes a new `value`. */
  note(subject, value, log = () => {}) {
    if (this.#last[subject] === value) return;
    this.#last[subject] = value;
    log();
  }

  /** Whether the last login was refused (the link then retries slowly). */
  get loginRefused() {
    return this.#last.auth === 'refused';
  }

  fence(fence, found) {
    this.note('fence', `${fence}:${found}`, () =>
      (fence === 'ok' ? this.#logger.info : this.#logger.warn)('fence_changed', { fence: FENCE_STATES[fence], found }),
    );
  }

  library(library) {
    this.note('library', library, () => {
      if (library === 'ok') this.#logger.info('valkey_library', { library, version: LIBRARY_VERSION });
      else this.#logger.warn('valkey_library', { library, expected: LIBRARY_VERSION, note: LIBRARY_LOAD_HINT });
    });
  }

  version(version) {
    this.note('version', version, () => {
      const open = advisories(version);
      if (open.length > 0)
        this.#logger.warn('valkey_advisories', {
          version,
          cves: open,
          note: 'this Valkey predates the fixes for these CVEs (Lua scripting); run 8.0.6, 8.1.4, 9.0 or later',
        });
    });
  }

  /** The link is up: the failures noted before are over. */
  ready() {
    for (const [subject, value] of [
      ['auth', 'ok'],
      ['fence_claim', null],
      ['ready', null],
      ['link', 'up'],
    ])
      this.note(subject, value);
  }

  /** A readiness check failed (LOADING, a refused login): said once per message. */
  readyFailed(message) {
    if (AUTH_FAILED.test(message)) this.failure(message, null);
    else if (!this.loginRefused)
      this.note('ready', message, () => this.#logger.warn('valkey_ready_check_failed', { message }));
  }

  /** A connect failed: a refused login or fence claim is said once (until it works again), with what to do. */
  failure(message, attempt) {
    if (AUTH_FAILED.test(message)) {
      this.note('auth', 'refused', () =>
        this.#logger.error('valkey_auth_failed', {
          message,
          note: `Valkey refused the bridge's user: create it again (branded-bridge --print-acl) or fix --valkey; retrying`,
        }),
      );
      return;
    }
    if (UNCLAIMED.test(message)) {
      this.note('fence_claim', 'refused', () =>
        this.#logger.error('valkey_fence_unclaimed', {
          message,
          note: "the fence is not claimed and the bridge's user may not claim it: an administrator runs the SET ... NX that branded-bridge --print-acl prints; retrying",
        }),
      );
      return;
    }
    this.#logger.warn('valkey_connect_failed', { attempt, message });
  }
}
