// Reads the decode widget's `result` in onMount, with no await before it, and shows what it read.
import { createSignal, onMount } from 'solid-js';

export function App() {
  let decode;
  const [echo, setEcho] = createSignal('not mounted yet');
  onMount(() => {
    const result = decode.result;
    setEcho(result === null ? 'null' : `${result.id}: ${result.ok ? result.iso : `refused: ${result.error}`}`);
  });
  return (
    <main>
      <h1>Branded widgets in a Solid app</h1>
      <branded-decode ref={decode} value="JOB0KHTOWnGLuC" />
      <p>
        In onMount, <code>result</code> read: <output id="result-echo">{echo()}</output>
      </p>
    </main>
  );
}
