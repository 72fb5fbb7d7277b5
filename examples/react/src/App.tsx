// The widgets in JSX with the package's types: props, a ref and a typed event prop. A listener attached in
// useEffect (after hydration) reads the state the widget already shows, then hears every change.
import { useEffect, useRef, useState } from 'react';
import type { BrandedDecode, BrandedDecodeDetail, BrandedDecodeManyDetail } from '@echomq/branded-widgets';
import type {} from '@echomq/branded-widgets/react';
import { applyTheme, type Theme } from './theme';

type Decoded = BrandedDecodeDetail | BrandedDecodeManyDetail | null;
const describe = (decoded: Decoded) =>
  !decoded || !('id' in decoded) ? 'nothing yet' : decoded.ok ? decoded.iso : `refused: ${decoded.error}`;

export function App() {
  const decodeRef = useRef<BrandedDecode>(null);
  const [decoded, setDecoded] = useState<Decoded>(null);
  const [verdict, setVerdict] = useState('no verdict heard yet');
  const [theme, setTheme] = useState<Theme | null>(null);

  useEffect(() => {
    const element = decodeRef.current!;
    setDecoded(element.result);
    const listener = (event: HTMLElementEventMap['branded-decode']) => setDecoded(event.detail);
    element.addEventListener('branded-decode', listener);
    return () => element.removeEventListener('branded-decode', listener);
  }, []);
  useEffect(() => setTheme(document.documentElement.classList.contains('dark') ? 'dark' : 'light'), []);

  const switchTheme = () => {
    const next = theme === 'dark' ? 'light' : 'dark';
    applyTheme(next);
    setTheme(next);
  };

  return (
    <main>
      <header>
        <h1>Branded ids in a React app</h1>
        <button type="button" id="theme-switch" onClick={switchTheme}>
          {theme === 'dark' ? 'Light mode' : 'Dark mode'}
        </button>
      </header>
      <p>A job id is 14 bytes: the namespace JOB and eleven Base62 digits of a Snowflake.</p>
      <branded-decode ref={decodeRef} value="JOB0KHTOWnGLuC" className="widget" />
      <p>
        The app heard: <output id="decode-echo">{describe(decoded)}</output>
      </p>
      <h2>The gate</h2>
      <p>A USR id has the right shape, so the host passes it; the wire gate refuses it.</p>
      <branded-gate
        value="USR0KHTOWnGLuC"
        onbranded-verdict={(event) =>
          setVerdict(`${event.detail.id}: host ${event.detail.host.admitted ? 'passes' : 'refuses'}`)
        }
      />
      <p>
        The last verdict: <output id="verdict-echo">{verdict}</output>
      </p>
    </main>
  );
}
