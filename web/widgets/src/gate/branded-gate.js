// <branded-gate>: a candidate job id through the host check and the wire gate.
import { createGatePanel } from '../../../src/panels/gate/gate.js';
import { GATE_DEFAULTS, verdictDetail } from '../../../src/panels/gate/gate-model.js';
import { BrandedElement } from '../base/branded-element.js';
import { packageLoaded } from '../base/package-loaded.js';

/**
 * A candidate job id through the two checks: the host (all 14 bytes parse) and the wire gate (the first three
 * bytes are JOB); with a bridge, the script and the native command run it side by side.
 *
 * @tag branded-gate
 * @summary The host check and the wire gate's verdict for one id.
 *
 * @attr {string} value - the candidate id. Default `JOB0KHTOWnGLuC`.
 *
 * @fires {CustomEvent} branded-verdict - after every check: `detail` is `{ id, host: { admitted, error? },
 *   wire: { admitted, error? } }`; `host.error` is a parse error class, `wire.error` the EMQKIND refusal.
 */
export class BrandedGate extends BrandedElement {
  static panel = createGatePanel;
  static attributeMap = { value: 'id' };
  static valueIsFirstField = true;
  static resultEvent = 'branded-verdict';

  /** @type {string} The candidate shown: what the reader typed, else the `value` attribute. */
  get value() {
    return this.shownValue(GATE_DEFAULTS.id);
  }
  set value(value) {
    this.setValue(value);
  }

  /** The host's and the wire gate's verdicts on what the widget shows (`branded-verdict`'s detail), or null. */
  get result() {
    return packageLoaded() ? verdictDetail(this.value) : null;
  }

  isRefused(detail) {
    return !detail.host.admitted || !detail.wire.admitted;
  }
}
