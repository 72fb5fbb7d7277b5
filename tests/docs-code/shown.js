// What a block shows it prints, against what it printed. Whitespace runs count as one space (a long value may
// wrap onto the next comment line), and `…` stands for any text, so a timing or a path need not be exact.

/** Whether `printed` is what `shown` says, under the two rules above. */
export function matchesShown(shown, printed) {
  const pattern = squash(shown)
    .split('…')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[\\s\\S]*?');
  return new RegExp(`^${pattern}$`).test(squash(printed));
}

const squash = (text) => text.replace(/\s+/g, ' ').trim();
