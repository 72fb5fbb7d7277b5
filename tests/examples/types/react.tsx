// React 19: the tags take React's own props, a typed ref and typed event props; wrong ones are errors.
import { useEffect, useRef, useState } from 'react';
import type { BrandedDecode, BrandedParseError, BrandedVerdictDetail } from '@echomq/branded-widgets';
import type {} from '@echomq/branded-widgets/react';

export function Decoder({ id }: { id: string }) {
  const ref = useRef<BrandedDecode>(null);
  const [iso, setIso] = useState('');
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const show = (detail: BrandedDecode['result']) => setIso(detail && 'iso' in detail && detail.ok ? detail.iso : '');
    show(element.result);
    const listener = (event: HTMLElementEventMap['branded-decode']) => show(event.detail);
    element.addEventListener('branded-decode', listener);
    return () => element.removeEventListener('branded-decode', listener);
  }, []);
  return (
    <section>
      <branded-decode
        key={id}
        ref={ref}
        value={id}
        theme="dark"
        className="wide"
        style={{ maxWidth: 640 }}
        hidden={false}
        onClick={(event) => event.currentTarget.value}
        onbranded-decode={(event) => {
          const detail = event.detail;
          if ('id' in detail && !detail.ok) {
            const error: BrandedParseError = detail.error;
            console.log(error);
          }
          console.log(event.target.multiple);
        }}
        onbranded-change={(event) => console.log(event.detail.value)}
      >
        <span slot="note">children are allowed</span>
      </branded-decode>
      <branded-decode value={id} onbranded-decode={(event) => setIso(event.detail.ok ? event.detail.iso : '')} />
      <branded-gate value="USR0KHTOWnGLuC" onbranded-verdict={(event) => console.log(event.detail.wire.admitted)} />
      <branded-window t0="+10ms" t1="+20ms" bridge="wss://example.invalid/ws" />
      <branded-enqueue queue="demo" executor="native" token="t" />
      <output>{iso}</output>
      {/* @ts-expect-error: a theme is auto, light or dark */}
      <branded-decode theme="blue" />
      {/* @ts-expect-error: value is a string */}
      <branded-gate value={42} />
      {/* @ts-expect-error: executor is script or native */}
      <branded-enqueue executor="lua" />
      {/* @ts-expect-error: a verdict has no iso */}
      <branded-gate onbranded-verdict={(event) => event.detail.iso} />
      {/* @ts-expect-error: the ref is the element's own class */}
      <branded-gate ref={ref} />
    </section>
  );
}

export const verdictOf = (detail: BrandedVerdictDetail) => detail.host.admitted;
