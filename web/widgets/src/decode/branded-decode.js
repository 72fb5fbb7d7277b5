// <branded-decode>: one id taken apart, or a table of many with `multiple`.
import { valid } from '@echomq/branded';
import { createDecodePanel } from '../../../src/panels/decode/decode.js';
import { createDecodeCard } from '../../../src/panels/decode/decode-card.js';
import { DECODE_DEFAULTS } from '../../../src/panels/decode/decode-model.js';
import { BrandedElement } from '../base/branded-element.js';
import { packageLoaded } from '../base/package-loaded.js';
import { decodeDetail } from './decode-detail.js';
import decodeCss from './branded-decode.css?inline';

/**
 * Takes a branded id apart: namespace, Snowflake, instant, node, sequence, hash32 and stream entry id.
 *
 * @tag branded-decode
 * @summary Decode one branded id, or many (one per line) with `multiple`.
 *
 * @attr {string} value - the id to decode (with `multiple`: ids, one per line). Default `JOB0KHTOWnGLuC`.
 * @attr {boolean} multiple - a table of every line instead of one id.
 *
 * @fires {CustomEvent} branded-decode - after every decode. Without `multiple`: `detail` is `{ id, ok, namespace,
 *   snowflake (bigint), unixMs, iso, node, seq, hash32, streamId }` or `{ id, ok: false, error }` (`error` one of
 *   length, namespace, charset, range). With `multiple`: `{ count, decoded, refused }`.
 */
export class BrandedDecode extends BrandedElement {
  static panel = createDecodeCard;
  static attributeMap = { value: 'ids' };
  static valueIsFirstField = true;
  static resultEvent = 'branded-decode';
  /** @ignore */
  static styles = [decodeCss];

  /** @type {string} The id shown: what the reader typed, else the `value` attribute. Setting it sets the attribute. */
  get value() {
    return this.shownValue(DECODE_DEFAULTS.ids);
  }
  set value(value) {
    this.setValue(value);
  }

  /** @type {boolean} */
  get multiple() {
    return this.hasAttribute('multiple');
  }
  set multiple(value) {
    this.toggleAttribute('multiple', Boolean(value));
  }

  /** The decode of what the widget shows (the `branded-decode` event's detail), or null before the package loads. */
  get result() {
    if (!packageLoaded()) return null;
    const value = this.value;
    if (!this.multiple) return decodeDetail(value);
    const lines = value.split('\n');
    const decoded = lines.filter((line) => valid(line)).length;
    return { count: lines.length, decoded, refused: lines.length - decoded };
  }

  isRefused(detail) {
    return 'ok' in detail ? !detail.ok : detail.refused > 0;
  }

  panelFactory() {
    return this.multiple ? createDecodePanel : createDecodeCard;
  }
}
