// A panel's state (what the URL keeps) and the inputs bound to it: the wiring every panel had written out.
import { debounce } from './dom.js';

/**
 * {current, update(patch), bind(pairs, onChange), set(next)}. update() and each bound input's edit patch
 * `current` and persist it through onState (debounced). set() takes a state from outside (defaults and
 * `complete` applied) and writes it into the bound inputs; the panel then renders it.
 */
export function panelState({ defaults, state, onState, complete = (s) => s }) {
  const bound = [];
  const persist = debounce(() => onState?.(model.current), 150);
  const model = {
    current: complete({ ...defaults, ...state }),
    update(patch) {
      model.current = { ...model.current, ...patch };
      persist();
    },
    /** [key, input] pairs: each input shows current[key] and an edit of it updates the state, then onChange. */
    bind(pairs, onChange = () => {}) {
      for (const [key, input] of pairs) {
        bound.push([key, input]);
        input.value = model.current[key];
        input.addEventListener('input', () => {
          model.update({ [key]: input.value });
          onChange(key);
        });
      }
    },
    set(next) {
      model.current = complete({ ...defaults, ...next });
      for (const [key, input] of bound) input.value = model.current[key];
    },
  };
  return model;
}
