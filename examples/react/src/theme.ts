// The app's own light/dark switch: `dark` on <html> (as Tailwind's class strategy), kept in localStorage.
export type Theme = 'light' | 'dark';

export const storedTheme = (): Theme => (localStorage.getItem('theme') === 'dark' ? 'dark' : 'light');

export function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  localStorage.setItem('theme', theme);
}
