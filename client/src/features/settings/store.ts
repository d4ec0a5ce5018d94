import { create } from 'zustand';
import { setMusicEnabled, setSoundEnabled } from '../../lib/sound';
import { StorageItem, storage } from '../../lib/storage';

export type Theme = 'light' | 'dark';
export const DEFAULT_THEME: Theme = 'light';

const THEME_COLORS: Record<Theme, string> = { light: '#ffffff', dark: '#151922' };

/** Puts the theme on <html> (CSS variables switch on data-theme) and on the browser chrome colour. */
export function applyTheme(theme: Theme, doc: Document = document): void {
  const root = doc.documentElement;
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
  doc.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
}

const storedTheme = (): Theme => (storage.get<string>(StorageItem.theme) === 'dark' ? 'dark' : DEFAULT_THEME);

/** Settings of spec section 4: theme (light default, persisted), sound and music (off by default). */
interface SettingsState {
  theme: Theme;
  isSound: boolean;
  isMusic: boolean;
  setTheme(theme: Theme): void;
  setSound(on: boolean): void;
  setMusic(on: boolean): void;
  /** Start-up step "set theme": apply the stored choices. */
  hydrate(): void;
}

export const useSettingsStore = create<SettingsState>((set, get) => ({
  theme: storedTheme(),
  isSound: storage.get<boolean>(StorageItem.isSound) === true,
  isMusic: storage.get<boolean>(StorageItem.isMusic) === true,
  setTheme(theme) {
    storage.set(StorageItem.theme, theme, null);
    applyTheme(theme);
    set({ theme });
  },
  setSound(isSound) {
    storage.set(StorageItem.isSound, isSound, null);
    setSoundEnabled(isSound);
    set({ isSound });
  },
  setMusic(isMusic) {
    storage.set(StorageItem.isMusic, isMusic, null);
    setMusicEnabled(isMusic);
    set({ isMusic });
  },
  hydrate() {
    const { theme, isSound, isMusic } = get();
    applyTheme(theme);
    setSoundEnabled(isSound);
    setMusicEnabled(isMusic);
  },
}));
