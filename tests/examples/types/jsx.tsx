// A global JSX namespace (no framework module): the tags' attributes and event props.
import type {} from '@echomq/branded-widgets/jsx';

export const page = [
  <branded-decode value="JOB0KHTOWnGLuC" class="wide" multiple onbranded-decode={(event) => event.detail} />,
  <branded-gate value="USR0KHTOWnGLuC" onbranded-verdict={(event) => event.detail.host.admitted} />,
  // @ts-expect-error: value is a string
  <branded-decode value={1} />,
];
