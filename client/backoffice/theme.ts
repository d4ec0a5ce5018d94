import { useSyncExternalStore } from 'react';

/**
 * The back office's theme, as the player app does it (client/src/features/settings/store.ts): `data-theme`
 * on <html> switches the CSS variables of backoffice.css, and `color-scheme` the browser's own controls.
 * The operator's choice is kept in this browser (localStorage); until they choose, the system's preference
 * (`prefers-color-scheme`) decides, and follows it when it changes.
 */
export type Theme = 'light' | 'dark';

/** Its own key: the player app's `theme` item on the same origin is the player's choice, not the operator's. */
export const THEME_KEY = 'backoffice-theme';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The operator's own choice, or null when they never chose (or storage is blocked). */
export function storedTheme(): Theme | null {
  try {
    const value = window.localStorage.getItem(THEME_KEY);
    return value === 'dark' || value === 'light' ? value : null;
  } catch {
    return null;
  }
}

/** The system's preference: dark when the browser says so, else light. */
export function systemTheme(): Theme {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

/** The theme in force: the operator's choice, else the system's. */
export const currentTheme = (): Theme => storedTheme() ?? systemTheme();

/** Puts the theme on <html>: the CSS variables switch on data-theme. */
export function applyTheme(theme: Theme, doc: Document = document): void {
  doc.documentElement.dataset.theme = theme;
  doc.documentElement.style.colorScheme = theme;
}

const listeners = new Set<() => void>();
let active: Theme | null = null;

/** The theme in force, as last applied (read once from storage and the system at first). */
const activeTheme = (): Theme => {
  if (active === null) active = currentTheme();
  return active;
};

function use(theme: Theme) {
  active = theme;
  applyTheme(theme);
  for (const listener of listeners) listener();
}

/** At start, before the first render (main.tsx): the stored choice, else the system's, on <html>. */
export function initTheme(): Theme {
  use(currentTheme());
  return activeTheme();
}

/** The operator chooses: kept in this browser, applied at once, and every useTheme() re-renders. */
export function setTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_KEY, theme);
  } catch {
    // storage blocked: the choice lasts until the page closes
  }
  use(theme);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
  // The system's preference changes (evening mode): followed while the operator has not chosen.
  const onSystem = () => {
    if (storedTheme() === null) use(systemTheme());
  };
  // Another tab of the back office chose: this one follows.
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_KEY) use(currentTheme());
  };
  media?.addEventListener?.('change', onSystem);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    media?.removeEventListener?.('change', onSystem);
    window.removeEventListener('storage', onStorage);
  };
}

/** The theme in force, re-rendering when it changes. */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, activeTheme, () => 'light');
}
