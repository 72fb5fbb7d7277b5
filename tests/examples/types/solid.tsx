// Solid: props are set as properties, events come through `on:` with typed details.
import type {} from '@echomq/branded-widgets/solid';
import type { BrandedDecode } from '@echomq/branded-widgets';

export function Decoder(props: { id: string }) {
  let element: BrandedDecode | undefined;
  return (
    <div>
      <branded-decode
        ref={element}
        value={props.id}
        theme="light"
        class="wide"
        on:branded-decode={(event) => console.log('id' in event.detail && event.detail.ok && event.detail.iso)}
      />
      <branded-gate value="USR0KHTOWnGLuC" on:branded-verdict={(event) => event.detail.wire.error} />
      <branded-window t0="+10ms" t1="+11ms" />
      <branded-enqueue queue="demo" on:branded-change={(event) => event.detail.queue} />
      {/* @ts-expect-error: a theme is auto, light or dark */}
      <branded-decode theme="blue" />
      {/* @ts-expect-error: a verdict has no iso */}
      <branded-gate on:branded-verdict={(event) => event.detail.iso} />
    </div>
  );
}
