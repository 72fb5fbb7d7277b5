// The line over the Decode table that names how a paste that is no id was read (panels/decode-reading.js):
// the fix applied (whitespace removed, the ids found in the text, a Snowflake given an id under a namespace
// the reader picks) or suggested (did you mean …?), with a way back to the text exactly as typed.
import { h, fill, debounce } from '../lib/dom.js';
import { formatCount } from '../lib/format.js';

/**
 * {element, render(reading, {as, asRefusal, scanning})}; onExact() reads the text exactly as typed, onText(text)
 * decodes another text (a suggestion), onAs(namespace) picks the namespace bare Snowflakes are shown under.
 */
export function readingNote({ onExact, onText, onAs }) {
  const message = h('span', { 'data-testid': 'reading-text' });
  // The namespace field stays mounted while the reader types in it (the note around it is redrawn).
  const asInput = h('input', {
    type: 'text',
    class: 'mono',
    size: 4,
    maxlength: 8,
    spellcheck: 'false',
    autocomplete: 'off',
    'aria-label': 'Namespace the Snowflakes are shown under',
    'data-testid': 'reading-as',
  });
  asInput.addEventListener(
    'input',
    debounce(() => onAs(asInput.value), 120),
  );
  const asField = h('span', { class: 'reading-as' }, ' with namespace ', asInput);
  const asError = h('span', { class: 'error-text', 'data-testid': 'reading-as-error' });
  const actions = h('span', { class: 'reading-actions' });
  const element = h(
    'p',
    { class: 'note reading', hidden: true, role: 'status', 'data-testid': 'reading' },
    message,
    asError,
    actions,
  );
  const button = (text, onclick, testid) =>
    h('button', { type: 'button', class: 'small', onclick, 'data-testid': testid }, text);
  const exact = () => button('Decode exactly as typed', onExact, 'reading-exact');

  function render(reading, { as, asRefusal }) {
    element.hidden = reading.kind === 'typed';
    // Put in or taken out only when the kind changes, so the field keeps its focus as the reader types.
    if (reading.kind === 'snowflakes' && !asField.isConnected) message.after(asField);
    if (reading.kind !== 'snowflakes') asField.remove();
    asError.textContent = reading.kind === 'snowflakes' && asRefusal ? ` ${asRefusal.message}: shown under JOB. ` : '';
    if (document.activeElement !== asInput) asInput.value = as;
    const trimmed = reading.trimmed ? ' (the whitespace around it left out)' : '';
    if (reading.kind === 'trimmed') {
      fill(message, h('strong', null, 'Removed: '), `${reading.message}. A host refuses the text as pasted. `);
      fill(actions, exact());
    } else if (reading.kind === 'suggest') {
      fill(message, h('strong', null, `Did you mean ${reading.suggestion}?`), ' ');
      fill(
        actions,
        button(`Decode ${reading.suggestion}`, () => onText(reading.suggestion), 'reading-suggestion'),
      );
    } else if (reading.kind === 'scan') {
      fill(
        message,
        // The count is the summary's alone (candidates, decoded, refused): a second one here would disagree.
        h('strong', null, 'Searched the text for ids'),
        `${trimmed}: as a whole it is no id, so it was read as “Find ids in any text” does. `,
      );
      fill(actions, exact());
    } else if (reading.kind === 'snowflakes') {
      const what = reading.count === 1 ? 'A Snowflake' : `${formatCount(reading.count)} Snowflakes`;
      fill(message, h('strong', null, what), `${trimmed}, shown as ${reading.count === 1 ? 'an id' : 'ids'}`);
      fill(actions, '. ', exact());
    } else {
      fill(message);
      fill(actions);
    }
  }
  return { element, render };
}
