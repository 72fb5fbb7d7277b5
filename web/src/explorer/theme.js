// Light and dark: the system's preference unless the reader picked one (remembered on this device).
const KEY = 'branded-theme';

function systemDark() {
  return matchMedia('(prefers-color-scheme: dark)').matches;
}

function stored() {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** Makes `button` switch light and dark: it shows the theme in force and remembers the reader's pick. */
export function themeToggle(button) {
  const root = document.documentElement;
  const apply = (theme) => {
    if (theme) root.dataset.theme = theme;
    else delete root.dataset.theme;
    const dark = theme ? theme === 'dark' : systemDark();
    button.setAttribute('aria-pressed', String(dark));
    button.textContent = dark ? '☾ Dark' : '☀ Light';
    button.title = `Switch to the ${dark ? 'light' : 'dark'} theme`;
  };
  apply(stored());
  button.addEventListener('click', () => {
    const dark = button.getAttribute('aria-pressed') === 'true';
    const next = dark ? 'light' : 'dark';
    try {
      localStorage.setItem(KEY, next);
    } catch {
      // storage may be off (private mode, file://): the toggle still works for this visit
    }
    apply(next);
  });
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => apply(root.dataset.theme));
}
