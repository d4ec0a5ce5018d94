import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../../shared/messages';
import en from '../locales/en-US';
import { StorageItem, storage } from './storage';
import { useToastStore } from './toast';

/** Interface languages (spec section 1): English is the default and the fallback. */
export const LANGUAGES = ['en-US', 'vi-VN'] as const satisfies readonly Language[];
export const DEFAULT_LANGUAGE: Language = 'en-US';
export type { Language };

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** Start-up step "choose language": the stored choice, else the browser's if we have it, else en-US. */
export function pickLanguage(
  navigatorLanguages: readonly string[] = navigator.languages ?? [navigator.language],
): Language {
  const stored = storage.get<string>(StorageItem.language);
  if (isLanguage(stored)) return stored;
  for (const tag of navigatorLanguages) {
    if (/^vi\b/i.test(tag)) return 'vi-VN';
    if (/^en\b/i.test(tag)) return 'en-US';
  }
  return DEFAULT_LANGUAGE;
}

const loaders: Record<Language, () => Promise<Record<string, unknown>>> = {
  'en-US': async () => en,
  'vi-VN': () => import('../locales/vi-VN').then((m) => m.default),
};

async function ensureLoaded(language: Language): Promise<void> {
  if (i18next.hasResourceBundle(language, 'translation')) return;
  const resources = await loaders[language]();
  i18next.addResourceBundle(language, 'translation', resources, true, true);
}

export async function initI18n(language: Language = pickLanguage()): Promise<void> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng: DEFAULT_LANGUAGE,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      resources: { 'en-US': { translation: en } },
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  await setLanguage(language, false);
}

/** Switches the interface language (and the `language` header of later requests). */
export async function setLanguage(language: Language, persist = true): Promise<void> {
  try {
    await ensureLoaded(language);
  } catch {
    language = DEFAULT_LANGUAGE; // the chunk could not load: stay usable in English
  }
  const switched = i18next.language !== language;
  await i18next.changeLanguage(language);
  if (persist) storage.set(StorageItem.language, language, null);
  // A toast on screen is in the language just left (its text was made when it was raised): not kept.
  if (switched) useToastStore.setState({ toasts: [] });
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export const currentLanguage = (): Language => (isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE);

/** Translate outside React (http layer, imperative dialogs). */
export const t = (key: string, options?: Record<string, unknown>): string => i18next.t(key, options ?? {}) as string;

export { i18next };
